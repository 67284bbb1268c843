// The dev outbox page: it no longer reloads itself with a meta refresh, it offers a Refresh link
// and a polling script the user can switch off, and it has the outline a screen reader moves by.
// Every dev route refuses a filter that cannot be looked up by name. The route that changes a
// stored balance behind the ledger's back does exactly that, and exists only with the dev outbox.
// (Listing and escaping are proved in modules/dashboard/dashboard.test.ts; the page in a browser,
// with axe and the polling at work, in e2e/tests/a11y.e2e.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEmailCall } from '@paywallet/contract';
import { loadConfig } from '../../config.ts';
import { createTestApp, forgetSendLimits, type TestApp } from '../../test/harness.ts';
import { balanceOf, createTestPerson, expectLedgerInvariants } from '../../test/money.ts';
import { checkLedgerInvariants } from '../ledger/invariants.ts';
import { OUTBOX_POLL_MS } from './dev-outbox-page.ts';

describe('the dev outbox page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ devLedgerBreach: true }, { demo: false });
  });
  afterAll(async () => t.close());

  const page = (query = '') => t.app.inject({ method: 'GET', url: `/dev/outbox${query}` });

  it('does not refresh itself: a Refresh link and a polling script that can be switched off instead', async () => {
    // Proves the meta refresh is gone (axe: meta-refresh, critical) and what replaces it.
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/http-equiv=["']?refresh/i);
    expect(response.body).toContain('<a class="button" href="/dev/outbox">Refresh</a>');
    expect(response.body).toMatch(/<input id="auto" type="checkbox" checked> Check for new e-mails every 10 s/);
    expect(OUTBOX_POLL_MS).toBe(10_000);
    expect(response.body).toContain(`setInterval(check, ${OUTBOX_POLL_MS})`);
    expect(response.body).toContain('fetch("/api/dev/outbox"');
    expect(response.body).toContain('role="status" aria-live="polite"');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the filter in the Refresh link and in what the script polls, encoded', async () => {
    // Proves a filtered page refreshes and polls the same filter, with the address encoded in
    // the URL and escaped in the HTML (never raw markup).
    const email = 'a+b"<i>@example.com';
    const response = await page(`?email=${encodeURIComponent(email)}`);
    const encoded = encodeURIComponent(email);
    expect(response.body).toContain(`href="/dev/outbox?email=${encoded.replace(/&/g, '&amp;')}"`);
    expect(response.body).toContain(`fetch("/api/dev/outbox?email=${encoded}"`);
    expect(response.body).toContain('value="a+b&quot;&lt;i&gt;@example.com"');
    expect(response.body).not.toContain('<i>');
  });

  it('has one h1, a main landmark, a labelled filter and column headers', async () => {
    // Proves the outline: axe's moderate rules (one h1, main landmark) and named controls.
    const { body } = await page();
    expect(body.match(/<h1\b/g)).toHaveLength(1);
    expect(body.match(/<main\b/g)).toHaveLength(1);
    expect(body).toContain('<label for="email">Filter by e-mail</label>');
    expect(body).toContain('<input id="email" name="email" type="email"');
    expect(body.match(/<th scope="col">/g)).toHaveLength(3);
    expect(body).toContain('<html lang="en">');
  });

  it('refuses a filter that cannot be looked up by name (400 VALIDATION_FAILED), on every dev route', async () => {
    // Proves `?email=%00` (PostgreSQL refuses NUL: a 500), another control character, a repeated
    // filter and an over-long one are the caller's 400 with the field named, never a 500. (A URL
    // cannot carry a lone surrogate: its UTF-8 bytes are invalid and decode to U+FFFD.)
    const bad = [
      ['%00', 'The email may not contain control characters'],
      ['a%1B%40example.com', 'The email may not contain control characters'],
      [`${'a'.repeat(200)}%40example.com`, 'The email may not be greater than 191 characters'],
    ] as const;
    for (const route of ['/api/dev/ledger-check', '/api/dev/outbox', '/dev/outbox']) {
      for (const [email, message] of bad) {
        const response = await t.app.inject({ method: 'GET', url: `${route}?email=${email}` });
        const body = response.json() as { code: number; reason: string; data: { errors: Record<string, string> } };
        expect([route, email, response.statusCode, body.code, body.reason]).toEqual([route, email, 400, 400, 'VALIDATION_FAILED']);
        expect(body.data.errors).toEqual({ email: message });
      }
      const twice = await t.app.inject({ method: 'GET', url: `${route}?email=a%40b.co&email=c%40d.co` });
      expect([route, twice.statusCode, (twice.json() as { reason: string }).reason]).toEqual([route, 400, 'VALIDATION_FAILED']);
      const good = await t.app.inject({ method: 'GET', url: `${route}?email=${encodeURIComponent('someone@example.com')}` });
      expect([route, good.statusCode]).toEqual([route, 200]);
    }
  });

  it("changes a stored balance behind the ledger's back and puts it back (the browser test of a breach)", async () => {
    // Proves POST /api/dev/wallet-balance is an UPDATE of the wallet row without an entry: the
    // invariants name the wallet off its entries, and the opposite change mends it. Bad input and
    // a user without the wallet are named 400s that change nothing.
    const person = await createTestPerson(t);
    const wallet = person.wallets.AED!;
    const shift = (query: string) => t.app.inject({ method: 'POST', url: `/api/dev/wallet-balance?${query}` });
    const email = encodeURIComponent(person.email);
    for (const query of [`email=${email}&currency=aed&by=1`, `email=${email}&currency=AED&by=x`, `email=${email}&currency=AED&by=1.5`]) {
      const refused = await shift(query);
      expect([query, refused.statusCode, (refused.json() as { reason: string }).reason]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    const unknown = await shift(`email=${encodeURIComponent('nobody@example.com')}&currency=AED&by=1`);
    expect(unknown.statusCode).toBe(400);
    expect(await balanceOf(t, wallet)).toBe(0n);

    const broken = await shift(`email=${email}&currency=AED&by=5`);
    expect(broken.statusCode).toBe(200);
    expect((broken.json() as { data: { walletId: number } }).data.walletId).toBe(Number(wallet));
    expect(await balanceOf(t, wallet)).toBe(5n);
    const report = await checkLedgerInvariants(t.deps.db);
    expect(report.walletsOffTheirEntries.map((row) => String(row.walletId))).toEqual([String(wallet)]);

    expect((await shift(`email=${email}&currency=AED&by=-5`)).statusCode).toBe(200);
    expect(await balanceOf(t, wallet)).toBe(0n);
    await expectLedgerInvariants(t);
  });

  it('marks the newest e-mail for the script, so it announces only what is new', async () => {
    // Proves the page hands the script the id of its newest row (0 when empty).
    expect((await page()).body).toContain('<tbody id="rows" data-newest="0">');
    const email = 'outbox-newest@example.com';
    await forgetSendLimits(t, email);
    await t.call(verifyEmailCall, { email });
    const newest = await t.deps.db.selectFrom('outbox_emails').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const { body } = await page(`?email=${encodeURIComponent(email)}`);
    expect(body).toContain(`<tbody id="rows" data-newest="${newest.id}">`);
    expect(body).toContain(email);
  });
});

describe('the dev routes switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ devOutbox: false }, { demo: false });
  });
  afterAll(async () => t.close());

  it('has no route that changes a stored balance, and production never has the dev routes', async () => {
    // Proves the breach-making route is registered with the dev outbox only (404 without it), that
    // it is off on a demo start too unless DEV_LEDGER_BREACH=1 asks for it, and that
    // NODE_ENV=production switches the dev routes off whatever DEV_OUTBOX and DEV_LEDGER_BREACH say.
    const person = await createTestPerson(t);
    const shift = await t.app.inject({
      method: 'POST',
      url: `/api/dev/wallet-balance?email=${encodeURIComponent(person.email)}&currency=AED&by=1`,
    });
    expect(shift.statusCode).toBe(404);
    expect(await balanceOf(t, person.wallets.AED!)).toBe(0n);
    const production = loadConfig({
      NODE_ENV: 'production',
      DEV_OUTBOX: 'true',
      DEV_LEDGER_BREACH: '1',
      CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect([production.devOutbox, production.devLedgerBreach]).toEqual([false, false]);
    const demoStart = loadConfig({});
    expect([demoStart.devOutbox, demoStart.devLedgerBreach]).toEqual([true, false]);
    expect(loadConfig({ DEV_LEDGER_BREACH: '1' }).devLedgerBreach).toBe(true);
  });
});
