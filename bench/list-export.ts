// List and export benchmark (issue 15; part of `npm run bench`, alone `npx tsx bench/list-export.ts`):
// one merchant with BENCH_LIST_ROWS transactions (default 1,000,000) on the PostgreSQL server, then
//   1. get-transactions' list (the list definition `transactionList`, its params as the call makes
//      them, 10 rows a page): the first page and the deepest page, p50 and p95;
//   2. the `transaction` report read alone (keyset batches), rows per second;
//   3. the same report written to xlsx as the job writes it (rows read ahead of the writer): rows
//      per second of wall clock and per CPU second of this process, and the peak RSS growth,
//      given per million rows (BENCH_EXCEL_ROWS, default 100,000, the Excel cap; 1,000,000 runs
//      past the job's cap to measure the memory of a million rows);
//   4. the same to PDF (5,000 rows, the PDF cap): rows per second, wall and CPU.
// Results are printed and appended to docs/benchmarks.md (BENCH_NO_APPEND=1 only prints).
// BENCH_LIST_DB_URL reuses a database a previous run kept (BENCH_KEEP_DB=1 keeps it), so a change
// can be measured against the same rows without loading them again.
import { sql } from 'kysely';
import { REPORT_LIMITS } from '@paywallet/contract';
import { migrate, type Db } from '../apps/server/src/db/database.ts';
import { listPage } from '../apps/server/src/db/lists.ts';
import { transactionList, transactionListParams } from '../apps/server/src/modules/transactions/transactions.service.ts';
import { REPORT_TYPES } from '../apps/server/src/modules/reports/report-types.ts';
import {
  benchLayout,
  insertBenchMerchant,
  machineLine,
  measured,
  perSecond,
  prepareDatabase,
  readReport,
  reportResults,
  resultsHeading,
  shownLatency,
  timed,
  withBenchDatabase,
  writeReport,
} from './support.ts';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const EXCEL_ROWS = Math.min(ROWS, Number(process.env.BENCH_EXCEL_ROWS ?? REPORT_LIMITS.excelRowsMax));
const PDF_ROWS = Math.min(ROWS, REPORT_LIMITS.pdfRowsMax);
const PER_PAGE = 10;
const PAGE_SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 40);
const RSS_SAMPLE_MS = 20;
const MERCHANT_EMAIL = 'bench-list@bench.local';

async function loadRows(db: Db): Promise<void> {
  const aedId = await prepareDatabase(db);
  const merchant = await insertBenchMerchant(
    db,
    {
      email: MERCHANT_EMAIL,
      lastName: 'Merchant',
      businessName: 'Bench Shop',
      phoneNumber: '+971500000002',
      accountNumber: 'PWBLIST00001',
    },
    aedId,
  );
  const started = performance.now();
  // Payments into the merchant's wallet, one a second back from now: success, pending, failed.
  await sql`
    INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, fee, vat, total_amount,
                              receiver_user_id, receiver_account_id, receiver_account_title, sender_account_title,
                              card_number, created_at)
    SELECT gen_random_uuid(), 1, CASE WHEN g % 10 = 0 THEN 2 WHEN g % 10 = 1 THEN 0 ELSE 1 END, ${aedId},
           100 + g % 10000, 5 + g % 7, 1, 106 + g % 10000 + g % 7, ${merchant.userId}, ${merchant.walletId}, 'Bench Shop', 'Card payer ' || (g % 977),
           '411111******1111', now() - (${ROWS} - g) * interval '1 second'
      FROM generate_series(1, ${ROWS}) AS g`.execute(db);
  await sql`VACUUM ANALYZE transactions`.execute(db);
  console.log(`   loaded ${ROWS} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(db: Db): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', MERCHANT_EMAIL).executeTakeFirstOrThrow();
  const rows = Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM transactions WHERE receiver_user_id = ${user.id}`.execute(db)).rows[0]!.n,
  );

  // 1. The list, as get-transactions pages it (params made by the call's own function each time).
  const page = (pageNumber: number) => async () =>
    listPage(db, transactionList, await transactionListParams(db, user.id, {}), { page: pageNumber, perPage: PER_PAGE });
  const deepest = Math.ceil(rows / PER_PAGE);
  const first = await timed(PAGE_SAMPLES, page(1));
  const deep = await timed(Math.max(5, Math.floor(PAGE_SAMPLES / 4)), page(deepest));

  // 2-4. The transactions report, as the job reads and writes it.
  const type = REPORT_TYPES.transaction;
  const layout = benchLayout(type);
  const open = () => type.open(db, user.id, {});
  const read = await measured(RSS_SAMPLE_MS, () => readReport(open, EXCEL_ROWS));
  const write = (format: 'excel' | 'pdf', rowsMax: number) =>
    measured(RSS_SAMPLE_MS, () => writeReport(open, { format, layout, rowsMax, totalled: true, namePrefix: 'bench-list' }));
  const excel = await write('excel', EXCEL_ROWS);
  const pdf = await write('pdf', PDF_ROWS);

  await reportResults([
    '',
    resultsHeading('Transaction list and exports'),
    '',
    machineLine(`One merchant with ${rows.toLocaleString('en')} transactions.`),
    '',
    '| measure | result | goal |',
    '| --- | --- | --- |',
    `| get-transactions first page (${PER_PAGE} rows and the total), p50 / p95 | ${shownLatency(first)} | p95 30 ms |`,
    `| get-transactions deepest page (page ${deepest.toLocaleString('en')}), p50 / p95 | ${shownLatency(deep)} | p95 30 ms |`,
    `| transactions report, reading ${read.rows.toLocaleString('en')} rows alone | ${perSecond(read)} | |`,
    `| transactions report to Excel, ${excel.rows.toLocaleString('en')} rows | ${perSecond(excel)}, peak RSS +${excel.peakMb.toFixed(0)} MB (${((excel.peakMb * 1_000_000) / Math.max(1, excel.rows)).toFixed(0)} MB per million rows at this size) | 25,000 rows/s, 150 MB per million |`,
    `| transactions report to PDF, ${pdf.rows.toLocaleString('en')} rows | ${perSecond(pdf)}, peak RSS +${pdf.peakMb.toFixed(0)} MB | 1,000 rows/s |`,
  ]);
}

await withBenchDatabase('pw_bench_list', process.env.BENCH_LIST_DB_URL, async (db, reused) => {
  if (reused) await migrate(db);
  else await loadRows(db);
  await measure(db);
});
