// The filters of the transaction list (spec 2, Transactions) through get-transactions, for a
// merchant with stores, terminals and channels: GMT day edges, status, type, wallet, the
// transaction id search, and the store -> terminal -> channel scope, which must be the
// merchant's and nest (another merchant's ids read exactly like ids that do not exist).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantCardPaymentEntries, TransactionType } from '@paywallet/ledger';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { countMoneyRows, createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { postEntries, recordUnpostedTransaction, type PostingTransaction } from '../ledger/ledger.service.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { zPageOf, ZTransactionRow } from '@paywallet/contract';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let consumer: TestPerson;

/** The shop's transactions by name, in the order they were made (the list shows the reverse). */
const MADE = ['feb28Last', 'leapDayFirst', 'leapDayLast', 'march1First', 'pending', 'failed', 'usdDeposit'] as const;
type Made = (typeof MADE)[number];
const uuidOf = {} as Record<Made | 'rivalSale', string>;

/** The named transactions as the list shows them: newest first. */
function newestFirst(...names: Made[]): string[] {
  return MADE.filter((name) => names.includes(name))
    .reverse()
    .map((name) => uuidOf[name]);
}

const FEE_MINOR = 200n;
const VAT_MINOR = 10n;

/**
 * A card payment to the merchant through one of its channels: posted when it succeeded (gateway
 * −X; merchant on-hold +(X−F−V); fees; VAT), a row without entries when pending or failed.
 */
async function channelPayment(
  merchant: TestMerchant,
  channelId: bigint,
  spec: { typeId: 8 | 9 | 10; status?: 0 | 1 | 2; at?: string },
): Promise<string> {
  const wallet = await getWallet(t.deps.db, merchant.wallets.AED!);
  const totalMinor = 10_000n;
  const status = spec.status ?? 1;
  const movement: PostingTransaction = {
    typeId: spec.typeId,
    status,
    currencyId: wallet.currency_id,
    amountMinor: totalMinor,
    feeMinor: FEE_MINOR,
    vatMinor: VAT_MINOR,
    totalAmountMinor: totalMinor,
    receiver: { userId: merchant.id, walletId: wallet.id, title: 'Shop', accountNumber: wallet.account_number },
    card: { holderName: 'CARD HOLDER', maskedNumber: '424242******4242', brand: 'visa' },
    channelId,
  };
  const charges = {
    amountMinor: totalMinor - FEE_MINOR - VAT_MINOR,
    feeMinor: FEE_MINOR,
    vatMinor: VAT_MINOR,
    totalDebitMinor: totalMinor,
  };
  const posted = await t.deps.db.transaction().execute((trx) =>
    status === 1
      ? postEntries(trx, movement, merchantCardPaymentEntries({ merchantWalletId: String(wallet.id), currency: 'AED', charges }), [
          { name: 'Fee', type: 'fee', chargesMinor: FEE_MINOR },
          { name: 'VAT', type: 'vat', chargesMinor: VAT_MINOR },
        ])
      : recordUnpostedTransaction(trx, { ...movement, ...(status === 2 ? { failureReason: 'Your card was declined.' } : {}) }),
  );
  // Arranged in the past on purpose: the day filters are tested at the GMT day edges.
  if (spec.at)
    await t.deps.db
      .updateTable('transactions')
      .set({ created_at: new Date(spec.at) })
      .where('id', '=', posted.transactionId)
      .execute();
  return posted.uuid;
}

async function list(who: { token: string }, filters: Record<string, unknown>): Promise<string[]> {
  const answer = await t.post('get-transactions', { perPage: 500, ...filters }, { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  const page = zPageOf(ZTransactionRow).parse(answer.data);
  expect(page.paginationData.total).toBe(page.data.length);
  return page.data.map((row) => row.uuid);
}

/** Everything a refused read could have written: the money tables and the audit log. */
async function writableRows() {
  return { ...(await countMoneyRows(t)), ...(await countRows(t, ['audit_log'])) };
}

async function expectRefused(who: { token: string }, filters: Record<string, unknown>, expected: { status: number; reason: string }) {
  const before = await writableRows();
  const answer = await t.post('get-transactions', filters, { token: who.token });
  expect({ status: answer.status, reason: answer.reason }).toEqual(expected);
  expect(await writableRows()).toEqual(before);
  return answer;
}

// The shop: North (T1: online + POS, T2: POS), South (T1: online), and Empty (no terminals).
const north = () => shop.stores[0]!;
const south = () => shop.stores[1]!;
const empty = () => shop.stores[2]!;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, {
    currencies: ['AED', 'USD'],
    stores: [
      { name: 'North', terminals: [{ channels: [{ type: 'online' }, { type: 'pos' }] }, { channels: [{ type: 'pos' }] }] },
      { name: 'South', terminals: [{ channels: [{ type: 'online' }] }] },
      { name: 'Empty' },
    ],
    staff: [{ features: ['transactions'] }, { features: ['dashboard-overview'] }],
  });
  rival = await createTestMerchant(t);
  consumer = await createTestPerson(t);
  const [northCounter, northKiosk] = north().terminals;
  uuidOf.feb28Last = await channelPayment(shop, northCounter!.channels[0]!.id, { typeId: 8, at: '2024-02-28T23:59:59.999Z' });
  uuidOf.leapDayFirst = await channelPayment(shop, northCounter!.channels[1]!.id, { typeId: 10, at: '2024-02-29T00:00:00.000Z' });
  uuidOf.leapDayLast = await channelPayment(shop, northKiosk!.channels[0]!.id, { typeId: 10, at: '2024-02-29T23:59:59.999Z' });
  uuidOf.march1First = await channelPayment(shop, south().terminals[0]!.channels[0]!.id, { typeId: 9, at: '2024-03-01T00:00:00.000Z' });
  uuidOf.pending = await channelPayment(shop, northCounter!.channels[0]!.id, { typeId: 8, status: 0 });
  uuidOf.failed = await channelPayment(shop, south().terminals[0]!.channels[0]!.id, { typeId: 9, status: 2 });
  await fundWallet(t, shop.wallets.USD!, 5_000n, 'USD');
  const deposit = await t.deps.db
    .selectFrom('transactions')
    .select('uuid')
    .where('receiver_account_id', '=', shop.wallets.USD!)
    .executeTakeFirstOrThrow();
  uuidOf.usdDeposit = deposit.uuid;
  uuidOf.rivalSale = await channelPayment(rival, rival.stores[0]!.terminals[0]!.channels[0]!.id, { typeId: 8 });
});
afterAll(async () => t.close());

describe('get-transactions filters', () => {
  it('lists every transaction of the merchant, and none of another merchant', async () => {
    // Proves the base of every filter below: the shop's seven rows, the rival's one.
    expect(await list(shop, {})).toEqual(newestFirst(...MADE));
    expect(await list(rival, {})).toEqual([uuidOf.rivalSale]);
    await expectLedgerInvariants(t);
  });

  it('reads dates as whole GMT days, both ends inclusive', async () => {
    // Proves fromDate starts at 00:00:00.000 GMT and toDate runs to 23:59:59.999 GMT.
    expect(await list(shop, { fromDate: '2024-02-29', toDate: '2024-02-29' })).toEqual(newestFirst('leapDayFirst', 'leapDayLast'));
    expect(await list(shop, { toDate: '2024-02-28' })).toEqual(newestFirst('feb28Last'));
    expect(await list(shop, { fromDate: '2024-03-01', toDate: '2024-03-01' })).toEqual(newestFirst('march1First'));
    expect(await list(shop, { fromDate: '2024-02-29' })).toEqual(newestFirst(...MADE.filter((name) => name !== 'feb28Last')));
    expect(await list(shop, { fromDate: '2024-02-27', toDate: '2024-02-27' })).toEqual([]);
  });

  it('refuses a reversed range and a day that does not exist', async () => {
    // Proves the shared date rules: VALIDATION_FAILED on the field, nothing written.
    const reversed = await expectRefused(
      shop,
      { fromDate: '2024-03-01', toDate: '2024-02-29' },
      { status: 400, reason: 'VALIDATION_FAILED' },
    );
    expect(reversed.data).toEqual({ errors: { toDate: 'The to date must be a date after or equal to from date' } });
    const noSuchDay = await expectRefused(shop, { fromDate: '2023-02-29' }, { status: 400, reason: 'VALIDATION_FAILED' });
    expect(noSuchDay.message).toBe('The from date is not a valid date');
  });

  it('filters by status, by type and by wallet', async () => {
    // Proves the three tabs (1, 0, 2), transactionTypeId and userAccountId.
    expect(await list(shop, { status: 1 })).toEqual(newestFirst('feb28Last', 'leapDayFirst', 'leapDayLast', 'march1First', 'usdDeposit'));
    expect(await list(shop, { status: 0 })).toEqual(newestFirst('pending'));
    expect(await list(shop, { status: 2 })).toEqual(newestFirst('failed'));
    expect(await list(shop, { transactionTypeId: 10 })).toEqual(newestFirst('leapDayFirst', 'leapDayLast'));
    expect(await list(shop, { transactionTypeId: TransactionType.ApiPayment, status: 1 })).toEqual(newestFirst('march1First'));
    expect(await list(shop, { userAccountId: Number(shop.wallets.USD) })).toEqual(newestFirst('usdDeposit'));
    expect(await list(shop, { userAccountId: Number(shop.wallets.AED), transactionTypeId: 1 })).toEqual([]);
    await expectRefused(shop, { userAccountId: Number(rival.wallets.AED) }, { status: 404, reason: 'WALLET_NOT_FOUND' });
    await expectRefused(shop, { status: 7 }, { status: 400, reason: 'VALIDATION_FAILED' });
  });

  it('finds a transaction by its whole id, in any case, or by the beginning of it', async () => {
    // Proves the search box: exact uuid, upper case, an 8-character prefix; wildcards are literal.
    const wanted = uuidOf.leapDayLast;
    expect(await list(shop, { transactionId: wanted })).toEqual([wanted]);
    expect(await list(shop, { transactionId: wanted.toUpperCase() })).toEqual([wanted]);
    expect(await list(shop, { transactionId: ` ${wanted.slice(0, 8)} ` })).toEqual([wanted]);
    expect(await list(shop, { transactionId: '%' })).toEqual([]);
    expect(await list(shop, { transactionId: '_' })).toEqual([]);
    expect(await list(shop, { transactionId: 'not an id' })).toEqual([]);
    // Another merchant's id, whole or in part, finds nothing.
    expect(await list(shop, { transactionId: uuidOf.rivalSale })).toEqual([]);
    expect(await list(shop, { transactionId: uuidOf.rivalSale.slice(0, 13) })).toEqual([]);
  });

  it('narrows to a store, a terminal or a channel of the merchant', async () => {
    // Proves the scope becomes a channel filter at each level, combined with the other filters.
    const [counter, kiosk] = north().terminals;
    expect(await list(shop, { storeId: Number(north().id) })).toEqual(newestFirst('feb28Last', 'leapDayFirst', 'leapDayLast', 'pending'));
    expect(await list(shop, { storeId: Number(south().id) })).toEqual(newestFirst('march1First', 'failed'));
    expect(await list(shop, { storeId: Number(empty().id) })).toEqual([]);
    expect(await list(shop, { terminalId: Number(kiosk!.id) })).toEqual(newestFirst('leapDayLast'));
    expect(await list(shop, { storeId: Number(north().id), terminalId: Number(counter!.id) })).toEqual(
      newestFirst('feb28Last', 'leapDayFirst', 'pending'),
    );
    expect(await list(shop, { channelId: Number(counter!.channels[0]!.id) })).toEqual(newestFirst('feb28Last', 'pending'));
    expect(
      await list(shop, { storeId: Number(north().id), terminalId: Number(counter!.id), channelId: Number(counter!.channels[1]!.id) }),
    ).toEqual(newestFirst('leapDayFirst'));
    expect(await list(shop, { storeId: Number(north().id), transactionTypeId: 10, fromDate: '2024-02-29', toDate: '2024-02-29' })).toEqual(
      newestFirst('leapDayFirst', 'leapDayLast'),
    );
    expect(await list(shop, { storeId: Number(north().id), status: 0 })).toEqual(newestFirst('pending'));
  });
});

describe('get-transactions scope checks', () => {
  it('answers another merchant’s store, terminal or channel exactly as an id that does not exist', async () => {
    // Proves the named 404 of each level, and that the answer tells nothing about the rival.
    const theirs = rival.stores[0]!;
    const levels = [
      { field: 'storeId', theirs: theirs.id, reason: 'STORE_NOT_FOUND', message: 'Store not found.' },
      { field: 'terminalId', theirs: theirs.terminals[0]!.id, reason: 'TERMINAL_NOT_FOUND', message: 'Terminal not found.' },
      { field: 'channelId', theirs: theirs.terminals[0]!.channels[0]!.id, reason: 'CHANNEL_NOT_FOUND', message: 'Channel not found.' },
    ];
    for (const level of levels) {
      const foreign = await expectRefused(shop, { [level.field]: Number(level.theirs) }, { status: 404, reason: level.reason });
      const missing = await expectRefused(shop, { [level.field]: 9_000_000_000 }, { status: 404, reason: level.reason });
      expect({ code: foreign.code, reason: foreign.reason, message: foreign.message, data: foreign.data }).toEqual({
        code: 404,
        reason: level.reason,
        message: level.message,
        data: null,
      });
      expect({ ...missing, headers: undefined }).toEqual({ ...foreign, headers: undefined });
    }
    // The rival's own ids still work for the rival.
    expect(await list(rival, { storeId: Number(theirs.id) })).toEqual([uuidOf.rivalSale]);
  });

  it('refuses a terminal or a channel that is not under the level given above it', async () => {
    // Proves nesting: a terminal of another of my stores, a channel of another terminal or store.
    const [counter, kiosk] = north().terminals;
    const southTerminal = south().terminals[0]!;
    await expectRefused(
      shop,
      { storeId: Number(north().id), terminalId: Number(southTerminal.id) },
      { status: 404, reason: 'TERMINAL_NOT_FOUND' },
    );
    await expectRefused(
      shop,
      { storeId: Number(empty().id), terminalId: Number(kiosk!.id) },
      { status: 404, reason: 'TERMINAL_NOT_FOUND' },
    );
    await expectRefused(
      shop,
      { terminalId: Number(counter!.id), channelId: Number(kiosk!.channels[0]!.id) },
      { status: 404, reason: 'CHANNEL_NOT_FOUND' },
    );
    await expectRefused(
      shop,
      { storeId: Number(south().id), channelId: Number(counter!.channels[0]!.id) },
      { status: 404, reason: 'CHANNEL_NOT_FOUND' },
    );
    // A store of mine with another merchant's terminal: the terminal is what is not found.
    await expectRefused(
      shop,
      { storeId: Number(north().id), terminalId: Number(rival.stores[0]!.terminals[0]!.id) },
      { status: 404, reason: 'TERMINAL_NOT_FOUND' },
    );
  });

  it('lets staff granted transactions read the merchant’s list and scope, and refuses the others', async () => {
    // Proves the scope is the merchant's for staff (accountHolderId), and the feature policy.
    const [granted, notGranted] = shop.staff;
    expect(await list(granted!, {})).toEqual(newestFirst(...MADE));
    expect(await list(granted!, { storeId: Number(south().id) })).toEqual(newestFirst('march1First', 'failed'));
    await expectRefused(notGranted!, {}, { status: 403, reason: 'FEATURE_NOT_GRANTED' });
    // A consumer has no stores: any store id is not found for them.
    await expectRefused(consumer, { storeId: Number(north().id) }, { status: 404, reason: 'STORE_NOT_FOUND' });
    expect(await list(consumer, {})).toEqual([]);
    await expectLedgerInvariants(t);
  });
});
