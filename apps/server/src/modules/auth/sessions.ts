// Sessions: a random 256-bit token goes to the client once; the database keeps its hash.
// Two stages: after the password only passcode calls pass; after the passcode everything.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { SessionInfo } from '../../transport/dispatcher.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';

export const PASSCODE_STAGE_LIFE_S = 15 * 60;
export const USER_STAGE_LIFE_S = 12 * 60 * 60;

export async function resolveSession(token: string, deps: Deps): Promise<SessionInfo | null> {
  const tokenHash = sha256Hex(token);
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.stage', 'sessions.admin_login', 'users.status'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.status === 2 || row.status === 3) return null;
  return { sessionId: row.id, userId: row.user_id, stage: row.stage, adminLogin: row.admin_login, tokenHash };
}

export interface NewSession {
  userId: bigint;
  stage: 'passcode' | 'user';
  ip: string;
  userAgent: string;
  adminLogin?: boolean;
}

/** Opens a session and returns its token (the only time the token exists in clear). */
export async function openSession(db: Db | Transaction<Database>, session: NewSession): Promise<string> {
  const token = newSessionToken();
  const lifeS = session.stage === 'user' ? USER_STAGE_LIFE_S : PASSCODE_STAGE_LIFE_S;
  await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: sha256Hex(token),
      stage: session.stage,
      admin_login: session.adminLogin ?? false,
      ip: session.ip,
      user_agent: session.userAgent,
      expires_at: new Date(Date.now() + lifeS * 1000),
    })
    .execute();
  return token;
}

export async function revokeSession(db: Db | Transaction<Database>, sessionId: bigint): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes the user's sessions, all of them or those of one stage. */
export async function revokeUserSessions(
  db: Db | Transaction<Database>,
  userId: bigint,
  stage?: 'passcode' | 'user',
): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (stage) query = query.where('stage', '=', stage);
  await query.execute();
}
