// Queries of sessions: found by the sha256 of their token (the token itself is never stored),
// revoked rather than deleted. Kysely only; `db` or `trx` first.
import type { Queryable } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** A live session with what the scope needs of its user. */
export interface LiveSessionRow {
  id: bigint;
  user_id: bigint;
  stage: SessionsTable['stage'];
  impersonator_user_id: bigint | null;
  status: number;
  type: 'merchant' | 'consumer' | 'admin';
  parent_user_id: bigint;
}

/** The unrevoked, unexpired session of a token hash, joined with its user. */
export async function findLiveSession(db: Queryable, tokenSha256: string): Promise<LiveSessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.stage',
      'sessions.impersonator_user_id',
      'users.status',
      'users.type',
      'users.parent_user_id',
    ])
    .where('sessions.token_hash', '=', tokenSha256)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** The slugs of the features a staff member was granted. */
export async function listGrantedFeatureSlugs(db: Queryable, userId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_features')
    .innerJoin('features', 'features.id', 'staff_features.feature_id')
    .select('features.slug')
    .where('staff_features.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.slug);
}

export interface NewSessionRow {
  userId: bigint;
  tokenSha256: string;
  stage: SessionsTable['stage'];
  impersonatorUserId: bigint | null;
  ip: string;
  userAgent: string;
  expiresAt: Date;
}

export async function insertSession(db: Queryable, session: NewSessionRow): Promise<bigint> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenSha256,
      stage: session.stage,
      admin_login: session.impersonatorUserId !== null,
      impersonator_user_id: session.impersonatorUserId,
      ip: session.ip,
      user_agent: session.userAgent,
      expires_at: session.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeSession(db: Queryable, sessionId: bigint): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes the user's open sessions, all of them or those of one stage. */
export async function revokeUserSessions(db: Queryable, userId: bigint, stage?: SessionsTable['stage']): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (stage) query = query.where('stage', '=', stage);
  await query.execute();
}
