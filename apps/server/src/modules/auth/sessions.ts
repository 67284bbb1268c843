// Sessions: a random 256-bit token goes to the client once; the database keeps its hash.
// Two stages: after the password only passcode calls pass; after the passcode everything.
import { isBlockedUserStatus, USER_STATUS } from '@paywallet/contract';
import type { Db, Queryable } from '../../db/database.ts';
import type { Role, Scope } from '../../transport/scope.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import * as repository from './sessions.repository.ts';

export const PASSCODE_STAGE_LIFE_S = 15 * 60;
export const USER_STAGE_LIFE_S = 12 * 60 * 60;

/**
 * The scope of a session token: who acts (the session's user), for whom (a staff member acts for
 * the merchant's main account), in which role, with which features, and the administrator
 * behind an impersonation. Null for an unknown, expired or revoked token, or a blocked account.
 */
export async function resolveScope(db: Db, token: string): Promise<Scope | null> {
  const row = await repository.findLiveSession(db, sha256Hex(token));
  if (!row || isBlockedUserStatus(row.status) || isStaffNotActive(row)) return null;
  const isStaff = row.type === 'merchant' && row.parent_user_id !== 0n;
  const role: Role = row.type === 'consumer' ? 'consumer' : row.type === 'admin' ? 'admin' : isStaff ? 'staff' : 'owner';
  return {
    sessionId: row.id,
    stage: row.stage === 'user' ? 'full' : 'passcode',
    actorUserId: row.user_id,
    accountHolderId: isStaff ? row.parent_user_id : row.user_id,
    audience: row.type,
    role,
    grantedFeatures: isStaff ? new Set(await grantedFeatureSlugs(db, row.user_id)) : null,
    impersonatorUserId: row.impersonator_user_id,
  };
}

/** A merchant's staff member whose status is not Active: they can neither sign in nor use a session. */
export function isStaffNotActive(user: { type: string; parent_user_id: bigint; status: number }): boolean {
  return user.type === 'merchant' && user.parent_user_id !== 0n && user.status !== USER_STATUS.ACTIVE;
}

/** The slugs of the features a staff member was granted. */
export async function grantedFeatureSlugs(db: Queryable, userId: bigint): Promise<string[]> {
  return repository.listGrantedFeatureSlugs(db, userId);
}

export interface NewSession {
  userId: bigint;
  stage: 'passcode' | 'user';
  ip: string;
  userAgent: string;
  /** The administrator who logs in as this user (an impersonation), if any. */
  impersonatorUserId?: bigint | null;
}

/** Opens a session and returns its token (the only time the token exists in clear). */
export interface OpenedSession {
  /** The bearer token: the only time it exists in clear. */
  token: string;
  sessionId: bigint;
}

export async function openSession(db: Queryable, session: NewSession): Promise<OpenedSession> {
  const token = newSessionToken();
  const lifeS = session.stage === 'user' ? USER_STAGE_LIFE_S : PASSCODE_STAGE_LIFE_S;
  const sessionId = await repository.insertSession(db, {
    userId: session.userId,
    tokenSha256: sha256Hex(token),
    stage: session.stage,
    impersonatorUserId: session.impersonatorUserId ?? null,
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
