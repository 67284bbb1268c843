// Queries of the review of identity verifications by the operations console: the submissions
// of every user (with the applicant), the inputs and files their answers name, and the
// outcome of a review (the submission, the user's status and KYC status). Kysely only.
import { sql } from 'kysely';
import { KYC_STATUS } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern } from '../../db/lists.ts';

export interface SubmissionListParams {
  status?: number | undefined;
  search?: string | undefined;
}

export interface SubmissionRow {
  id: bigint;
  status: number;
  answers: Array<{ inputId: number; value: string }>;
  review_comment: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  user_id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  business_name: string | null;
  type: string;
  user_status: number;
  kyc_status: number;
}

export const submissionListSource = defineListSource({
  name: 'kyc-submissions',
  key: 'kyc_submissions.id',
  filtered: (db: Queryable, params: SubmissionListParams) =>
    db
      .selectFrom('kyc_submissions')
      .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
      .$if(params.status !== undefined, (query) => query.where('kyc_submissions.status', '=', params.status!))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([
            eb('users.email', 'ilike', pattern),
            eb('users.first_name', 'ilike', pattern),
            eb('users.last_name', 'ilike', pattern),
            eb('users.business_name', 'ilike', pattern),
          ]),
        );
      }),
  columns: (query) =>
    query.select([
      'kyc_submissions.id',
      'kyc_submissions.status',
      'kyc_submissions.answers',
      'kyc_submissions.review_comment',
      'kyc_submissions.created_at',
      'kyc_submissions.reviewed_at',
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.business_name',
      'users.type',
      'users.status as user_status',
      'users.kyc_status',
    ]),
  keyOf: (row: SubmissionRow) => row.id,
});

/** Every input, active or not (an old submission may name one since retired). */
export async function listAllInputs(db: Queryable): Promise<Array<{ id: number; name: string; type: string }>> {
  return db.selectFrom('kyc_inputs').select(['id', 'name', 'type']).execute();
}

export interface KycFileRow {
  id: bigint;
  user_id: bigint;
  original_name: string;
  mime_type: string;
  size_bytes: number;
}

export async function listFilesByIds(db: Queryable, fileIds: readonly bigint[]): Promise<KycFileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .selectFrom('kyc_files')
    .select(['id', 'user_id', 'original_name', 'mime_type', 'size_bytes'])
    .where('id', 'in', fileIds)
    .execute();
}

/**
 * The file, when one of its owner's submissions names it (an answer names a file by its id, as
 * text, under the file's own input, as deleteUnsubmittedFiles reads it); an upload never
 * submitted is not there for the console.
 */
export async function findSubmittedFile(
  db: Queryable,
  fileId: bigint,
): Promise<{ storage_key: string; original_name: string; mime_type: string } | undefined> {
  return db
    .selectFrom('kyc_files')
    .select(['kyc_files.storage_key', 'kyc_files.original_name', 'kyc_files.mime_type'])
    .where('kyc_files.id', '=', fileId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('kyc_submissions')
          .select('kyc_submissions.id')
          .whereRef('kyc_submissions.user_id', '=', 'kyc_files.user_id')
          .where(
            sql<boolean>`kyc_submissions.answers @> jsonb_build_array(jsonb_build_object('inputId', kyc_files.input_id, 'value', kyc_files.id::text))`,
          ),
      ),
    )
    .executeTakeFirst();
}

export interface ApplicantForReview {
  id: bigint;
  status: number;
  kyc_status: number;
}

/** The applicant, locked for the review's transaction. */
export async function lockApplicant(trx: Queryable, userId: bigint): Promise<ApplicantForReview | undefined> {
  return trx.selectFrom('users').select(['id', 'status', 'kyc_status']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The user's newest submission that waits for review (KYC Submitted), if any. */
export async function findPendingSubmission(trx: Queryable, userId: bigint): Promise<{ id: bigint } | undefined> {
  return trx
    .selectFrom('kyc_submissions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', KYC_STATUS.SUBMITTED)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function closeSubmission(
  trx: Queryable,
  submission: { id: bigint; status: number; reviewedBy: bigint; comment: string },
): Promise<void> {
  await trx
    .updateTable('kyc_submissions')
    .set({ status: submission.status, reviewed_by: submission.reviewedBy, review_comment: submission.comment, reviewed_at: new Date() })
    .where('id', '=', submission.id)
    .execute();
}

export async function setUserReviewOutcome(trx: Queryable, userId: bigint, status: number, kycStatus: number): Promise<void> {
  await trx.updateTable('users').set({ status, kyc_status: kycStatus, updated_at: new Date() }).where('id', '=', userId).execute();
}
