// notifications, read-all-notifications and get-events-ticket: the session's own notifications
// newest first, a load-more page at a time with the unread count; read all marks them read and
// answers 0; a user never sees or marks another's; a staff member reads only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventsTicketCall, notificationsCall, readAllNotificationsCall } from '@paywallet/contract';
import { createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';
import { DEPOSIT_SUCCEEDED } from '../gateway/gateway.notifications.ts';
import { notice, notifyEach } from './notifications.service.ts';

let t: TestApp;
let nadia: TestPerson;
let omar: TestPerson;
let shop: TestMerchant;

const deposit = (amount: number) => ({ transactionId: `t-${amount}`, amount, currency: 'AED', decimals: 2 });

async function page(who: { token: string }, body: { cursor?: string; perPage?: number } = {}) {
  const answer = await t.call(notificationsCall, body, { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  nadia = await createTestPerson(t, { firstName: 'Nadia' });
  omar = await createTestPerson(t, { firstName: 'Omar' });
  shop = await createTestMerchant(t, { staff: [{ features: ['transactions'] }] });
  await t.deps.db.transaction().execute(async (trx) => {
    await notifyEach(
      trx,
      [1, 2, 3, 4, 5].map((n) => notice(nadia.id, DEPOSIT_SUCCEEDED, deposit(n * 100))),
    );
    await notifyEach(trx, [notice(omar.id, DEPOSIT_SUCCEEDED, deposit(999)), notice(shop.id, DEPOSIT_SUCCEEDED, deposit(777))]);
  });
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('notifications', () => {
  it('answers the user’s notifications newest first, a page at a time, with the unread count', async () => {
    const first = await page(nadia, { perPage: 2 });
    expect(first.unreadCount).toBe(5);
    expect(first.data.map((row) => row.message)).toEqual([
      'Your deposit of AED 5.00 was added to your wallet.',
      'Your deposit of AED 4.00 was added to your wallet.',
    ]);
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      type: 'deposit-succeeded',
      message: 'Your deposit of AED 5.00 was added to your wallet.',
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(first.nextCursor).toBe(String(first.data[1]!.id));
    const second = await page(nadia, { perPage: 2, cursor: first.nextCursor! });
    expect(second.data.map((row) => row.id)).toEqual([first.data[1]!.id - 1, first.data[1]!.id - 2]);
    const last = await page(nadia, { perPage: 2, cursor: second.nextCursor! });
    expect(last.data).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it('never answers another user’s notifications, whatever cursor is sent', async () => {
    const mine = await page(omar);
    expect(mine.data.map((row) => row.message)).toEqual(['Your deposit of AED 9.99 was added to your wallet.']);
    const withCursor = await page(omar, { cursor: '999999' });
    expect(withCursor.data.map((row) => row.message)).toEqual(['Your deposit of AED 9.99 was added to your wallet.']);
  });

  it('refuses a malformed cursor', async () => {
    const answer = await t.call(notificationsCall, { cursor: 'abc' }, { token: nadia.token });
    expect(answer.reason).toBe('VALIDATION_FAILED');
    expect(fieldErrors(answer)).toEqual({ cursor: 'The cursor is invalid' });
  });

  it('gives the merchant owner the merchant’s notifications and a staff member only their own', async () => {
    expect((await page(shop)).data.map((row) => row.message)).toEqual(['Your deposit of AED 7.77 was added to your wallet.']);
    const staff = await page(shop.staff[0]!);
    expect(staff).toEqual({ data: [], nextCursor: null, unreadCount: 0 });
  });
});

describe('read-all-notifications', () => {
  it('marks every notification of the user read and answers 0, leaving others unread', async () => {
    const answer = await t.call(readAllNotificationsCall, {}, { token: nadia.token });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ unreadCount: 0 });
    const after = await page(nadia, { perPage: 10 });
    expect(after.unreadCount).toBe(0);
    expect(after.data.every((row) => row.read_at !== null)).toBe(true);
    expect((await page(omar)).unreadCount).toBe(1);
    expect((await page(shop)).unreadCount).toBe(1);
    // Again: nothing left to mark, still 0.
    expect((await t.call(readAllNotificationsCall, {}, { token: nadia.token })).data).toEqual({ unreadCount: 0 });
  });
});

describe('get-events-ticket', () => {
  it('answers a fresh single-use ticket, stored only as its hash', async () => {
    const answer = await t.call(getEventsTicketCall, {}, { token: nadia.token });
    expect(answer.status).toBe(200);
    expect(answer.data.expiresIn).toBe(60);
    expect(answer.data.ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await t.deps.db
      .selectFrom('events_tickets')
      .select(['ticket_hash', 'user_id', 'used_at'])
      .where('user_id', '=', nadia.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ticket_hash).not.toContain(answer.data.ticket);
    expect(rows[0]!.used_at).toBeNull();
  });
});
