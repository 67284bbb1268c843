// Queries of the profile: the signed-in user's own row and identity submissions, and the
// avatar they set. Kysely only.
import type { Queryable } from '../../db/database.ts';

export interface ProfileRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  last_login_at: Date | null;
  avatar: string | null;
  parent_user_id: bigint;
}

export async function findProfile(db: Queryable, userId: bigint): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone_number', 'last_login_at', 'avatar', 'parent_user_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface KycSubmissionRow {
  id: bigint;
  status: number;
  created_at: Date;
  reviewed_at: Date | null;
}

/** The user's identity submissions, newest first (a handful at most). */
export async function listKycSubmissions(db: Queryable, userId: bigint, limitRows: number): Promise<KycSubmissionRow[]> {
  return db
    .selectFrom('kyc_submissions')
    .select(['id', 'status', 'created_at', 'reviewed_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limitRows)
    .execute();
}

export async function setAvatar(db: Queryable, userId: bigint, avatar: string): Promise<void> {
  await db.updateTable('users').set({ avatar, updated_at: new Date() }).where('id', '=', userId).execute();
}
