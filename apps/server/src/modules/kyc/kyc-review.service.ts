// The review of identity verifications by the operations console (DECISIONS 15: the built-in
// form plus review by operations). A submission waits with status 1 (the user's KYC status is
// 1 Submitted, which the app shows as Moderation); approving it makes the user Active (status
// 1, KYC 2 Approved); suspending makes the user Suspended (status 3, KYC 3 Rejected), which
// blocks sign-in. The console's call owns the transaction and its audit row.
import { KYC_STATUS, USER_STATUS, type TKycSubmissionRow } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store/file-store.ts';
import { defineList, listPage, type PageRequest } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import {
  closeSubmission,
  findSubmittedFile,
  findPendingSubmission,
  listAllInputs,
  listFilesByIds,
  lockApplicant,
  setUserReviewOutcome,
  submissionListSource,
  type SubmissionListParams,
  type SubmissionRow,
} from './kyc-review.repository.ts';

const submissions = defineList({ source: submissionListSource, view: (row: SubmissionRow) => row });

/** Every user's submissions, newest first, each answer named by its input, files described. */
export async function listKycSubmissions(db: Queryable, params: SubmissionListParams, page: PageRequest) {
  const result = await listPage(db, submissions, params, page);
  const inputs = new Map((await listAllInputs(db)).map((input) => [input.id, input]));
  const fileIds = result.data.flatMap((row) =>
    answersOf(row)
      .filter((answer) => inputs.get(answer.inputId)?.type === 'file' && /^\d{1,18}$/.test(answer.value))
      .map((answer) => BigInt(answer.value)),
  );
  const files = new Map((await listFilesByIds(db, fileIds)).map((file) => [file.id, file]));
  const data = result.data.map((row): TKycSubmissionRow => ({
    id: Number(row.id),
    user: {
      id: Number(row.user_id),
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      business_name: row.business_name,
      type: row.type,
      status: row.user_status,
      kyc_status: row.kyc_status,
    },
    status: row.status,
    answers: answersOf(row).map((answer) => {
      const input = inputs.get(answer.inputId);
      const file = input?.type === 'file' && /^\d{1,18}$/.test(answer.value) ? files.get(BigInt(answer.value)) : undefined;
      return {
        inputId: answer.inputId,
        name: input?.name ?? `Input ${answer.inputId}`,
        type: input?.type ?? 'text',
        value: answer.value,
        // A file answer is shown only when the file is the applicant's own.
        file:
          file && file.user_id === row.user_id
            ? { id: Number(file.id), fileName: file.original_name, mimeType: file.mime_type, sizeBytes: file.size_bytes }
            : null,
      };
    }),
    review_comment: row.review_comment,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  }));
  return { data, paginationData: result.paginationData };
}

/** A file a submission names, as a data URL (as get-file serves a store owner's document). */
export async function readSubmittedFile(db: Queryable, files: FileStore, fileId: bigint) {
  const file = await findSubmittedFile(db, fileId);
  if (!file) fail('FILE_NOT_FOUND');
  const bytes = await files.get(file.storage_key).catch(() => fail('FILE_NOT_FOUND'));
  return {
    file: `data:${file.mime_type};base64,${bytes.toString('base64')}`,
    mimeType: file.mime_type,
    fileName: file.original_name,
  };
}

function answersOf(row: SubmissionRow): Array<{ inputId: number; value: string }> {
  // jsonb arrives parsed from PostgreSQL; a string if a driver hands it over as text.
  const answers: unknown = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
  return Array.isArray(answers) ? (answers as Array<{ inputId: number; value: string }>) : [];
}

export interface KycReview {
  userId: bigint;
  /** USER_STATUS.ACTIVE (approve) or USER_STATUS.SUSPENDED (suspend). */
  status: number;
  comment: string;
  reviewerUserId: bigint;
}

/**
 * Closes the user's submission awaiting review and sets the user's status, in the caller's
 * transaction. Refuses an unknown user and a user with nothing awaiting review.
 */
export async function recordKycReview(
  trx: Queryable,
  review: KycReview,
): Promise<{ submissionId: bigint; status: number; kycStatus: number }> {
  const applicant = await lockApplicant(trx, review.userId);
  if (!applicant) fail('USER_NOT_FOUND');
  const pending = await findPendingSubmission(trx, review.userId);
  if (!pending || applicant.kyc_status !== KYC_STATUS.SUBMITTED) fail('KYC_NOT_AWAITING_REVIEW');
  const approve = review.status === USER_STATUS.ACTIVE;
  const kycStatus = approve ? KYC_STATUS.APPROVED : KYC_STATUS.REJECTED;
  const status = approve ? USER_STATUS.ACTIVE : USER_STATUS.SUSPENDED;
  await closeSubmission(trx, { id: pending.id, status: kycStatus, reviewedBy: review.reviewerUserId, comment: review.comment });
  await setUserReviewOutcome(trx, review.userId, status, kycStatus);
  return { submissionId: pending.id, status, kycStatus };
}
