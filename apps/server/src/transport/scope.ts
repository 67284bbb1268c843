// Who is acting, and on whose behalf: resolved once per request from the request's credential,
// before any handler runs. Each door has its own credential and so its own scope:
//  - the web app's session (`Scope`): a consumer, a merchant's owner or staff member, an
//    administrator, or an administrator logged in as a merchant;
//  - a merchant's server through its API client credentials (`ApiKeyScope`): it acts as the
//    merchant's main account;
//  - a POS device session (`DeviceScope`): the person signed in on the device acts for the
//    device's merchant.
// Handlers and services read and change the data of `accountHolderId` (the consumer, or the
// merchant's main account), never of the raw credential's user.
import type { TAudience, TTerminalSpecificationName } from '@paywallet/contract';

/**
 * consumer: a wallet holder. owner: a merchant's main account. staff: a merchant's staff
 * member (reaches only the features granted). admin: a platform administrator.
 */
export type Role = 'consumer' | 'owner' | 'staff' | 'admin';

/** How the actor acted, as the audit log records it. */
export type ActingAs = 'user' | 'staff' | 'admin' | 'impersonation' | 'api-key' | 'system';

/** What every scope tells the policy and the audit log. */
interface ScopeBase {
  /** 'passcode': the password step only; 'full': signed in. */
  stage: 'passcode' | 'full';
  /** The person (or the merchant's account) behind the credential. */
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

/** A session of the web app. */
export interface Scope extends ScopeBase {
  sessionId: bigint;
}

/** A merchant's server, authenticated by its App Settings client id and secret. */
export interface ApiKeyScope extends ScopeBase {
  via: 'api-key';
  clientId: string;
}

/** Who acts through a device session: the person, for the merchant, on the device. */
export interface DeviceActor {
  sessionId: bigint;
  loginId: bigint;
  /** The person signed in on the device (a staff member, or the main account itself). */
  userId: bigint;
  /** The merchant's main account: whose money and rows the device reaches. */
  merchantUserId: bigint;
  actingAs: 'staff' | 'user';
  posDeviceId: bigint;
  deviceId: string;
  deviceName: string;
  channelId: bigint;
  channelName: string;
  terminalId: bigint;
  terminalName: string;
  storeId: bigint;
  storeName: string;
  /** The login's terminal settings, now. */
  operations: TTerminalSpecificationName[];
}

/** A POS device session: the person on the device acts for the device's merchant. */
export interface DeviceScope extends ScopeBase {
  via: 'device';
  device: DeviceActor;
}

/** The scope of any door. */
export type AnyScope = Scope | ApiKeyScope | DeviceScope;

/** A merchant's server acts as the merchant's main account: every feature, no session. */
export function apiKeyScope(client: { merchantUserId: bigint; clientId: string }): ApiKeyScope {
  return {
    via: 'api-key',
    clientId: client.clientId,
    stage: 'full',
    actorUserId: client.merchantUserId,
    accountHolderId: client.merchantUserId,
    audience: 'merchant',
    role: 'owner',
    grantedFeatures: null,
    impersonatorUserId: null,
  };
}

/**
 * The person on a device acts for its merchant. What a login may do on the till is its terminal
 * settings (the POS service checks them), not the back office's features.
 */
export function deviceScope(device: DeviceActor): DeviceScope {
  return {
    via: 'device',
    device,
    stage: 'full',
    actorUserId: device.userId,
    accountHolderId: device.merchantUserId,
    audience: 'merchant',
    role: device.actingAs === 'staff' ? 'staff' : 'owner',
    grantedFeatures: null,
    impersonatorUserId: null,
  };
}

export function actingAs(scope: AnyScope): ActingAs {
  if ('via' in scope && scope.via === 'api-key') return 'api-key';
  if (scope.impersonatorUserId !== null) return 'impersonation';
  if (scope.role === 'staff') return 'staff';
  if (scope.role === 'admin') return 'admin';
  return 'user';
}

/** The web session of a scope, if it has one (an API key or a device has none in the audit log). */
export function sessionIdOf(scope: AnyScope): bigint | null {
  return 'sessionId' in scope ? scope.sessionId : null;
}

/** The staff member's own id is the actor; the account holder is whom they act for. */
export function isActingForAnother(scope: Scope): boolean {
  return scope.actorUserId !== scope.accountHolderId || scope.impersonatorUserId !== null;
}
