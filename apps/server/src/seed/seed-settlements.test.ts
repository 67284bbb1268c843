// Proves the demo merchant's first settlement is what docs/settlements.md "Demo data" says: the
// merchant reads one aggregate USD settlement of the three demo card payments and the partial
// refund paid from on hold, Done, with its 10% reserve Pending for 7 days; its details carry the
// refund row (negative) and every line of the summary; the balances are the postings'; seeding
// again writes nothing; and the ledger invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementsCall } from '@paywallet/contract';
import { countRows, createTestApp, DEMO_MERCHANT, signIn, type TestApp } from '../test/harness.ts';
import { expectLedgerInvariants, MONEY_TABLES } from '../test/money.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_REFUND_MINOR, DEMO_SETTLEMENT_LINK } from './seed-settlements.ts';

describe("the demo merchant's first settlement", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t, DEMO_MERCHANT);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t);
    await t.close();
  });

  it('lists one aggregate settlement, Done, with its reserve Pending', async () => {
    const aggregate = await t.call(settlementsCall, { type: 'aggregate' }, { token });
    expect(aggregate.code, aggregate.message).toBe(200);
    expect(aggregate.data.data).toHaveLength(1);
    const row = aggregate.data.data[0]!;
    expect(row).toMatchObject({
      type: 'aggregate',
      status_str: 'Done',
      transactions_count: 3,
      channel: { code: 'HCR-ALQ-WEB' },
      user_account: { currency: { code: DEMO_SETTLEMENT_LINK.currency } },
    });
    expect(row.amount).toBe(3 * Number(DEMO_SETTLEMENT_LINK.amountMinor) - Number(DEMO_REFUND_MINOR));
    expect(row.rolling_reserve).toMatchObject({ rolling_reserve: 1000, status_str: 'Pending', time_interval: 7 * 86_400 });
    expect(row.rolling_reserve!.amount).toBe(Math.floor(row.settlement_amount / 10));
    expect((await t.call(settlementsCall, { type: 'direct' }, { token })).data.data).toEqual([]);
  });

  it('details the payments and the refund, and every line of the summary', async () => {
    const [row] = (await t.call(settlementsCall, { type: 'aggregate' }, { token })).data.data;
    const detail = await t.call(settlementsCall, { type: 'aggregate', settlementId: row!.id }, { token });
    const { transactions, summary } = detail.data.details!;
    expect(transactions.map((transaction) => transaction.transaction_type_id).sort()).toEqual([6, 8, 8, 8]);
    const refund = transactions.find((transaction) => transaction.transaction_type_id === 6)!;
    expect(refund.settled_amount).toBe(-Number(DEMO_REFUND_MINOR));
    expect(refund.refunded_transaction).toMatchObject({ amount: Number(DEMO_SETTLEMENT_LINK.amountMinor) });
    expect(transactions.reduce((sum, transaction) => sum + transaction.settled_amount, 0)).toBe(row!.settlement_amount);
    expect(summary).toEqual({
      payable_amount: row!.amount,
      fee: row!.fee,
      vat: row!.vat,
      settlement_amount: row!.settlement_amount,
      reserve_percent: 1000,
      reserve_amount: row!.rolling_reserve!.amount,
      settlement_after_reserve: row!.settlement_amount - row!.rolling_reserve!.amount,
    });
    expect(summary.fee).toBeGreaterThan(0);
    expect(summary.vat).toBeGreaterThan(0);
  });

  it('leaves the settled money in the USD wallet and the reserve wallet, nothing on hold', async () => {
    const [row] = (await t.call(settlementsCall, { type: 'aggregate' }, { token })).data.data;
    const wallets = await t.deps.db
      .selectFrom('wallet_balances as wallets')
      .innerJoin('users', 'users.id', 'wallets.user_id')
      .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
      .select(['wallets.is_default', 'wallets.available_balance', 'wallets.balance_on_hold'])
      .where('users.email', '=', DEMO_MERCHANT.email)
      .where('currencies.code', '=', DEMO_SETTLEMENT_LINK.currency)
      .orderBy('wallets.is_default')
      .execute();
    const reserve = BigInt(row!.rolling_reserve!.amount);
    expect(wallets.map((wallet) => [wallet.is_default, wallet.available_balance, wallet.balance_on_hold])).toEqual([
      [0, BigInt(row!.settlement_amount) - reserve, 0n],
      [2, reserve, 0n],
    ]);
  });

  it('is seeded once', async () => {
    const tables = [...MONEY_TABLES, 'settlements', 'rolling_reserves', 'payment_links', 'refund_requests'] as const;
    const before = await countRows(t, tables);
    await seedDemoData(t.deps.db, t.deps.config);
    expect(await countRows(t, tables)).toEqual(before);
  });
});
