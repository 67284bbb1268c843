// App Settings: the credentials (secret sealed at rest, shown to the main account only, Revoke
// Access replacing it at once), the IP whitelist and check, the POS webhook URL with the spec's
// messages, the notification settings (and get-user-data), and authenticateApiClient. Staff
// granted app-setting, an administrator logged in as the merchant, and another merchant are
// each tried against every call: nothing of the merchant leaks or changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SETTINGS_MESSAGES,
  getMerchantAppSettingsCall,
  getUserDataCall,
  updateMerchantAppCredentialsCall,
  updateMerchantAppSettingsCall,
  updateNotificationSettingsCall,
  ZAppSettingsRecord,
  ZNotificationSettings,
  ZUpdateMerchantAppCredentialsResponse,
  ZUserData,
} from '@paywallet/contract';
import { createTestApp, DEMO_MERCHANT, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant, type TestStaff } from '../../test/merchant.ts';
import { createTestAdmin, impersonate } from '../../test/admin.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { openSecret } from '../../lib/sealed-secrets.ts';
import { AppError } from '../../transport/errors.ts';
import { authenticateApiClient, getPosWebhookUrl } from './app-settings.service.ts';

let t: TestApp;
let shop: TestMerchant;
let clerk: TestStaff; // granted app-setting
let rival: TestMerchant;
let adminToken: string;

async function settingsOf(token: string) {
  const answer = await t.call(getMerchantAppSettingsCall, {}, { token });
  expect(answer.status, answer.message).toBe(200);
  expect(answer.data).toHaveLength(1);
  return ZAppSettingsRecord.strict().parse(answer.data[0]);
}

async function rowOf(merchantUserId: bigint) {
  return t.deps.db.selectFrom('merchant_app_settings').selectAll().where('merchant_user_id', '=', merchantUserId).executeTakeFirstOrThrow();
}

async function auditActions(merchantUserId: bigint, action: string) {
  return t.deps.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('on_behalf_of_user_id', '=', merchantUserId)
    .orderBy('id')
    .execute();
}

async function refusal(promise: Promise<unknown>): Promise<{ reason: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { reason: error.reason, status: error.status };
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, { staff: [{ features: ['app-setting'] }] });
  [clerk] = shop.staff as [TestStaff];
  rival = await createTestMerchant(t);
  const admin = await createTestAdmin(t);
  adminToken = await impersonate(t, admin, shop.id);
});
afterAll(async () => t.close());

describe('get-merchant-app-settings', () => {
  it('makes the settings on first read and shows the main account its secrets', async () => {
    // Proves the record's shape (spec 2), that credentials are made once, and the secrets reach the owner.
    const first = await settingsOf(shop.token);
    const again = await settingsOf(shop.token);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ is_ip_check: 0, allowed_ips: [], webhook_url: null, can_manage: 1 });
    expect(first.client_id).toMatch(/^pw_[0-9a-f]{32}$/);
    expect(first.client_secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(first.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('keeps the secrets sealed at rest: the row never holds a plaintext secret', async () => {
    // Proves DECISIONS 20: the client and webhook secrets are AES-GCM sealed, the client secret
    // is also kept as its SHA-256, and the plaintext appears nowhere in the row.
    const shown = await settingsOf(shop.token);
    const row = await rowOf(shop.id);
    const rowText = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    expect(rowText).not.toContain(shown.client_secret!);
    expect(rowText).not.toContain(shown.webhook_secret!.slice('whsec_'.length));
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    expect(row.client_secret_sha256).toBe(sha256Hex(shown.client_secret!));
    expect(openSecret(t.deps.config.credentialsKey, row.client_secret_sealed)).toBe(shown.client_secret);
    expect(() => openSecret(Buffer.alloc(32, 7), row.client_secret_sealed)).toThrow();
  });

  it('shows staff and an administrator logged in as the merchant the client id but no secret', async () => {
    // Proves the secrets are the main account's alone (DECISIONS 20), for staff and impersonation.
    const owner = await settingsOf(shop.token);
    for (const token of [clerk.token, adminToken]) {
      const seen = await settingsOf(token);
      expect(seen).toEqual({ ...owner, client_secret: null, webhook_secret: null, can_manage: 0 });
    }
  });

  it("gives each merchant its own settings: another merchant never sees this one's", async () => {
    // Proves the scope: the rival's record is its own (another client id and secret).
    const mine = await settingsOf(shop.token);
    const theirs = await settingsOf(rival.token);
    expect(theirs.client_id).not.toBe(mine.client_id);
    expect(theirs.client_secret).not.toBe(mine.client_secret);
    expect(theirs.webhook_secret).not.toBe(mine.webhook_secret);
  });

  it('seeds the demo merchant with credentials', async () => {
    // Proves the demo seed made the demo merchant's settings (read in the app, printed nowhere).
    const merchant = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_MERCHANT.email).executeTakeFirstOrThrow();
    const row = await rowOf(merchant.id);
    expect(row.client_id).toMatch(/^pw_/);
  });
});

describe('update-merchant-app-credentials (Revoke Access)', () => {
  it('replaces the credentials at once: the old secret fails authenticateApiClient, the new one passes', async () => {
    // Proves DECISIONS 20 end to end, and the audit row without any secret in it.
    const before = await settingsOf(shop.token);
    expect(
      await authenticateApiClient(t.deps, { clientId: before.client_id, clientSecret: before.client_secret!, ip: '198.51.100.7' }),
    ).toEqual({
      merchantUserId: shop.id,
      clientId: before.client_id,
    });
    const answer = await t.call(updateMerchantAppCredentialsCall, {}, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    const fresh = ZUpdateMerchantAppCredentialsResponse.strict().parse(answer.data);
    expect(fresh.client_id).not.toBe(before.client_id);
    expect(fresh.client_secret).not.toBe(before.client_secret);
    expect(await settingsOf(shop.token)).toMatchObject(fresh);
    expect(
      await refusal(authenticateApiClient(t.deps, { clientId: before.client_id, clientSecret: before.client_secret!, ip: '198.51.100.7' })),
    ).toEqual({ reason: 'API_CREDENTIALS_INVALID', status: 401 });
    expect(
      await refusal(authenticateApiClient(t.deps, { clientId: fresh.client_id, clientSecret: before.client_secret!, ip: '198.51.100.7' })),
    ).toEqual({ reason: 'API_CREDENTIALS_INVALID', status: 401 });
    expect(
      (await authenticateApiClient(t.deps, { clientId: fresh.client_id, clientSecret: fresh.client_secret, ip: '198.51.100.7' }))
        .merchantUserId,
    ).toBe(shop.id);
    const audits = await auditActions(shop.id, 'app-credentials.revoke');
    expect(audits.at(-1)?.detail).toEqual({ previousClientId: before.client_id, clientId: fresh.client_id });
    expect(JSON.stringify(audits.map((row) => row.detail))).not.toContain(fresh.client_secret);
  });

  it('refuses staff, an administrator logged in as the merchant, and changes nothing', async () => {
    // Proves only the main account revokes; the refused calls leave the row as it was.
    const before = await rowOf(shop.id);
    for (const token of [clerk.token, adminToken]) {
      const answer = await t.call(updateMerchantAppCredentialsCall, {}, { token });
      expect(answer.reason).toBe('APP_SETTINGS_MAIN_ACCOUNT_ONLY');
      expect(answer.status).toBe(403);
    }
    expect(await rowOf(shop.id)).toEqual(before);
  });

  it("another merchant's revoke changes only its own credentials", async () => {
    // Proves the cross-merchant case: the rival revoking leaves this merchant's row untouched.
    const before = await rowOf(shop.id);
    const answer = await t.call(updateMerchantAppCredentialsCall, {}, { token: rival.token });
    expect(answer.status).toBe(200);
    expect(await rowOf(shop.id)).toEqual(before);
    expect((await rowOf(rival.id)).client_id).toBe(answer.data.client_id);
  });
});

describe('authenticateApiClient', () => {
  it('refuses an unknown client id, an empty or oversized secret, and a blocked merchant', async () => {
    // Proves each way a credential fails is the one named failure, 401.
    const mine = await settingsOf(shop.token);
    const cases = [
      { clientId: 'pw_00000000000000000000000000000000', clientSecret: mine.client_secret! },
      { clientId: mine.client_id, clientSecret: '' },
      { clientId: mine.client_id, clientSecret: `${mine.client_secret!}x` },
      { clientId: mine.client_id, clientSecret: 'x'.repeat(10_000) },
      { clientId: 'x'.repeat(10_000), clientSecret: mine.client_secret! },
    ];
    for (const credentials of cases) {
      expect(await refusal(authenticateApiClient(t.deps, { ...credentials, ip: '198.51.100.7' }))).toEqual({
        reason: 'API_CREDENTIALS_INVALID',
        status: 401,
      });
    }
    await t.deps.db.updateTable('users').set({ status: 3 }).where('id', '=', shop.id).execute();
    try {
      expect(
        await refusal(authenticateApiClient(t.deps, { clientId: mine.client_id, clientSecret: mine.client_secret!, ip: '198.51.100.7' })),
      ).toEqual({
        reason: 'API_CREDENTIALS_INVALID',
        status: 401,
      });
    } finally {
      await t.deps.db.updateTable('users').set({ status: 1 }).where('id', '=', shop.id).execute();
    }
  });
});

describe('update-merchant-app-settings: allowedIps (DECISIONS 28)', () => {
  it('lets the main account edit the whitelist and switch the IP check on; the check then refuses other IPs', async () => {
    // Proves the edit is stored canonical and deduplicated, audited with before and after, and
    // that authenticateApiClient enforces it (IPv4-mapped IPv6 reads as its IPv4).
    const answer = await t.call(
      updateMerchantAppSettingsCall,
      { type: 'allowedIps', ips: ['203.0.113.5', '2001:DB8:0:0:0:0:0:1', '203.0.113.5'], isIpCheck: 1 },
      { token: shop.token },
    );
    expect(answer.status, answer.message).toBe(200);
    expect(ZAppSettingsRecord.strict().parse(answer.data)).toMatchObject({ is_ip_check: 1, allowed_ips: ['203.0.113.5', '2001:db8::1'] });
    const mine = await settingsOf(shop.token);
    const auth = (ip: string) => authenticateApiClient(t.deps, { clientId: mine.client_id, clientSecret: mine.client_secret!, ip });
    expect((await auth('203.0.113.5')).merchantUserId).toBe(shop.id);
    expect((await auth('::ffff:203.0.113.5')).merchantUserId).toBe(shop.id);
    expect((await auth('2001:db8::1')).merchantUserId).toBe(shop.id);
    expect(await refusal(auth('203.0.113.6'))).toEqual({ reason: 'API_IP_NOT_ALLOWED', status: 403 });
    expect(await refusal(auth('not an ip'))).toEqual({ reason: 'API_IP_NOT_ALLOWED', status: 403 });
    // A wrong secret is still a credentials failure, whatever the IP.
    expect(await refusal(authenticateApiClient(t.deps, { clientId: mine.client_id, clientSecret: 'sk_wrong', ip: '203.0.113.6' }))).toEqual(
      {
        reason: 'API_CREDENTIALS_INVALID',
        status: 401,
      },
    );
    const audits = await auditActions(shop.id, 'app-settings.update');
    expect(audits.at(-1)?.detail).toMatchObject({ change: 'allowedIps', after: { isIpCheck: 1, ips: ['203.0.113.5', '2001:db8::1'] } });
    // Switched off: any IP passes again.
    await t.call(updateMerchantAppSettingsCall, { type: 'allowedIps', ips: ['203.0.113.5'], isIpCheck: 0 }, { token: shop.token });
    expect((await auth('203.0.113.6')).merchantUserId).toBe(shop.id);
  });

  it('refuses staff and an administrator, and bad addresses, changing nothing', async () => {
    // Proves the whitelist is the main account's (staff see it read-only) and each IP is checked.
    const before = await rowOf(shop.id);
    for (const token of [clerk.token, adminToken]) {
      const answer = await t.call(updateMerchantAppSettingsCall, { type: 'allowedIps', ips: ['198.51.100.1'], isIpCheck: 1 }, { token });
      expect(answer.reason).toBe('APP_SETTINGS_MAIN_ACCOUNT_ONLY');
    }
    for (const ips of [
      ['300.1.1.1'],
      ['10.0.0'],
      ['abc'],
      ['1.2.3.4/24'],
      ['127.1'],
      Array.from({ length: 51 }, (_, i) => `198.51.100.${i}`),
    ]) {
      const answer = await t.call(updateMerchantAppSettingsCall, { type: 'allowedIps', ips, isIpCheck: 1 }, { token: shop.token });
      expect(answer.reason, ips.join()).toBe('VALIDATION_FAILED');
    }
    const badFlag = await t.call(updateMerchantAppSettingsCall, { type: 'allowedIps', ips: [], isIpCheck: 2 }, { token: shop.token });
    expect(badFlag.reason).toBe('VALIDATION_FAILED');
    expect(await rowOf(shop.id)).toEqual(before);
  });
});

describe('update-merchant-app-settings: the POS webhook URL', () => {
  it('saves a URL (staff too), getPosWebhookUrl reads it, and Remove clears it', async () => {
    // Proves the webhook states of spec 2: stored or not; saving stores, removing clears; audited.
    const saved = await t.call(
      updateMerchantAppSettingsCall,
      { type: 'webhook', webhookUrl: ' https://hooks.example.com/pos ' },
      { token: clerk.token },
    );
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.webhook_url).toBe('https://hooks.example.com/pos');
    expect(await getPosWebhookUrl(t.deps.db, shop.id)).toBe('https://hooks.example.com/pos');
    const replaced = await t.call(
      updateMerchantAppSettingsCall,
      { type: 'webhook', webhookUrl: 'http://hooks.example.com/v2' },
      { token: shop.token },
    );
    expect(replaced.data.webhook_url).toBe('http://hooks.example.com/v2');
    const removed = await t.call(updateMerchantAppSettingsCall, { type: 'removeWebHook', webhookUrl: '' }, { token: shop.token });
    expect(removed.status, removed.message).toBe(200);
    expect(removed.data.webhook_url).toBeNull();
    expect(await getPosWebhookUrl(t.deps.db, shop.id)).toBeNull();
    const again = await t.call(updateMerchantAppSettingsCall, { type: 'removeWebHook', webhookUrl: '' }, { token: shop.token });
    expect(again.reason).toBe('WEBHOOK_NOT_SET');
    const audits = await auditActions(shop.id, 'app-settings.update');
    expect(audits.slice(-3).map((row) => (row.detail as { change: string }).change)).toEqual(['webhook', 'webhook', 'removeWebHook']);
    expect(await getPosWebhookUrl(t.deps.db, 999_999_999n)).toBeNull();
  });

  it("refuses a blank, overlong or non-http URL with the spec's messages, changing nothing", async () => {
    // Proves spec 2 section 5: required ('Webhook URL is required'), a URL rule, at most 255 characters.
    const before = await rowOf(shop.id);
    const cases: Array<[string, string]> = [
      ['', APP_SETTINGS_MESSAGES.webhookUrlRequired],
      ['   ', APP_SETTINGS_MESSAGES.webhookUrlRequired],
      [`https://example.com/${'a'.repeat(236)}`, APP_SETTINGS_MESSAGES.webhookUrlTooLong],
      ['ftp://example.com/hook', APP_SETTINGS_MESSAGES.webhookUrlInvalid],
      ['javascript:alert(1)', APP_SETTINGS_MESSAGES.webhookUrlInvalid],
      ['not a url', APP_SETTINGS_MESSAGES.webhookUrlInvalid],
      ['https://user:pass@example.com/', APP_SETTINGS_MESSAGES.webhookUrlInvalid],
    ];
    for (const [webhookUrl, message] of cases) {
      const answer = await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl }, { token: shop.token });
      expect(answer.reason, webhookUrl).toBe('VALIDATION_FAILED');
      expect(fieldErrors(answer).webhookUrl, webhookUrl).toBe(message);
    }
    const exactly255 = `https://example.com/${'a'.repeat(235)}`;
    expect(exactly255).toHaveLength(255);
    const ok = await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl: exactly255 }, { token: shop.token });
    expect(ok.status).toBe(200);
    await t.call(updateMerchantAppSettingsCall, { type: 'removeWebHook' }, { token: shop.token });
    expect((await rowOf(shop.id)).webhook_url).toBe(before.webhook_url);
  });

  it("another merchant's webhook changes never reach this merchant", async () => {
    // Proves the cross-merchant case for the webhook URL.
    await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl: 'https://mine.example.com/' }, { token: shop.token });
    await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl: 'https://theirs.example.com/' }, { token: rival.token });
    await t.call(updateMerchantAppSettingsCall, { type: 'removeWebHook' }, { token: rival.token });
    expect(await getPosWebhookUrl(t.deps.db, shop.id)).toBe('https://mine.example.com/');
    expect(await getPosWebhookUrl(t.deps.db, rival.id)).toBeNull();
  });
});

describe('update-notification-settings and get-user-data', () => {
  it('saves the settings of the signed-in user, shown by get-user-data; null before', async () => {
    // Proves the Notification tab's round trip, per user (staff keep their own), and the audit row.
    const before = ZUserData.parse((await t.call(getUserDataCall, {}, { token: shop.token })).data);
    expect(before.details.notification_settings).toBeNull();
    const answer = await t.call(
      updateNotificationSettingsCall,
      { email: 'Alerts@Example.com', phoneNumber: '+971501234567', smsStatus: 0, emailStatus: 1 },
      { token: shop.token },
    );
    expect(answer.status, answer.message).toBe(200);
    const expected = { email: 'alerts@example.com', phoneNumber: '+971501234567', smsStatus: 0, emailStatus: 1 };
    expect(ZNotificationSettings.strict().parse(answer.data)).toEqual(expected);
    const after = ZUserData.parse((await t.call(getUserDataCall, {}, { token: shop.token })).data);
    expect(after.details.notification_settings).toEqual(expected);
    const staffView = ZUserData.parse((await t.call(getUserDataCall, {}, { token: clerk.token })).data);
    expect(staffView.details.notification_settings).toBeNull();
    const rivalView = ZUserData.parse((await t.call(getUserDataCall, {}, { token: rival.token })).data);
    expect(rivalView.details.notification_settings).toBeNull();
    expect((await auditActions(shop.id, 'notification-settings.update')).length).toBeGreaterThanOrEqual(1);
    const cleared = await t.call(
      updateNotificationSettingsCall,
      { email: '', phoneNumber: '', smsStatus: 1, emailStatus: 1 },
      { token: shop.token },
    );
    expect(cleared.data).toEqual({ email: null, phoneNumber: null, smsStatus: 1, emailStatus: 1 });
  });

  it('refuses bad values and an administrator logged in as the merchant, writing nothing', async () => {
    // Proves validation and that the tab hidden from admins is refused on the server too.
    const rows = () => t.deps.db.selectFrom('merchant_notification_settings').selectAll().orderBy('user_id').execute();
    const before = await rows();
    const bad = [
      { email: 'not-an-email', phoneNumber: '', smsStatus: 1, emailStatus: 1 },
      { email: '', phoneNumber: 'abc', smsStatus: 1, emailStatus: 1 },
      { email: '', phoneNumber: '', smsStatus: 2, emailStatus: 1 },
      { email: '', phoneNumber: '', smsStatus: 1 },
    ];
    for (const body of bad) {
      const answer = await t.post(updateNotificationSettingsCall.path, body, { token: shop.token });
      expect(answer.reason, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    const admin = await t.call(
      updateNotificationSettingsCall,
      { email: '', phoneNumber: '', smsStatus: 1, emailStatus: 1 },
      { token: adminToken },
    );
    expect(admin.reason).toBe('NOTIFICATION_SETTINGS_NOT_FOR_ADMIN');
    expect(await rows()).toEqual(before);
  });
});
