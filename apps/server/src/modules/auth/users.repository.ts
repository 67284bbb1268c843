// Queries of user accounts: look-ups, sign-up, and the password and passcode columns. The
// passcode's wrong-try counter is changed only by single conditional statements, so parallel
// guesses cannot slip past it. Kysely only; `db` or `trx` first.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByPhone(db: Queryable, phoneNumber: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst();
}

export async function getUserById(db: Queryable, id: bigint): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function isPhoneTaken(db: Queryable, phoneNumber: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('phone_number', '=', phoneNumber).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** A new passcode: the counter and the lock start again; the device token is the one given. */
export async function setPasscodeHash(db: Queryable, userId: bigint, passcodeHash: string, deviceToken: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ passcode_hash: passcodeHash, passcode_failed_attempts: 0, passcode_locked_at: null, device_token: deviceToken })
    .where('id', '=', userId)
    .execute();
}

/** A passcode reset: a new hash, the counter and the lock start again. */
export async function resetPasscodeHash(db: Queryable, userId: bigint, passcodeHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ passcode_hash: passcodeHash, passcode_failed_attempts: 0, passcode_locked_at: null, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(db: Queryable, userId: bigint, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export async function setDeviceToken(db: Queryable, userId: bigint, deviceToken: string): Promise<void> {
  await db.updateTable('users').set({ device_token: deviceToken }).where('id', '=', userId).execute();
}

/** A completed sign-in: the time is kept and the passcode's wrong tries are forgiven. */
export async function recordSignIn(db: Queryable, userId: bigint): Promise<void> {
  await db.updateTable('users').set({ last_login_at: new Date(), passcode_failed_attempts: 0 }).where('id', '=', userId).execute();
}

/**
 * Counts one passcode try before it is checked, in one statement that also refuses a locked
 * passcode or one with `maxTries` tries used. Returns the tries used so far, or undefined
 * when the try was refused.
 */
export async function reservePasscodeTry(db: Queryable, userId: bigint, maxTries: number): Promise<number | undefined> {
  const reserved = await sql<{ passcode_failed_attempts: number }>`
    UPDATE users SET passcode_failed_attempts = passcode_failed_attempts + 1
    WHERE id = ${userId} AND passcode_locked_at IS NULL AND passcode_failed_attempts < ${maxTries}
    RETURNING passcode_failed_attempts`.execute(db);
  return reserved.rows[0]?.passcode_failed_attempts;
}

/**
 * Gives back a try `reservePasscodeTry` counted, when the try ended in a failure of ours rather
 * than a wrong passcode. A lock set meanwhile (by wrong passcodes) stays.
 */
export async function releasePasscodeTry(db: Queryable, userId: bigint): Promise<void> {
  await sql`
    UPDATE users SET passcode_failed_attempts = passcode_failed_attempts - 1
    WHERE id = ${userId} AND passcode_locked_at IS NULL AND passcode_failed_attempts > 0`.execute(db);
}

/** Locks the passcode once `maxTries` wrong tries are counted (until a reset). */
export async function lockPasscodeIfExhausted(db: Queryable, userId: bigint, maxTries: number): Promise<void> {
  await sql`
    UPDATE users SET passcode_locked_at = now()
    WHERE id = ${userId} AND passcode_locked_at IS NULL AND passcode_failed_attempts >= ${maxTries}`.execute(db);
}
