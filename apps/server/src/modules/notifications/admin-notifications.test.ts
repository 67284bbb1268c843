// An administrator's own notifications (the console's bell), through the real app on both
// databases: the notifications call answers an administrator their own rows, ten at a time and
// newest first, and never another administrator's or a merchant's, whatever cursor is sent;
// read-all marks only their own; the live stream (a ticket, or the header) delivers their new
// ones and nobody else's; an administrator logged in as a merchant still reads the merchant's; a
// breach found by the ledger's health check reaches each administrator's list through the call;
// the dev notice (what the browser test uses) writes through notify, and only to a known e-mail.
// The file ends with the ledger's invariants (the breach made on purpose is mended first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventsTicketCall, notificationsCall, readAllNotificationsCall } from '@paywallet/contract';
import { countRows, createTestApp, listenOnLoopback, type TestApp } from '../../test/harness.ts';
import { createTestAdmin, impersonate, type TestAdmin } from '../../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { openStream } from '../../test/event-stream.ts';
import { DEPOSIT_SUCCEEDED } from '../gateway/gateway.notifications.ts';
import { LEDGER_BREACH_RAISED } from '../ledger-health/ledger-health.notifications.ts';
import { runFullCheck, runIncrementalCheck } from '../ledger-health/ledger-health.service.ts';
import { notice, notifyEach } from './notifications.service.ts';

let t: TestApp;
let base: string;
let ada: TestAdmin;
let ben: TestAdmin;
let shop: TestMerchant;
let payer: TestPerson;

const breach = (n: number) => ({ checkId: String(n), count: 1, first: `Breach number ${n}.` });
const numberOf = (message: string) => /Breach number (\d+)\./.exec(message)?.[1];
const breachMessage = (n: number) => `The ledger check found a breach: Breach number ${n}. See Ledger health in the console.`;
const deposit = (amount: number) => ({ transactionId: `t-${amount}`, amount, currency: 'AED', decimals: 2 });

/** Waits for a condition, bounded (never a fixed sleep). */
async function until(condition: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function page(token: string, body: { cursor?: string; perPage?: number } = {}) {
  const answer = await t.call(notificationsCall, body, { token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  base = await listenOnLoopback(t);
  ada = await createTestAdmin(t);
  ben = await createTestAdmin(t);
  shop = await createTestMerchant(t);
  payer = await createTestPerson(t);
  await fundWallet(t, payer.wallets.AED!, 10_000n, 'AED');
  await t.deps.db.transaction().execute(async (trx) => {
    // Ada: 12 notices, so her first page of 10 leaves a second; Ben: one; the merchant: one.
    await notifyEach(
      trx,
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => notice(ada.id, LEDGER_BREACH_RAISED, breach(n))),
    );
    await notifyEach(trx, [
      notice(ada.id, LEDGER_BREACH_RAISED, breach(11)),
      notice(ada.id, LEDGER_BREACH_RAISED, breach(12)),
      notice(ben.id, LEDGER_BREACH_RAISED, breach(99)),
      notice(shop.id, DEPOSIT_SUCCEEDED, deposit(777)),
    ]);
  });
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('an administrator’s notifications', () => {
  it('answers an administrator their own, ten at a time and newest first, with their unread count', async () => {
    const first = await page(ada.token, { perPage: 10 });
    expect(first.unreadCount).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      type: 'ledger-breach-raised',
      message: breachMessage(12),
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(first.data.map((row) => numberOf(row.message))).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    const second = await page(ada.token, { perPage: 10, cursor: first.nextCursor! });
    expect(second.data.map((row) => numberOf(row.message))).toEqual(['2', '1']);
    expect(second.nextCursor).toBeNull();
  });

  it('never answers another administrator’s or a merchant’s notifications, whatever cursor is sent', async () => {
    const bens = await page(ben.token);
    expect(bens.data.map((row) => row.message)).toEqual([breachMessage(99)]);
    expect(bens.unreadCount).toBe(1);
    const withCursor = await page(ben.token, { cursor: '999999999' });
    expect(withCursor.data.map((row) => row.message)).toEqual([breachMessage(99)]);
    // The merchant's row is the merchant's alone.
    expect((await page(shop.token)).data.map((row) => row.type)).toEqual(['deposit-succeeded']);
  });

  it('an administrator logged in as a merchant reads the merchant’s notifications, not their own', async () => {
    const asMerchant = await impersonate(t, ada, shop.id);
    const seen = await page(asMerchant);
    expect(seen.data.map((row) => row.type)).toEqual(['deposit-succeeded']);
    expect(seen.unreadCount).toBe(1);
  });

  it('read-all marks only the administrator’s own notifications read', async () => {
    const answer = await t.call(readAllNotificationsCall, {}, { token: ben.token });
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toEqual({ unreadCount: 0 });
    const bens = await page(ben.token);
    expect(bens.unreadCount).toBe(0);
    expect(bens.data.every((row) => row.read_at !== null)).toBe(true);
    expect((await page(ada.token)).unreadCount).toBe(12);
    expect((await page(shop.token)).unreadCount).toBe(1);
  });
});

describe('an administrator’s live stream', () => {
  it('delivers an administrator’s new notification to their stream (by ticket and by header), and not to another’s', async () => {
    const ticket = await t.call(getEventsTicketCall, {}, { token: ada.token });
    expect(ticket.status, ticket.message).toBe(200);
    const adaStream = await openStream(`${base}/api/events?ticket=${ticket.data.ticket}`);
    const benStream = await openStream(`${base}/api/events`, { accesstoken: ben.token });
    try {
      expect(adaStream.response.status).toBe(200);
      expect(benStream.response.status).toBe(200);
      await adaStream.waitFor('ready');
      await benStream.waitFor('ready');
      await t.deps.db.transaction().execute(async (trx) => {
        await notifyEach(trx, [notice(ada.id, LEDGER_BREACH_RAISED, breach(13)), notice(ben.id, LEDGER_BREACH_RAISED, breach(100))]);
      });
      const adaEvent = JSON.parse((await adaStream.waitFor('notification')).data) as { message: string };
      expect(adaEvent.message).toContain('Breach number 13.');
      const benEvent = JSON.parse((await benStream.waitFor('notification')).data) as { message: string };
      expect(benEvent.message).toContain('Breach number 100.');
      // Each got exactly its own: the next notice of Ben's reaches Ben's stream only.
      await t.deps.db.transaction().execute(async (trx) => {
        await notifyEach(trx, [notice(ben.id, LEDGER_BREACH_RAISED, breach(101))]);
      });
      await until(() => benStream.events.filter((e) => e.event === 'notification').length === 2);
      expect(adaStream.events.filter((e) => e.event === 'notification').map((e) => e.data)).toEqual([
        expect.stringContaining('Breach number 13.'),
      ]);
    } finally {
      adaStream.close();
      benStream.close();
    }
  });
});

describe('the dev notice (development only, for the browser test of the console bell)', () => {
  it('writes a notice through notify to the user of an e-mail, and refuses an unknown or missing one with nothing written', async () => {
    const before = await page(ben.token);
    const sent = await t.app.inject({ method: 'POST', url: `/api/dev/notice?email=${encodeURIComponent(ben.email)}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const { message } = (sent.json() as { data: { message: string } }).data;
    expect(message).toMatch(/^Test notice \d+ from the development tools\.$/);
    const after = await page(ben.token);
    expect(after.unreadCount).toBe(before.unreadCount + 1);
    expect(after.data[0]).toMatchObject({ type: 'dev-notice', message, read_at: null });

    const rows = await countRows(t, ['notifications']);
    const unknown = await t.app.inject({ method: 'POST', url: `/api/dev/notice?email=${encodeURIComponent('nobody@example.com')}` });
    expect([unknown.statusCode, (unknown.json() as { reason: string }).reason]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await t.app.inject({ method: 'POST', url: '/api/dev/notice' });
    expect([missing.statusCode, (missing.json() as { reason: string }).reason]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await countRows(t, ['notifications'])).toEqual(rows);
  });
});

describe('a breach found by the ledger health check', () => {
  it('reaches each administrator’s list through the notifications call, and changes nothing else', async () => {
    await runIncrementalCheck(t.deps, { settleMs: 0 });
    const before = await Promise.all([ada, ben].map((admin) => page(admin.token, { perPage: 1 })));
    const merchantBefore = await countRows(t, ['notifications']);
    const wallet = payer.wallets.AED!;
    const last = await t.deps.db
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .where('wallet_id', '=', wallet)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    // A breach made on purpose: an entry written by hand, as the ledger-health tests do.
    const entry = (amount: bigint) =>
      t.deps.db
        .insertInto('ledger_entries')
        .values({
          transaction_id: last.transaction_id,
          wallet_id: wallet,
          system_account: null,
          currency: 'AED',
          bucket: 'available',
          amount,
        })
        .execute();
    await entry(100n);
    const found = await runIncrementalCheck(t.deps, { settleMs: 0 });
    expect(found!.newBreaches.length).toBe(2);

    for (const [index, admin] of [ada, ben].entries()) {
      const after = await page(admin.token, { perPage: 1 });
      expect(after.unreadCount).toBe(before[index]!.unreadCount + 1);
      expect(after.data[0]).toMatchObject({ type: 'ledger-breach-raised', read_at: null });
      expect(after.data[0]!.message).toMatch(/^The ledger check found 2 new breaches\. The first: /);
    }
    // One notice per administrator, none to anybody else.
    expect((await countRows(t, ['notifications'])).notifications).toBe(merchantBefore.notifications + 2);

    // Mended: the checks resolve what they found, and the ledger adds up again for afterAll.
    await entry(-100n);
    expect((await runIncrementalCheck(t.deps, { settleMs: 0 }))!.breaches).toEqual([]);
    expect((await runFullCheck(t.deps)).breaches).toEqual([]);
  });
});
