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
// Results are printed and appended to docs/benchmarks.md.
// BENCH_LIST_DB_URL reuses a database a previous run kept (BENCH_KEEP_DB=1 keeps it), so a change
// can be measured against the same rows without loading them again.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { REPORT_LIMITS } from '@paywallet/contract';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { listPage } from '../apps/server/src/db/lists.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';
import { transactionList, transactionListParams } from '../apps/server/src/modules/transactions/transactions.service.ts';
import { addToTotals, openPdfWriter, type ReportLayout, type ReportTotals } from '../apps/server/src/modules/reports/report-files.ts';
import { REPORT_TYPES } from '../apps/server/src/modules/reports/report-types.ts';
import { openXlsxWriter } from '../apps/server/src/modules/reports/xlsx-writer.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const EXCEL_ROWS = Math.min(ROWS, Number(process.env.BENCH_EXCEL_ROWS ?? REPORT_LIMITS.excelRowsMax));
const PDF_ROWS = Math.min(ROWS, REPORT_LIMITS.pdfRowsMax);
const PER_PAGE = 10;
const PAGE_SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 40);
const RSS_SAMPLE_MS = 20;
const MERCHANT_EMAIL = 'bench-list@bench.local';
const repoRoot = path.resolve(import.meta.dirname, '..');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Measured {
  rows: number;
  seconds: number;
  /** CPU seconds of this process (user and system, every thread: deflate runs in the thread pool). */
  cpuSeconds: number;
  peakMb: number;
}

/** Runs `work` while sampling the process's resident memory; answers the wall and CPU seconds and the peak growth in MB. */
async function measured(work: () => Promise<number>): Promise<Measured> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const rows = await work();
  const cpu = process.cpuUsage(cpuStarted);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMb: (peak - base) / 1024 / 1024 };
}

async function timed(samples: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work(); // warm
  const ms: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function loadRows(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  await migrate(db);
  await seedReferenceData(db);
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      uuid: crypto.randomUUID(),
      type: 'merchant',
      first_name: 'Bench',
      last_name: 'Merchant',
      business_name: 'Bench Shop',
      email: MERCHANT_EMAIL,
      carrier_code: '+971',
      phone_number: '+971500000002',
      password_hash: 'x',
      passcode_hash: 'x',
      status: 1,
      avatar: null,
      device_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wallet = await db
    .insertInto('wallets')
    .values({ user_id: user.id, currency_id: aed.id, account_number: 'PWBLIST00001', is_default: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const started = performance.now();
  // Payments into the merchant's wallet, one a second back from now: success, pending, failed.
  await sql`
    INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, fee, vat, total_amount,
                              receiver_user_id, receiver_account_id, receiver_account_title, sender_account_title,
                              card_number, created_at)
    SELECT gen_random_uuid(), 1, CASE WHEN g % 10 = 0 THEN 2 WHEN g % 10 = 1 THEN 0 ELSE 1 END, ${aed.id},
           100 + g % 10000, 5 + g % 7, 1, 106 + g % 10000 + g % 7, ${user.id}, ${wallet.id}, 'Bench Shop', 'Card payer ' || (g % 977),
           '411111******1111', now() - (${ROWS} - g) * interval '1 second'
      FROM generate_series(1, ${ROWS}) AS g`.execute(db);
  await sql`VACUUM ANALYZE transactions`.execute(db);
  console.log(`   loaded ${ROWS} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_LIST_DB_URL;
  const scratch = reuse ? undefined : await createScratchDatabase(ADMIN_URL, 'pw_bench_list');
  const handle = await openDatabase({ databaseUrl: reuse ?? scratch!.url });
  const db = handle.db;
  try {
    if (!reuse) await loadRows(db);
    else await migrate(db);
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
    const layout: ReportLayout = { title: type.title, subtitle: 'bench', columns: type.columns, amountDecimals: 2, feeDecimals: 2 };
    const read = await measured(async () => {
      let count = 0;
      const opened = await type.open(db, user.id, {});
      for await (const row of opened.rows(EXCEL_ROWS)) count += row.cells.length > 0 ? 1 : 0;
      return count;
    });
    const write = (format: 'excel' | 'pdf', rowsMax: number) =>
      measured(async () => {
        const file = path.join(os.tmpdir(), `bench-list-${crypto.randomUUID()}.${format === 'excel' ? 'xlsx' : 'pdf'}`);
        const stream = fs.createWriteStream(file);
        const writer = format === 'excel' ? openXlsxWriter(stream, layout) : openPdfWriter(stream, layout);
        const opened = await type.open(db, user.id, {});
        const totals: ReportTotals = new Map();
        let written = 0;
        for await (const row of opened.rows(rowsMax)) {
          await writer.addRow(row);
          addToTotals(totals, layout, row);
          written += 1;
        }
        await writer.finish(totals);
        fs.rmSync(file, { force: true });
        return written;
      });
    const excel = await write('excel', EXCEL_ROWS);
    const pdf = await write('pdf', PDF_ROWS);

    const perSecond = (result: Measured) =>
      `${Math.round(result.rows / result.seconds).toLocaleString('en')} rows/s (${Math.round(result.rows / result.cpuSeconds).toLocaleString('en')} per CPU second)`;
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    const lines = [
      '',
      `## Transaction list and exports (${new Date().toISOString().slice(0, 16).replace('T', ' ')} GMT, commit ${gitCommit()})`,
      '',
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}, PostgreSQL at ${new URL(ADMIN_URL).host}; load average at the end ${load} (other engineers' suites share the cores). One merchant with ${rows.toLocaleString('en')} transactions.`,
      '',
      '| measure | result | goal |',
      '| --- | --- | --- |',
      `| get-transactions first page (${PER_PAGE} rows and the total), p50 / p95 | ${first.p50.toFixed(1)} ms / ${first.p95.toFixed(1)} ms | p95 30 ms |`,
      `| get-transactions deepest page (page ${deepest.toLocaleString('en')}), p50 / p95 | ${deep.p50.toFixed(1)} ms / ${deep.p95.toFixed(1)} ms | p95 30 ms |`,
      `| transactions report, reading ${read.rows.toLocaleString('en')} rows alone | ${perSecond(read)} | |`,
      `| transactions report to Excel, ${excel.rows.toLocaleString('en')} rows | ${perSecond(excel)}, peak RSS +${excel.peakMb.toFixed(0)} MB (${((excel.peakMb * 1_000_000) / Math.max(1, excel.rows)).toFixed(0)} MB per million rows at this size) | 25,000 rows/s, 150 MB per million |`,
      `| transactions report to PDF, ${pdf.rows.toLocaleString('en')} rows | ${perSecond(pdf)}, peak RSS +${pdf.peakMb.toFixed(0)} MB | 1,000 rows/s |`,
    ];
    console.log(lines.join('\n'));
    if (process.env.BENCH_NO_APPEND !== '1') fs.appendFileSync(path.join(repoRoot, 'docs', 'benchmarks.md'), `${lines.join('\n')}\n`);
  } finally {
    await handle.close();
    if (scratch && process.env.BENCH_KEEP_DB === '1') console.log(`   kept ${scratch.url}`);
    else await scratch?.drop();
  }
}

await main();
