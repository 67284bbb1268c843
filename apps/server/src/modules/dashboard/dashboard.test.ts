import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDashboardFeatureListCall, getUserProfileCall, getWalletListCall, setPasscodeCall, verifyEmailCall } from '@paywallet/contract';
import {
  countRows,
  createTestApp,
  DEMO_CONSUMER,
  DEMO_MERCHANT,
  forgetSendLimits,
  latestCode,
  signIn,
  signUp,
  type TestApp,
} from '../../test/harness.ts';
import { createTestAdmin, impersonate } from '../../test/admin.ts';

interface FeatureGroup {
  name: string;
  features: Array<{ id: number; slug: string; name: string; web_icon: string }>;
}
interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

describe('dashboard', () => {
  let t: TestApp;
  let merchantToken: string;
  let consumerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    merchantToken = await signIn(t, DEMO_MERCHANT);
    consumerToken = await signIn(t, DEMO_CONSUMER);
  });
  afterAll(async () => t.close());

  async function readOutbox(query = '') {
    const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });
    return { status: response.statusCode, body: response.json() as { code: number; data: OutboxMail[] } };
  }

  describe('get-dashboard-feature-list', () => {
    it('answers the merchant a menu of groups, the dashboard overview first', async () => {
      // Proves the feature list shape: named groups of features, each feature once, overview first.
      const menu = await t.call(getDashboardFeatureListCall, {}, { token: merchantToken });
      expect(menu.status).toBe(200);
      expect(menu.data[0]).toEqual({
        name: 'Dashboard',
        features: [{ id: expect.any(Number), slug: 'dashboard-overview', name: 'Dashboard', web_icon: 'dashboard' }],
      });
      for (const group of menu.data) {
        expect(group.name).toEqual(expect.any(String));
        expect(group.features.length).toBeGreaterThan(0);
        for (const feature of group.features) {
          expect(Object.keys(feature).sort()).toEqual(['id', 'name', 'slug', 'web_icon']);
        }
      }
      const slugs = menu.data.flatMap((group) => group.features.map((f) => f.slug));
      expect(new Set(slugs).size).toBe(slugs.length);
      const names = menu.data.map((group) => group.name);
      expect(new Set(names).size).toBe(names.length);
    });

    it('groups the features in menu order and shows each audience only its own', async () => {
      // Proves grouping and sort order, and that merchant-only and consumer-only features stay apart.
      const db = t.deps.db;
      const reports = await db
        .insertInto('feature_groups')
        .values({ name: 'Test Reports', sort: 1001 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const money = await db
        .insertInto('feature_groups')
        .values({ name: 'Test Money', sort: 1000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('features')
        .values([
          { group_id: reports.id, slug: 'test-settlements', name: 'Settlements', web_icon: 'bank', audience: 'merchant', sort: 2 },
          { group_id: reports.id, slug: 'test-statements', name: 'Statements', web_icon: 'list', audience: 'all', sort: 1 },
          { group_id: money.id, slug: 'test-request', name: 'Request', web_icon: 'cash', audience: 'consumer', sort: 2 },
          { group_id: money.id, slug: 'test-links', name: 'Payment Links', web_icon: 'link', audience: 'merchant', sort: 1 },
        ])
        .execute();
      const testGroups = (groups: FeatureGroup[]) =>
        groups.filter((group) => group.name.startsWith('Test ')).map((group) => [group.name, group.features.map((f) => f.slug)]);

      const merchant = await t.call(getDashboardFeatureListCall, {}, { token: merchantToken });
      expect(testGroups(merchant.data)).toEqual([
        ['Test Money', ['test-links']],
        ['Test Reports', ['test-statements', 'test-settlements']],
      ]);
      // The groups come after the seeded ones, whose sort is lower.
      expect(merchant.data.slice(-2).map((group) => group.name)).toEqual(['Test Money', 'Test Reports']);

      const consumer = await t.call(getDashboardFeatureListCall, {}, { token: consumerToken });
      expect(testGroups(consumer.data)).toEqual([
        ['Test Money', ['test-request']],
        ['Test Reports', ['test-statements']],
      ]);
      expect(consumer.data[0]?.features.map((f) => f.slug)).toContain('dashboard-overview');
    });

    it('needs a full session', async () => {
      // Proves the menu answers 401 without a session and to a password-stage token.
      expect((await t.call(getDashboardFeatureListCall, {})).status).toBe(401);
      const passwordToken = await signUp(t, 'menu-stage@example.com', { phone: '551234567' });
      const refused = await t.call(getDashboardFeatureListCall, {}, { token: passwordToken });
      expect(refused.status).toBe(401);
      expect(refused.code).toBe(401);
    });
  });

  describe('get-wallet-list', () => {
    it('lists the demo consumer wallets: AED default, then USD and EUR', async () => {
      // Proves the wallet list shape and is_default (1 for the default wallet, 0 for the others).
      const wallets = await t.call(getWalletListCall, {}, { token: consumerToken });
      expect(wallets.status).toBe(200);
      expect(wallets.data.map((w) => [w.currency.code, w.is_default])).toEqual([
        ['AED', 1],
        ['USD', 0],
        ['EUR', 0],
      ]);
      const consumer = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_CONSUMER.email).executeTakeFirstOrThrow();
      for (const wallet of wallets.data) {
        expect(wallet.user_id).toBe(Number(consumer.id));
        expect(wallet.currency_id).toBe(wallet.currency.id);
        expect(wallet.currency.decimals).toBe(2);
        expect(wallet.account_number).toMatch(/^PW\d{12}$/);
        expect(Number.isInteger(wallet.available_balance) && wallet.available_balance >= 0).toBe(true);
        expect(Number.isInteger(wallet.balance_on_hold) && wallet.balance_on_hold >= 0).toBe(true);
      }
      expect(new Set(wallets.data.map((w) => w.account_number)).size).toBe(3);
    });

    it('shows each user only their own wallets', async () => {
      // Proves the owner check: the merchant sees its AED and USD wallets (and the USD rolling-reserve
      // wallet its seeded demo settlement opened, after them: the default first, then in the order
      // they were opened) and none of the consumer's.
      const merchant = await t.call(getWalletListCall, {}, { token: merchantToken });
      const consumer = await t.call(getWalletListCall, {}, { token: consumerToken });
      expect(merchant.data.map((w) => [w.currency.code, w.is_default])).toEqual([
        ['AED', 1],
        ['USD', 0],
        ['USD', 2],
      ]);
      const consumerIds = new Set(consumer.data.map((w) => w.id));
      expect(merchant.data.some((w) => consumerIds.has(w.id))).toBe(false);
      // A body asking for someone else's wallets changes nothing.
      const asking = await t.call(getWalletListCall, { userId: consumer.data[0]?.user_id }, { token: merchantToken });
      expect(asking.data.map((w) => w.id)).toEqual(merchant.data.map((w) => w.id));
    });
  });

  describe('get-user-profile', () => {
    it('shows an administrator logged in as the merchant an active account', async () => {
      // Proves the admin-impersonation reading: status 1 and adminLogin 1 on an admin session.
      const email = 'admin-view@example.com';
      const passwordToken = await signUp(t, email, { phone: '551234568' });
      const set = await t.call(setPasscodeCall, { passcode: '1122', confirmPasscode: '1122' }, { token: passwordToken });
      const token = set.data.accessToken;
      const own = await t.call(getUserProfileCall, {}, { token });
      expect(own.data).toMatchObject({ user: { status: 0 }, adminLogin: 0 });
      const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      // The administrator's session as the merchant, opened as the console opens it.
      const adminToken = await impersonate(t, await createTestAdmin(t), user.id);
      const asAdmin = await t.call(getUserProfileCall, {}, { token: adminToken });
      expect(asAdmin.data).toMatchObject({ user: { status: 1 }, adminLogin: 1 });
      const stored = await t.deps.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.status).toBe(0);
    });
  });

  describe('dev outbox', () => {
    it('lists the mails newest first as JSON, with the code in the text', async () => {
      // Proves GET /api/dev/outbox?email= answers that address's mails, newest first.
      const email = 'outbox-reader@example.com';
      await forgetSendLimits(t, email);
      await t.call(verifyEmailCall, { email });
      await forgetSendLimits(t, email);
      await t.call(verifyEmailCall, { email });
      await forgetSendLimits(t, 'someone-else@example.com');
      await t.call(verifyEmailCall, { email: 'someone-else@example.com' });

      const { status, body } = await readOutbox(`?email=${encodeURIComponent(email.toUpperCase())}`);
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect(body.data).toHaveLength(2);
      expect(body.data.every((mail) => mail.to === email)).toBe(true);
      const [newest, older] = body.data;
      expect(newest!.id).toBeGreaterThan(older!.id);
      expect(newest!.text).toContain(await latestCode(t, email));
      expect(newest!.subject).toContain(await latestCode(t, email));
      expect(newest!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const all = await readOutbox();
      expect(all.body.data.length).toBeGreaterThanOrEqual(3);
      const ids = all.body.data.map((mail) => mail.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.body.data[0]?.to).toBe('someone-else@example.com');
    });

    it('serves the outbox page with the filter escaped', async () => {
      // Proves the HTML outbox page renders and escapes what the query string carries.
      const response = await t.app.inject({ method: 'GET', url: `/dev/outbox?email=${encodeURIComponent('"><script>alert(1)</script>')}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).not.toContain('<script>alert(1)</script>');
      expect(response.body).toContain('&lt;script&gt;');
      expect(response.headers['x-frame-options']).toBe('DENY');
    });

    it('reading the outbox writes nothing', async () => {
      // Proves the outbox routes are read-only.
      const before = await countRows(t, ['outbox_emails', 'otps', 'users']);
      await readOutbox();
      await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(await countRows(t, ['outbox_emails', 'otps', 'users'])).toEqual(before);
    });
  });
});

describe('dev outbox switched off', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ devOutbox: false }, { demo: false });
  });
  afterAll(async () => t.close());

  it('does not exist when config devOutbox is false', async () => {
    // Proves the dev outbox is absent (404) outside development, while mail is still recorded.
    await t.call(verifyEmailCall, { email: 'quiet@example.com' });
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?email=quiet@example.com' });
    expect(json.statusCode).toBe(404);
    expect(json.body).not.toContain('quiet@example.com');
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('quiet@example.com');
  });
});
