// App Settings (spec 2, DECISIONS 20, 28, 35): the merchant's API credentials, the IP whitelist,
// the POS webhook URL and the webhook signing secret, and each user's notification settings.
//
// - The client secret and the webhook secret are stored sealed (lib/sealed-secrets.ts); the
//   client secret also as its SHA-256, so authenticating an API client never decrypts.
// - Only the main account (the owner, not staff, not an administrator logged in as the
//   merchant) sees the secrets, revokes the credentials and edits the IP whitelist. Staff
//   granted 'app-setting' see the client id and the IPs and may save or remove the webhook.
// - A merchant's settings are made on first need (first read, first webhook, the demo seed).
import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { assert } from '@paywallet/ledger';
import {
  APP_SETTINGS_MESSAGES,
  USER_STATUS,
  type TAppSettingsRecord,
  type TUpdateMerchantAppCredentialsResponse,
  type TUpdateMerchantAppSettingsInput,
  type TUpdateNotificationSettingsInput,
} from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { sha256Hex, timingSafeEqualHex } from '../../lib/secrets.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secrets.ts';
import { checkLimit, hitLimit, type Limit } from '../../lib/rate-limit.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail, fieldFailure } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import {
  findApiClient,
  findAppSettings,
  findNotificationSettings,
  insertAppSettings,
  lockAppSettings,
  replaceCredentials,
  setAllowedIps,
  setWebhookUrl,
  upsertNotificationSettings,
  type AppSettingsRow,
} from './app-settings.repository.ts';

/** Longer credentials than these are never ours: refused before any hashing. */
const CLIENT_ID_MAX_CHARS = 64;
const CLIENT_SECRET_MAX_CHARS = 128;
/** Compared against when the client id is unknown, so both paths hash and compare alike. */
const NO_SUCH_SECRET_SHA256 = sha256Hex('no such client');

export interface ApiClientCredentials {
  clientId: string;
  clientSecret: string;
}

function newCredentials(): ApiClientCredentials {
  return {
    clientId: `pw_${crypto.randomBytes(16).toString('hex')}`,
    clientSecret: `sk_${crypto.randomBytes(32).toString('base64url')}`,
  };
}

/** A Standard Webhooks secret: 'whsec_' and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** The merchant's settings row, made with fresh credentials when there is none yet. */
export async function ensureAppSettings(db: Queryable, key: Buffer, merchantUserId: bigint): Promise<AppSettingsRow> {
  const found = await findAppSettings(db, merchantUserId);
  if (found) return found;
  const credentials = newCredentials();
  await insertAppSettings(db, {
    merchantUserId,
    clientId: credentials.clientId,
    clientSecretSealed: sealSecret(key, credentials.clientSecret),
    clientSecretSha256: sha256Hex(credentials.clientSecret),
    webhookSecretSealed: sealSecret(key, newWebhookSecret()),
  });
  const made = await findAppSettings(db, merchantUserId);
  assert(made !== undefined, 'the app settings row was not made');
  return made;
}

/** The owner acting themselves: not staff, not an administrator logged in as the merchant. */
export function isMainAccount(scope: Scope): boolean {
  return scope.role === 'owner' && scope.impersonatorUserId === null;
}

function recordOf(deps: Deps, row: AppSettingsRow, mainAccount: boolean): TAppSettingsRecord {
  const key = deps.config.credentialsKey;
  return {
    client_id: row.client_id,
    client_secret: mainAccount ? openSecret(key, row.client_secret_sealed) : null,
    is_ip_check: row.is_ip_check,
    allowed_ips: row.allowed_ips,
    webhook_url: row.webhook_url,
    webhook_secret: mainAccount ? openSecret(key, row.webhook_secret_sealed) : null,
    can_manage: mainAccount ? 1 : 0,
  };
}

export async function getAppSettings(deps: Deps, scope: Scope): Promise<TAppSettingsRecord[]> {
  const row = await ensureAppSettings(deps.db, deps.config.credentialsKey, scope.accountHolderId);
  return [recordOf(deps, row, isMainAccount(scope))];
}

/** Revoke Access: new credentials replace the old ones at once; the old secret stops working. */
export async function revokeCredentials(deps: Deps, audit: AuditTrail, scope: Scope): Promise<TUpdateMerchantAppCredentialsResponse> {
  if (!isMainAccount(scope)) fail('APP_SETTINGS_MAIN_ACCOUNT_ONLY');
  const key = deps.config.credentialsKey;
  const credentials = newCredentials();
  await deps.db.transaction().execute(async (trx) => {
    await ensureAppSettings(trx, key, scope.accountHolderId);
    const before = await lockAppSettings(trx, scope.accountHolderId);
    await replaceCredentials(trx, scope.accountHolderId, {
      clientId: credentials.clientId,
      clientSecretSealed: sealSecret(key, credentials.clientSecret),
      clientSecretSha256: sha256Hex(credentials.clientSecret),
    });
    // The ids are not secrets; the secrets never enter the audit log.
    await audit.record(trx, {
      subject: { type: 'merchant', id: scope.accountHolderId },
      detail: { previousClientId: before?.client_id ?? null, clientId: credentials.clientId },
    });
  });
  return { client_id: credentials.clientId, client_secret: credentials.clientSecret };
}

/** The canonical text of an IP (IPv4-mapped IPv6 read as IPv4, IPv6 compressed), or null. */
export function canonicalIp(value: string): string | null {
  if (!ipaddr.isValid(value)) return null;
  const parsed = ipaddr.process(value);
  if (parsed.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(value) && !value.includes(':')) return null;
  return parsed.toString();
}

export async function updateAppSettings(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  input: TUpdateMerchantAppSettingsInput,
): Promise<TAppSettingsRecord> {
  const key = deps.config.credentialsKey;
  const merchantUserId = scope.accountHolderId;
  if (input.type === 'allowedIps') {
    if (!isMainAccount(scope)) fail('APP_SETTINGS_MAIN_ACCOUNT_ONLY');
    const ips: string[] = [];
    for (const [index, ip] of (input.ips ?? []).entries()) {
      const canonical = canonicalIp(ip);
      if (canonical === null) throw fieldFailure({ [`ips.${index}`]: APP_SETTINGS_MESSAGES.ipInvalid });
      if (!ips.includes(canonical)) ips.push(canonical);
    }
    return deps.db.transaction().execute(async (trx) => {
      await ensureAppSettings(trx, key, merchantUserId);
      const before = await lockAppSettings(trx, merchantUserId);
      await setAllowedIps(trx, merchantUserId, ips, input.isIpCheck ?? 0);
      await audit.record(trx, {
        subject: { type: 'merchant', id: merchantUserId },
        detail: {
          change: 'allowedIps',
          before: { isIpCheck: before?.is_ip_check, ips: before?.allowed_ips },
          after: { isIpCheck: input.isIpCheck, ips },
        },
      });
      const row = await findAppSettings(trx, merchantUserId);
      return recordOf(deps, row!, true);
    });
  }
  return deps.db.transaction().execute(async (trx) => {
    await ensureAppSettings(trx, key, merchantUserId);
    const before = await lockAppSettings(trx, merchantUserId);
    if (input.type === 'webhook') {
      const webhookUrl = input.webhookUrl!;
      await setWebhookUrl(trx, merchantUserId, webhookUrl);
      await audit.record(trx, {
        subject: { type: 'merchant', id: merchantUserId },
        detail: { change: 'webhook', before: before?.webhook_url ?? null, after: webhookUrl },
      });
    } else {
      if (!before?.webhook_url) fail('WEBHOOK_NOT_SET');
      await setWebhookUrl(trx, merchantUserId, null);
      await audit.record(trx, {
        subject: { type: 'merchant', id: merchantUserId },
        detail: { change: 'removeWebHook', before: before.webhook_url },
      });
    }
    const row = await findAppSettings(trx, merchantUserId);
    return recordOf(deps, row!, isMainAccount(scope));
  });
}

export interface NotificationSettings {
  email: string | null;
  phoneNumber: string | null;
  smsStatus: number;
  emailStatus: number;
}

/** The user's saved notification settings (get-user-data's details.notification_settings), or null. */
export async function getNotificationSettings(db: Queryable, userId: bigint): Promise<NotificationSettings | null> {
  const row = await findNotificationSettings(db, userId);
  if (!row) return null;
  return { email: row.email, phoneNumber: row.phone_number, smsStatus: row.sms_status, emailStatus: row.email_status };
}

export async function updateNotificationSettings(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  input: TUpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  if (scope.impersonatorUserId !== null) fail('NOTIFICATION_SETTINGS_NOT_FOR_ADMIN');
  const row = { email: input.email, phone_number: input.phoneNumber, sms_status: input.smsStatus, email_status: input.emailStatus };
  await deps.db.transaction().execute(async (trx) => {
    await upsertNotificationSettings(trx, scope.actorUserId, row);
    await audit.record(trx, { subject: { type: 'user', id: scope.actorUserId }, detail: { ...input } });
  });
  return { email: row.email, phoneNumber: row.phone_number, smsStatus: row.sms_status, emailStatus: row.email_status };
}

/** Failed authentications per minute before the merchant API makes the one who fails wait. */
export const API_AUTH_FAILURES_PER_MINUTE = 20;

/**
 * Where a failed authentication counts. Against the client id it names when that id exists: its
 * secret is 256 random bits, so the count stops a runaway client rather than a guesser, and a
 * valid secret is never refused for someone else's mistakes. Against the address only for an id
 * nobody has (a guess, a revoked id, no credentials at all): many merchants may sit behind one
 * address, and none of them is refused for another's failures.
 */
function failureLimit(client: { client_id: string } | undefined, ip: string): Limit {
  const key = client ? `merchant-api-auth:client:${client.client_id}` : `merchant-api-auth:ip:${ip}`;
  return { key, max: API_AUTH_FAILURES_PER_MINUTE, windowS: 60 };
}

/**
 * The merchant server API's client authentication (the merchant door calls it for every
 * request): the secret is compared by its SHA-256 in constant time; an unknown client id costs
 * the same hash and comparison. Fails API_CREDENTIALS_INVALID (401): unknown id, wrong or
 * revoked secret, a main account that is not an active merchant; API_RATE_LIMITED (429): past
 * API_AUTH_FAILURES_PER_MINUTE failures of the same id, or of unknown ids from the same address
 * (see failureLimit); API_IP_NOT_ALLOWED (403): the IP check is on and `ip` is not whitelisted.
 */
export async function authenticateApiClient(
  deps: Deps,
  input: { clientId: string; clientSecret: string; ip: string },
): Promise<{ merchantUserId: bigint; clientId: string }> {
  const wellFormed =
    input.clientId.length > 0 &&
    input.clientId.length <= CLIENT_ID_MAX_CHARS &&
    input.clientSecret.length > 0 &&
    input.clientSecret.length <= CLIENT_SECRET_MAX_CHARS;
  const client = wellFormed ? await findApiClient(deps.db, input.clientId) : undefined;
  const failures = failureLimit(client, input.ip);
  // An address that guessed too often waits before it may guess again.
  if (!client) await checkLimit(deps.db, failures, 'API_RATE_LIMITED');
  const given = sha256Hex(input.clientSecret.slice(0, CLIENT_SECRET_MAX_CHARS));
  const matches = timingSafeEqualHex(given, client?.client_secret_sha256 ?? NO_SUCH_SECRET_SHA256);
  if (!client || !matches || client.user_type !== 'merchant' || client.user_status !== USER_STATUS.ACTIVE) {
    await hitLimit(deps.db, failures, 'API_RATE_LIMITED');
    fail('API_CREDENTIALS_INVALID');
  }
  if (client.is_ip_check === 1) {
    const ip = canonicalIp(input.ip);
    if (ip === null || !client.allowed_ips.includes(ip)) fail('API_IP_NOT_ALLOWED');
  }
  return { merchantUserId: client.merchant_user_id, clientId: client.client_id };
}

/** The merchant's POS webhook URL, or null when none is stored. */
export async function getPosWebhookUrl(db: Queryable, merchantUserId: bigint): Promise<string | null> {
  const row = await findAppSettings(db, merchantUserId);
  return row?.webhook_url ?? null;
}

/** The merchant's Standard Webhooks signing secret ('whsec_...'), made with the settings if needed. */
export async function getWebhookSigningSecret(deps: Deps, merchantUserId: bigint): Promise<string> {
  const row = await ensureAppSettings(deps.db, deps.config.credentialsKey, merchantUserId);
  return openSecret(deps.config.credentialsKey, row.webhook_secret_sealed);
}
