// Sessions: a random 256-bit token goes to the client once; the database keeps its hash.
// Two stages: after the password only passcode calls pass; after the passcode everything.
// An administrator logged in as a merchant holds an impersonation session (DECISIONS 52): it
// names the administrator's own session it was opened from and is live only while that one is,
// for an hour at most; it cannot move money (the dispatcher's policy) nor take the passcode steps.
import { isBlockedUserStatus, USER_STATUS } from '@paywallet/contract';
import type { Db, Queryable } from '../../db/database.ts';
import type { Role, Scope } from '../../transport/scope.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import { fail } from '../../transport/errors.ts';
import { GatheredReads, type GatheredReadSettings } from '../../lib/gathered-reads.ts';
import * as repository from './sessions.repository.ts';
import type { LiveAt, LiveSessionRow } from './sessions.repository.ts';

export const PASSCODE_STAGE_LIFE_S = 15 * 60;
export const USER_STAGE_LIFE_S = 12 * 60 * 60;
/** An administrator's session as a merchant: long enough for a support task, not a working day. */
export const IMPERSONATION_LIFE_S = 60 * 60;

/** Liveness as of now: an impersonation counts only if it was opened in the last IMPERSONATION_LIFE_S. */
function liveAt(now = new Date()): LiveAt {
  return { now, impersonationOpenedAfter: new Date(now.getTime() - IMPERSONATION_LIFE_S * 1000) };
}

/**
 * A live session row (repository.liveSessions) may still not act: its account is blocked, it is
 * a staff member who is not Active, or the administrator behind an impersonation was blocked
 * since. The one place this is judged, for calls and for live streams alike.
 */
function canAct(row: LiveSessionRow): boolean {
  if (isBlockedUserStatus(row.status) || isStaffNotActive(row)) return false;
  return row.impersonator_user_id === null || (row.impersonator_status !== null && !isBlockedUserStatus(row.impersonator_status));
}

/** Session reads gathered per node: what one statement reads at most, and how many run at once. */
const SESSION_READS: GatheredReadSettings = { inFlight: 1, maxKeys: 256 };

/**
 * The scope of a session token: who acts (the session's user), for whom (a staff member acts for
 * the merchant's main account), in which role, with which features, and the administrator
 * behind an impersonation. Null for an unknown, expired or revoked token, a blocked account, or
 * an impersonation past its hour or whose administrator's session ended.
 *
 * The tokens of calls that arrive together are read by one statement (lib/gathered-reads.ts),
 * one reader per node. Each call's session is still read after the call arrived, never kept from
 * an earlier one, so a sign-out, a blocked account or a staff member's narrowed features hold for
 * the next call on any node, as with a read of its own.
 */
export function sessionScopes(db: Db): (token: string) => Promise<Scope | null> {
  const reads = new GatheredReads<string, LiveSessionRow>(async (hashes) => {
    const rows = await repository.findLiveSessions(db, hashes, liveAt());
    return new Map(rows.map((row) => [row.token_hash, row]));
  }, SESSION_READS);
  return async (token) => {
    const row = await reads.get(sha256Hex(token));
    return row ? scopeOf(row) : null;
  };
}

function scopeOf(row: LiveSessionRow): Scope | null {
  if (!canAct(row)) return null;
  const isStaff = row.type === 'merchant' && row.parent_user_id !== 0n;
  const role: Role = row.type === 'consumer' ? 'consumer' : row.type === 'admin' ? 'admin' : isStaff ? 'staff' : 'owner';
  return {
    sessionId: row.id,
    stage: row.stage === 'user' ? 'full' : 'passcode',
    actorUserId: row.user_id,
    accountHolderId: isStaff ? row.parent_user_id : row.user_id,
    audience: row.type,
    role,
    grantedFeatures: isStaff ? new Set(row.granted_feature_slugs) : null,
    impersonatorUserId: row.impersonator_user_id,
  };
}

/** Which of these sessions can still act (the live stream ends the others' streams), by the rules of sessionScopes. */
export async function listLiveSessionIds(db: Queryable, sessionIds: readonly bigint[], now: Date): Promise<bigint[]> {
  const rows = await repository.listLiveSessions(db, sessionIds, liveAt(now));
  return rows.filter(canAct).map((row) => row.id);
}

/**
 * Staff accounts and device passwords are sign-ins that act for the merchant: made by an
 * administrator logged in as the merchant, they would outlive the impersonation and move money
 * (DECISIONS 52), so the services that make them refuse it first.
 */
export function refuseSignInCreationInImpersonation(scope: Pick<Scope, 'impersonatorUserId'>): void {
  if (scope.impersonatorUserId !== null) fail('IMPERSONATION_CANNOT_CREATE_SIGN_INS');
}

/** A merchant's staff member whose status is not Active: they can neither sign in nor use a session. */
export function isStaffNotActive(user: { type: string; parent_user_id: bigint; status: number }): boolean {
  return user.type === 'merchant' && user.parent_user_id !== 0n && user.status !== USER_STATUS.ACTIVE;
}

/** The administrator behind an impersonation and their own session, which it ends with. */
export interface Impersonator {
  userId: bigint;
  sessionId: bigint;
}

export interface NewSession {
  userId: bigint;
  stage: 'passcode' | 'user';
  ip: string;
  userAgent: string;
  /** The administrator who logs in as this user (an impersonation), if any. */
  impersonator?: Impersonator | null;
}

/** Opens a session and returns its token (the only time the token exists in clear). */
export interface OpenedSession {
  /** The bearer token: the only time it exists in clear. */
  token: string;
  sessionId: bigint;
}

export async function openSession(db: Queryable, session: NewSession): Promise<OpenedSession> {
  const token = newSessionToken();
  const impersonator = session.impersonator ?? null;
  const lifeS = impersonator ? IMPERSONATION_LIFE_S : session.stage === 'user' ? USER_STAGE_LIFE_S : PASSCODE_STAGE_LIFE_S;
  const sessionId = await repository.insertSession(db, {
    userId: session.userId,
    tokenSha256: sha256Hex(token),
    stage: session.stage,
    impersonatorUserId: impersonator?.userId ?? null,
    impersonatorSessionId: impersonator?.sessionId ?? null,
    ip: session.ip,
    userAgent: session.userAgent,
    expiresAt: new Date(Date.now() + lifeS * 1000),
  });
  return { token, sessionId };
}

export async function revokeSession(db: Queryable, sessionId: bigint): Promise<void> {
  await repository.revokeSession(db, sessionId);
}

/** Revokes the user's sessions, all of them or those of one stage. */
export async function revokeUserSessions(db: Queryable, userId: bigint, stage?: 'passcode' | 'user'): Promise<void> {
  await repository.revokeUserSessions(db, userId, stage);
}
