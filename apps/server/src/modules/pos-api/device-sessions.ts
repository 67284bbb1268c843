// Device sign-in of the POS device API: a device login (a person assigned to a device, with the
// device password set by Reset Password) trades its device id, username and password for a
// bearer token. The token is 256 random bits, stored only as its SHA-256, and lives 12 hours;
// it ends earlier on logout, on a password reset, when the device is made Inactive or the person
// stops being Active (the triggers of 0017-pos-sessions), and when the login is removed. Every
// request re-reads the login, its device and its person, so what the session may do follows the
// back office at once (terminal settings included).
//
// Tries are counted like the app's sign-in: per device and per IP, before the slow password
// check, so parallel guesses cannot pass the limit; a right password gives its try back.
import crypto from 'node:crypto';
import {
  isBlockedUserStatus,
  POS_DEVICE_STATUS,
  TERMINAL_SPECIFICATION_NAMES,
  USER_STATUS,
  type TAuditAction,
  type TPosLoginResponse,
  type TPosSessionResponse,
  type TTerminalSpecificationName,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { hashSecret, newSessionToken, sha256Hex, verifySecret } from '../../lib/secrets.ts';
import { checkLimit, clearLimit, forgiveHit, hitLimit, type Limit } from '../../lib/rate-limit.ts';
import { fail } from '../../transport/errors.ts';
import type { AuditEntry, AuditTrail } from '../../transport/audit-trail.ts';
import type { DeviceActor } from '../../transport/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repository from './pos-api.repository.ts';
import type { DeviceLoginRow } from './pos-api.repository.ts';

export type { DeviceActor };

export const POS_SESSION_LIFE_S = 12 * 60 * 60;
export const POS_LOGIN_FAILURES_PER_DEVICE = 10;
export const POS_LOGIN_FAILURES_PER_IP = 30;
export const POS_LOGIN_WINDOW_S = 15 * 60;
/** Operations per device and minute (the door counts them): far above a busy till, low enough to stop a runaway loop. */
export const POS_REQUESTS_PER_MINUTE = 120;
export const POS_API_PATH = 'pos/v1';

/** What the POS services take of a device's request: where it came from, and the call's audit trail. */
export interface DeviceRequest {
  ip: string;
  userAgent: string;
  /** The audit trail of the call: an operation's row is written through it, in the payment's transaction. */
  audit: AuditTrail;
}

// Verifying against a fixed hash when no login matches keeps every refusal equally slow.
let dummyHash: Promise<string> | undefined;
async function slowDummyVerify(password: string): Promise<void> {
  dummyHash ??= hashSecret(crypto.randomBytes(16).toString('hex'));
  await verifySecret(await dummyHash, password);
}

function operationsOf(settings: readonly string[]): TTerminalSpecificationName[] {
  return TERMINAL_SPECIFICATION_NAMES.filter((name) => settings.includes(name));
}

/** A staff member is let in only while Active; the main account unless Inactive or Suspended. */
function personMayAct(row: Pick<DeviceLoginRow, 'user_status' | 'parent_user_id' | 'user_type'>): boolean {
  if (row.user_type !== 'merchant') return false;
  if (row.parent_user_id !== 0n) return row.user_status === USER_STATUS.ACTIVE;
  return !isBlockedUserStatus(row.user_status);
}

function actorOf(row: DeviceLoginRow, sessionId: bigint): DeviceActor {
  return {
    sessionId,
    loginId: row.login_id,
    userId: row.user_id,
    merchantUserId: row.merchant_user_id,
    actingAs: row.parent_user_id === 0n ? 'user' : 'staff',
    posDeviceId: row.pos_device_id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    channelId: row.channel_id,
    channelName: row.channel_name,
    terminalId: row.terminal_id,
    terminalName: row.terminal_name,
    storeId: row.store_id,
    storeName: row.store_name,
    operations: operationsOf(row.settings),
  };
}

/**
 * A sign-in event of the device API (`pos.login`, `pos.login-refused`): written by the service
 * itself, since a refused sign-in has no scope and must be on record too, for the person on the
 * device (when known), for the merchant.
 */
export function deviceAuditEntry(
  action: TAuditAction,
  who: { userId: bigint | null; merchantUserId: bigint | null; actingAs: 'staff' | 'user'; ip: string; path: string },
  subject: { type: string; id: bigint | string } | null,
  detail: Record<string, unknown> | null,
): AuditEntry {
  return {
    action,
    actorUserId: who.userId,
    actingAs: who.actingAs,
    onBehalfOfUserId: who.merchantUserId,
    impersonatorUserId: null,
    sessionId: null,
    ip: who.ip,
    callPath: `${POS_API_PATH}/${who.path}`,
    subjectType: subject?.type ?? null,
    subjectId: subject ? String(subject.id) : null,
    detail,
  };
}

/** POST /api/pos/v1/login. */
export async function loginDevice(
  deps: Deps,
  request: DeviceRequest,
  input: { deviceId: string; username: string; password: string },
): Promise<TPosLoginResponse> {
  const deviceKey: Limit = { key: `pos-login-device:${input.deviceId}`, max: POS_LOGIN_FAILURES_PER_DEVICE, windowS: POS_LOGIN_WINDOW_S };
  const ipKey: Limit = { key: `pos-login-ip:${request.ip}`, max: POS_LOGIN_FAILURES_PER_IP, windowS: POS_LOGIN_WINDOW_S };
  await checkLimit(deps.db, deviceKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  await checkLimit(deps.db, ipKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  await hitLimit(deps.db, deviceKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');
  await hitLimit(deps.db, ipKey, 'TOO_MANY_SIGN_IN_ATTEMPTS');

  const login = await repository.findDeviceLogin(deps.db, input.deviceId, input.username);
  const passwordOk = login?.password_hash
    ? await verifySecret(login.password_hash, input.password)
    : (await slowDummyVerify(input.password), false);
  if (!login || !passwordOk) {
    // Unknown device, unknown username, no password yet, wrong password: one answer.
    await recordAudit(
      deps.db,
      deviceAuditEntry(
        'pos.login-refused',
        {
          userId: login?.user_id ?? null,
          merchantUserId: login?.merchant_user_id ?? null,
          actingAs: login?.parent_user_id === 0n ? 'user' : login ? 'staff' : 'user',
          ip: request.ip,
          path: 'login',
        },
        login ? { type: 'pos_device_staff', id: login.login_id } : null,
        // The names tried are on record (bounded by the schema), never the password.
        { deviceId: input.deviceId, username: input.username },
      ),
    );
    fail('POS_LOGIN_FAILED');
  }
  await forgiveHit(deps.db, ipKey.key);
  if (login.device_status !== POS_DEVICE_STATUS.ACTIVE) fail('POS_DEVICE_INACTIVE');
  if (!personMayAct(login)) fail('POS_STAFF_INACTIVE');
  await clearLimit(deps.db, deviceKey.key);

  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + POS_SESSION_LIFE_S * 1000);
  const who = {
    userId: login.user_id,
    merchantUserId: login.merchant_user_id,
    actingAs: login.parent_user_id === 0n ? ('user' as const) : ('staff' as const),
    ip: request.ip,
    path: 'login',
  };
  await deps.db.transaction().execute(async (trx) => {
    const sessionId = await repository.insertDeviceSession(trx, {
      tokenSha256: sha256Hex(token),
      loginId: login.login_id,
      posDeviceId: login.pos_device_id,
      merchantUserId: login.merchant_user_id,
      userId: login.user_id,
      ip: request.ip,
      userAgent: request.userAgent,
      expiresAt,
    });
    await recordAudit(
      trx,
      deviceAuditEntry(
        'pos.login',
        who,
        { type: 'pos_device_staff', id: login.login_id },
        {
          posDeviceId: Number(login.pos_device_id),
          deviceSessionId: Number(sessionId),
        },
      ),
    );
  });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    device: {
      id: login.device_id,
      name: login.device_name,
      storeName: login.store_name,
      terminalName: login.terminal_name,
      channelName: login.channel_name,
    },
    operations: operationsOf(login.settings),
  };
}

/** The actor of a bearer token, or POS_SESSION_INVALID; checks the device and the person again. */
export async function authenticateDevice(deps: Deps, token: string | undefined): Promise<DeviceActor> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) fail('POS_SESSION_INVALID');
  const row = await repository.findLiveDeviceSession(deps.db, sha256Hex(token), new Date());
  if (!row || row.device_status !== POS_DEVICE_STATUS.ACTIVE || !personMayAct(row)) fail('POS_SESSION_INVALID');
  return actorOf(row, row.session_id);
}

/** GET /api/pos/v1/session: the device and what this login may run now. */
export function sessionView(actor: DeviceActor): TPosSessionResponse {
  return {
    device: {
      id: actor.deviceId,
      name: actor.deviceName,
      storeName: actor.storeName,
      terminalName: actor.terminalName,
      channelName: actor.channelName,
    },
    operations: actor.operations,
  };
}

/** POST /api/pos/v1/logout: the session ends now, and its audit row (`pos.logout`) with it. */
export async function logoutDevice(deps: Deps, actor: DeviceActor, request: DeviceRequest): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await repository.revokeDeviceSession(trx, actor.sessionId, 'logout');
    await request.audit.record(trx, {
      subject: { type: 'pos_device_staff', id: actor.loginId },
      detail: { posDeviceId: Number(actor.posDeviceId), deviceSessionId: Number(actor.sessionId) },
    });
  });
}
