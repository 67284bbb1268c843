// Rollup benchmark (issue 15; part of `npm run bench`, alone `npm run bench:rollups -w bench`):
// on the PostgreSQL server, one merchant with BENCH_ROLLUP_LIST_ROWS transactions (default
// 1,000,000) and another with BENCH_ROLLUP_DASHBOARD_ROWS (default 10,000,000), loaded with
// set-based SQL (the rollup triggers sum each statement's rows), then folded by the compaction.
//   1. get-transactions' list (10 rows a page) on the first and the deepest page, p50 and p95,
//      with the total read from the rollup, and counted row by row as before (the same list
//      with no rollup);
//   2. merchant-dashboard-overview for the second merchant's wallet, p50 and p95, and its five
//      aggregates counted over the rows as before.
// Results are printed and appended to docs/benchmarks.md (BENCH_NO_APPEND=1 only prints).
// BENCH_KEEP_DB=1 keeps the database and BENCH_ROLLUP_DB_URL reuses it.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { dashboardPeriodDays } from '@paywallet/contract';
import { migrate, type Db } from '../apps/server/src/db/database.ts';
import { listAggregate, listPage } from '../apps/server/src/db/lists.ts';
import type { Deps } from '../apps/server/src/deps.ts';
import { dashboardOverview } from '../apps/server/src/modules/dashboard/dashboard-overview.service.ts';
import {
  compactTransactionRollups,
  TRANSACTION_DIMENSIONS,
  TRANSACTION_SUMS,
  transactionList,
  transactionListParams,
} from '../apps/server/src/modules/transactions/transactions.service.ts';
import type { Scope } from '../apps/server/src/transport/scope.ts';
import {
  insertBenchMerchant,
  machineLine,
  prepareDatabase,
  reportResults,
  resultsHeading,
  shownLatency as shown,
  timed,
  withBenchDatabase,
} from './support.ts';

const LIST_ROWS = Number(process.env.BENCH_ROLLUP_LIST_ROWS ?? 1_000_000);
const DASHBOARD_ROWS = Number(process.env.BENCH_ROLLUP_DASHBOARD_ROWS ?? 10_000_000);
const ROWS_PER_STATEMENT = 1_000_000;
const PER_PAGE = 10;
const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 40);
const COUNTED_SAMPLES = Number(process.env.BENCH_COUNTED_SAMPLES ?? 5);
const LIST_EMAIL = 'bench-rollup-list@bench.local';
const DASHBOARD_EMAIL = 'bench-rollup-dashboard@bench.local';
const COUNTRIES = ['AE', 'GB', 'SA', 'IN', 'US'];

/** The same list with no rollup: what every total and figure cost before. */
const countedList = { ...transactionList, source: { ...transactionList.source, rollup: undefined } };

/** A merchant of this bench: its own email, a random phone number and account number. */
function insertMerchant(db: Db, email: string, currencyId: number): Promise<{ userId: bigint; walletId: bigint }> {
  return insertBenchMerchant(
    db,
    {
      email,
      lastName: 'Rollup',
      businessName: 'Bench Rollup Shop',
      phoneNumber: `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      accountNumber: `PWB${crypto.randomBytes(5).toString('hex')}`,
    },
    currencyId,
  );
}

/**
 * `rows` payments into the merchant's wallet over the last year: link, API and POS payments and
 * refunds out, success / pending / failed, from customers of five countries (and none).
 */
async function loadPayments(db: Db, merchant: { userId: bigint; walletId: bigint }, currencyId: number, rows: number): Promise<void> {
  const customers: bigint[] = [];
  for (const country of COUNTRIES) {
    const row = await db
      .insertInto('customers')
      .values({ merchant_user_id: merchant.userId, name: `Customer ${country}`, email: `${country.toLowerCase()}@bench.local`, country })
      .returning('id')
      .executeTakeFirstOrThrow();
    customers.push(row.id);
  }
  const secondsPerRow = (365 * 86_400) / rows;
  for (let start = 0; start < rows; start += ROWS_PER_STATEMENT) {
    const end = Math.min(rows, start + ROWS_PER_STATEMENT);
    await sql`
      INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, fee, vat, total_amount,
                                sender_user_id, sender_account_id, receiver_user_id, receiver_account_id,
                                receiver_account_title, customer_id, created_at)
      SELECT gen_random_uuid(), CASE WHEN g % 20 = 0 THEN 6 ELSE 8 + g % 3 END,
             CASE WHEN g % 10 = 0 THEN 2 WHEN g % 10 = 1 THEN 0 ELSE 1 END, ${currencyId},
             100 + g % 10000, 5, 1, 106 + g % 10000,
             CASE WHEN g % 20 = 0 THEN ${merchant.userId}::bigint END, CASE WHEN g % 20 = 0 THEN ${merchant.walletId}::bigint END,
             CASE WHEN g % 20 = 0 THEN NULL ELSE ${merchant.userId}::bigint END, CASE WHEN g % 20 = 0 THEN NULL ELSE ${merchant.walletId}::bigint END,
             'Bench Rollup Shop', (${sql.val(customers.map(String))}::bigint[])[1 + g % 6],
             now() - (${rows}::int - g) * ${secondsPerRow}::float8 * interval '1 second'
        FROM generate_series(${start + 1}::int, ${end}::int) AS g`.execute(db);
  }
}

async function load(db: Db): Promise<void> {
  const aedId = await prepareDatabase(db);
  const started = performance.now();
  await loadPayments(db, await insertMerchant(db, LIST_EMAIL, aedId), aedId, LIST_ROWS);
  await loadPayments(db, await insertMerchant(db, DASHBOARD_EMAIL, aedId), aedId, DASHBOARD_ROWS);
  const loaded = performance.now();
  const folded = await compactTransactionRollups({ db });
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(
    `   loaded ${(LIST_ROWS + DASHBOARD_ROWS).toLocaleString('en')} transactions in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `folded ${folded} deltas in ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
  );
}

async function merchantOf(db: Db, email: string) {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const wallet = await db.selectFrom('wallets').select(['id', 'currency_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { userId: user.id, walletId: wallet.id, currencyId: wallet.currency_id };
}

/** The five aggregates the overview asks, over the rows (what the call cost before the rollup). */
async function countedOverview(db: Db, userId: bigint, walletId: bigint): Promise<void> {
  const params = await transactionListParams(db, userId, { userAccountId: Number(walletId) });
  const now = new Date();
  const incoming = { incoming: TRANSACTION_DIMENSIONS.incoming };
  const success = (days: ReturnType<typeof dashboardPeriodDays>) => ({ ...params, status: 1, days });
  await Promise.all([
    listAggregate(db, countedList, params, {
      groupBy: { status: TRANSACTION_DIMENSIONS.status, typeId: TRANSACTION_DIMENSIONS.typeId },
      sums: {},
    }),
    listAggregate(db, countedList, params, {
      groupBy: {
        year: TRANSACTION_DIMENSIONS.year,
        month: TRANSACTION_DIMENSIONS.month,
        status: TRANSACTION_DIMENSIONS.status,
        ...incoming,
      },
      sums: TRANSACTION_SUMS,
    }),
    listAggregate(db, countedList, success(dashboardPeriodDays('this_month', now)), {
      groupBy: { typeId: TRANSACTION_DIMENSIONS.typeId, ...incoming },
      sums: TRANSACTION_SUMS,
    }),
    listAggregate(db, countedList, success(dashboardPeriodDays('this_month', now)), {
      groupBy: { typeId: TRANSACTION_DIMENSIONS.typeId, ...incoming },
      sums: TRANSACTION_SUMS,
    }),
    listAggregate(db, countedList, success(dashboardPeriodDays('this_month', now)), {
      groupBy: { country: TRANSACTION_DIMENSIONS.country, ...incoming },
      sums: TRANSACTION_SUMS,
    }),
  ]);
}

async function measure(db: Db): Promise<void> {
  const lister = await merchantOf(db, LIST_EMAIL);
  const listParams = () => transactionListParams(db, lister.userId, {});
  const listRows = Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM transactions WHERE receiver_user_id = ${lister.userId} OR sender_user_id = ${lister.userId}`.execute(db)
    ).rows[0]!.n,
  );
  const deepest = Math.ceil(listRows / PER_PAGE);
  const page = (list: typeof transactionList, pageNumber: number) => async () =>
    listPage(db, list, await listParams(), { page: pageNumber, perPage: PER_PAGE });
  const first = await timed(SAMPLES, page(transactionList, 1));
  const deep = await timed(SAMPLES, page(transactionList, deepest));
  const firstCounted = await timed(COUNTED_SAMPLES, page(countedList, 1));
  const deepCounted = await timed(COUNTED_SAMPLES, page(countedList, deepest));

  const shop = await merchantOf(db, DASHBOARD_EMAIL);
  const scope: Scope = {
    stage: 'full',
    actorUserId: shop.userId,
    accountHolderId: shop.userId,
    audience: 'merchant',
    role: 'owner',
    grantedFeatures: null,
    impersonatorUserId: null,
    sessionId: 0n,
  };
  // The overview reads only the database of its deps.
  const deps = { db } as Deps;
  const input = { currencyId: shop.currencyId, countriesPeriod: 'this_month', transactionTypesPeriod: 'this_month' } as const;
  const dashboard = await timed(SAMPLES, () => dashboardOverview(deps, scope, input));
  const dashboardCounted = await timed(Math.max(1, Math.floor(COUNTED_SAMPLES / 2)), () => countedOverview(db, shop.userId, shop.walletId));
  const rollupRows = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM transaction_rollups`.execute(db)).rows[0]!.n);

  await reportResults([
    '',
    resultsHeading('Rollups: list totals and the dashboard'),
    '',
    machineLine(
      `A merchant with ${listRows.toLocaleString('en')} transactions (the list) and one with ${DASHBOARD_ROWS.toLocaleString('en')} (the dashboard), over a year; ${rollupRows.toLocaleString('en')} compacted rollup rows in all.`,
    ),
    '',
    '| measure, p50 / p95 | rollup | counting rows (before) | goal |',
    '| --- | --- | --- | --- |',
    `| get-transactions first page (${PER_PAGE} rows and the total) | ${shown(first)} | ${shown(firstCounted)} | p95 30 ms |`,
    `| get-transactions deepest page (page ${deepest.toLocaleString('en')}) | ${shown(deep)} | ${shown(deepCounted)} | p95 30 ms |`,
    `| merchant-dashboard-overview, ${DASHBOARD_ROWS.toLocaleString('en')} rows | ${shown(dashboard)} | ${shown(dashboardCounted)} (its five aggregates) | p95 50 ms |`,
  ]);
}

await withBenchDatabase('pw_bench_rollup', process.env.BENCH_ROLLUP_DB_URL, async (db, reused) => {
  if (reused) await migrate(db);
  else await load(db);
  await measure(db);
});
