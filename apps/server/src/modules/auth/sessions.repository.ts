// Queries of sessions: found by the sha256 of their token (the token itself is never stored),
// revoked rather than deleted. Kysely only; `db` or `trx` first.
import { sql } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** A live session with what the scope needs of its user (and of the administrator behind an impersonation). */
export interface LiveSessionRow {
  id: bigint;
  token_hash: string;
  user_id: bigint;
  stage: SessionsTable['stage'];
  impersonator_user_id: bigint | null;
  status: number;
  type: 'merchant' | 'consumer' | 'admin';
  parent_user_id: bigint;
  /** The status of the administrator behind an impersonation; null for any other session. */
  impersonator_status: number | null;
  /** The slugs of the features granted to the session's user (a staff member's; empty for anyone else). */
  granted_feature_slugs: string[];
}

/** When liveness is judged: now, and the oldest start an impersonation may have and still be live. */
export interface LiveAt {
  now: Date;
  impersonationOpenedAfter: Date;
}

/**
 * The sessions live at `at`, with their user: not revoked, not expired; an impersonation also
 * only while it is younger than its cap and the administrator's own session it was opened from
 * is live and full (DECISIONS 52). One statement: the administrator's session and user are
 * joined, so the rule costs no second query, and so are a staff member's granted features. The
 * users' statuses are selected for the caller to judge (sessions.ts), where the rule of a
 * blocked account is written once.
 */
function liveSessions(db: Queryable, at: LiveAt) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('sessions as opener', 'opener.id', 'sessions.impersonator_session_id')
    .leftJoin('users as opener_user', 'opener_user.id', 'opener.user_id')
    .select([
      'sessions.id',
      'sessions.token_hash',
      'sessions.user_id',
      'sessions.stage',
      'sessions.impersonator_user_id',
      'users.status',
      'users.type',
      'users.parent_user_id',
      'opener_user.status as impersonator_status',
      sql<string[]>`ARRAY(
        SELECT features.slug FROM staff_features JOIN features ON features.id = staff_features.feature_id
         WHERE staff_features.user_id = sessions.user_id)`.as('granted_feature_slugs'),
    ])
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', at.now)
    .where((eb) =>
      eb.or([
        eb('sessions.impersonator_user_id', 'is', null),
        eb.and([
          eb('sessions.created_at', '>', at.impersonationOpenedAfter),
          eb('opener.user_id', '=', eb.ref('sessions.impersonator_user_id')),
          eb('opener.stage', '=', 'user'),
          eb('opener.revoked_at', 'is', null),
          eb('opener.expires_at', '>', at.now),
          eb('opener_user.type', '=', 'admin'),
        ]),
      ]),
    );
}

/**
 * The live sessions of these token hashes: every call reads its own (docs/calls.md), gathered
 * with the calls arriving beside it (sessions.ts), so the statement is built and compiled once
 * (db/prepared.ts) and takes the hashes as one array, whatever their number.
 */
const liveSessionsByHashes = prepared((db: Queryable, tokenHashes: string, now: Date, impersonationOpenedAfter: Date) =>
  liveSessions(db, { now, impersonationOpenedAfter }).where(sql<boolean>`sessions.token_hash = ANY(${tokenHashes}::text[])`),
);

const HEX = /^[0-9a-f]+$/;

/** The live sessions of these token hashes (sha256, hex), in no order. */
export async function findLiveSessions(db: Queryable, tokenHashes: readonly string[], at: LiveAt): Promise<LiveSessionRow[]> {
  if (tokenHashes.length === 0) return [];
  // Hex only, so the array literal needs no quoting (and a hash never holds a comma or a brace).
  assert(
    tokenHashes.every((hash) => HEX.test(hash)),
    'session token hashes are hex',
  );
  return liveSessionsByHashes(db, `{${tokenHashes.join(',')}}`, at.now, at.impersonationOpenedAfter);
}

/** Those of these sessions that are live. */
export async function listLiveSessions(db: Queryable, sessionIds: readonly bigint[], at: LiveAt): Promise<LiveSessionRow[]> {
  if (sessionIds.length === 0) return [];
  return liveSessions(db, at).where('sessions.id', 'in', sessionIds).execute();
}

export interface NewSessionRow {
  userId: bigint;
  tokenSha256: string;
  stage: SessionsTable['stage'];
  impersonatorUserId: bigint | null;
  impersonatorSessionId: bigint | null;
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
      impersonator_session_id: session.impersonatorSessionId,
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
