// Export benchmark of the account ledger (`npx tsx bench/ledger-export.ts`): one merchant wallet
// with BENCH_LEDGER_ROWS entries (default 100,000, the Excel cap) on the PostgreSQL server, then
//   1. the screen's first page (get-account-ledger's list with its closing balances), p50 and p95;
//   2. the transaction_ledger report written to xlsx, as the job writes it (keyset batches, the
//      closing balances carried from batch to batch, rows read ahead of the xlsx writer): rows
//      per second of wall clock and per CPU second of this process, and the peak RSS;
//   3. the same to PDF (at most 5,000 rows, the PDF cap): rows per second, wall and CPU.
// Results are printed and appended to docs/benchmarks.md.
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
import { accountLedgerList, accountLedgerParams } from '../apps/server/src/modules/account-ledger/account-ledger.service.ts';
import { openPdfWriter, type ReportLayout } from '../apps/server/src/modules/reports/report-files.ts';
import { REPORT_TYPES } from '../apps/server/src/modules/reports/report-types.ts';
import { openXlsxWriter } from '../apps/server/src/modules/reports/xlsx-writer.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? REPORT_LIMITS.excelRowsMax);
const PAGE_SAMPLES = 50;
const RSS_SAMPLE_MS = 50;
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

const perSecond = (result: Measured) =>
  `${Math.round(result.rows / result.seconds).toLocaleString('en')} rows/s (${Math.round(result.rows / result.cpuSeconds).toLocaleString('en')} per CPU second)`;

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const { url, drop } = await createScratchDatabase(ADMIN_URL, 'pw_bench_ledger');
  const handle = await openDatabase({ databaseUrl: url });
  const lines: string[] = [];
  try {
    await migrate(handle.db);
    await seedReferenceData(handle.db);
    const db = handle.db;
    const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        uuid: crypto.randomUUID(),
        type: 'merchant',
        first_name: 'Bench',
        last_name: 'Merchant',
        business_name: 'Bench Shop',
        email: 'bench-ledger@bench.local',
        carrier_code: '+971',
        phone_number: '+971500000001',
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
      .values({ user_id: user.id, currency_id: aed.id, account_number: 'PWBLEDGER0001', is_default: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loadStarted = performance.now();
    // Deposits from the card gateway, one a second back from now, each with its two entries.
    await sql`
      INSERT INTO transactions (uuid, transaction_type_id, status, currency_id, amount, total_amount, receiver_user_id, receiver_account_id, created_at)
      SELECT gen_random_uuid(), 1, 1, ${aed.id}, 100 + g % 1000, 100 + g % 1000, ${user.id}, ${wallet.id}, now() - (${ROWS} - g) * interval '1 second'
        FROM generate_series(1, ${ROWS}) AS g`.execute(db);
    await sql`
      INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount, created_at)
      SELECT t.id, v.wallet_id, v.system_account, 'AED', 'available', v.amount, t.created_at
        FROM transactions t,
             LATERAL (VALUES (${wallet.id}::bigint, NULL::text, t.amount), (NULL::bigint, 'gateway'::text, -t.amount)) AS v(wallet_id, system_account, amount)
       WHERE t.receiver_account_id = ${wallet.id}
       ORDER BY t.id`.execute(db);
    await sql`UPDATE wallets SET available_balance = (SELECT sum(amount) FROM ledger_entries WHERE wallet_id = ${wallet.id}) WHERE id = ${wallet.id}`.execute(
      db,
    );
    await sql`ANALYZE`.execute(db);
    console.log(`   loaded ${ROWS} ledger rows in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

    const firstDay = new Date(Date.now() - (ROWS + 86_400) * 1000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const filters = { userAccountId: Number(wallet.id), fromDate: firstDay, toDate: today };

    // 1. The screen's first page.
    const params = await accountLedgerParams(db, user.id, filters);
    const pageMs: number[] = [];
    for (let index = 0; index < PAGE_SAMPLES; index += 1) {
      const started = performance.now();
      await listPage(db, accountLedgerList, params, { page: 1, perPage: 10 });
      pageMs.push(performance.now() - started);
    }
    pageMs.sort((a, b) => a - b);

    // 2 and 3. The report, as the job writes it.
    const type = REPORT_TYPES.transaction_ledger;
    const layout: ReportLayout = { title: type.title, subtitle: 'bench', columns: type.columns, amountDecimals: 2, feeDecimals: 2 };
    const write = (format: 'excel' | 'pdf', rowsMax: number) =>
      measured(async () => {
        const file = path.join(os.tmpdir(), `bench-ledger-${crypto.randomUUID()}.${format === 'excel' ? 'xlsx' : 'pdf'}`);
        const stream = fs.createWriteStream(file);
        const writer = format === 'excel' ? openXlsxWriter(stream, layout) : openPdfWriter(stream, layout);
        const opened = await type.open(db, user.id, filters);
        let written = 0;
        for await (const row of opened.rows(rowsMax)) {
          await writer.addRow(row);
          written += 1;
        }
        await writer.finish(new Map());
        fs.rmSync(file, { force: true });
        return written;
      });
    // The reading alone (keyset batches and their closing balances), to tell it from the writing.
    const read = await measured(async () => {
      let count = 0;
      const opened = await type.open(db, user.id, filters);
      for await (const row of opened.rows(Math.min(ROWS, REPORT_LIMITS.excelRowsMax))) count += row.cells.length > 0 ? 1 : 0;
      return count;
    });
    const excel = await write('excel', Math.min(ROWS, REPORT_LIMITS.excelRowsMax));
    const pdf = await write('pdf', Math.min(ROWS, REPORT_LIMITS.pdfRowsMax));

    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    lines.push(
      '',
      `## Account ledger export (${new Date().toISOString().slice(0, 16).replace('T', ' ')} GMT, commit ${gitCommit()})`,
      '',
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}, PostgreSQL at ${new URL(ADMIN_URL).host}; load average at the end ${load} (other engineers' suites share the cores). One wallet with ${ROWS.toLocaleString('en')} entries.`,
      '',
      '| measure | result | goal |',
      '| --- | --- | --- |',
      `| get-account-ledger first page (10 rows, closing balances), p50 / p95 | ${percentile(pageMs, 50).toFixed(1)} ms / ${percentile(pageMs, 95).toFixed(1)} ms | 30 ms |`,
      `| reading the ${read.rows.toLocaleString('en')} rows alone (batches with their carried closing balances) | ${perSecond(read)} | |`,
      `| transaction_ledger to Excel, ${excel.rows.toLocaleString('en')} rows | ${perSecond(excel)}, peak RSS +${excel.peakMb.toFixed(0)} MB | 25,000 rows/s, 150 MB per million |`,
      `| transaction_ledger to PDF, ${pdf.rows.toLocaleString('en')} rows | ${perSecond(pdf)}, peak RSS +${pdf.peakMb.toFixed(0)} MB | 1,000 rows/s |`,
    );
    console.log(lines.join('\n'));
    if (process.env.BENCH_NO_APPEND !== '1') fs.appendFileSync(path.join(repoRoot, 'docs', 'benchmarks.md'), `${lines.join('\n')}\n`);
  } finally {
    await handle.close();
    await drop();
  }
}

await main();
