// Who is acting, and on whose behalf: resolved once per request from the session, before any
// handler runs. Handlers and services read and change the data of `accountHolderId` (the
// consumer, or the merchant's main account for its owner, its staff and an administrator
// logged in as the merchant), never of the raw session user.
import type { TAudience } from '@paywallet/contract';

/**
 * consumer: a wallet holder. owner: a merchant's main account. staff: a merchant's staff
 * member (reaches only the features granted). admin: a platform administrator.
 */
export type Role = 'consumer' | 'owner' | 'staff' | 'admin';

/** How the actor acted, as the audit log records it. */
export type ActingAs = 'user' | 'staff' | 'admin' | 'impersonation' | 'api-key' | 'system';

export interface Scope {
  sessionId: bigint;
  /** 'passcode': the password step only; 'full': signed in. */
  stage: 'passcode' | 'full';
  /** The user of the session: the person signed in (the merchant, when impersonated). */
  actorUserId: bigint;
  /** Whose data the call reads and changes. */
  accountHolderId: bigint;
  audience: TAudience;
  role: Role;
  /** The features granted to a staff member; null: every feature of the audience is open. */
  grantedFeatures: ReadonlySet<string> | null;
  /** The administrator logged in as this merchant, or null. */
  impersonatorUserId: bigint | null;
}

export function actingAs(scope: Scope): ActingAs {
  if (scope.impersonatorUserId !== null) return 'impersonation';
  if (scope.role === 'staff') return 'staff';
  if (scope.role === 'admin') return 'admin';
  return 'user';
}

/** The staff member's own id is the actor; the account holder is whom they act for. */
export function isActingForAnother(scope: Scope): boolean {
  return scope.actorUserId !== scope.accountHolderId || scope.impersonatorUserId !== null;
}
