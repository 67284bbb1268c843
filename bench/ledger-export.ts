// Export benchmark of the account ledger (`npx tsx bench/ledger-export.ts`): one merchant wallet
// with BENCH_LEDGER_ROWS entries (default 100,000, the Excel cap) on the PostgreSQL server, then
//   1. the screen's first page (get-account-ledger's list with its closing balances), p50 and p95;
//   2. the transaction_ledger report written to xlsx, as the job writes it (keyset batches, the
//      closing balances carried from batch to batch, rows read ahead of the xlsx writer): rows
//      per second of wall clock and per CPU second of this process, and the peak RSS;
//   3. the same to PDF (at most 5,000 rows, the PDF cap): rows per second, wall and CPU.
// Results are printed and appended to docs/benchmarks.md (BENCH_NO_APPEND=1 only prints);
// BENCH_KEEP_DB=1 keeps the database.
import { sql } from 'kysely';
import { REPORT_LIMITS } from '@paywallet/contract';
import type { Db } from '../apps/server/src/db/database.ts';
import { listPage } from '../apps/server/src/db/lists.ts';
import { accountLedgerList, accountLedgerParams } from '../apps/server/src/modules/account-ledger/account-ledger.service.ts';
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
  sampled,
  shownLatency,
  withBenchDatabase,
  writeReport,
} from './support.ts';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? REPORT_LIMITS.excelRowsMax);
const PAGE_SAMPLES = 50;
const RSS_SAMPLE_MS = 50;

/** Deposits from the card gateway into one merchant wallet, one a second back from now, each with its two entries. */
async function loadLedger(db: Db): Promise<{ userId: bigint; walletId: bigint }> {
  const aedId = await prepareDatabase(db);
  const merchant = await insertBenchMerchant(
    db,
    {
      email: 'bench-ledger@bench.local',
      lastName: 'Merchant',
      businessName: 'Bench Shop',
      phoneNumber: '+971500000001',
      accountNumber: 'PWBLEDGER0001',
    },
    aedId,
  );
  const walletId = merchant.walletId;
  const loadStarted = performance.now();
  await sql`
    INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, total_amount, receiver_user_id, receiver_account_id, created_at)
    SELECT gen_random_uuid(), 1, 1, ${aedId}, 100 + g % 1000, 100 + g % 1000, ${merchant.userId}, ${walletId}, now() - (${ROWS} - g) * interval '1 second'
      FROM generate_series(1, ${ROWS}) AS g`.execute(db);
  await sql`
    INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount, created_at)
    SELECT t.id, v.wallet_id, v.system_account, 'AED', 'available', v.amount, t.created_at
      FROM transactions t,
           LATERAL (VALUES (${walletId}::bigint, NULL::text, t.amount), (NULL::bigint, 'gateway'::text, -t.amount)) AS v(wallet_id, system_account, amount)
     WHERE t.receiver_account_id = ${walletId}
     ORDER BY t.id`.execute(db);
  await sql`UPDATE wallets SET available_balance = (SELECT sum(amount) FROM ledger_entries WHERE wallet_id = ${walletId}) WHERE id = ${walletId}`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  console.log(`   loaded ${ROWS} ledger rows in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  return merchant;
}

async function measure(db: Db, merchant: { userId: bigint; walletId: bigint }): Promise<void> {
  const firstDay = new Date(Date.now() - (ROWS + 86_400) * 1000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const filters = { userAccountId: Number(merchant.walletId), fromDate: firstDay, toDate: today };

  // 1. The screen's first page.
  const params = await accountLedgerParams(db, merchant.userId, filters);
  const page = await sampled(PAGE_SAMPLES, () => listPage(db, accountLedgerList, params, { page: 1, perPage: 10 }));

  // 2 and 3. The report, as the job writes it.
  const type = REPORT_TYPES.transaction_ledger;
  const layout = benchLayout(type);
  const open = () => type.open(db, merchant.userId, filters);
  const write = (format: 'excel' | 'pdf', rowsMax: number) =>
    measured(RSS_SAMPLE_MS, () => writeReport(open, { format, layout, rowsMax, totalled: false, namePrefix: 'bench-ledger' }));
  // The reading alone (keyset batches and their closing balances), to tell it from the writing.
  const read = await measured(RSS_SAMPLE_MS, () => readReport(open, Math.min(ROWS, REPORT_LIMITS.excelRowsMax)));
  const excel = await write('excel', Math.min(ROWS, REPORT_LIMITS.excelRowsMax));
  const pdf = await write('pdf', Math.min(ROWS, REPORT_LIMITS.pdfRowsMax));

  await reportResults([
    '',
    resultsHeading('Account ledger export'),
    '',
    machineLine(`One wallet with ${ROWS.toLocaleString('en')} entries.`),
    '',
    '| measure | result | goal |',
    '| --- | --- | --- |',
    `| get-account-ledger first page (10 rows, closing balances), p50 / p95 | ${shownLatency(page)} | 30 ms |`,
    `| reading the ${read.rows.toLocaleString('en')} rows alone (batches with their carried closing balances) | ${perSecond(read)} | |`,
    `| transaction_ledger to Excel, ${excel.rows.toLocaleString('en')} rows | ${perSecond(excel)}, peak RSS +${excel.peakMb.toFixed(0)} MB | 25,000 rows/s, 150 MB per million |`,
    `| transaction_ledger to PDF, ${pdf.rows.toLocaleString('en')} rows | ${perSecond(pdf)}, peak RSS +${pdf.peakMb.toFixed(0)} MB | 1,000 rows/s |`,
  ]);
}

await withBenchDatabase('pw_bench_ledger', undefined, async (db) => measure(db, await loadLedger(db)));
