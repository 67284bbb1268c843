// Queries of identity verification: the form's inputs, the uploaded files, the submissions and
// the user's KYC status. KYC reads the user row itself (the columns it needs) rather than
// through auth, so that auth may ask KYC what comes after sign-in without a cycle between them.
// Kysely only; `db` or `trx` first.
import { sql, type Selectable } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { KycInputsTable } from '../../db/schema.ts';

export type KycInputRow = Selectable<KycInputsTable>;

/** Who is verified: what a KYC provider needs to start, and where the person stands. */
export interface KycApplicant {
  id: bigint;
  email: string;
  first_name: string;
  last_name: string;
  kyc_status: number;
}

export async function getApplicant(db: Queryable, userId: bigint): Promise<KycApplicant> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'kyc_status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The active inputs of the form, in their display order. */
export async function listActiveInputs(db: Queryable): Promise<KycInputRow[]> {
  return db.selectFrom('kyc_inputs').selectAll().where('active', '=', true).orderBy('sort').orderBy('id').execute();
}

export async function findActiveInput(db: Queryable, inputId: number): Promise<KycInputRow | undefined> {
  return db.selectFrom('kyc_inputs').selectAll().where('id', '=', inputId).where('active', '=', true).executeTakeFirst();
}

export interface NewKycFile {
  userId: bigint;
  inputId: number;
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

export async function insertKycFile(db: Queryable, file: NewKycFile): Promise<bigint> {
  const row = await db
    .insertInto('kyc_files')
    .values({
      user_id: file.userId,
      input_id: file.inputId,
      storage_key: file.storageKey,
      original_name: file.originalName,
      mime_type: file.mimeType,
      size_bytes: file.sizeBytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** True when the file was uploaded by this user for this input. */
export async function isOwnFileForInput(db: Queryable, fileId: bigint, userId: bigint, inputId: number): Promise<boolean> {
  const file = await db
    .selectFrom('kyc_files')
    .select('id')
    .where('id', '=', fileId)
    .where('user_id', '=', userId)
    .where('input_id', '=', inputId)
    .executeTakeFirst();
  return file !== undefined;
}

/**
 * Deletes the user's uploads that none of their submissions names (a file chosen again for the
 * same input, or one never submitted) and answers their storage keys, for the caller to remove
 * once its transaction commits. Files of earlier submissions stay: the review history shows them.
 */
export async function deleteUnsubmittedFiles(trx: Queryable, userId: bigint): Promise<string[]> {
  const rows = await trx
    .deleteFrom('kyc_files')
    .where('kyc_files.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('kyc_submissions')
            .select('kyc_submissions.id')
            .where('kyc_submissions.user_id', '=', userId)
            // An answer names a file by its id, as text, under the file's own input.
            .where(
              sql<boolean>`kyc_submissions.answers @> jsonb_build_array(jsonb_build_object('inputId', kyc_files.input_id, 'value', kyc_files.id::text))`,
            ),
        ),
      ),
    )
    .returning('kyc_files.storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

export async function insertSubmission(
  db: Queryable,
  userId: bigint,
  answers: ReadonlyArray<{ inputId: number; value: string }>,
): Promise<bigint> {
  const submission = await db
    .insertInto('kyc_submissions')
    .values({ user_id: userId, answers: JSON.stringify(answers) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return submission.id;
}

export async function setKycStatus(db: Queryable, userId: bigint, kycStatus: number): Promise<void> {
  await db.updateTable('users').set({ kyc_status: kycStatus, updated_at: new Date() }).where('id', '=', userId).execute();
}
