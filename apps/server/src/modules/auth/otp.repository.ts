// Queries of the e-mail step: one-time codes (stored as hashes) and the e-mail proofs a
// verified code leaves for the sign-in or sign-up that follows. A code is used or burned by a
// conditional UPDATE, so two racing requests cannot both use one. Kysely only; `db` or `trx` first.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { OtpPurpose } from '../../db/schema.ts';

export interface NewOtp {
  email: string;
  purpose: OtpPurpose;
  codeHash: string;
  expiresAt: Date;
}

/** Burns every open code of the e-mail and purpose (a new one replaces them). */
export async function burnOpenOtps(db: Queryable, email: string, purpose: OtpPurpose): Promise<void> {
  await db
    .updateTable('otps')
    .set({ burned_at: new Date() })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .execute();
}

export async function insertOtp(db: Queryable, otp: NewOtp): Promise<void> {
  await db
    .insertInto('otps')
    .values({ email: otp.email, purpose: otp.purpose, code_hash: otp.codeHash, expires_at: otp.expiresAt })
    .execute();
}

/** The newest code of the e-mail and purpose that is neither used, burned nor expired. */
export async function findOpenOtp(
  db: Queryable,
  email: string,
  purpose: OtpPurpose,
): Promise<{ id: bigint; code_hash: string } | undefined> {
  return db
    .selectFrom('otps')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Counts a wrong try and burns the code at `maxTries`; returns the tries counted. */
export async function countWrongOtpTry(db: Queryable, otpId: bigint, maxTries: number): Promise<number | undefined> {
  const counted = await sql<{ failed_attempts: number }>`
    UPDATE otps SET failed_attempts = failed_attempts + 1,
      burned_at = CASE WHEN failed_attempts + 1 >= ${maxTries} THEN now() ELSE burned_at END
    WHERE id = ${otpId} RETURNING failed_attempts`.execute(db);
  return counted.rows[0]?.failed_attempts;
}

/** Uses the code if it is still open; false when another request used or burned it first. */
export async function consumeOpenOtp(db: Queryable, otpId: bigint): Promise<boolean> {
  const consumed = await db
    .updateTable('otps')
    .set({ consumed_at: new Date() })
    .where('id', '=', otpId)
    .where('consumed_at', 'is', null)
    .where('burned_at', 'is', null)
    .executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

/** Keeps (or renews) the proof that the e-mail's owner read a code, until `expiresAt`. */
export async function upsertEmailProof(db: Queryable, email: string, verifiedAt: Date, expiresAt: Date): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ email, verified_at: verifiedAt, expires_at: expiresAt })
    .onConflict((oc) => oc.column('email').doUpdateSet({ verified_at: verifiedAt, expires_at: expiresAt }))
    .execute();
}

export async function hasEmailProof(db: Queryable, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_verifications')
    .select('email')
    .where('email', '=', email)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the e-mail's unexpired proof; false when there was none to take. */
export async function takeEmailProof(db: Queryable, email: string): Promise<boolean> {
  const taken = await db
    .deleteFrom('email_verifications')
    .where('email', '=', email)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(taken.numDeletedRows) === 1;
}
