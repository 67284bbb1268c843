// What the database benches share: the scratch database they load (or reuse, or keep), the
// merchant they load it for, how they time and measure work, the load generator's HTTP client,
// and how they write their results (printed, and appended to docs/benchmarks.md unless
// BENCH_NO_APPEND=1).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';
import { addToTotals, openPdfWriter, type ReportLayout, type ReportTotals } from '../apps/server/src/modules/reports/report-files.ts';
import type { OpenedReport, ReportType } from '../apps/server/src/modules/reports/report-types.ts';
import { openXlsxWriter } from '../apps/server/src/modules/reports/xlsx-writer.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';

/** Named statements as the platform runs them (DATABASE_PREPARED_STATEMENTS, on unless set off). */
export const PREPARED_STATEMENTS = loadConfig({ ...process.env, NODE_ENV: 'development' }).databasePreparedStatements;
/** The PostgreSQL server the benches make their scratch databases on. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const repoRoot = path.resolve(import.meta.dirname, '..');

// ---- The database ------------------------------------------------------------------------

/**
 * Runs `work` on a scratch database made with `prefix` (or on `reuseUrl`, a database a previous
 * run kept, so a change can be measured against the same rows without loading them again), then
 * drops it, unless BENCH_KEEP_DB=1 asks to keep it for such a run.
 */
export async function withBenchDatabase(
  prefix: string,
  reuseUrl: string | undefined,
  work: (db: Db, reused: boolean) => Promise<void>,
): Promise<void> {
  const scratch = reuseUrl ? undefined : await createScratchDatabase(ADMIN_URL, prefix);
  const handle = await openDatabase({ databaseUrl: reuseUrl ?? scratch!.url, preparedStatements: PREPARED_STATEMENTS });
  try {
    await work(handle.db, reuseUrl !== undefined);
  } finally {
    await handle.close();
    if (scratch && process.env.BENCH_KEEP_DB === '1') console.log(`   kept ${scratch.url}`);
    else await scratch?.drop();
  }
}

/** Migrates and seeds an empty database; answers the id of AED, the currency every bench loads. */
export async function prepareDatabase(db: Db): Promise<number> {
  await migrate(db);
  await seedReferenceData(db);
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  return aed.id;
}

export interface BenchMerchant {
  email: string;
  lastName: string;
  businessName: string;
  phoneNumber: string;
  accountNumber: string;
}

/** A merchant user and its default wallet in `currencyId`. */
export async function insertBenchMerchant(
  db: Db,
  merchant: BenchMerchant,
  currencyId: number,
): Promise<{ userId: bigint; walletId: bigint }> {
  const user = await db
    .insertInto('users')
    .values({
      uuid: crypto.randomUUID(),
      type: 'merchant',
      first_name: 'Bench',
      last_name: merchant.lastName,
      business_name: merchant.businessName,
      email: merchant.email,
      carrier_code: '+971',
      phone_number: merchant.phoneNumber,
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
    .values({ user_id: user.id, currency_id: currencyId, account_number: merchant.accountNumber, is_default: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, walletId: wallet.id };
}

// ---- Timing and measuring ----------------------------------------------------------------

export interface Latency {
  p50: number;
  p95: number;
}

/** The p-th percentile of sorted numbers (nearest rank); 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `work` `samples` times, one after another; answers the median and p95 in ms. */
export async function sampled(samples: number, work: () => Promise<unknown>): Promise<Latency> {
  const ms: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

/** As `sampled`, after one run that is not counted (it warms the plan and the caches). */
export async function timed(samples: number, work: () => Promise<unknown>): Promise<Latency> {
  await work();
  return sampled(samples, work);
}

export const shownLatency = (result: Latency) => `${result.p50.toFixed(1)} ms / ${result.p95.toFixed(1)} ms`;

export interface Measured {
  rows: number;
  seconds: number;
  /** CPU seconds of this process (user and system, every thread: deflate runs in the thread pool). */
  cpuSeconds: number;
  peakMb: number;
}

/**
 * Runs `work` while sampling the process's resident memory every `rssSampleMs`; answers the rows
 * it counted, the wall and CPU seconds and the peak growth in MB.
 */
export async function measured(rssSampleMs: number, work: () => Promise<number>): Promise<Measured> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), rssSampleMs);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const rows = await work();
  const cpu = process.cpuUsage(cpuStarted);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMb: (peak - base) / 1024 / 1024 };
}

export const perSecond = (result: Measured) =>
  `${Math.round(result.rows / result.seconds).toLocaleString('en')} rows/s (${Math.round(result.rows / result.cpuSeconds).toLocaleString('en')} per CPU second)`;

// ---- The load generator's HTTP client -----------------------------------------------------

/**
 * node:http over kept-alive connections. The load generator shares the machine's cores with the
 * platform and PostgreSQL, so it should cost as little as a client can: global fetch took about
 * as much CPU per send as the platform itself (docs/benchmarks.md).
 */
const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs `body` as JSON with `headers`; answers the status and the parsed JSON answer. */
export function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: clientAgent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// ---- Exports -----------------------------------------------------------------------------

/** The layout an export job gives a report type (two decimals, as AED). */
export function benchLayout(type: ReportType): ReportLayout {
  return { title: type.title, subtitle: 'bench', columns: type.columns, amountDecimals: 2, feeDecimals: 2 };
}

/** Reads at most `rowsMax` rows of the report alone, to tell the reading from the writing; answers the rows read. */
export async function readReport(open: () => Promise<OpenedReport>, rowsMax: number): Promise<number> {
  let count = 0;
  const opened = await open();
  for await (const row of opened.rows(rowsMax)) count += row.cells.length > 0 ? 1 : 0;
  return count;
}

export interface ReportFile {
  format: 'excel' | 'pdf';
  layout: ReportLayout;
  rowsMax: number;
  /** Sum the amount columns per currency, as the job does for a report with totals. */
  totalled: boolean;
  /** The start of the temporary file's name, to tell the benches' files apart. */
  namePrefix: string;
}

/** Writes the report to a temporary file as the job writes it (rows read ahead of the writer), then removes it; answers the rows written. */
export async function writeReport(open: () => Promise<OpenedReport>, file: ReportFile): Promise<number> {
  const filePath = path.join(os.tmpdir(), `${file.namePrefix}-${crypto.randomUUID()}.${file.format === 'excel' ? 'xlsx' : 'pdf'}`);
  const stream = fs.createWriteStream(filePath);
  const writer = file.format === 'excel' ? openXlsxWriter(stream, file.layout) : openPdfWriter(stream, file.layout);
  const opened = await open();
  const totals: ReportTotals = new Map();
  let written = 0;
  for await (const row of opened.rows(file.rowsMax)) {
    await writer.addRow(row);
    if (file.totalled) addToTotals(totals, file.layout, row);
    written += 1;
  }
  await writer.finish(totals);
  fs.rmSync(filePath, { force: true });
  return written;
}

// ---- Results -----------------------------------------------------------------------------

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** A result section's heading: what was measured, when, and at which commit. */
export function resultsHeading(title: string): string {
  return `## ${title} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} GMT, commit ${gitCommit()})`;
}

/** The machine and its load at the end, then `what` the bench loaded, so a reader can weigh the figures. */
export function machineLine(what: string): string {
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  return `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}, PostgreSQL at ${new URL(ADMIN_URL).host}; load average at the end ${loadAverage} (the bench's own processes included: above ${os.cpus().length}, other work shared the cores). ${what}`;
}

/** Prints the results and appends them to docs/benchmarks.md; BENCH_NO_APPEND=1 only prints (a trial run). */
export async function reportResults(lines: string[]): Promise<void> {
  console.log(lines.join('\n'));
  if (process.env.BENCH_NO_APPEND !== '1') await appendToBenchmarks(`${lines.join('\n')}\n`);
}

/** Appends a section to docs/benchmarks.md, formatted as CI's `prettier --check .` wants it (tables aligned). */
export async function appendToBenchmarks(text: string): Promise<void> {
  const file = path.join(repoRoot, 'docs', 'benchmarks.md');
  fs.appendFileSync(file, text);
  const options = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(fs.readFileSync(file, 'utf8'), { ...options, filepath: file }));
}
