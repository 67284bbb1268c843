// Settlements with a rolling reserve, through the real app on both databases: the console's
// configurations (every refusal by name, nothing written), a run by hand settling the payments of
// each door once (aggregate with a 10% reserve on the online channel, direct on the POS channel
// that overrides it), a refund paid from on hold before the run reducing the settlement, the
// postings and balances, the merchant's list and detail (header, transactions, summary), another
// merchant's ids and featureless staff refused, a second run settling nothing, the schedule's
// day run and its delay, the release of the reserve when due and not before, the notices, the
// runs list and the Excel-only exports. The file ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGetSettlementConfigsCall,
  adminGetSettlementRunsCall,
  adminProcessRefundCall,
  adminRunSettlementsCall,
  adminRemoveSettlementConfigCall,
  adminUpdateSettlementConfigCall,
  createRefundRequestCall,
  generateReportCall,
  getReportCall,
  settlementsCall,
  type TSettlementRun,
} from '@paywallet/contract';
import { countRows, createTestApp, DEMO_MERCHANT, fieldErrors, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { RESERVE_RELEASE_BATCH, SETTLEMENT_BATCH } from './settlements.jobs.ts';

let t: TestApp;
let shop: TestMerchant;
let other: TestMerchant;
let doors: PaymentDoors;
let otherDoors: PaymentDoors;
let admin: TestAdmin;
let runner: JobRunner;
/** Before the file's first payment: a run up to it settles nothing, however slow the machine. */
let beforeAnyPayment: Date;

const CONFIG_TABLES = ['settlement_configs', 'audit_log'] as const;
const SETTLEMENT_TABLES = ['settlements', 'rolling_reserves', 'transactions', 'ledger_entries'] as const;

beforeAll(async () => {
  beforeAnyPayment = new Date();
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, { staff: [{ features: ['settlements'] }, { features: ['transactions'] }] });
  other = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, other.id);
  doors = await openPaymentDoors(t, shop);
  otherDoors = await openPaymentDoors(t, other);
  admin = await createTestAdmin(t);
  runner = new JobRunner(t.deps, { runnerId: 'settlements-test-runner', pollIntervalMs: 20 });
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

const onlineChannel = (merchant: TestMerchant) => merchant.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'online')!;
const posChannel = (merchant: TestMerchant) => merchant.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;

async function wallet(walletId: bigint) {
  return t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['available_balance', 'balance_on_hold'])
    .where('id', '=', walletId)
    .executeTakeFirstOrThrow();
}

async function reserveWalletOf(userId: bigint) {
  return t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['id', 'available_balance'])
    .where('user_id', '=', userId)
    .where('is_default', '=', 2)
    .executeTakeFirst();
}

async function payouts(): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('system_account', '=', 'payouts')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** What a payment left on the merchant's on-hold balance. */
async function leftOnHold(uuid: string): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('ledger_entries')
    .innerJoin('transactions', 'transactions.id', 'ledger_entries.transaction_id')
    .select((eb) => eb.fn.sum<string>('ledger_entries.amount').as('total'))
    .where('transactions.uuid', '=', uuid)
    .where('ledger_entries.bucket', '=', 'on_hold')
    .where('ledger_entries.wallet_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

async function settlementOf(uuid: string): Promise<bigint | null> {
  const row = await t.deps.db.selectFrom('transactions').select('settlement_id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return row.settlement_id;
}

const configure = (body: Parameters<typeof t.call<typeof adminUpdateSettlementConfigCall>>[1], token = admin.token) =>
  t.call(adminUpdateSettlementConfigCall, body, { token });

async function runByHand(body: Parameters<typeof t.call<typeof adminRunSettlementsCall>>[1] = {}): Promise<TSettlementRun> {
  const started = await t.call(adminRunSettlementsCall, body, { token: admin.token });
  expect(started.code, started.message).toBe(200);
  await runner.drain();
  const runs = await t.call(adminGetSettlementRunsCall, { perPage: 50 }, { token: admin.token });
  return runs.data.data.find((run) => run.id === started.data.id)!;
}

describe('settlement configurations', () => {
  it('refuses bad values by name and writes nothing', async () => {
    const before = await countRows(t, CONFIG_TABLES);
    const base = { merchantId: Number(shop.id), type: 'aggregate' as const, reserveBps: 1000, reserveHoldSeconds: 7 * 86_400 };
    const tooMuch = await configure({ ...base, reserveBps: 10_001 });
    expect(tooMuch.reason).toBe('VALIDATION_FAILED');
    expect(fieldErrors(tooMuch).reserveBps).toBe('The rolling reserve must be between 0% and 100%');
    const tooLong = await configure({ ...base, reserveHoldSeconds: 366 * 86_400 });
    expect(fieldErrors(tooLong).reserveHoldSeconds).toBe('The reserve hold duration must be between 0 and 365 days');
    expect(fieldErrors(await configure({ ...base, reserveBps: -1 })).reserveBps).toBeDefined();
    expect(fieldErrors(await configure({ ...base, type: 'direct' })).reserveBps).toBe('A direct settlement cannot hold a rolling reserve');
    expect(fieldErrors(await configure({ ...base, type: 'weekly' as never })).type).toBe('The selected type is invalid');
    expect(fieldErrors(await configure({ ...base, delayDays: 0 })).delayDays).toBeDefined();
    expect((await configure({ ...base, merchantId: 999_999_999 })).reason).toBe('MERCHANT_NOT_FOUND');
    expect((await configure({ ...base, merchantId: Number(admin.id) })).reason).toBe('MERCHANT_NOT_FOUND');
    // Another merchant's channel is not this merchant's.
    expect((await configure({ ...base, channelId: Number(onlineChannel(other).id) })).reason).toBe('CHANNEL_NOT_FOUND');
    // Only administrators configure.
    expect((await configure(base, shop.token)).reason).toBe('AUDIENCE_NOT_ALLOWED');
    expect(await countRows(t, CONFIG_TABLES)).toEqual(before);
  });

  it("sets the merchant's configuration and a channel's override, audited, and lists them", async () => {
    const saved = await configure({ merchantId: Number(shop.id), type: 1, reserveBps: 1000, reserveHoldSeconds: 7 * 86_400 });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ type: 'aggregate', schedule: 'daily', delay_days: 1, reserve_bps: 1000, channel: null });
    // Saving again replaces it.
    const again = await configure({
      merchantId: Number(shop.id),
      type: 'aggregate',
      reserveBps: 1000,
      reserveHoldSeconds: 7 * 86_400,
      delayDays: 1,
    });
    expect(again.data.id).toBe(saved.data.id);
    const pos = await configure({
      merchantId: Number(shop.id),
      channelId: Number(posChannel(shop).id),
      type: 'direct',
      reserveBps: 0,
      reserveHoldSeconds: 0,
    });
    expect(pos.data).toMatchObject({ type: 'direct', channel: { id: Number(posChannel(shop).id) } });
    await configure({ merchantId: Number(other.id), type: 'aggregate', reserveBps: 0, reserveHoldSeconds: 0 });

    const listed = await t.call(adminGetSettlementConfigsCall, { merchantId: Number(shop.id) }, { token: admin.token });
    expect(listed.data.data.map((row) => row.type)).toEqual(['aggregate', 'direct']);
    expect(listed.data.paginationData.total).toBe(2);
    const audits = await t.deps.db.selectFrom('audit_log').select('subject_id').where('action', '=', 'settlement-config.update').execute();
    expect(audits).toHaveLength(4);
  });

  it("removes a channel's override, audited, back to the merchant's; never the merchant's own, nor another merchant's channel", async () => {
    const remove = (body: Parameters<typeof t.call<typeof adminRemoveSettlementConfigCall>>[1], token = admin.token) =>
      t.call(adminRemoveSettlementConfigCall, body, { token });
    const channelId = Number(onlineChannel(other).id);
    const override = await configure({
      merchantId: Number(other.id),
      channelId,
      type: 'aggregate',
      reserveBps: 500,
      reserveHoldSeconds: 3_600,
    });
    expect(override.code, override.message).toBe(200);
    const before = await countRows(t, CONFIG_TABLES);
    const refusals = [
      // The merchant-wide configuration is edited, never removed.
      [await remove({ merchantId: Number(other.id) }), 422, 'SETTLEMENT_CONFIG_MERCHANT_WIDE'],
      // Another merchant's channel answers like an unknown one, whichever merchant is named.
      [await remove({ merchantId: Number(shop.id), channelId }), 404, 'CHANNEL_NOT_FOUND'],
      [await remove({ merchantId: Number(other.id), channelId: Number(posChannel(shop).id) }), 404, 'CHANNEL_NOT_FOUND'],
      [await remove({ merchantId: 999_999_999, channelId }), 404, 'MERCHANT_NOT_FOUND'],
      // A channel without an override of its own has nothing to remove.
      [await remove({ merchantId: Number(other.id), channelId: Number(posChannel(other).id) }), 404, 'SETTLEMENT_CONFIG_NOT_FOUND'],
      [await remove({ merchantId: Number(other.id), channelId }, other.token), 403, 'AUDIENCE_NOT_ALLOWED'],
      [await remove({ merchantId: Number(other.id), channelId }, shop.token), 403, 'AUDIENCE_NOT_ALLOWED'],
    ] as const;
    for (const [answer, code, reason] of refusals) expect([answer.code, answer.reason]).toEqual([code, reason]);
    expect((await t.post(adminRemoveSettlementConfigCall.path, { channelId: 'x' }, { token: admin.token })).reason).toBe(
      'VALIDATION_FAILED',
    );
    expect(await countRows(t, CONFIG_TABLES)).toEqual(before);

    const removed = await remove({ merchantId: Number(other.id), channelId });
    expect([removed.code, removed.data]).toEqual([200, { id: override.data.id }]);
    expect(removed.message).toBe("The channel's settlement configuration was removed: its payments follow the merchant's configuration.");
    const listed = await t.call(adminGetSettlementConfigsCall, { merchantId: Number(other.id) }, { token: admin.token });
    expect(listed.data.data.map((row) => row.channel)).toEqual([null]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_type', 'subject_id'])
      .where('action', '=', 'settlement-config.remove')
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.id, subject_type: 'settlement_config', subject_id: String(override.data.id) }]);
    // Removed once: a second removal finds nothing to remove.
    expect((await remove({ merchantId: Number(other.id), channelId })).reason).toBe('SETTLEMENT_CONFIG_NOT_FOUND');
  });
});

describe('a settlement run', () => {
  const paid = { link: '', api: '', pos: '', other: '' };

  it('settles each payment once: aggregate with its reserve, direct to payouts, less an on-hold refund', async () => {
    paid.link = (await doors.link(SANDBOX_CARDS.approved)).payment.transactionId;
    paid.api = (await doors.api(SANDBOX_CARDS.approved)).body.transactionId!;
    const pos = await doors.pos(SANDBOX_CARDS.approved);
    paid.pos = pos.body.transactionId as string;
    paid.other = (await otherDoors.api(SANDBOX_CARDS.approved)).body.transactionId!;

    // A refund of the link payment before settlement: the wallet has nothing available, so it comes from on hold.
    const refund = await t.call(createRefundRequestCall, { transactionId: paid.link, amount: 1_500, isPartial: 1 }, { token: shop.token });
    expect(refund.code, refund.message).toBe(200);
    expect((await t.call(adminProcessRefundCall, { refundId: refund.data.id, status: 2 }, { token: admin.token })).code).toBe(200);
    await runner.drain();

    const walletId = shop.wallets.AED!;
    const before = await wallet(walletId);
    expect(before.available_balance).toBe(0n);
    const payoutsBefore = await payouts();
    const online = (await leftOnHold(paid.link)) + (await leftOnHold(paid.api)) - 1_500n;
    const direct = await leftOnHold(paid.pos);
    expect(before.balance_on_hold).toBe(online + direct);

    const run = await runByHand({ merchantUserId: Number(shop.id) });
    expect(run).toMatchObject({ state: 'done', manual: true, merchant_id: Number(shop.id), items_done: 2, items_failed: 0 });
    expect(run.settlements.map((settlement) => settlement.type).sort()).toEqual(['aggregate', 'direct']);

    const reserve = online / 10n;
    const after = await wallet(walletId);
    expect(after.balance_on_hold).toBe(0n);
    expect(after.available_balance).toBe(online - reserve);
    expect((await reserveWalletOf(shop.id))!.available_balance).toBe(reserve);
    expect((await payouts()) - payoutsBefore).toBe(direct);
    // Every payment and the on-hold refund belong to a settlement; the other merchant's is untouched.
    for (const uuid of [paid.link, paid.api, paid.pos]) expect(await settlementOf(uuid)).not.toBeNull();
    expect(await settlementOf(paid.other)).toBeNull();
    const refundRow = await t.deps.db
      .selectFrom('transactions')
      .select(['settlement_id'])
      .where('transaction_type_id', '=', 6)
      .where('reference_id', '=', paid.link)
      .executeTakeFirstOrThrow();
    expect(refundRow.settlement_id).toBe(await settlementOf(paid.link));
    const settled = await t.deps.db
      .selectFrom('transactions')
      .select(['settlement_status', 'settlement_date'])
      .where('uuid', '=', paid.api)
      .executeTakeFirstOrThrow();
    expect(settled.settlement_status).toBe(3);
    expect(settled.settlement_date).not.toBeNull();

    // The postings: type 12 and 7, each under its settlement's key.
    const postings = await t.deps.db
      .selectFrom('transactions')
      .select(['transaction_type_id', 'posting_key', 'amount'])
      .where('transaction_type_id', 'in', [7, 12])
      .where('sender_user_id', '=', shop.id)
      .orderBy('transaction_type_id')
      .execute();
    expect(postings.map((row) => [row.transaction_type_id, row.amount])).toEqual([
      [7, direct],
      [12, online],
    ]);
    for (const row of postings) expect(row.posting_key).toMatch(/^settlement:[0-9a-f-]{36}$/);
    // The merchant is told, on the bell.
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', shop.id)
      .where('type', '=', 'settlement-completed')
      .execute();
    expect(notices).toHaveLength(2);
    const staffNotices = await t.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', shop.staff[0]!.id)
      .where('type', '=', 'settlement-completed')
      .execute();
    expect(staffNotices).toHaveLength(2);
    const audits = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'settlement.post')
      .where('on_behalf_of_user_id', '=', shop.id)
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('settles nothing twice: a second run by hand finds nothing', async () => {
    const before = await countRows(t, SETTLEMENT_TABLES);
    const run = await runByHand({ merchantUserId: Number(shop.id) });
    expect(run.items_done + run.items_skipped).toBe(0);
    expect(await countRows(t, SETTLEMENT_TABLES)).toEqual(before);
  });

  it('answers the same run for the same cut-off, and refuses a cut-off in the future', async () => {
    // Not "a few seconds ago": on a slow machine that took in the other merchant's payment, which
    // the day run below must be the first to settle.
    const cutoff = beforeAnyPayment.toISOString();
    const first = await t.call(adminRunSettlementsCall, { cutoff }, { token: admin.token });
    const second = await t.call(adminRunSettlementsCall, { cutoff }, { token: admin.token });
    expect(second.data.id).toBe(first.data.id);
    await runner.drain();
    const future = await t.call(
      adminRunSettlementsCall,
      { cutoff: new Date(Date.now() + 3_600_000).toISOString() },
      { token: admin.token },
    );
    expect(future.reason).toBe('SETTLEMENT_CUTOFF_IN_FUTURE');
    expect((await t.call(adminRunSettlementsCall, { cutoff: 'yesterday' }, { token: admin.token })).reason).toBe('VALIDATION_FAILED');
    expect((await t.call(adminRunSettlementsCall, { merchantUserId: 999_999_999 }, { token: admin.token })).reason).toBe(
      'MERCHANT_NOT_FOUND',
    );
    expect((await t.call(adminRunSettlementsCall, {}, { token: shop.token })).reason).toBe('AUDIENCE_NOT_ALLOWED');
  });

  it("the schedule's day run settles up to the day's cut-off less the delay (T+1)", async () => {
    const uuid = (await otherDoors.link(SANDBOX_CARDS.approved)).payment.transactionId;
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // Today's run (T+1: payments up to the end of yesterday) does not take today's payments.
    await startBatchRun(t.deps.db, SETTLEMENT_BATCH, `day:${today}`);
    await runner.drain();
    expect(await settlementOf(uuid)).toBeNull();
    expect(await settlementOf(paid.other)).toBeNull();
    // Tomorrow's does, both of them, in one settlement; with no reserve, all goes to available.
    const onHold = (await wallet(other.wallets.AED!)).balance_on_hold;
    await startBatchRun(t.deps.db, SETTLEMENT_BATCH, `day:${tomorrow}`);
    await runner.drain();
    expect(await settlementOf(uuid)).not.toBeNull();
    expect(await settlementOf(uuid)).toBe(await settlementOf(paid.other));
    expect(await wallet(other.wallets.AED!)).toEqual({ balance_on_hold: 0n, available_balance: onHold });
    expect(await reserveWalletOf(other.id)).toBeUndefined();
  });

  it("lists the runs with their counts and settlements, one merchant's with merchantId", async () => {
    const all = await t.call(adminGetSettlementRunsCall, {}, { token: admin.token });
    expect(all.data.data.every((run) => run.state === 'done')).toBe(true);
    const mine = await t.call(adminGetSettlementRunsCall, { merchantId: Number(other.id) }, { token: admin.token });
    const settledOther = mine.data.data.flatMap((run) => run.settlements);
    expect(settledOther).toHaveLength(1);
    expect(settledOther[0]).toMatchObject({
      merchant_id: Number(other.id),
      type: 'aggregate',
      reserve_amount: null,
      transactions_count: 2,
    });
    expect(mine.data.data.find((run) => run.period.startsWith('day:'))).toBeDefined();
  });

  it('a refund of a settled payment comes from available', async () => {
    const before = await wallet(shop.wallets.AED!);
    const refund = await t.call(createRefundRequestCall, { transactionId: paid.api, amount: 100, isPartial: 1 }, { token: shop.token });
    await t.call(adminProcessRefundCall, { refundId: refund.data.id, status: 2 }, { token: admin.token });
    await runner.drain();
    const after = await wallet(shop.wallets.AED!);
    expect(after).toEqual({ available_balance: before.available_balance - 100n, balance_on_hold: before.balance_on_hold });
  });
});

describe("the merchant's settlements", () => {
  it('lists the settlements of a type with the reserve, and one settlement with its transactions and summary', async () => {
    const aggregate = await t.call(settlementsCall, { type: 'aggregate' }, { token: shop.token });
    expect(aggregate.code, aggregate.message).toBe(200);
    expect(aggregate.data.details).toBeNull();
    expect(aggregate.data.data).toHaveLength(1);
    const row = aggregate.data.data[0]!;
    expect(row).toMatchObject({
      type: 'aggregate',
      status: 3,
      status_str: 'Done',
      channel: { name: expect.any(String) },
      user_account: { currency: { code: 'AED' } },
    });
    expect(row.settlement_amount).toBe(row.amount - row.fee - row.vat);
    expect(row.rolling_reserve).toMatchObject({ rolling_reserve: 1000, status: 0, status_str: 'Pending', time_interval: 7 * 86_400 });
    expect(row.rolling_reserve!.amount).toBe(Math.floor(row.settlement_amount / 10));
    expect(row.reference).toMatch(/^[0-9a-f-]{36}$/);

    const direct = await t.call(settlementsCall, { type: 2 }, { token: shop.token });
    expect(direct.data.data.map((settlement) => [settlement.type, settlement.rolling_reserve])).toEqual([['direct', null]]);
    // The store scope: another merchant's channel is refused by name.
    expect(
      (await t.call(settlementsCall, { type: 'aggregate', channelId: Number(onlineChannel(other).id) }, { token: shop.token })).reason,
    ).toBe('CHANNEL_NOT_FOUND');
    const byPosChannel = await t.call(
      settlementsCall,
      { type: 'aggregate', channelId: Number(posChannel(shop).id) },
      { token: shop.token },
    );
    expect(byPosChannel.data.data).toHaveLength(0);

    const detail = await t.call(settlementsCall, { type: 'aggregate', settlementId: row.id }, { token: shop.token });
    expect(detail.data.data).toEqual([row]);
    const { transactions, summary } = detail.data.details!;
    expect(transactions.map((transaction) => transaction.transaction_type_id).sort()).toEqual([6, 8, 9]);
    const refundRow = transactions.find((transaction) => transaction.transaction_type_id === 6)!;
    expect(refundRow.refunded_transaction).toMatchObject({ amount: expect.any(Number) });
    expect(refundRow.settled_amount).toBe(-1_500);
    expect(transactions.reduce((sum, transaction) => sum + transaction.settled_amount, 0)).toBe(row.settlement_amount);
    expect(summary).toEqual({
      payable_amount: row.amount,
      fee: row.fee,
      vat: row.vat,
      settlement_amount: row.settlement_amount,
      reserve_percent: 1000,
      reserve_amount: row.rolling_reserve!.amount,
      settlement_after_reserve: row.settlement_amount - row.rolling_reserve!.amount,
    });
    const directDetail = await t.call(settlementsCall, { type: 'direct', settlementId: direct.data.data[0]!.id }, { token: shop.token });
    expect(directDetail.data.details!.summary).toMatchObject({
      reserve_percent: null,
      reserve_amount: null,
      settlement_after_reserve: null,
    });
  });

  it("refuses another merchant's settlement by name, staff without the feature, and allows staff with it", async () => {
    const mine = (await t.call(settlementsCall, { type: 'aggregate' }, { token: shop.token })).data.data[0]!;
    const theirs = await t.call(settlementsCall, { type: 'aggregate', settlementId: mine.id }, { token: other.token });
    expect(theirs.reason).toBe('SETTLEMENT_NOT_FOUND');
    expect((await t.call(settlementsCall, { type: 'aggregate', settlementId: 999_999_999 }, { token: shop.token })).reason).toBe(
      'SETTLEMENT_NOT_FOUND',
    );
    expect(
      (await t.call(settlementsCall, { type: 'aggregate' }, { token: other.token })).data.data.every((row) => row.id !== mine.id),
    ).toBe(true);
    expect((await t.call(settlementsCall, { type: 'aggregate' }, { token: shop.staff[1]!.token })).reason).toBe('FEATURE_NOT_GRANTED');
    expect(
      (await t.call(settlementsCall, { type: 'aggregate', settlementId: mine.id }, { token: shop.staff[0]!.token })).data.data,
    ).toEqual([mine]);
    expect((await t.call(settlementsCall, { type: 'aggregate' }, { token: admin.token })).reason).toBe('AUDIENCE_NOT_ALLOWED');
  });

  it('exports the list and one settlement in Excel only', async () => {
    const mine = (await t.call(settlementsCall, { type: 'aggregate' }, { token: shop.token })).data.data[0]!;
    const pdf = await t.call(generateReportCall, { reportType: 'settlements', exportAs: 'pdf', type: 1 }, { token: shop.token });
    expect(pdf.reason).toBe('REPORT_FORMAT_NOT_OFFERED');
    expect(
      (await t.call(generateReportCall, { reportType: 'settlement', exportAs: 'pdf', settlementId: mine.id }, { token: shop.token }))
        .reason,
    ).toBe('REPORT_FORMAT_NOT_OFFERED');
    expect(
      (await t.call(generateReportCall, { reportType: 'settlement', exportAs: 'excel', settlementId: mine.id }, { token: other.token }))
        .reason,
    ).toBe('SETTLEMENT_NOT_FOUND');
    expect(
      (await t.call(generateReportCall, { reportType: 'settlements', exportAs: 'excel', type: 1 }, { token: shop.staff[1]!.token })).reason,
    ).toBe('FEATURE_NOT_GRANTED');
    for (const body of [
      { reportType: 'settlements' as const, exportAs: 'excel' as const, type: 1 },
      { reportType: 'settlement' as const, exportAs: 'excel' as const, settlementId: mine.id },
    ]) {
      const started = await t.call(generateReportCall, body, { token: shop.token });
      expect(started.code, started.message).toBe(200);
      await runner.drain();
      const report = await t.call(getReportCall, { reportId: started.data.reportId }, { token: shop.token });
      expect(report.data).toMatchObject({ status: 'ready' });
      expect(report.data.progress.rowsTotal).toBe(body.reportType === 'settlements' ? 1 : 3);
    }
  });
});

describe('the rolling reserve', () => {
  it('is released when due and not before: type 14 with the reserve as reference, once', async () => {
    const reserve = await t.deps.db
      .selectFrom('rolling_reserves')
      .selectAll()
      .where('merchant_user_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    const walletId = shop.wallets.AED!;
    const before = await wallet(walletId);
    // A run of now: not due for 7 days.
    await startBatchRun(t.deps.db, RESERVE_RELEASE_BATCH, new Date().toISOString());
    await runner.drain();
    expect(
      (await t.deps.db.selectFrom('rolling_reserves').select('status').where('id', '=', reserve.id).executeTakeFirstOrThrow()).status,
    ).toBe(0);
    expect(await wallet(walletId)).toEqual(before);

    // A run of the moment it is due releases it; a later run finds nothing more.
    const due = new Date(reserve.release_at.getTime() + 1000).toISOString();
    await startBatchRun(t.deps.db, RESERVE_RELEASE_BATCH, due);
    await runner.drain();
    await startBatchRun(t.deps.db, RESERVE_RELEASE_BATCH, new Date(reserve.release_at.getTime() + 600_000).toISOString());
    await runner.drain();
    const released = await t.deps.db
      .selectFrom('rolling_reserves')
      .select(['status', 'release_transaction_id'])
      .where('id', '=', reserve.id)
      .executeTakeFirstOrThrow();
    expect(released.status).toBe(3);
    const posting = await t.deps.db
      .selectFrom('transactions')
      .select(['transaction_type_id', 'reference_id', 'posting_key', 'amount'])
      .where('id', '=', released.release_transaction_id!)
      .executeTakeFirstOrThrow();
    expect(posting).toEqual({
      transaction_type_id: 14,
      reference_id: reserve.uuid,
      posting_key: `reserve-release:${reserve.uuid}`,
      amount: reserve.amount,
    });
    expect(await wallet(walletId)).toEqual({ ...before, available_balance: before.available_balance + reserve.amount });
    expect((await reserveWalletOf(shop.id))!.available_balance).toBe(0n);
    const notices = await t.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', shop.id)
      .where('type', '=', 'rolling-reserve-released')
      .execute();
    expect(notices).toHaveLength(1);
    const listed = (await t.call(settlementsCall, { type: 'aggregate' }, { token: shop.token })).data.data[0]!;
    expect(listed.rolling_reserve).toMatchObject({ status: 3, status_str: 'Completed', release_transaction_uuid: expect.any(String) });
  });
});

describe('the demo merchant', () => {
  it('is seeded aggregate, daily T+1, with a 10% reserve held 7 days', async () => {
    const demo = await createTestApp();
    try {
      const merchant = await demo.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_MERCHANT.email)
        .executeTakeFirstOrThrow();
      const configs = await demo.deps.db.selectFrom('settlement_configs').selectAll().where('merchant_user_id', '=', merchant.id).execute();
      expect(configs).toMatchObject([
        { channel_id: null, type: 1, schedule: 'daily', delay_days: 1, reserve_bps: 1000, reserve_hold_seconds: 7 * 86_400 },
      ]);
    } finally {
      await demo.close();
    }
  });
});
