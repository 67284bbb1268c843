// get-account-ledger: a merchant wallet's entries after a deposit, payments through the three
// doors and a refund, newest first, each with the wallet's balance after it; the first row's
// balance is the wallet's balance now and each row's follows from the next (credits
// subtracted, debits added going down), whatever filter leaves rows out; paging, the channel and
// the day filters; another merchant's wallet or channel refused exactly as an unknown one;
// staff only with the feature. The export's rows (balances carried from batch to batch) equal
// the screen's, unfiltered and filtered, whatever the batch size. The ledger's invariants hold
// at the end.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountLedgerCall, type TGetAccountLedgerRequest, type TLedgerRow } from '@paywallet/contract';
import { createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { accountLedgerExportRows, accountLedgerParams } from './account-ledger.service.ts';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let wallet: bigint;
let posChannelName: string;
let doors: PaymentDoors;

const today = () => new Date().toISOString().slice(0, 10);
const dayAfter = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function ledger(body: Partial<TGetAccountLedgerRequest>, who: { token: string } = shop) {
  return t.call(getAccountLedgerCall, { userAccountId: Number(wallet), ...body } as TGetAccountLedgerRequest, { token: who.token });
}

async function rowsOf(body: Partial<TGetAccountLedgerRequest> = {}): Promise<TLedgerRow[]> {
  const answer = await ledger({ perPage: 500, ...body });
  expect(answer.status, answer.message).toBe(200);
  return answer.data.data;
}

async function walletTotal(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['available_balance', 'balance_on_hold'])
    .where('id', '=', wallet)
    .executeTakeFirstOrThrow();
  return Number(row.available_balance + row.balance_on_hold);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, { staff: [{ features: ['account-ledger'] }, { features: ['transactions'] }] });
  rival = await createTestMerchant(t);
  wallet = shop.wallets.AED!;
  posChannelName = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!.name;
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  doors = await openPaymentDoors(t, shop);
  await fundWallet(t, wallet, 50_000, 'AED');
  await doors.link(SANDBOX_CARDS.approved);
  const api = await doors.api(SANDBOX_CARDS.approved);
  expect(api.status).toBe(201);
  const pos = await doors.pos(SANDBOX_CARDS.approved);
  expect(pos.status, JSON.stringify(pos.body)).toBe(200);
  const refund = await doors.apiCall(`/payments/${api.body.id}/refunds`, { amount: 1_500 });
  expect(refund.status, JSON.stringify(refund.body)).toBeLessThan(300);
  // The rival's money, which must never show in the shop's ledger.
  await fundWallet(t, rival.wallets.AED!, 7_000, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('get-account-ledger', () => {
  it('lists the wallet entries newest first, each closing balance following from the next one', async () => {
    const rows = await rowsOf();
    // The deposit, three payments (on hold) and the refund: one entry each in this wallet.
    expect(rows.map((row) => row.transaction_type.name)).toEqual([
      'Refund',
      'POS payment',
      'API payment',
      'Payment link payment',
      'Deposit',
    ]);
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({
      transaction_type_id: 6,
      debit_amount: 1_500,
      credit_amount: 0,
      transaction: { currency: { code: 'AED' } },
    });
    expect(rows.at(-1)).toMatchObject({ transaction_type_id: 1, debit_amount: 0, credit_amount: 50_000, closing_balance: 50_000 });
    // The first row's balance is the wallet's (available plus on hold) now.
    expect(rows[0]!.closing_balance).toBe(await walletTotal());
    // Going down: the row below closes at this row's balance minus its credit plus its debit.
    for (let index = 0; index < rows.length - 1; index += 1) {
      const row = rows[index]!;
      expect(rows[index + 1]!.closing_balance).toBe(row.closing_balance - row.credit_amount + row.debit_amount);
    }
    const oldest = rows.at(-1)!;
    expect(oldest.closing_balance - oldest.credit_amount + oldest.debit_amount).toBe(0);
    for (const row of rows) expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers closingBalance (the balance after the page’s newest row) and paginationData', async () => {
    const all = await rowsOf();
    const first = await ledger({ page: 1, perPage: 2 });
    expect(first.status).toBe(200);
    expect(first.data.closingBalance).toBe(await walletTotal());
    expect(first.data.paginationData).toEqual({ total: 5, perPage: 2, currentPage: 1 });
    const second = await ledger({ page: 2, perPage: 2 });
    expect(second.data.data).toEqual(all.slice(2, 4));
    expect(second.data.closingBalance).toBe(all[2]!.closing_balance);
    const third = await ledger({ page: 3, perPage: 2 });
    expect(third.data.data).toEqual(all.slice(4));
    const past = await ledger({ page: 4, perPage: 2 });
    expect(past.data).toEqual({ data: [], paginationData: { total: 5, perPage: 2, currentPage: 4 }, closingBalance: null });
  });

  it('filters by the merchant’s channel, each row keeping its balance against every entry of the wallet', async () => {
    const all = await rowsOf();
    const posChannel = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;
    const pos = await rowsOf({ channelId: Number(posChannel.id) });
    expect(pos.length).toBeGreaterThan(0);
    expect(pos).toEqual(all.filter((row) => row.transaction.channel?.name === posChannelName));
    expect(pos.map((row) => row.transaction_type.name)).toEqual(['POS payment']);
  });

  it('filters by GMT days', async () => {
    expect(await rowsOf({ fromDate: today(), toDate: today() })).toHaveLength(5);
    const tomorrow = dayAfter(today(), 1);
    const none = await ledger({ fromDate: tomorrow });
    expect(none.data).toMatchObject({ data: [], paginationData: { total: 0 }, closingBalance: null });
    expect(await rowsOf({ toDate: dayAfter(today(), -1) })).toEqual([]);
    const backwards = await ledger({ fromDate: today(), toDate: dayAfter(today(), -1) });
    expect(backwards.status).toBe(400);
    expect(fieldErrors(backwards).toDate).toBe('The to date must be a date after or equal to from date');
  });

  it('refuses another merchant’s wallet and channel exactly as unknown ones, writing nothing', async () => {
    const before = await countMoneyRows(t);
    const foreign = await ledger({ userAccountId: Number(rival.wallets.AED!) });
    const unknown = await ledger({ userAccountId: 987_654_321 });
    expect([foreign.status, foreign.reason, foreign.message]).toEqual([404, 'WALLET_NOT_FOUND', unknown.message]);
    expect(unknown.reason).toBe('WALLET_NOT_FOUND');
    const rivalChannel = rival.stores[0]!.terminals[0]!.channels[0]!;
    const foreignChannel = await ledger({ channelId: Number(rivalChannel.id) });
    const unknownChannel = await ledger({ channelId: 987_654_321 });
    expect([foreignChannel.status, foreignChannel.reason]).toEqual([404, 'CHANNEL_NOT_FOUND']);
    expect([unknownChannel.reason, unknownChannel.message]).toEqual([foreignChannel.reason, foreignChannel.message]);
    // The rival reading its own wallet sees only its own entry.
    const own = await t.call(getAccountLedgerCall, { userAccountId: Number(rival.wallets.AED!) }, { token: rival.token });
    expect(own.data.data.map((row) => [row.transaction_type.name, row.credit_amount, row.closing_balance])).toEqual([
      ['Deposit', 7_000, 7_000],
    ]);
    expect(await countMoneyRows(t)).toEqual(before);
  });

  it('needs the wallet, and answers staff only with the account-ledger feature; consumers are refused', async () => {
    const missing = await t.call(getAccountLedgerCall, {} as TGetAccountLedgerRequest, { token: shop.token });
    expect([missing.status, missing.reason, fieldErrors(missing).userAccountId]).toEqual([
      400,
      'VALIDATION_FAILED',
      'The account field is required',
    ]);
    const [granted, other] = shop.staff;
    const staffRows = await ledger({}, granted!);
    expect(staffRows.status, staffRows.message).toBe(200);
    expect(staffRows.data.data).toEqual((await ledger({})).data.data);
    const refused = await ledger({}, other!);
    expect([refused.status, refused.reason]).toEqual([403, 'FEATURE_NOT_GRANTED']);
    const consumer = await createTestPerson(t);
    const asConsumer = await t.call(getAccountLedgerCall, { userAccountId: Number(consumer.wallets.AED!) }, { token: consumer.token });
    expect([asConsumer.status, asConsumer.reason]).toEqual([403, 'AUDIENCE_NOT_ALLOWED']);
  });
});

describe('the export’s rows (transaction_ledger)', () => {
  /** The export's rows for these filters, read in batches of `batchRows`. */
  async function exportRows(filters: Record<string, unknown>, batchRows: number): Promise<TLedgerRow[]> {
    const params = await accountLedgerParams(t.deps.db, shop.id, { userAccountId: Number(wallet), ...filters });
    const rows: TLedgerRow[] = [];
    for await (const row of accountLedgerExportRows(t.deps.db, params, { batchRows })) rows.push(row);
    return rows;
  }

  it('carries each closing balance from batch to batch to exactly the screen’s, filtered or not', async () => {
    // More movements, so that the POS channel's rows have other entries of the wallet between
    // them (which a channel filter leaves out but every balance counts).
    for (const amount of [3_000, 4_000]) {
      expect((await doors.pos(SANDBOX_CARDS.approved)).status).toBe(200);
      await fundWallet(t, wallet, amount, 'AED');
    }
    // The four oldest entries as if written yesterday, so that a day filter leaves out newer
    // entries. Postings stamp the database's now(), so the test moves their times back, with
    // the append-only trigger held off inside this one transaction (a fixture, not a flow).
    const yesterday = dayAfter(today(), -1);
    await t.deps.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update`.execute(trx);
      await sql`
        UPDATE ledger_entries SET created_at = ${new Date(`${yesterday}T12:00:00Z`)}
         WHERE id IN (SELECT id FROM ledger_entries WHERE wallet_id = ${wallet} ORDER BY id LIMIT 4)`.execute(trx);
      await sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update`.execute(trx);
    });
    const posChannel = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;
    const cases: Array<Record<string, unknown>> = [
      {},
      { channelId: Number(posChannel.id) },
      { fromDate: yesterday, toDate: yesterday },
      { fromDate: today(), toDate: today() },
      { channelId: Number(posChannel.id), fromDate: today(), toDate: today() },
    ];
    for (const filters of cases) {
      const screen = await rowsOf(filters);
      expect(screen.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const batchRows of [1, 2, 3, 1_000]) {
        expect(await exportRows(filters, batchRows), `${JSON.stringify(filters)} in batches of ${batchRows}`).toEqual(screen);
      }
    }
    // The channel's rows are three, with other entries of the wallet between them.
    const pos = await rowsOf({ channelId: Number(posChannel.id) });
    expect(pos).toHaveLength(3);
    expect((await rowsOf()).length).toBeGreaterThan(pos.length + 4);
    expect(await rowsOf({ fromDate: yesterday, toDate: yesterday })).toHaveLength(4);
  });

  it('is empty for a filter that selects nothing', async () => {
    expect(await exportRows({ fromDate: dayAfter(today(), 1) }, 2)).toEqual([]);
  });
});
