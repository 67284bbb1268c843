// Ledger benchmark (`npm run bench`): against the PostgreSQL server, in one go, with a
// warm-up and a balance check after each part. Results are printed and appended to
// docs/benchmarks.md with the machine, the commit and the settings.
//   1. reference: a minimal transfer in plain SQL (the floor any ledger pays here)
//   2s. our posting function (fees, VAT, business row, charge rows) over 1,000 wallets, one
//       database transaction per posting (the path without group commit)
//   2. the same through group commit (docs/group-commit.md): concurrent postings share one
//      database transaction, each in its own savepoint (POSTING_BATCH_WINDOW_MS, POSTING_BATCH_MAX)
//   2k. part 2, each posting under a key of its own (what a retried job posts with:
//       docs/posting-keys.md): the digest, the unique index and the conflict check
//   3. part 2 with every transfer paid into one hot merchant wallet
//   4. send money end to end over HTTP (initiate + confirm), 50 concurrent clients,
//      then an open-loop run at half the peak rate for the p99
//   5. hostile bodies: the event loop's delay while 1 MB passwords arrive (hostile-bodies.ts)
// BENCH_PARTS=hostile runs part 5 alone; a list of ledger parts (BENCH_PARTS=2s,2,3) runs those
// alone, in that order, and prints without appending (group commit against one transaction each,
// several times on a shared machine). The counts are settings (BENCH_WALLETS, ...; see below):
// `npm run bench -- --smoke` (all.ts) runs every part with tiny ones and appends nothing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { postingKey, quoteCharges, sendMoneyEntries, TransactionType } from '@paywallet/ledger';
import { migrate, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';
import { postFeeFreeDeposit, postMovement } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { PostingBatcher, postingBatchFor, type BatchReport } from '../apps/server/src/modules/ledger/posting-batcher.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { checkLedgerInvariants } from '../apps/server/src/modules/ledger/invariants.ts';
import { openSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { hostileBodiesPart, hostileReport, type HostilePhase } from './hostile-bodies.ts';
import { appendToBenchmarks, percentile } from './support.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 4000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? Math.max(200, Math.floor(TRANSFERS / 10)));
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const HTTP_CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 50);
const HTTP_WARMUP = Number(process.env.BENCH_HTTP_WARMUP ?? 300);
const SERVER_START_TIMEOUT_MS = 60_000;
const HTTP_TRANSFERS = Number(process.env.BENCH_HTTP_TRANSFERS ?? 3000);
const OPEN_LOOP_S = Number(process.env.BENCH_OPEN_LOOP_S ?? 15);
const ONLY_HOSTILE = process.env.BENCH_PARTS === 'hostile';
/** Parts 1-4 to run (all unless BENCH_PARTS lists some). */
const PARTS = !process.env.BENCH_PARTS || ONLY_HOSTILE ? null : new Set(process.env.BENCH_PARTS.split(',').map((part) => part.trim()));
const runs = (part: string) => PARTS === null || PARTS.has(part);
const FUNDING_MINOR = 10_000_000n;
/** Group commit's settings, as the platform reads them on PostgreSQL (POSTING_BATCH_WINDOW_MS, _MAX, _LANES, _LOCK_WAIT_MS); part 2 batches 64 unless told. */
const BATCH = postingBatchFor('postgres', {
  ...loadConfig({ ...process.env, NODE_ENV: 'development' }).postingBatch,
  maxBatch: Number(process.env.POSTING_BATCH_MAX ?? 64),
});
const repoRoot = path.resolve(import.meta.dirname, '..');

interface PartResult {
  name: string;
  transfers: number;
  refused: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs `count` operations over `workers` closed-loop workers; each op reports ok or refused. */
async function closedLoop(name: string, count: number, workers: number, op: (i: number) => Promise<boolean>): Promise<PartResult> {
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const ok = await op(i);
        latencies.push(performance.now() - t0);
        if (!ok) refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    transfers: count,
    refused,
    seconds,
    perSecond: count / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

// ---- Part 1: the floor ---------------------------------------------------------------
async function referencePart(url: string): Promise<PartResult> {
  const pool = new pg.Pool({ connectionString: url, max: WORKERS });
  // An idle client that loses its connection reports it here; unheard, it would end the process.
  pool.on('error', (error) => console.error(`   part 1 pool: ${error.message}`));
  await pool.query(`
    CREATE TABLE ref_accounts (id bigint PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0));
    CREATE TABLE ref_transfers (id bigserial PRIMARY KEY, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE ref_entries (id bigserial PRIMARY KEY, transfer_id bigint NOT NULL REFERENCES ref_transfers(id), account_id bigint NOT NULL, amount bigint NOT NULL);
    INSERT INTO ref_accounts SELECT g, ${FUNDING_MINOR} FROM generate_series(1, ${WALLETS}) g;`);
  const transfer = async (from: number, to: number, amount: number) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const [first, second] =
        from < to
          ? [
              [from, -amount],
              [to, amount],
            ]
          : [
              [to, amount],
              [from, -amount],
            ];
      for (const [id, delta] of [first!, second!]) {
        const r = await client.query('UPDATE ref_accounts SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0', [id, delta]);
        if (r.rowCount !== 1) {
          await client.query('ROLLBACK');
          return false;
        }
      }
      await client.query(
        `WITH t AS (INSERT INTO ref_transfers (amount) VALUES ($3) RETURNING id)
         INSERT INTO ref_entries (transfer_id, account_id, amount) SELECT t.id, v.a, v.m FROM t, (VALUES ($1::bigint, -$3::bigint), ($2::bigint, $3::bigint)) v(a, m)`,
        [from, to, amount],
      );
      await client.query('COMMIT');
      return true;
    } finally {
      client.release();
    }
  };
  const pick = () => {
    const from = 1 + crypto.randomInt(WALLETS);
    let to = 1 + crypto.randomInt(WALLETS);
    if (to === from) to = (to % WALLETS) + 1;
    return [from, to] as const;
  };
  await closedLoop('warm-up', WARMUP, WORKERS, () => transfer(...pick(), 100));
  const result = await closedLoop('1. reference SQL transfer', TRANSFERS, WORKERS, () => transfer(...pick(), 100 + crypto.randomInt(1000)));
  const check = await pool.query(
    `SELECT (SELECT sum(balance) FROM ref_accounts) AS total, (SELECT coalesce(sum(amount),0) FROM ref_entries) AS entries`,
  );
  const total = BigInt(check.rows[0].total);
  if (total !== FUNDING_MINOR * BigInt(WALLETS) || BigInt(check.rows[0].entries) !== 0n) throw new Error('reference ledger out of balance');
  await pool.end();
  return result;
}

// ---- Parts 2 and 3: the posting function -----------------------------------------------
interface BenchWallet {
  userId: bigint;
  walletId: bigint;
  accountNumber: string;
}

async function createUsers(handle: DatabaseHandle, count: number): Promise<BenchWallet[]> {
  const db = handle.db;
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const wallets: BenchWallet[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({
        uuid: crypto.randomUUID(),
        type: 'consumer',
        first_name: 'Bench',
        last_name: `User${i}`,
        business_name: null,
        email: `bench${i}@bench.local`,
        carrier_code: '+971',
        phone_number: `+97150${String(i).padStart(7, '0')}`,
        password_hash: 'x',
        passcode_hash: 'x',
        status: 1,
        kyc_status: 2,
        avatar: null,
        device_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accountNumber = `PWB${String(i).padStart(11, '0')}`;
    const wallet = await db
      .insertInto('wallets')
      .values({ user_id: user.id, currency_id: aed.id, account_number: accountNumber, is_default: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    wallets.push({ userId: user.id, walletId: wallet.id, accountNumber });
  }
  return wallets;
}

async function fund(handle: DatabaseHandle, wallets: BenchWallet[], currencyId: number): Promise<void> {
  for (const w of wallets) {
    const party = { userId: w.userId, walletId: w.walletId, title: 'Bench', accountNumber: w.accountNumber };
    await handle.db
      .transaction()
      .execute((trx) => postFeeFreeDeposit(trx, { party, currencyId, currencyCode: 'AED' }, FUNDING_MINOR, 'bench funding'));
  }
}

async function transferPart(
  handle: DatabaseHandle,
  wallets: BenchWallet[],
  currencyId: number,
  name: string,
  options: { payee?: BenchWallet; keyed?: boolean; batched?: boolean } = {},
): Promise<PartResult> {
  const { payee, keyed = false, batched = true } = options;
  const batches: BatchReport[] = [];
  const runner = batched ? new PostingBatcher(handle.db, BATCH, (report) => batches.push(report)) : handle.db;
  const privilege = {
    vpPercentageBps: 100n,
    gwPercentageBps: 0n,
    vpFixedMinor: 0n,
    gwFixedMinor: 0n,
    minAmountMinor: 1n,
    maxAmountMinor: 0n,
    dailyLimitMinor: 0n,
  };
  const transfer = async () => {
    const payer = wallets[crypto.randomInt(wallets.length)]!;
    let to = payee ?? wallets[crypto.randomInt(wallets.length)]!;
    if (to === payer) to = wallets[(wallets.indexOf(payer) + 1) % wallets.length]!;
    const quote = quoteCharges({
      amountMinor: BigInt(100 + crypto.randomInt(10_000)),
      privilege,
      vatBps: 500n,
      deductChargesFromAmount: crypto.randomInt(2) === 1,
      usedTodayMinor: 0n,
    });
    if (!quote.ok) throw new Error(quote.code);
    // Given whole: through group commit, the batch writes it with the others in its set (postMovement).
    const result = await postMovement(
      runner,
      {
        typeId: TransactionType.Transfer,
        status: 1,
        currencyId,
        amountMinor: quote.amountMinor,
        feeMinor: quote.feeMinor,
        vatMinor: quote.vatMinor,
        totalAmountMinor: quote.totalDebitMinor,
        sender: { userId: payer.userId, walletId: payer.walletId, title: 'Bench payer', accountNumber: payer.accountNumber },
        receiver: { userId: to.userId, walletId: to.walletId, title: 'Bench payee', accountNumber: to.accountNumber },
        postingKey: keyed ? postingKey('bench-transfer', crypto.randomUUID()) : null,
      },
      sendMoneyEntries({ payerWalletId: String(payer.walletId), payeeWalletId: String(to.walletId), currency: 'AED', charges: quote }),
      [
        { name: 'Fee', type: 'fee', chargesMinor: quote.feeMinor },
        { name: 'VAT', type: 'vat', chargesMinor: quote.vatMinor },
      ],
      // One payer's postings in one lane (docs/group-commit.md, "Lanes").
      { key: payer.walletId },
    );
    return result.ok;
  };
  await closedLoop('warm-up', WARMUP, WORKERS, transfer);
  batches.length = 0;
  const deadlocksBefore = await databaseDeadlocks(handle);
  const result = await closedLoop(name, TRANSFERS, WORKERS, transfer);
  const deadlocks = (await databaseDeadlocks(handle)) - deadlocksBefore;
  if (batches.length > 0) {
    const sizes = batches.map((batch) => batch.size);
    const mean = sizes.reduce((sum, size) => sum + size, 0) / batches.length;
    const retried = batches.reduce((sum, batch) => sum + batch.retried, 0);
    console.log(
      `   ${name}: ${batches.length} batches on ${BATCH.lanes} lanes, ${mean.toFixed(1)} postings per batch on average, at most ${Math.max(...sizes)}; ${retried} units ran again (stepped aside from a lock wait or deadlock victims)`,
    );
  }
  console.log(`   ${name}: ${deadlocks} deadlocks detected by PostgreSQL`);
  return result;
}

/** Deadlocks PostgreSQL has detected in the bench database so far (pg_stat_database; the statistics lag by up to a second). */
async function databaseDeadlocks(handle: DatabaseHandle): Promise<number> {
  await sql`SELECT pg_stat_clear_snapshot()`.execute(handle.db);
  const { rows } = await sql<{ deadlocks: string }>`SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`.execute(
    handle.db,
  );
  return Number(rows[0]?.deadlocks ?? 0);
}

async function assertBalanced(handle: DatabaseHandle, part: string): Promise<void> {
  const report = await checkLedgerInvariants(handle.db);
  if (
    report.unbalancedCurrencies.length ||
    report.walletsOffTheirEntries.length ||
    report.negativeWallets.length ||
    report.entriesWithoutAccount.length ||
    report.orphanEntries
  ) {
    throw new Error(`${part}: ledger invariants broken: ${JSON.stringify(report).slice(0, 500)}`);
  }
  console.log(`   balance check after ${part}: ok (${report.entryCount} entries)`);
}

// ---- Part 4: over HTTP -----------------------------------------------------------------------
/**
 * The platform as it runs in production: its own process, compiled as `npm start` runs it
 * (built first if its sources changed), on the benchmark database, so the load generator here
 * does not share its event loop.
 */
async function startServer(databaseUrl: string): Promise<{ address: string; stop: () => Promise<void> }> {
  const port = 3900 + crypto.randomInt(90);
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'error',
      DATA_DIR: path.join(os.tmpdir(), 'pw-bench'),
      // Production refuses to start without its own key for the secrets it seals (docs/app-settings.md).
      CREDENTIALS_KEY: crypto.randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  const started = Date.now();
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error('The platform exited while starting');
      const up = await fetch(`${address}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() - started > SERVER_START_TIMEOUT_MS) throw new Error('The platform did not start in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, stop };
}

async function httpPart(
  handle: DatabaseHandle,
  wallets: BenchWallet[],
  databaseUrl: string,
): Promise<{ peak: PartResult; halfRate: PartResult }> {
  const { address, stop } = await startServer(databaseUrl);
  try {
    return await httpLoad(handle, wallets, address);
  } finally {
    // Stopped before the database is dropped under it, whatever happened.
    await stop();
  }
}

async function httpLoad(
  handle: DatabaseHandle,
  wallets: BenchWallet[],
  address: string,
): Promise<{ peak: PartResult; halfRate: PartResult }> {
  const clients = wallets.slice(0, 200);
  const tokens = new Map<bigint, string>();
  for (const w of clients)
    tokens.set(w.userId, (await openSession(handle.db, { userId: w.userId, stage: 'user', ip: '127.0.0.1', userAgent: 'bench' })).token);
  const call = async (callPath: string, body: unknown, token: string) => {
    const response = await fetch(`${address}/api/v1/${callPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accesstoken: token },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { code: number; data: { hash?: string } };
    if (json.code === 500) throw new Error(`${callPath} answered 500`);
    return json;
  };
  const sendMoney = async () => {
    const payer = clients[crypto.randomInt(clients.length)]!;
    let payee = clients[crypto.randomInt(clients.length)]!;
    if (payee === payer) payee = clients[(clients.indexOf(payer) + 1) % clients.length]!;
    const token = tokens.get(payer.userId)!;
    const quote = await call(
      'initiate-send-money',
      {
        emailOrPhone: `bench${wallets.indexOf(payee)}@bench.local`,
        amount: 100 + crypto.randomInt(5000),
        payerAccountId: Number(payer.walletId),
        deductChargesFromTransactionAmount: 0,
      },
      token,
    );
    if (quote.code !== 200 || !quote.data.hash) return false;
    const confirmed = await call('confirm-send-money', { transactionHash: quote.data.hash }, token);
    return confirmed.code === 200;
  };
  await closedLoop('warm-up', HTTP_WARMUP, HTTP_CLIENTS, sendMoney);
  const peak = await closedLoop(`4. send money over HTTP (${HTTP_CLIENTS} clients)`, HTTP_TRANSFERS, HTTP_CLIENTS, sendMoney);
  if (peak.refused > peak.transfers / 2)
    throw new Error(`send money over HTTP refused ${peak.refused} of ${peak.transfers}: the calls are not working`);
  // Open loop at half the peak rate: arrivals on a fixed schedule, latency measured per transfer.
  const ratePerS = peak.perSecond / 2;
  const total = Math.floor(ratePerS * OPEN_LOOP_S);
  const latencies: number[] = [];
  let refused = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      (async () => {
        const t0 = performance.now();
        if (!(await sendMoney())) refused++;
        latencies.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(inflight);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    peak,
    halfRate: {
      name: `4b. send money at half peak (${ratePerS.toFixed(0)}/s open loop)`,
      transfers: total,
      refused,
      seconds,
      perSecond: total / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    },
  };
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const { url, drop } = await createScratchDatabase(ADMIN_URL, 'pw_bench');
  const results: PartResult[] = [];
  let hostile: HostilePhase[] = [];
  try {
    if (ONLY_HOSTILE) {
      const handle = await openDatabase({ databaseUrl: url });
      try {
        await migrate(handle.db);
        await seedReferenceData(handle.db);
      } finally {
        await handle.close();
      }
      hostile = await hostileBodiesPart(url);
    } else {
      console.log(
        `Ledger benchmark: ${WALLETS} wallets, ${TRANSFERS} transfers per part, ${WORKERS} workers, PostgreSQL at ${new URL(ADMIN_URL).host}`,
      );
      if (runs('1')) {
        results.push(await referencePart(url));
        console.log('   reference ledger balanced: ok');
      }
      const handle = await openDatabase({ databaseUrl: url });
      try {
        await migrate(handle.db);
        await seedReferenceData(handle.db);
        const aed = await handle.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
        const wallets = await createUsers(handle, WALLETS);
        await fund(handle, wallets, aed.id);
        const walletsShown = WALLETS.toLocaleString('en');
        const parts: [string, () => Promise<PartResult>][] = [
          [
            '2s',
            () =>
              transferPart(handle, wallets, aed.id, `2s. posting function, one transaction each, ${walletsShown} wallets`, {
                batched: false,
              }),
          ],
          ['2', () => transferPart(handle, wallets, aed.id, `2. posting function, group commit, ${walletsShown} wallets`)],
          [
            '2k',
            () =>
              transferPart(handle, wallets, aed.id, `2k. posting function with a posting key, ${walletsShown} wallets`, { keyed: true }),
          ],
          [
            '3',
            () =>
              transferPart(handle, wallets.slice(0, -1), aed.id, '3. posting function, one hot payee', { payee: wallets[WALLETS - 1]! }),
          ],
        ];
        // In the order BENCH_PARTS lists them (2 after 2s, or 2s after 2), else as above.
        const order = PARTS === null ? parts : [...PARTS].flatMap((name) => parts.filter(([part]) => part === name));
        for (const [part, run] of order) {
          results.push(await run());
          await assertBalanced(handle, `part ${part}`);
        }
        if (runs('4')) {
          const http = await httpPart(handle, wallets, url);
          results.push(http.peak, http.halfRate);
          await assertBalanced(handle, 'part 4');
        }
      } finally {
        // Closed before the database is dropped: a forced drop under an open pool ends its idle clients.
        await handle.close();
      }
      if (PARTS === null) hostile = await hostileBodiesPart(url);
    }
  } finally {
    await drop();
  }
  await report(results, hostile);
}

async function report(results: PartResult[], hostile: HostilePhase[]): Promise<void> {
  const heading = `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} GMT, commit ${commit()}`;
  const lines =
    results.length > 0 ? ledgerReport(heading, results) : [heading, '', `Machine: ${machine()}. Part 5 alone (BENCH_PARTS=hostile).`, ''];
  if (PARTS === null) lines.push(...hostileReport(hostile));
  const text = lines.join('\n');
  console.log(`\n${text}`);
  // Some parts alone are a comparison to read, not a run of the benchmark to keep.
  if (process.env.BENCH_NO_APPEND === '1' || PARTS !== null) return;
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  if (!fs.existsSync(file)) fs.writeFileSync(file, '# Benchmarks\n\nAppended by `npm run bench`. The test suite never asserts times.\n\n');
  await appendToBenchmarks(`\n${text}`);
}

function ledgerReport(heading: string, results: PartResult[]): string[] {
  const byPrefix = (p: string) => results.find((r) => r.name.startsWith(p));
  const [r1, r2s, r2, r2k, r3, r4, r4b] = ['1.', '2s.', '2.', '2k.', '3.', '4.', '4b.'].map(byPrefix);
  /** "a/b = x (what)", when both parts ran. */
  const ratio = (label: string, a: PartResult | undefined, b: PartResult | undefined, what: string) =>
    a && b ? [`${label} = ${(a.perSecond / b.perSecond).toFixed(2)} (${what})`] : [];
  const ratios = [
    ...ratio('2/1', r2, r1, 'goal ≥ 1.5'),
    ...ratio('2/2s', r2, r2s, 'what group commit gains'),
    ...ratio('2k/2', r2k, r2, 'what a posting key costs'),
    ...ratio('3/2', r3, r2, 'goal ≥ 0.8'),
    ...ratio('4/2', r4, r2, 'goal ≥ 0.5'),
    ...(r4b ? [`p99 of part 4 at half its peak rate = ${r4b.p99Ms.toFixed(2)} ms (goal < 25 ms)`] : []),
  ];
  const lines = [
    heading,
    '',
    `Machine: ${machine()}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ', ',
      )} at the end. PostgreSQL server on ${new URL(ADMIN_URL).host}. Settings: ${WALLETS} wallets, ${TRANSFERS} transfers per part after ${WARMUP} warm-up, ${WORKERS} workers (parts 1-3), group commit window ${BATCH.windowMs} ms, at most ${BATCH.maxBatch} postings, ${BATCH.lanes} lanes, lock wait ${BATCH.lockWaitMs} ms, ${HTTP_CLIENTS} HTTP clients, ${HTTP_TRANSFERS} HTTP transfers, open loop ${OPEN_LOOP_S} s; part 4 runs the platform compiled, in its own process (NODE_ENV=production), as npm start does.`,
    '',
    '| part | transfers | refused | transfers/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) => `| ${r.name} | ${r.transfers} | ${r.refused} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} |`,
    ),
    '',
    `Ratios: ${ratios.join(', ')}.`,
    '',
  ];
  return lines;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
