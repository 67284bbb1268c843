// The dev outbox page: it no longer reloads itself with a meta refresh, it offers a Refresh link
// and a polling script the user can switch off, and it has the outline a screen reader moves by.
// Every dev route refuses a filter that cannot be looked up by name.
// (Listing and escaping are proved in modules/dashboard/dashboard.test.ts; the page in a browser,
// with axe and the polling at work, in e2e/tests/a11y.e2e.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEmailCall } from '@paywallet/contract';
import { createTestApp, forgetSendLimits, type TestApp } from '../../test/harness.ts';
import { OUTBOX_POLL_MS } from './dev-outbox-page.ts';

describe('the dev outbox page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
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
