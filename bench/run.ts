// Ledger benchmark (`npm run bench`): against the PostgreSQL server, in one go, with a
// warm-up and a balance check after each part, then parts 1-3 again on embedded PGlite. Results
// are printed and appended to docs/benchmarks.md with the machine, the commit and the settings.
//   1. reference: a minimal transfer in plain SQL (the floor any ledger pays here), run twice:
//      with BENCH_WORKERS (16) and with BENCH_HIGH_WORKERS (64) closed-loop workers. Plain SQL
//      is faster with fewer, group commit with more (it batches only what arrives together), so
//      the ratios divide by the faster of the two runs, and say which it was.
//   2s. our posting function (fees, VAT, business row, charge rows) over 1,000 wallets, one
//       database transaction per posting (the path without group commit)
//   2. the same through group commit (docs/group-commit.md): concurrent postings share one
//      database transaction, each in its own savepoint (POSTING_BATCH_WINDOW_MS, POSTING_BATCH_MAX)
//   2k. part 2, each posting under a key of its own (what a retried job posts with:
//       docs/posting-keys.md): the digest, the unique index and the conflict check
//   3. part 2 with every transfer paid into one hot merchant wallet
//      (2s, 2, 2k and 3 all run with BENCH_HIGH_WORKERS workers, so their ratios compare one load)
//   4. send money end to end over HTTP (initiate + confirm), 50 concurrent clients,
//      then an open-loop run at half the peak rate for the p99
//   4n2. part 4's closed loop on two platform processes on the same database (client i calls
//        node i % 2; sessions live in the database, so a token works on either)
//   4p. card payments through the merchant API (POST /payments with the sandbox's approved card),
//       every one into one merchant, from part 4's clients (card-payments.ts)
//   4p16. the same spread over 16 merchants (client i pays merchant i % 16)
//   p1, p2s, p2, p3. parts 1, 2s, 2 and 3 on embedded PGlite, in a temporary folder: one
//        connection, for which the transactions queue, and group commit in one lane; with
//        BENCH_PGLITE_WALLETS (as BENCH_WALLETS), BENCH_PGLITE_TRANSFERS (6,000) and
//        BENCH_PGLITE_WARMUP, and reported as a table of their own with their ratios to the same
//        parts on PostgreSQL
//   5. hostile bodies: the event loop's delay while 1 MB passwords arrive (hostile-bodies.ts)
// BENCH_PARTS=hostile runs part 5 alone; a list of the others (BENCH_PARTS=2s,2,3, or 4,4n2, or
// 4p,4p16, or p1,p2) runs those alone, in the order listed, and prints without appending
// (group commit against one transaction each, several times on a shared machine). The counts are
// settings (BENCH_WALLETS, ...; see below): `npm run bench -- --smoke` (all.ts) runs every part
// with tiny ones and appends nothing. BENCH_PLATFORM_NODE_ARGS gives the platform's processes of
// part 4 Node options of their own (a CPU profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { postingKey, quoteCharges, sendMoneyEntries, TransactionType } from '@paywallet/ledger';
import { migrate, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { withNamedStatements } from '../apps/server/src/db/named-statements.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed.ts';
import { postFeeFreeDeposit, postMovement } from '../apps/server/src/modules/ledger/ledger.service.ts';
import {
  PostingBatcher,
  postingBatchFor,
  type BatchReport,
  type PostingBatchSettings,
} from '../apps/server/src/modules/ledger/posting-batcher.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { checkLedgerInvariants } from '../apps/server/src/modules/ledger/invariants.ts';
import { openSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { CARD_PLATFORM_ENV, openCardPayments } from './card-payments.ts';
import { hostileBodiesPart, hostileReport, type HostilePhase } from './hostile-bodies.ts';
import { appendToBenchmarks, percentile, postJson, PREPARED_STATEMENTS } from './support.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WALLETS = Number(process.env.BENCH_WALLETS ?? 1000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 12_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? Math.max(200, Math.floor(TRANSFERS / 10)));
/** Part 1's first run. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
/** Part 1's second run and parts 2s-3: group commit batches only postings that arrive together. */
const HIGH_WORKERS = Number(process.env.BENCH_HIGH_WORKERS ?? 64);
/** The worker counts part 1 runs at (once when both settings are the same). */
const REFERENCE_WORKERS = [...new Set([WORKERS, HIGH_WORKERS])];
const PGLITE_WALLETS = Number(process.env.BENCH_PGLITE_WALLETS ?? WALLETS);
const PGLITE_TRANSFERS = Number(process.env.BENCH_PGLITE_TRANSFERS ?? 6000);
const PGLITE_WARMUP = Number(process.env.BENCH_PGLITE_WARMUP ?? Math.max(200, Math.floor(PGLITE_TRANSFERS / 10)));
const HTTP_CLIENTS = Number(process.env.BENCH_HTTP_CLIENTS ?? 50);
const HTTP_WARMUP = Number(process.env.BENCH_HTTP_WARMUP ?? 300);
const SERVER_START_TIMEOUT_MS = 60_000;
const HTTP_TRANSFERS = Number(process.env.BENCH_HTTP_TRANSFERS ?? 3000);
/** Postings parts 2a and 2as make from a single caller, one every ALONE_PAUSE_MS or so (after a tenth as warm-up). */
const ALONE_TRANSFERS = Number(process.env.BENCH_ALONE_TRANSFERS ?? Math.min(TRANSFERS, 1000));
/** Ten times group commit's default window: each posting arrives on an idle system. */
const ALONE_PAUSE_MS = 10;
/** Card payments a part measures in parts 4p and 4p16 (after HTTP_WARMUP), from HTTP_CLIENTS clients. */
const CARD_PAYMENTS = Number(process.env.BENCH_CARD_PAYMENTS ?? 3000);
/** The merchants part 4p16 spreads its payments over. */
const CARD_MERCHANTS = 16;
/** 60 s: at half the peak (150-200 sends/s here) the p99 rests on 90-120 sends, not the 20-30 of a 15-s run. */
const OPEN_LOOP_S = Number(process.env.BENCH_OPEN_LOOP_S ?? 60);
/** One key for every platform process of the run: nodes on one database read each other's sealed secrets. */
const CREDENTIALS_KEY = crypto.randomBytes(32).toString('base64');
const ONLY_HOSTILE = process.env.BENCH_PARTS === 'hostile';
/** The parts BENCH_PARTS may list, by the database they run on. */
const POSTGRES_PARTS = ['1', '2as', '2a', '2s', '2', '2k', '3', '4', '4n2', '4p', '4p16'];
const PGLITE_PARTS = ['p1', 'p2s', 'p2', 'p3'];
/** The parts to run (all unless BENCH_PARTS lists some). */
const PARTS = !process.env.BENCH_PARTS || ONLY_HOSTILE ? null : new Set(process.env.BENCH_PARTS.split(',').map((part) => part.trim()));
const unknownParts = [...(PARTS ?? [])].filter((part) => ![...POSTGRES_PARTS, ...PGLITE_PARTS].includes(part));
if (unknownParts.length > 0) {
  console.error(
    `BENCH_PARTS: no part ${unknownParts.join(', ')} (the parts: ${[...POSTGRES_PARTS, ...PGLITE_PARTS, 'hostile'].join(', ')})`,
  );
  process.exit(1);
}
const runs = (part: string) => PARTS === null || PARTS.has(part);
const FUNDING_MINOR = 10_000_000n;
/** Group commit's settings, as the platform reads them (POSTING_BATCH_WINDOW_MS, _MAX, _LANES, _LOCK_WAIT_MS); part 2 batches 64 unless told. */
const batchSettings = (kind: DatabaseKind) =>
  postingBatchFor(kind, {
    ...loadConfig({ ...process.env, NODE_ENV: 'development' }).postingBatch,
    maxBatch: Number(process.env.POSTING_BATCH_MAX ?? 64),
  });
/** On PostgreSQL in lanes (4 unless told); on PGlite in one, as the platform runs there. */
const BATCH = batchSettings('postgres');
const PGLITE_BATCH = batchSettings('pglite');
const repoRoot = path.resolve(import.meta.dirname, '..');

type DatabaseKind = DatabaseHandle['kind'];

/** What a row of the results is: the part's name in BENCH_PARTS, its label, where it ran. */
interface PartLabel {
  part: string;
  name: string;
  database: DatabaseKind;
}

interface Measurement {
  transfers: number;
  refused: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface PartResult extends PartLabel, Measurement {
  /** Closed-loop workers (HTTP clients for part 4); null for the open loop. */
  workers: number | null;
}

/** How many transfers a part measures, after how many it does not (the warm-up). */
interface PartCounts {
  transfers: number;
  warmup: number;
}

/** The row of a part that ran, printed as it ends so that a long run shows where it is. */
function partResult(label: PartLabel, workers: number | null, measurement: Measurement): PartResult {
  const result = { ...label, workers, ...measurement };
  console.log(`   ${result.name}: ${result.perSecond.toFixed(0)} transfers/s${workers === null ? '' : ` with ${workers} workers`}`);
  return result;
}

/** Runs `count` operations over `workers` closed-loop workers; each op (given its index and its worker's) reports ok or refused. */
async function closedLoop(
  count: number,
  workers: number,
  op: (i: number, worker: number) => Promise<boolean>,
  /** A pause after each call, outside its latency (a quiet caller). */
  pauseMs = 0,
): Promise<Measurement> {
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const ok = await op(i, worker);
        latencies.push(performance.now() - t0);
        if (!ok) refused++;
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    transfers: count,
    refused,
    seconds,
    perSecond: count / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

// ---- Part 1: the floor ---------------------------------------------------------------
type ReferenceQuery = (text: string, values?: unknown[]) => Promise<{ rowCount: number; rows: Record<string, unknown>[] }>;

/** Where part 1's plain SQL runs: each transfer takes a connection of its own for its transaction. */
interface ReferenceDatabase {
  withConnection<T>(work: (query: ReferenceQuery) => Promise<T>): Promise<T>;
}

/**
 * On PostgreSQL: a pool of its own, a connection per worker, as any ledger in front of the server
 * would have, its statements prepared as the platform's are (db/named-statements.ts), so that
 * the floor is not lowered by parsing the platform no longer does.
 */
async function referenceOnPostgres(url: string): Promise<PartResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: Math.max(...REFERENCE_WORKERS) });
  // An idle client that loses its connection reports it here; unheard, it would end the process.
  pool.on('error', (error) => console.error(`   part 1 pool: ${error.message}`));
  // Off, a connection holds no name: every statement goes unnamed, as pg sends it by default.
  const connections = withNamedStatements(pool, PREPARED_STATEMENTS ? {} : { perConnection: 0 });
  const database: ReferenceDatabase = {
    async withConnection(work) {
      const client = await connections.connect();
      try {
        return await work(async (text, values = []) => {
          const result = await client.query<Record<string, unknown>>(text, values);
          return { rowCount: Number(result.rowCount ?? 0), rows: result.rows };
        });
      } finally {
        client.release();
      }
    },
  };
  try {
    return await referenceParts(database, { part: '1', name: '1. reference SQL transfer', database: 'postgres' }, WALLETS, {
      transfers: TRANSFERS,
      warmup: WARMUP,
    });
  } finally {
    await pool.end();
  }
}

/** Through a handle's Kysely: on PGlite, its one connection, which a transaction holds until it ends. */
function referenceOnHandle(handle: DatabaseHandle): ReferenceDatabase {
  return {
    withConnection: (work) =>
      handle.db.connection().execute((connection) =>
        work(async (text, values = []) => {
          const result = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values));
          return { rowCount: Number(result.numAffectedRows ?? result.rows.length), rows: result.rows };
        }),
      ),
  };
}

/** Part 1 at each of REFERENCE_WORKERS, on its own tables of `wallets` accounts, checked balanced after each run. */
async function referenceParts(database: ReferenceDatabase, label: PartLabel, wallets: number, counts: PartCounts): Promise<PartResult[]> {
  await database.withConnection((query) =>
    query(`
    CREATE TABLE ref_accounts (id bigint PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0));
    CREATE TABLE ref_transfers (id bigserial PRIMARY KEY, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE ref_entries (id bigserial PRIMARY KEY, transfer_id bigint NOT NULL REFERENCES ref_transfers(id), account_id bigint NOT NULL, amount bigint NOT NULL);
    INSERT INTO ref_accounts SELECT g, ${FUNDING_MINOR} FROM generate_series(1, ${wallets}) g;`),
  );
  const transfer = (from: number, to: number, amount: number) =>
    database.withConnection(async (query) => {
      await query('BEGIN');
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
        const r = await query('UPDATE ref_accounts SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0', [id, delta]);
        if (r.rowCount !== 1) {
          await query('ROLLBACK');
          return false;
        }
      }
      await query(
        `WITH t AS (INSERT INTO ref_transfers (amount) VALUES ($3) RETURNING id)
         INSERT INTO ref_entries (transfer_id, account_id, amount) SELECT t.id, v.a, v.m FROM t, (VALUES ($1::bigint, -$3::bigint), ($2::bigint, $3::bigint)) v(a, m)`,
        [from, to, amount],
      );
      await query('COMMIT');
      return true;
    });
  const pick = () => {
    const from = 1 + crypto.randomInt(wallets);
    let to = 1 + crypto.randomInt(wallets);
    if (to === from) to = (to % wallets) + 1;
    return [from, to] as const;
  };
  const results: PartResult[] = [];
  for (const workers of REFERENCE_WORKERS) {
    await closedLoop(counts.warmup, workers, () => transfer(...pick(), 100));
    results.push(
      partResult(label, workers, await closedLoop(counts.transfers, workers, () => transfer(...pick(), 100 + crypto.randomInt(1000)))),
    );
    await assertReferenceBalanced(database, wallets);
  }
  return results;
}

async function assertReferenceBalanced(database: ReferenceDatabase, wallets: number): Promise<void> {
  const { rows } = await database.withConnection((query) =>
    query(`SELECT (SELECT sum(balance) FROM ref_accounts) AS total, (SELECT coalesce(sum(amount),0) FROM ref_entries) AS entries`),
  );
  const total = BigInt(String(rows[0]!.total));
  if (total !== FUNDING_MINOR * BigInt(wallets) || BigInt(String(rows[0]!.entries)) !== 0n)
    throw new Error('reference ledger out of balance');
  console.log('   reference ledger balanced: ok');
}

// ---- Parts 2 and 3: the posting function -----------------------------------------------
interface BenchWallet {
  userId: bigint;
  walletId: bigint;
  accountNumber: string;
}

/** A platform database loaded for the posting parts, and how they run there. */
interface PostingLedger {
  handle: DatabaseHandle;
  /** Each funded with FUNDING_MINOR. */
  wallets: BenchWallet[];
  currencyId: number;
  batch: PostingBatchSettings;
  counts: PartCounts;
}

/** Migrates and seeds the database, then makes `walletCount` users, each with a funded AED wallet. */
async function loadLedger(
  handle: DatabaseHandle,
  walletCount: number,
  batch: PostingBatchSettings,
  counts: PartCounts,
): Promise<PostingLedger> {
  await migrate(handle.db);
  await seedReferenceData(handle.db);
  const aed = await handle.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const wallets = await createUsers(handle, walletCount);
  await fund(handle, wallets, aed.id);
  return { handle, wallets, currencyId: aed.id, batch, counts };
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

type PartRun = [part: string, run: () => Promise<PartResult>];
/** A part over HTTP: part 4 answers two rows (the closed loop and the open loop at half its peak). */
type PlatformPartRun = [part: string, run: () => Promise<PartResult[]>];

/** Parts 2s, 2, 2k and 3 on `ledger`, named with `prefix` (p on PGlite). */
function postingParts(ledger: PostingLedger, prefix: '' | 'p'): PartRun[] {
  const shown = ledger.wallets.length.toLocaleString('en');
  const part = (name: string, what: string, options?: TransferOptions): PartRun => {
    const label = { part: `${prefix}${name}`, name: `${prefix}${name}. ${what}`, database: ledger.handle.kind };
    return [label.part, () => transferPart(ledger, label, options)];
  };
  const alone = {
    workers: 1,
    counts: { transfers: ALONE_TRANSFERS, warmup: Math.max(10, Math.floor(ALONE_TRANSFERS / 10)) },
    pauseMs: ALONE_PAUSE_MS,
  };
  const aloneWhat = `a lone posting every ${ALONE_PAUSE_MS} ms (an idle system)`;
  return [
    ...(prefix === ''
      ? [part('2as', `${aloneWhat}, one transaction each`, { ...alone, batched: false }), part('2a', `${aloneWhat}, group commit`, alone)]
      : []),
    part('2s', `posting function, one transaction each, ${shown} wallets`, { batched: false }),
    part('2', `posting function, group commit, ${shown} wallets`),
    part('2k', `posting function with a posting key, ${shown} wallets`, { keyed: true }),
    part('3', 'posting function, one hot payee', { payee: ledger.wallets.at(-1)! }),
  ];
}

/** The parts in the order BENCH_PARTS lists them (2 after 2s, or 2s after 2), else as given. */
function ordered<Run extends PartRun | PlatformPartRun>(parts: Run[]): Run[] {
  return PARTS === null ? parts : [...PARTS].flatMap((name) => parts.filter(([part]) => part === name));
}

/** Runs each part, then checks the ledger's invariants; answers their rows. */
async function runPostingParts(ledger: PostingLedger, parts: PartRun[]): Promise<PartResult[]> {
  const results: PartResult[] = [];
  for (const [part, run] of ordered(parts)) {
    results.push(await run());
    await assertBalanced(ledger.handle, `part ${part}`);
  }
  return results;
}

interface TransferOptions {
  /** Every transfer paid into this wallet (part 3); the payers are the others. */
  payee?: BenchWallet;
  keyed?: boolean;
  batched?: boolean;
  /** HIGH_WORKERS unless given (1 for a lone caller). */
  workers?: number;
  /** The ledger's counts unless given. */
  counts?: PartCounts;
  /** A pause after each posting of a worker (closedLoop's). */
  pauseMs?: number;
}

async function transferPart(ledger: PostingLedger, label: PartLabel, options: TransferOptions = {}): Promise<PartResult> {
  const { handle, currencyId, batch } = ledger;
  const { payee, keyed = false, batched = true, workers = HIGH_WORKERS, counts = ledger.counts, pauseMs = 0 } = options;
  const wallets = payee ? ledger.wallets.filter((wallet) => wallet !== payee) : ledger.wallets;
  const batches: BatchReport[] = [];
  const runner = batched ? new PostingBatcher(handle.db, batch, (report) => batches.push(report)) : handle.db;
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
  await closedLoop(counts.warmup, workers, transfer, pauseMs);
  batches.length = 0;
  const deadlocksBefore = await databaseDeadlocks(handle);
  const result = partResult(label, workers, await closedLoop(counts.transfers, workers, transfer, pauseMs));
  const deadlocks = (await databaseDeadlocks(handle)) - deadlocksBefore;
  if (batches.length > 0) {
    const sizes = batches.map((report) => report.size);
    const mean = sizes.reduce((sum, size) => sum + size, 0) / batches.length;
    const retried = batches.reduce((sum, report) => sum + report.retried, 0);
    console.log(
      `   ${label.name}: ${batches.length} batches on ${batch.lanes} lane${batch.lanes === 1 ? '' : 's'}, ${mean.toFixed(1)} postings per batch on average, at most ${Math.max(...sizes)}; ${retried} units ran again (stepped aside from a lock wait or deadlock victims)`,
    );
  }
  if (handle.kind === 'postgres') console.log(`   ${label.name}: ${deadlocks} deadlocks detected by PostgreSQL`);
  return result;
}

/** Deadlocks PostgreSQL has detected in the bench database so far (pg_stat_database; the statistics lag by up to a second); 0 on PGlite, which has one connection. */
async function databaseDeadlocks(handle: DatabaseHandle): Promise<number> {
  if (handle.kind === 'pglite') return 0;
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
 * The platform as it runs in production: its own process, compiled as `npm start` runs it, on
 * the benchmark database, so the load generator here does not share its event loop.
 */
async function startServer(
  databaseUrl: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const nodeArgs = (process.env.BENCH_PLATFORM_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/dist/main.js'], {
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
      // Production refuses to start without a key for the secrets it seals (docs/app-settings.md).
      CREDENTIALS_KEY,
      ...env,
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

/**
 * `count` platform processes on ports next to each other (built first if its sources changed),
 * started one after another as `npm run start:cluster` starts its nodes: each migrates and seeds
 * at start, with `env` beside the settings every part's platform has. If one does not start,
 * those already started are stopped.
 */
async function startServers(
  databaseUrl: string,
  count: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ addresses: string[]; stop: () => Promise<void> }> {
  execFileSync(process.execPath, ['scripts/build.js', '--if-stale'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const firstPort = 3900 + crypto.randomInt(90 - count);
  const servers: { address: string; stop: () => Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    for (let node = 0; node < count; node++) servers.push(await startServer(databaseUrl, firstPort + node, env));
  } catch (error) {
    await stop();
    throw error;
  }
  return { addresses: servers.map((server) => server.address), stop };
}

interface HttpOptions {
  label: PartLabel;
  /** Platform processes on the one database; client i calls node i % nodes. */
  nodes: number;
  /** Then the open loop at half the peak rate, for the p99 (part 4). */
  halfRate: boolean;
}

async function httpPart(ledger: PostingLedger, databaseUrl: string, options: HttpOptions): Promise<PartResult[]> {
  const { addresses, stop } = await startServers(databaseUrl, options.nodes);
  try {
    return await httpLoad(ledger, addresses, options);
  } finally {
    // Stopped before the database is dropped under them, whatever happened.
    await stop();
  }
}

/**
 * Parts 4p and 4p16: CARD_PAYMENTS card payments through the merchant API into `merchants`
 * merchants made for the part, against one platform process started as part 4 starts it, then
 * every payment (the warm-up's too) checked approved and each merchant's on-hold balance checked
 * risen by their net (card-payments.ts).
 */
async function cardPaymentPart(handle: DatabaseHandle, databaseUrl: string, label: PartLabel, merchants: number): Promise<PartResult[]> {
  const { addresses, stop } = await startServers(databaseUrl, 1, CARD_PLATFORM_ENV);
  try {
    const payments = await openCardPayments(handle.db, addresses[0]!, { merchants, part: label.part });
    await closedLoop(HTTP_WARMUP, HTTP_CLIENTS, (_, client) => payments.pay(client));
    const result = partResult(label, HTTP_CLIENTS, await closedLoop(CARD_PAYMENTS, HTTP_CLIENTS, (_, client) => payments.pay(client)));
    await payments.check();
    return [result];
  } finally {
    await stop();
  }
}

async function httpLoad(ledger: PostingLedger, addresses: string[], options: HttpOptions): Promise<PartResult[]> {
  const { handle, wallets } = ledger;
  const clients = wallets.slice(0, 200);
  const tokens = new Map<bigint, string>();
  for (const w of clients)
    tokens.set(w.userId, (await openSession(handle.db, { userId: w.userId, stage: 'user', ip: '127.0.0.1', userAgent: 'bench' })).token);
  const call = async (address: string, callPath: string, body: unknown, token: string) => {
    const json = (await postJson(`${address}/api/v1/${callPath}`, body, { accesstoken: token })).body as {
      code: number;
      data: { hash?: string };
    };
    if (json.code === 500) throw new Error(`${callPath} answered 500`);
    return json;
  };
  /** One send money by client `client`, on its node. */
  const sendMoney = async (client: number) => {
    const address = addresses[client % addresses.length]!;
    const payer = clients[crypto.randomInt(clients.length)]!;
    let payee = clients[crypto.randomInt(clients.length)]!;
    if (payee === payer) payee = clients[(clients.indexOf(payer) + 1) % clients.length]!;
    const token = tokens.get(payer.userId)!;
    const quote = await call(
      address,
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
    const confirmed = await call(address, 'confirm-send-money', { transactionHash: quote.data.hash }, token);
    return confirmed.code === 200;
  };
  await closedLoop(HTTP_WARMUP, HTTP_CLIENTS, (_, client) => sendMoney(client));
  const peak = partResult(options.label, HTTP_CLIENTS, await closedLoop(HTTP_TRANSFERS, HTTP_CLIENTS, (_, client) => sendMoney(client)));
  if (peak.refused > peak.transfers / 2)
    throw new Error(`send money over HTTP refused ${peak.refused} of ${peak.transfers}: the calls are not working`);
  if (!options.halfRate) return [peak];
  return [peak, await openLoop(peak.perSecond / 2, sendMoney)];
}

/** Arrivals at `ratePerS` on a fixed schedule for OPEN_LOOP_S, latency measured per transfer (arrival i on node i % nodes). */
async function openLoop(ratePerS: number, sendMoney: (client: number) => Promise<boolean>): Promise<PartResult> {
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
        if (!(await sendMoney(i))) refused++;
        latencies.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(inflight);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const label = { part: '4', name: `4b. send money at half peak (${ratePerS.toFixed(0)}/s open loop)`, database: 'postgres' as const };
  return partResult(label, null, {
    transfers: total,
    refused,
    seconds,
    perSecond: total / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  });
}

// ---- Running the parts -------------------------------------------------------------------
/** Parts 1-4 on a scratch database of the PostgreSQL server at `url`. */
async function postgresParts(url: string): Promise<PartResult[]> {
  const results: PartResult[] = [];
  if (runs('1')) results.push(...(await referenceOnPostgres(url)));
  if (!POSTGRES_PARTS.filter((part) => part !== '1').some(runs)) return results;
  const handle = await openDatabase({ databaseUrl: url, preparedStatements: PREPARED_STATEMENTS });
  try {
    const ledger = await loadLedger(handle, WALLETS, BATCH, { transfers: TRANSFERS, warmup: WARMUP });
    results.push(...(await runPostingParts(ledger, postingParts(ledger, ''))));
    for (const [part, run] of ordered(platformParts(ledger, url))) {
      results.push(...(await run()));
      await assertBalanced(handle, `part ${part}`);
    }
  } finally {
    // Closed before the database is dropped: a forced drop under an open pool ends its idle clients.
    await handle.close();
  }
  return results;
}

/** Parts 4, 4n2, 4p and 4p16: over HTTP, against the platform compiled, in processes of their own. */
function platformParts(ledger: PostingLedger, databaseUrl: string): PlatformPartRun[] {
  const label = (part: string, what: string) => ({
    part,
    name: `${part}. ${what} (${HTTP_CLIENTS} clients)`,
    database: 'postgres' as const,
  });
  const cards = 'card payments over the merchant API';
  return [
    ['4', () => httpPart(ledger, databaseUrl, { label: label('4', 'send money over HTTP'), nodes: 1, halfRate: true })],
    ['4n2', () => httpPart(ledger, databaseUrl, { label: label('4n2', 'send money over HTTP, two nodes'), nodes: 2, halfRate: false })],
    ['4p', () => cardPaymentPart(ledger.handle, databaseUrl, label('4p', `${cards}, one merchant`), 1)],
    ['4p16', () => cardPaymentPart(ledger.handle, databaseUrl, label('4p16', `${cards}, ${CARD_MERCHANTS} merchants`), CARD_MERCHANTS)],
  ];
}

/** Parts p1, p2s, p2 and p3 on embedded PGlite in a temporary folder, removed after. */
async function pgliteParts(): Promise<PartResult[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-pglite-'));
  const counts = { transfers: PGLITE_TRANSFERS, warmup: PGLITE_WARMUP };
  const results: PartResult[] = [];
  try {
    const handle = await openDatabase({ dataDir: folder });
    try {
      if (runs('p1')) {
        const label = { part: 'p1', name: 'p1. reference SQL transfer', database: 'pglite' as const };
        results.push(...(await referenceParts(referenceOnHandle(handle), label, PGLITE_WALLETS, counts)));
      }
      if (PGLITE_PARTS.filter((part) => part !== 'p1').some(runs)) {
        const ledger = await loadLedger(handle, PGLITE_WALLETS, PGLITE_BATCH, counts);
        const parts = postingParts(ledger, 'p').filter(([part]) => PGLITE_PARTS.includes(part));
        results.push(...(await runPostingParts(ledger, parts)));
      }
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return results;
}

/** Runs `work` on a scratch database of the PostgreSQL server, dropped after whatever happens. */
async function onScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createScratchDatabase(ADMIN_URL, 'pw_bench');
  try {
    return await work(url);
  } finally {
    await drop();
  }
}

/** Part 5 alone (BENCH_PARTS=hostile), on a migrated and seeded database. */
async function hostileAlone(url: string): Promise<HostilePhase[]> {
  const handle = await openDatabase({ databaseUrl: url, preparedStatements: PREPARED_STATEMENTS });
  try {
    await migrate(handle.db);
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  return hostileBodiesPart(url);
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
  const results: PartResult[] = [];
  let hostile: HostilePhase[] = [];
  if (ONLY_HOSTILE) hostile = await onScratchDatabase(hostileAlone);
  else {
    console.log(
      `Ledger benchmark: ${WALLETS} wallets, ${TRANSFERS} transfers per part, ${REFERENCE_WORKERS.join(' and ')} workers for part 1, ${HIGH_WORKERS} for parts 2s-3, PostgreSQL at ${new URL(ADMIN_URL).host}; on PGlite ${PGLITE_WALLETS} wallets, ${PGLITE_TRANSFERS} transfers per part`,
    );
    if (POSTGRES_PARTS.some(runs)) {
      await onScratchDatabase(async (url) => {
        results.push(...(await postgresParts(url)));
        if (PARTS === null) hostile = await hostileBodiesPart(url);
      });
    }
    if (PGLITE_PARTS.some(runs)) results.push(...(await pgliteParts()));
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

/** The part's row; of part 1's runs at two worker counts, the faster. */
function fastest(results: PartResult[], part: string): PartResult | undefined {
  return results
    .filter((result) => result.part === part && result.workers !== null)
    .reduce<PartResult | undefined>((best, result) => (best === undefined || result.perSecond > best.perSecond ? result : best), undefined);
}

/** "label = x (what)" when both parts ran; `what` is given the ratio. */
function ratio(label: string, a: PartResult | undefined, b: PartResult | undefined, what?: (value: number) => string): string[] {
  if (!a || !b) return [];
  const value = a.perSecond / b.perSecond;
  return [`${label} = ${value.toFixed(2)}${what ? ` (${what(value)})` : ''}`];
}

const goal = (least: number) => (value: number) => `goal ≥ ${least}: ${value >= least ? 'met' : 'not met'}`;

/** Which of part 1's runs a ratio divides by. */
function referenceRun(results: PartResult[], reference: PartResult | undefined): string {
  const runs1 = results.filter((result) => result.part === reference?.part).length;
  return `part 1 at ${reference?.workers} workers${runs1 > 1 ? ', the faster of its runs' : ''}`;
}

function resultsTable(results: PartResult[]): string[] {
  return [
    '| part | workers | transfers | refused | transfers/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.workers ?? '–'} | ${r.transfers} | ${r.refused} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} |`,
    ),
  ];
}

function ledgerReport(heading: string, results: PartResult[]): string[] {
  const postgres = results.filter((r) => r.database === 'postgres');
  const pglite = results.filter((r) => r.database === 'pglite');
  const [r1, r2as, r2a, r2s, r2, r2k, r3, r4, r4n2, r4p, r4p16] = POSTGRES_PARTS.map((part) => fastest(postgres, part));
  const r4b = postgres.find((r) => r.part === '4' && r.workers === null);
  const ratios = [
    ...ratio('2/1', r2, r1, (value) => `${goal(1.5)(value)}; ${referenceRun(postgres, r1)}`),
    ...ratio('2/2s', r2, r2s, () => 'what group commit gains'),
    ...(r2a && r2as
      ? [
          `a lone posting's p50 through group commit against one transaction of its own = ${r2a.p50Ms.toFixed(2)} against ${r2as.p50Ms.toFixed(2)} ms (p99 ${r2a.p99Ms.toFixed(2)} against ${r2as.p99Ms.toFixed(2)} ms)`,
        ]
      : []),
    ...ratio('2k/2', r2k, r2, () => 'what a posting key costs'),
    ...ratio('3/2', r3, r2, goal(0.8)),
    ...ratio('4/2', r4, r2, goal(0.5)),
    ...ratio('4n2/4', r4n2, r4, () => 'two nodes against one'),
    ...ratio('4p/4p16', r4p, r4p16, () => `one hot merchant against ${CARD_MERCHANTS}`),
    ...(r4b
      ? [`p99 of part 4 at half its peak rate = ${r4b.p99Ms.toFixed(2)} ms (goal < 25 ms: ${r4b.p99Ms < 25 ? 'met' : 'not met'})`]
      : []),
  ];
  const lines = [
    heading,
    '',
    `Machine: ${machine()}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ', ',
      )} at the end. PostgreSQL server on ${new URL(ADMIN_URL).host}. Settings: ${WALLETS} wallets, ${TRANSFERS} transfers per part after ${WARMUP} warm-up, part 1 at ${REFERENCE_WORKERS.join(' and ')} workers, parts 2as and 2a from one caller (${ALONE_TRANSFERS} postings, one every ${ALONE_PAUSE_MS} ms), parts 2s-3 at ${HIGH_WORKERS}, group commit window ${BATCH.windowMs} ms, at most ${BATCH.maxBatch} postings, ${BATCH.lanes} lanes, lock wait ${BATCH.lockWaitMs} ms, ${HTTP_CLIENTS} HTTP clients (node:http, kept alive), ${HTTP_TRANSFERS} HTTP transfers, open loop ${OPEN_LOOP_S} s, ${CARD_PAYMENTS} card payments a part after ${HTTP_WARMUP} warm-up (4p into one merchant, 4p16 over ${CARD_MERCHANTS}); part 4 runs the platform compiled, in its own process (NODE_ENV=production), as npm start does, part 4n2 two of them on the one database, parts 4p and 4p16 one with the merchant API's rate limit raised out of the way.`,
    '',
  ];
  if (postgres.length > 0)
    lines.push(...resultsTable(postgres), '', `Ratios: ${ratios.length > 0 ? ratios.join(', ') : 'none (too few parts)'}.`, '');
  if (pglite.length > 0) lines.push(...pgliteReport(pglite, postgres));
  return lines;
}

/** The PGlite parts: their table, their ratios to the same parts on PostgreSQL, and their own. */
function pgliteReport(pglite: PartResult[], postgres: PartResult[]): string[] {
  const [p1, p2s, p2, p3] = PGLITE_PARTS.map((part) => fastest(pglite, part));
  const against = ['1', '2s', '2', '3'].flatMap((part, index) =>
    ratio(part, [p1, p2s, p2, p3][index], fastest(postgres, part), part === '1' ? () => 'each at its faster worker count' : undefined),
  );
  const own = [
    ...ratio('2/1', p2, p1, () => referenceRun(pglite, p1)),
    ...ratio('2/2s', p2, p2s, () => 'what group commit gains'),
    ...ratio('3/2', p3, p2, () => 'the hot payee'),
  ];
  return [
    `On embedded PGlite, in a temporary folder (one connection: the transactions queue for it; group commit in ${PGLITE_BATCH.lanes} lane, at most ${PGLITE_BATCH.maxBatch} postings): ${PGLITE_WALLETS} wallets, ${PGLITE_TRANSFERS} transfers per part after ${PGLITE_WARMUP} warm-up, the same workers as on PostgreSQL.`,
    '',
    ...resultsTable(pglite),
    '',
    ...(against.length > 0 ? [`PGlite/PostgreSQL: ${against.join(', ')}.`, ''] : []),
    ...(own.length > 0 ? [`PGlite's own ratios: ${own.join(', ')}.`, ''] : []),
  ];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
