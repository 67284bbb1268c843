// The transaction list's rollup (migration 0027, docs/lists.md "Rollups") against counting rows.
// A seeded random history is written straight into `transactions` (the triggers are what is under
// test, so every door is covered): card payments with customers of several countries, wallet
// payments, payouts, transfers between one merchant's own two wallets, transfers between two
// other people, over three months, three channels of two stores, every status; in statements of
// one row and of many. Then statuses, days, customers and a customer's country change. For many
// param combinations, the total and every grouping the dashboard uses read from the rollup equal
// a count and a sum over the list's own rows, before compaction, half compacted and compacted.
// A PostgreSQL-only part posts to one merchant from many workers while two compactors run, and
// ends exact. Both parts end with the ledger's invariants.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionType } from '@paywallet/ledger';
import { checkedChannelScope, listAggregate, listCount, listPage, type ChannelFilter } from '../../db/lists.ts';
import { compactRollupBatch } from '../../db/rollups.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../../test/money.ts';
import { randomSource } from '../../test/random.ts';
import { TRANSACTION_ROLLUP_TABLES } from './transactions.repository.ts';
import {
  compactTransactionRollups,
  TRANSACTION_DIMENSIONS,
  TRANSACTION_SUMS,
  transactionList,
  type TransactionListParams,
} from './transactions.service.ts';

const SEED = Number(process.env.ROLLUP_SEED ?? 20_261_127);
const STATEMENTS = 60;
const ROWS_PER_STATEMENT_MAX = 12;
const COMBINATIONS = 80;
const DAY_MS = 86_400_000;

const random = randomSource(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const maybe = <T>(value: T, chance = 0.5): T | undefined => (random() < chance ? value : undefined);

/** The same list with no rollup: every figure counted over its rows. */
const countedList = { ...transactionList, source: { ...transactionList.source, rollup: undefined } };

let t: TestApp;
let shop: TestMerchant;
let payer: TestPerson;
let other: TestPerson;
let customers: bigint[];
const currencyIds: Record<string, number> = {};

async function insertCustomer(country: string | null): Promise<bigint> {
  const row = await t.deps.db
    .insertInto('customers')
    .values({ merchant_user_id: shop.id, name: `Customer ${country}`, email: `${crypto.randomUUID()}@example.com`, country })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Party = { userId: bigint; walletId: bigint } | null;

/** One random transaction row: who, what, when, through which channel. */
function randomTransaction(now: number) {
  const shopAed = { userId: shop.id, walletId: shop.wallets.AED! };
  const shopUsd = { userId: shop.id, walletId: shop.wallets.USD! };
  const payerAed = { userId: payer.id, walletId: payer.wallets.AED! };
  const otherAed = { userId: other.id, walletId: other.wallets.AED! };
  const kind = pick(['card', 'card', 'card', 'wallet', 'payout', 'own', 'others'] as const);
  const pairs: Record<typeof kind, [Party, Party, number]> = {
    card: [
      null,
      pick([shopAed, shopUsd]),
      pick([TransactionType.PaymentLinkPayment, TransactionType.ApiPayment, TransactionType.PosPayment]),
    ],
    wallet: [payerAed, shopAed, TransactionType.Transfer],
    payout: [shopAed, pick([payerAed, null]), pick([TransactionType.Refund, TransactionType.Withdrawal])],
    own: pick([
      [shopAed, shopUsd, TransactionType.Transfer],
      [shopUsd, shopAed, TransactionType.Transfer],
    ] as Array<[Party, Party, number]>),
    others: [payerAed, otherAed, TransactionType.Transfer],
  };
  const [sender, receiver, typeId] = pairs[kind];
  const amount = BigInt(1 + Math.floor(random() * 100_000));
  const channels = shop.stores.flatMap((store) => store.terminals.flatMap((terminal) => terminal.channels.map((channel) => channel.id)));
  return {
    uuid: crypto.randomUUID(),
    transaction_type_id: typeId,
    status: pick([0, 1, 1, 1, 2, 3]),
    currency_id: currencyIds.AED!,
    amount,
    total_amount: amount,
    sender_user_id: sender?.userId ?? null,
    sender_account_id: sender?.walletId ?? null,
    receiver_user_id: receiver?.userId ?? null,
    receiver_account_id: receiver?.walletId ?? null,
    channel_id: kind === 'card' || kind === 'wallet' ? (maybe(pick(channels), 0.8) ?? null) : null,
    customer_id: kind === 'card' ? (maybe(pick(customers), 0.8) ?? null) : null,
    created_at: new Date(now - Math.floor(random() * 90 * DAY_MS)),
  };
}

async function writeHistory(statements: number): Promise<void> {
  const now = Date.now();
  for (let index = 0; index < statements; index += 1) {
    const rows = Array.from({ length: 1 + Math.floor(random() * ROWS_PER_STATEMENT_MAX) }, () => randomTransaction(now));
    await t.deps.db.insertInto('transactions').values(rows).execute();
  }
}

/** Statuses move on (one row, and many in one statement), a payment moves day, a customer is set, a country changes. */
async function changeHistory(): Promise<void> {
  const db = t.deps.db;
  const ids = (await db.selectFrom('transactions').select('id').orderBy('id').execute()).map((row) => row.id);
  for (let index = 0; index < 15; index += 1) {
    await db
      .updateTable('transactions')
      .set({ status: pick([0, 1, 2, 3]) })
      .where('id', '=', pick(ids))
      .execute();
  }
  await db
    .updateTable('transactions')
    .set({ status: 1, updated_at: new Date() })
    .where('status', '=', 0)
    .where(sql<boolean>`id % 3 = 0`)
    .execute();
  await db
    .updateTable('transactions')
    .set({ created_at: sql<Date>`created_at - interval '40 days'` })
    .where(sql<boolean>`id % 7 = 0`)
    .execute();
  await db
    .updateTable('transactions')
    .set({ customer_id: pick(customers) })
    .where('id', '=', pick(ids))
    .where('receiver_user_id', '=', shop.id)
    .execute();
  // An update of no rolled-up column changes no figure (and writes no delta).
  await db
    .updateTable('transactions')
    .set({ notes: 'seen' })
    .where(sql<boolean>`id % 2 = 0`)
    .execute();
  await db.updateTable('customers').set({ country: 'FR' }).where('id', '=', customers[0]!).execute();
}

/** A random set of the params the transaction screen can build. */
function randomParams(): TransactionListParams {
  const party = pick([
    { userId: shop.id, walletId: undefined },
    { userId: shop.id, walletId: shop.wallets.AED! },
    { userId: shop.id, walletId: shop.wallets.USD! },
    { userId: payer.id, walletId: undefined },
    { userId: payer.id, walletId: payer.wallets.AED! },
    { userId: other.id, walletId: undefined },
  ]);
  const store = shop.stores[0]!;
  const terminal = store.terminals[0]!;
  const scopes: ChannelFilter[] = [
    null,
    checkedChannelScope({ merchantUserId: shop.id, storeId: store.id }),
    checkedChannelScope({ merchantUserId: shop.id, storeId: store.id, terminalId: terminal.id }),
    checkedChannelScope({ merchantUserId: shop.id, channelId: terminal.channels[0]!.id }),
  ];
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  return {
    ...party,
    status: maybe(pick([0, 1, 2, 3])),
    typeId: maybe(pick([TransactionType.Transfer, TransactionType.PaymentLinkPayment, TransactionType.Refund, TransactionType.PosPayment])),
    days: { fromDate: maybe(day(Math.floor(random() * 120))), toDate: maybe(day(Math.floor(random() * 60))) },
    channels: random() < 0.7 ? null : pick(scopes),
  };
}

const byGroup = (rows: Awaited<ReturnType<typeof listAggregate>>) =>
  rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();

/** The rollup's answers equal the counted ones for this set of params. */
async function expectRollupExact(params: TransactionListParams): Promise<number> {
  const db = t.deps.db;
  expect(transactionList.source.rollup!.filtered(db, params), 'the rollup keeps these params').toBeDefined();
  const total = await listCount(db, countedList, params);
  expect(await listCount(db, transactionList, params)).toBe(total);
  const request = { groupBy: TRANSACTION_DIMENSIONS, sums: TRANSACTION_SUMS };
  expect(byGroup(await listAggregate(db, transactionList, params, request))).toEqual(
    byGroup(await listAggregate(db, countedList, params, request)),
  );
  const whole = { groupBy: {}, sums: TRANSACTION_SUMS };
  expect(await listAggregate(db, transactionList, params, whole)).toEqual(await listAggregate(db, countedList, params, whole));
  return total;
}

async function expectAllExact(): Promise<void> {
  let nonEmpty = 0;
  for (let index = 0; index < COMBINATIONS; index += 1) {
    const params = randomParams();
    if ((await expectRollupExact(params)) > 0) nonEmpty += 1;
  }
  // The combinations are not all empty by accident.
  expect(nonEmpty).toBeGreaterThan(COMBINATIONS / 4);
}

async function deltaRows(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('transaction_rollup_deltas')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  for (const code of ['AED', 'USD']) {
    currencyIds[code] = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  }
  shop = await createTestMerchant(t, {
    currencies: ['AED', 'USD'],
    stores: [{ terminals: [{ channels: [{ type: 'online' }, { type: 'pos' }] }] }, { terminals: [{ channels: [{ type: 'online' }] }] }],
  });
  payer = await createTestPerson(t);
  other = await createTestPerson(t);
  customers = [await insertCustomer('AE'), await insertCustomer('GB'), await insertCustomer(null)];
  // Real postings too: the posting function's own insert goes through the same triggers.
  await fundWallet(t, shop.wallets.AED!, 50_000n, 'AED');
  await fundWallet(t, payer.wallets.AED!, 50_000n, 'AED');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('the transaction list rollup', () => {
  it('answers every total and grouping exactly as counting the rows does, before, during and after compaction', async () => {
    await writeHistory(STATEMENTS);
    expect(await deltaRows()).toBeGreaterThan(0);
    await expectAllExact();

    await changeHistory();
    await expectAllExact();

    // Half compacted: some deltas folded, the rest still read beside the compacted rows.
    await compactRollupBatch(t.deps.db, TRANSACTION_ROLLUP_TABLES, 50);
    expect(await deltaRows()).toBeGreaterThan(0);
    await expectAllExact();

    await compactTransactionRollups(t.deps);
    expect(await deltaRows()).toBe(0);
    await expectAllExact();
    // Compaction keeps no row that stands for no transaction.
    const empty = await t.deps.db.selectFrom('transaction_rollups').select('id').where('count', '=', 0n).execute();
    expect(empty).toEqual([]);

    // More history after compaction, changed again, and a page's total read from the rollup.
    await writeHistory(10);
    await changeHistory();
    await expectAllExact();
    const params = { userId: shop.id, walletId: undefined, days: {}, channels: null };
    const page = await listPage(t.deps.db, transactionList, params, { page: 1, perPage: 10 });
    expect(page.paginationData.total).toBe(await listCount(t.deps.db, countedList, params));
  });

  it('keeps each row’s customer country: read when a customer is named, cleared with the customer, none without one', async () => {
    // The trigger fires only for a row that names a customer or carries a country (migration 0041).
    const db = t.deps.db;
    const [inAe, inFr] = [await insertCustomer('AE'), await insertCustomer('FR')];
    const row = (customerId: bigint | null) => ({ ...randomTransaction(Date.now()), customer_id: customerId });
    const countryOf = async (id: bigint) =>
      (await db.selectFrom('transactions').select('customer_country').where('id', '=', id).executeTakeFirstOrThrow()).customer_country;
    const [named, unnamed] = await db
      .insertInto('transactions')
      .values([row(inAe), row(null)])
      .returning('id')
      .execute();
    expect(await countryOf(named!.id)).toBe('AE');
    expect(await countryOf(unnamed!.id)).toBeNull();

    await db.updateTable('transactions').set({ customer_id: inFr }).where('id', '=', named!.id).execute();
    expect(await countryOf(named!.id)).toBe('FR');
    await db.updateTable('transactions').set({ customer_id: null }).where('id', '=', named!.id).execute();
    expect(await countryOf(named!.id)).toBeNull();
    await db.updateTable('transactions').set({ customer_id: inAe }).where('id', '=', unnamed!.id).execute();
    expect(await countryOf(unnamed!.id)).toBe('AE');
    // A country given without a customer is not kept: the customer's is the only source.
    const [given] = await db
      .insertInto('transactions')
      .values([{ ...row(null), customer_country: 'US' }])
      .returning('id')
      .execute();
    expect(await countryOf(given!.id)).toBeNull();
    await expectAllExact();
  });

  it('counts once a transfer between one merchant’s own wallets in the merchant’s list, and once in each wallet’s', async () => {
    const db = t.deps.db;
    const before = {
      user: await listCount(db, transactionList, { userId: shop.id, days: {}, channels: null }),
      aed: await listCount(db, transactionList, { userId: shop.id, walletId: shop.wallets.AED!, days: {}, channels: null }),
      usd: await listCount(db, transactionList, { userId: shop.id, walletId: shop.wallets.USD!, days: {}, channels: null }),
    };
    const amount = 700n;
    await db
      .insertInto('transactions')
      .values({
        uuid: crypto.randomUUID(),
        transaction_type_id: TransactionType.Transfer,
        status: 1,
        currency_id: currencyIds.AED!,
        amount,
        total_amount: amount,
        sender_user_id: shop.id,
        sender_account_id: shop.wallets.AED!,
        receiver_user_id: shop.id,
        receiver_account_id: shop.wallets.USD!,
      })
      .execute();
    expect({
      user: await listCount(db, transactionList, { userId: shop.id, days: {}, channels: null }),
      aed: await listCount(db, transactionList, { userId: shop.id, walletId: shop.wallets.AED!, days: {}, channels: null }),
      usd: await listCount(db, transactionList, { userId: shop.id, walletId: shop.wallets.USD!, days: {}, channels: null }),
    }).toEqual({ user: before.user + 1, aed: before.aed + 1, usd: before.usd + 1 });
    // In the merchant's list it came to the merchant; in the AED wallet's it left, in the USD wallet's it came.
    for (const walletId of [undefined, shop.wallets.AED!, shop.wallets.USD!]) {
      await expectRollupExact({ userId: shop.id, walletId, days: {}, channels: null });
    }
  });

  it('counts the rows when a param is one the rollup does not keep (a transaction id or a customer e-mail)', async () => {
    const db = t.deps.db;
    const row = await db.selectFrom('transactions').select('uuid').where('receiver_user_id', '=', shop.id).executeTakeFirstOrThrow();
    const byId: TransactionListParams = { userId: shop.id, transactionId: { exact: row.uuid }, days: {}, channels: null };
    const byEmail: TransactionListParams = { userId: shop.id, customerEmail: 'nobody@example.com', days: {}, channels: null };
    expect(transactionList.source.rollup!.filtered(db, byId)).toBeUndefined();
    expect(transactionList.source.rollup!.filtered(db, byEmail)).toBeUndefined();
    expect(await listCount(db, transactionList, byId)).toBe(1);
    expect(await listCount(db, transactionList, byEmail)).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the rollup under concurrency (PostgreSQL)', () => {
  const POSTINGS = 300;
  const WORKERS = 16;

  it('stays exact while many postings to one merchant run beside two compactors', async () => {
    const merchant = await createTestMerchant(t);
    const walletId = merchant.wallets.AED!;
    let next = 0;
    const posting = async () => {
      // Bounded: each worker takes postings until POSTINGS were taken.
      while (next < POSTINGS) {
        next += 1;
        await fundWallet(t, walletId, BigInt(100 + next), 'AED');
        // A status moves on too: an update beside the inserts. Its rows are locked in id order
        // first: two workers updating overlapping rows in the orders of two different plans (the
        // wallet's index, a scan of the table) would deadlock, as any bulk update could.
        if (next % 5 === 0)
          await t.deps.db
            .updateTable('transactions')
            .set({ status: 3 })
            .where(
              'id',
              'in',
              t.deps.db
                .selectFrom('transactions')
                .select('id')
                .where('receiver_account_id', '=', walletId)
                .where(sql<boolean>`id % 5 = 0`)
                .orderBy('id')
                .forUpdate(),
            )
            .execute();
      }
    };
    let posted = false;
    const compactor = async () => {
      let folded = 0;
      // Bounded by the postings: the loop ends once they are done and the deltas are folded.
      for (let round = 0; round < 100_000; round += 1) {
        const batch = await compactRollupBatch(t.deps.db, TRANSACTION_ROLLUP_TABLES, 7);
        folded += batch;
        if (posted && batch === 0) break;
      }
      return folded;
    };
    const compactors = [compactor(), compactor()];
    await Promise.all(Array.from({ length: WORKERS }, posting));
    posted = true;
    const folded = await Promise.all(compactors);
    expect(folded.every((count) => count > 0)).toBe(true);
    expect(await deltaRows()).toBe(0);
    const params: TransactionListParams = { userId: merchant.id, walletId, days: {}, channels: null };
    expect(await expectRollupExact(params)).toBe(POSTINGS);
    await expectRollupExact({ userId: merchant.id, days: {}, channels: null });
  });
});
