// Refund requests from the back office and the console, through the real app on both databases:
// create-refund-request on a successful payment of each door (types 8, 9, 10) and every refusal
// by name with nothing written; the refund amounts of get-transactions; get-all-refunds with
// every filter and the spec's fields; cancel (only Pending); the console's queue and its
// decisions (approve: Initiated, the job posts it once, Processed; reject with a comment), the
// merchant told either way; another merchant's ids answer like unknown ones; impersonated and
// featureless callers are refused; the refunds export. The file ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGetRefundRequestsCall,
  adminProcessRefundCall,
  cancelRefundRequestCall,
  createRefundRequestCall,
  generateReportCall,
  getAllRefundsCall,
  getReportCall,
  getTransactionsCall,
  type TRefundAmountDetails,
  type TRefundRow,
} from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { countMoneyRows, expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { createTestAdmin, impersonate, type TestAdmin } from '../../test/admin.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { runApprovedRefund } from './refunds.service.ts';

let t: TestApp;
let shop: TestMerchant;
let other: TestMerchant;
let doors: PaymentDoors;
let admin: TestAdmin;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, { staff: [{ features: ['refund'] }, { features: ['transactions'] }] });
  other = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, other.id);
  doors = await openPaymentDoors(t, shop);
  admin = await createTestAdmin(t);
  runner = new JobRunner(t.deps, { runnerId: 'refunds-test-runner', pollIntervalMs: 20 });
  // Refunds are paid from the merchant's wallet: more than the payments leave on hold.
  await fundWallet(t, shop.wallets.AED!, 1_000_000n, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

/** A successful payment through a door: its transaction uuid. */
async function paid(door: 'link' | 'api' | 'pos', merchantDoors = doors): Promise<string> {
  if (door === 'link') return (await merchantDoors.link(SANDBOX_CARDS.approved)).payment.transactionId;
  if (door === 'api') {
    const answer = await merchantDoors.api(SANDBOX_CARDS.approved);
    expect(answer.status).toBe(201);
    return answer.body.transactionId!;
  }
  const answer = await merchantDoors.pos(SANDBOX_CARDS.approved);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.transactionId as string;
}

const create = (body: Parameters<typeof t.call<typeof createRefundRequestCall>>[1], token = shop.token) =>
  t.call(createRefundRequestCall, body, { token });

async function amountsOf(transactionId: string, token = shop.token) {
  const answer = await t.call(getTransactionsCall, { refundAmountDetails: 1, transactionId }, { token });
  // refundAmountDetails=1 answers the refund amounts (the call's union has the list and the detail too).
  return { code: answer.code, reason: answer.reason, data: answer.data as TRefundAmountDetails };
}

async function historyOf(refundId: number): Promise<string[]> {
  const answer = await t.call(getAllRefundsCall, { perPage: 500 }, { token: shop.token });
  const row = answer.data.data.find((refund) => refund.id === refundId);
  return row!.details.map((detail) => detail.status_str);
}

const refundTables = ['refund_requests', 'refund_request_details', 'audit_log', 'jobs'] as const;

describe('create-refund-request', () => {
  it('asks a partial refund of a payment of each door: Pending, with the spec fields and its history; the amounts follow', async () => {
    for (const door of ['link', 'api', 'pos'] as const) {
      const uuid = await paid(door);
      expect((await amountsOf(uuid)).data).toEqual({
        transactionAmount: 10_000,
        processedRefundAmount: 0,
        pendingRefundsAmount: 0,
        remainingRefundAmount: 10_000,
      });
      const created = await create({ transactionId: uuid, amount: 2_500, description: `Damaged item (${door})`, isPartial: 1 });
      expect(created.code, created.message).toBe(200);
      expect(created.data).toMatchObject({
        status: 0,
        status_str: 'Pending',
        amount: 2_500,
        description: `Damaged item (${door})`,
        source: 'merchant',
        added_by: Number(shop.id),
        added_by_user: { first_name: shop.firstName, last_name: shop.lastName },
        user_id: Number(shop.id),
        reference_id: uuid,
        refunded_transaction: { uuid, currency: { code: 'AED' } },
      });
      expect(created.data.refunded_transaction.channel).not.toBeNull();
      expect(created.data.details.map((detail) => [detail.status_str, detail.comment])).toEqual([['Pending', null]]);
      expect((await amountsOf(uuid)).data).toEqual({
        transactionAmount: 10_000,
        processedRefundAmount: 0,
        pendingRefundsAmount: 2_500,
        remainingRefundAmount: 7_500,
      });
    }
  });

  it('refunds the whole remaining amount without Partial, and refuses a whole refund whose remaining amount changed', async () => {
    const uuid = await paid('link');
    expect((await create({ transactionId: uuid, amount: 1_000, isPartial: 1 })).code).toBe(200);
    const stale = await create({ transactionId: uuid, amount: 10_000, isPartial: 0 });
    expect(stale.reason).toBe('REFUND_REMAINING_CHANGED');
    const whole = await create({ transactionId: uuid, amount: 9_000, isPartial: 0 });
    expect(whole.data).toMatchObject({ amount: 9_000, status: 0 });
    expect((await amountsOf(uuid)).data).toMatchObject({ pendingRefundsAmount: 10_000, remainingRefundAmount: 0 });
    const none = await create({ transactionId: uuid, amount: 1, isPartial: 1 });
    expect(none.reason).toBe('REFUND_EXCEEDS_REMAINING');
  });

  it('answers the first request again for an identical one made at once (a double click), opening one', async () => {
    const uuid = await paid('api');
    const body = { transactionId: uuid, amount: 700, description: 'Twice', isPartial: 1 };
    const [first, second] = await Promise.all([create(body), create(body)]);
    expect(first.data.id).toBe(second.data.id);
    expect((await amountsOf(uuid)).data.pendingRefundsAmount).toBe(700);
  });

  it('refuses by name, writing nothing: not found, not refundable, not successful, over the remaining, bad input', async () => {
    const uuid = await paid('pos');
    const declined = (await doors.link(SANDBOX_CARDS.declined)).payment.transactionId;
    const othersPayment = await paid('link', await openPaymentDoors(t, other));
    const deposit = await t.deps.db
      .selectFrom('transactions')
      .select('uuid')
      .where('receiver_user_id', '=', shop.id)
      .where('transaction_type_id', '=', 1)
      .executeTakeFirstOrThrow();
    const before = await countRows(t, refundTables);
    const money = await countMoneyRows(t);
    const unknown = await create({ transactionId: crypto.randomUUID(), amount: 100, isPartial: 1 });
    const foreign = await create({ transactionId: othersPayment, amount: 100, isPartial: 1 });
    expect([unknown.reason, unknown.status, unknown.message]).toEqual([foreign.reason, foreign.status, foreign.message]);
    expect(foreign.reason).toBe('TRANSACTION_NOT_FOUND');
    expect((await create({ transactionId: deposit.uuid, amount: 100, isPartial: 1 })).reason).toBe('TRANSACTION_NOT_REFUNDABLE');
    expect((await create({ transactionId: declined, amount: 100, isPartial: 1 })).reason).toBe('PAYMENT_NOT_REFUNDABLE');
    expect((await create({ transactionId: uuid, amount: 10_001, isPartial: 1 })).reason).toBe('REFUND_EXCEEDS_REMAINING');
    const noAmount = await create({ transactionId: uuid, isPartial: 1 });
    expect([noAmount.reason, noAmount.data]).toEqual(['VALIDATION_FAILED', { errors: { amount: 'The amount field is required' } }]);
    const letters = await t.post('create-refund-request', { transactionId: uuid, amount: '12a', isPartial: 1 }, { token: shop.token });
    expect(letters.data).toEqual({ errors: { amount: 'Only numeric characters are allowed' } });
    const zero = await create({ transactionId: uuid, amount: 0, isPartial: 1 });
    expect(zero.reason).toBe('VALIDATION_FAILED');
    const notUuid = await create({ transactionId: 'abc', amount: 100, isPartial: 1 });
    expect(notUuid.data).toEqual({ errors: { transactionId: 'The selected transaction id is invalid' } });
    expect(await countRows(t, refundTables)).toEqual(before);
    expect(await countMoneyRows(t)).toEqual(money);
  });

  it('refuses an administrator logged in as the merchant (DECISIONS 52) and staff without the refund feature', async () => {
    const uuid = await paid('link');
    const before = await countRows(t, ['refund_requests']);
    const token = await impersonate(t, admin, shop.id);
    expect((await create({ transactionId: uuid, amount: 100, isPartial: 1 }, token)).reason).toBe('IMPERSONATION_CANNOT_MOVE_MONEY');
    expect((await create({ transactionId: uuid, amount: 100, isPartial: 1 }, shop.staff[1]!.token)).reason).toBe('FEATURE_NOT_GRANTED');
    expect(await countRows(t, ['refund_requests'])).toEqual(before);
    const byStaff = await create({ transactionId: uuid, amount: 100, isPartial: 1 }, shop.staff[0]!.token);
    expect(byStaff.data).toMatchObject({ user_id: Number(shop.id), added_by: Number(shop.staff[0]!.id) });
  });
});

describe('get-all-refunds', () => {
  let rows: TRefundRow[];
  beforeAll(async () => {
    rows = (await t.call(getAllRefundsCall, { perPage: 500 }, { token: shop.token })).data.data;
  });
  const list = async (filters: Parameters<typeof t.call<typeof getAllRefundsCall>>[1]) => {
    const answer = await t.call(getAllRefundsCall, { perPage: 500, ...filters }, { token: shop.token });
    expect(answer.code, answer.message).toBe(200);
    return answer.data;
  };

  it('lists the merchant’s requests newest first with every field, and none of another merchant’s', async () => {
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    expect(rows.every((row) => row.user_id === Number(shop.id))).toBe(true);
    expect((await t.call(getAllRefundsCall, {}, { token: other.token })).data.data).toEqual([]);
  });

  it('filters by status, dates, store -> terminal -> channel, currency and search, and pages', async () => {
    expect((await list({ status: 0 })).data.length).toBe(rows.filter((row) => row.status === 0).length);
    expect((await list({ status: 4 })).data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ fromDate: today, toDate: today })).data.length).toBe(rows.length);
    expect((await list({ toDate: '2020-01-01' })).data).toEqual([]);
    const store = shop.stores[0]!;
    const pos = store.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;
    expect((await list({ storeId: Number(store.id) })).data.length).toBe(rows.length);
    const onPos = (await list({ storeId: Number(store.id), terminalId: Number(store.terminals[0]!.id), channelId: Number(pos.id) })).data;
    expect(onPos.length).toBeGreaterThan(0);
    expect(onPos.length).toBeLessThan(rows.length);
    const aed = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
    const usd = await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'USD').executeTakeFirstOrThrow();
    expect((await list({ currencyId: aed.id })).data.length).toBe(rows.length);
    expect((await list({ currencyId: usd.id })).data).toEqual([]);
    const one = rows[0]!;
    expect((await list({ search: one.uuid })).data.map((row) => row.id)).toEqual([one.id]);
    expect((await list({ search: one.uuid.slice(0, 8) })).data.map((row) => row.id)).toContain(one.id);
    expect((await list({ search: one.refunded_transaction.uuid })).data.map((row) => row.id)).toContain(one.id);
    expect((await list({ search: 'damaged item (pos' })).data.map((row) => row.description)).toEqual(['Damaged item (pos)']);
    const page = await t.call(getAllRefundsCall, { page: 2, perPage: 2 }, { token: shop.token });
    expect(page.data.paginationData).toEqual({ total: rows.length, perPage: 2, currentPage: 2 });
    expect(page.data.data.map((row) => row.id)).toEqual(rows.slice(2, 4).map((row) => row.id));
  });

  it('refuses another merchant’s store as it refuses an unknown one', async () => {
    const foreign = await t.call(getAllRefundsCall, { storeId: Number(other.stores[0]!.id) }, { token: shop.token });
    const unknown = await t.call(getAllRefundsCall, { storeId: 999_999_999 }, { token: shop.token });
    expect([foreign.reason, foreign.message]).toEqual([unknown.reason, unknown.message]);
    expect(foreign.reason).toBe('STORE_NOT_FOUND');
  });

  it('lists a refund through the merchant API or a POS device as added by that door, Processed', async () => {
    const uuid = await paid('api');
    const refunded = await doors.apiCall(`/payments/${uuid}/refunds`, { amount: 300 });
    expect(refunded.status).toBe(201);
    const row = (await list({ search: uuid })).data.find((refund) => refund.refunded_transaction.uuid === uuid)!;
    expect(row).toMatchObject({ source: 'api', status: 2, status_str: 'Processed', amount: 300 });
    expect(row.details.map((detail) => detail.status_str)).toEqual(['Initiated', 'Processed']);
    expect((await amountsOf(uuid)).data).toMatchObject({ processedRefundAmount: 300, remainingRefundAmount: 9_700 });
  });
});

describe('cancel-refund-request', () => {
  it('cancels a Pending request (3 Canceled) and refuses anything else by name; another merchant’s is not found', async () => {
    const uuid = await paid('link');
    const created = await create({ transactionId: uuid, amount: 1_000, isPartial: 1 });
    const foreign = await t.call(cancelRefundRequestCall, { refundId: created.data.id }, { token: other.token });
    const unknown = await t.call(cancelRefundRequestCall, { refundId: 999_999_999 }, { token: other.token });
    expect([foreign.reason, foreign.message]).toEqual([unknown.reason, unknown.message]);
    expect(foreign.reason).toBe('REFUND_NOT_FOUND');
    const canceled = await t.call(cancelRefundRequestCall, { refundId: created.data.id }, { token: shop.token });
    expect(canceled.data).toEqual({ status: 3, status_str: 'Canceled' });
    const again = await t.call(cancelRefundRequestCall, { refundId: created.data.id }, { token: shop.token });
    expect([again.reason, again.message]).toEqual(['REFUND_NOT_PENDING', 'This refund is Canceled: only a pending refund can be changed.']);
    expect(await historyOf(created.data.id)).toEqual(['Pending', 'Canceled']);
    expect((await amountsOf(uuid)).data).toMatchObject({ pendingRefundsAmount: 0, remainingRefundAmount: 10_000 });
  });
});

describe('the console', () => {
  const decide = (body: Parameters<typeof t.call<typeof adminProcessRefundCall>>[1]) =>
    t.call(adminProcessRefundCall, body, { token: admin.token });

  it('lists every merchant’s requests with the merchant, filtered by merchant, status and search', async () => {
    const answer = await t.call(
      adminGetRefundRequestsCall,
      { merchantId: Number(shop.id), status: 0, perPage: 500 },
      { token: admin.token },
    );
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.data.length).toBeGreaterThan(0);
    expect(answer.data.data.every((row) => row.status === 0 && row.merchant.id === Number(shop.id))).toBe(true);
    expect(answer.data.data[0]!.merchant.email).toBe(shop.email);
    const bySearch = await t.call(adminGetRefundRequestsCall, { search: shop.email }, { token: admin.token });
    expect(bySearch.data.data.every((row) => row.merchant.id === Number(shop.id))).toBe(true);
    expect((await t.call(adminGetRefundRequestsCall, {}, { token: shop.token })).reason).toBe('AUDIENCE_NOT_ALLOWED');
  });

  it('approves: Initiated at once, the job posts it once (merchant -R, gateway +R), Processed; the merchant is told', async () => {
    const uuid = await paid('pos');
    const created = await create({ transactionId: uuid, amount: 4_000, description: 'Approve me', isPartial: 1 });
    const money = await countMoneyRows(t);
    // Two approvals at once: one applies, the other finds it no longer Pending.
    const [first, second] = await Promise.all([
      decide({ refundId: created.data.id, status: 2, comment: 'ok' }),
      decide({ refundId: created.data.id, status: 2, comment: 'ok' }),
    ]);
    expect([first.reason, second.reason].sort()).toEqual(['REFUND_NOT_PENDING', undefined]);
    const approved = first.reason ? second : first;
    expect(approved.data).toEqual({ id: created.data.id, status: 1, status_str: 'Initiated' });
    expect(await countMoneyRows(t)).toEqual(money);
    expect(await runner.drain()).toContain('done');
    expect(await runApprovedRefund(t.deps, BigInt(created.data.id))).toBe('skipped');
    expect(await historyOf(created.data.id)).toEqual(['Pending', 'Initiated', 'Processed']);
    const refunds = await t.deps.db
      .selectFrom('transactions')
      .select(['amount', 'status'])
      .where('reference_id', '=', uuid)
      .where('transaction_type_id', '=', 6)
      .execute();
    expect(refunds).toEqual([{ amount: 4_000n, status: 1 }]);
    expect((await amountsOf(uuid)).data).toEqual({
      transactionAmount: 10_000,
      processedRefundAmount: 4_000,
      pendingRefundsAmount: 0,
      remainingRefundAmount: 6_000,
    });
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', shop.id)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(notices.map((notice) => notice.type)).toContain('merchant-payment-refunded');
    expect(await countRows(t, ['audit_log'])).toBeTruthy();
    const audited = await t.deps.db.selectFrom('audit_log').select('action').where('subject_id', '=', String(created.data.id)).execute();
    expect(audited.map((row) => row.action).sort()).toEqual(['refund.create', 'refund.post', 'refund.process']);
    await expectLedgerInvariants(t);
  });

  it('rejects with a comment (required): 4 Rejected, the comment in the history, the merchant told why; nothing moves', async () => {
    const uuid = await paid('link');
    const created = await create({ transactionId: uuid, amount: 500, isPartial: 1 });
    const noComment = await decide({ refundId: created.data.id, status: 4 });
    expect([noComment.reason, noComment.data]).toEqual(['VALIDATION_FAILED', { errors: { comment: 'The comment field is required' } }]);
    expect((await decide({ refundId: created.data.id, status: 3, comment: 'x' })).reason).toBe('VALIDATION_FAILED');
    const money = await countMoneyRows(t);
    const rejected = await decide({ refundId: created.data.id, status: 4, comment: 'Goods were never returned' });
    expect(rejected.data).toEqual({ id: created.data.id, status: 4, status_str: 'Rejected' });
    // Nothing moved: only the merchant's notice was written.
    expect(await countMoneyRows(t)).toEqual({ ...money, notifications: money.notifications + 1 });
    const row = (await t.call(getAllRefundsCall, { search: created.data.uuid }, { token: shop.token })).data.data[0]!;
    expect(row.details.map((detail) => [detail.status_str, detail.comment])).toEqual([
      ['Pending', null],
      ['Rejected', 'Goods were never returned'],
    ]);
    const notice = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', shop.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({ type: 'refund-rejected', message: 'Your refund of AED 5.00 was rejected: Goods were never returned' });
    expect((await decide({ refundId: 999_999_999, status: 2 })).reason).toBe('REFUND_NOT_FOUND');
  });

  it('rejects an approved refund the merchant’s wallet cannot pay, moving nothing', async () => {
    const poor = await createTestMerchant(t);
    await giveMerchantFees(t, poor.id);
    const poorDoors = await openPaymentDoors(t, poor);
    const uuid = await paid('link', poorDoors);
    // The payment left 96.32 on hold: a whole refund of 100.00 cannot be paid.
    const created = await t.call(createRefundRequestCall, { transactionId: uuid, amount: 10_000, isPartial: 0 }, { token: poor.token });
    expect((await decide({ refundId: created.data.id, status: 2 })).data.status).toBe(1);
    const money = await countMoneyRows(t);
    await runner.drain();
    expect(await countMoneyRows(t)).toEqual({ ...money, notifications: money.notifications + 1 });
    const row = (await t.call(getAllRefundsCall, {}, { token: poor.token })).data.data[0]!;
    expect(row.details.map((detail) => [detail.status_str, detail.comment])).toEqual([
      ['Pending', null],
      ['Initiated', null],
      ['Rejected', 'The balance is not enough to refund this payment.'],
    ]);
  });
});

describe('the refunds export', () => {
  it('writes the rows the list shows, with its filters', async () => {
    const generated = await t.call(generateReportCall, { reportType: 'refunds', exportAs: 'excel', status: 0 }, { token: shop.token });
    expect(generated.code, generated.message).toBe(200);
    await runner.drain();
    const report = await t.call(getReportCall, { reportId: generated.data.reportId }, { token: shop.token });
    const pending = (await t.call(getAllRefundsCall, { status: 0 }, { token: shop.token })).data.paginationData.total;
    expect(report.data).toMatchObject({ status: 'ready', progress: { rowsWritten: pending, rowsTotal: pending } });
    const refused = await t.call(generateReportCall, { reportType: 'refunds', exportAs: 'pdf' }, { token: shop.staff[1]!.token });
    expect(refused.reason).toBe('FEATURE_NOT_GRANTED');
  });
});
