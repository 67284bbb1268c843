// Ledger health at scale (`npx tsx bench/ledger-health.ts`): a ledger of BENCH_HEALTH_ENTRIES
// entries (default 10,000,000) on the PostgreSQL server: card deposits into 10,000 wallets, a
// fifth of them into one merchant wallet (1 million entries at the default). Then
//   1. the full check (everything, as the hourly job and Check now run it);
//   2. the incremental check after a burst of 1,000 new deposits, the first time (each touched
//      wallet summed from its first entry, the big one included) and then warm (cached sums),
//      and with nothing new;
// each with what it read. Results are printed and appended to docs/benchmarks.md
// (BENCH_NO_APPEND=1 only prints); BENCH_KEEP_DB=1 keeps the database.
import { sql } from 'kysely';
import type { Config } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import type { Mail, Mailer } from '../apps/server/src/lib/mail.ts';
import {
  runFullCheck,
  runIncrementalCheck,
  type CheckOutcome,
  type HealthDeps,
} from '../apps/server/src/modules/ledger-health/ledger-health.service.ts';
import { insertBenchMerchant, machineLine, prepareDatabase, reportResults, resultsHeading, withBenchDatabase } from './support.ts';

const ENTRIES = Number(process.env.BENCH_HEALTH_ENTRIES ?? 10_000_000);
const WALLETS = 10_000;
const BURST = 1_000;
const WARM_SAMPLES = 5;

/** A healthy ledger raises nothing: a mail would mean the bench broke it. */
const refusingMailer: Mailer = {
  enqueue: (_trx: unknown, mail: Mail) => Promise.reject(new Error(`the bench raised a breach: ${mail.subject}`)),
  deliver: () => Promise.reject(new Error('no delivery in the bench')),
};

async function loadLedger(db: Db): Promise<{ aedId: number; bigWallet: bigint }> {
  const aedId = await prepareDatabase(db);
  const started = performance.now();
  const merchant = await insertBenchMerchant(
    db,
    {
      email: 'bench-health@bench.local',
      lastName: 'Merchant',
      businessName: 'Bench Shop',
      phoneNumber: '+971500000009',
      accountNumber: 'PWBHEALTH0001',
    },
    aedId,
  );
  await sql`
    INSERT INTO users (uuid, type, first_name, last_name, email, carrier_code, phone_number, password_hash, passcode_hash, status)
    SELECT gen_random_uuid(), 'consumer', 'Bench', 'Person ' || g, 'bench-health-' || g || '@bench.local', '+971', '+97155' || lpad(g::text, 7, '0'), 'x', 'x', 1
      FROM generate_series(1, ${WALLETS - 1}) AS g`.execute(db);
  await sql`
    INSERT INTO wallets (user_id, currency_id, account_number, is_default)
    SELECT id, ${aedId}, 'PWBH' || lpad(id::text, 9, '0'), 1 FROM users WHERE email LIKE 'bench-health-%'`.execute(db);
  await insertDeposits(db, aedId, merchant.walletId, ENTRIES / 2, 0);
  await sql`
    UPDATE wallets w SET available_balance = s.sum
      FROM (SELECT wallet_id, SUM(amount) AS sum FROM ledger_entries WHERE wallet_id IS NOT NULL GROUP BY wallet_id) s
     WHERE w.id = s.wallet_id`.execute(db);
  // The history before the checks began is the full check's: the incremental check starts here (as 0032 does).
  await sql`UPDATE ledger_health_state SET checked_through_entry_id = (SELECT MAX(id) FROM ledger_entries), observed_max_entry_id = NULL, observed_at = NULL`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  console.log(`   loaded ${ENTRIES.toLocaleString('en')} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { aedId, bigWallet: merchant.walletId };
}

/**
 * `count` deposits from the card gateway, each with its two entries: one in five into the big
 * wallet, the others spread over the small ones (`offset` moves the spread, so bursts touch other wallets).
 */
async function insertDeposits(db: Db, aedId: number, bigWallet: bigint, count: number, offset: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE bench_new ON COMMIT DROP AS
      SELECT nextval('transactions_id_seq') AS id, 100 + g % 1000 AS amount,
             CASE WHEN g % 5 = 0 THEN ${bigWallet}::bigint
                  ELSE (SELECT min(id) FROM wallets WHERE account_number LIKE 'PWBH0%') + ((g + ${offset}) % ${WALLETS - 1}) END AS wallet_id
        FROM generate_series(1, ${count}) AS g`.execute(trx);
    await sql`
      INSERT INTO transactions (id, uuid, transaction_type_id, status, currency_id, amount, total_amount, receiver_account_id)
      SELECT id, gen_random_uuid(), 1, 1, ${aedId}, amount, amount, wallet_id FROM bench_new`.execute(trx);
    await sql`
      INSERT INTO ledger_entries (transaction_id, wallet_id, system_account, currency, bucket, amount)
      SELECT n.id, v.wallet_id, v.system_account, 'AED', 'available', v.amount
        FROM bench_new n,
             LATERAL (VALUES (n.wallet_id, NULL::text, n.amount), (NULL::bigint, 'gateway'::text, -n.amount)) AS v(wallet_id, system_account, amount)
       ORDER BY n.id`.execute(trx);
  });
}

/** A burst of deposits written as the posting function would leave them: entries and balances together. */
async function burst(db: Db, aedId: number, bigWallet: bigint, offset: number): Promise<void> {
  const before = await sql<{ id: bigint }>`SELECT COALESCE(MAX(id), 0) AS id FROM ledger_entries`.execute(db);
  await insertDeposits(db, aedId, bigWallet, BURST, offset);
  await sql`
    UPDATE wallets w SET available_balance = w.available_balance + s.sum
      FROM (SELECT wallet_id, SUM(amount) AS sum FROM ledger_entries WHERE id > ${before.rows[0]!.id} AND wallet_id IS NOT NULL GROUP BY wallet_id) s
     WHERE w.id = s.wallet_id`.execute(db);
}

async function timedCheck<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const reads = (o: CheckOutcome | null) =>
  o === null
    ? 'not recorded'
    : `${o.entriesRead.toLocaleString('en')} entries, ${o.transactionsRead ?? '—'} transactions, ${o.walletsRead.toLocaleString('en')} wallets`;

async function measure(db: Db, loaded: { aedId: number; bigWallet: bigint }): Promise<void> {
  const deps: HealthDeps = { db, config: { publicUrl: 'http://bench.local' } as Config, mailer: refusingMailer };
  const full = await timedCheck(() => runFullCheck(deps));
  if (full.result.breaches.length > 0) throw new Error(`the loaded ledger is not healthy: ${full.result.breaches[0]!.message}`);

  await burst(db, loaded.aedId, loaded.bigWallet, 0);
  const cold = await timedCheck(() => runIncrementalCheck(deps, { settleMs: 0 }));
  const warm: number[] = [];
  let warmOutcome: CheckOutcome | null = null;
  for (let sample = 1; sample <= WARM_SAMPLES; sample += 1) {
    await burst(db, loaded.aedId, loaded.bigWallet, 0);
    const run = await timedCheck(() => runIncrementalCheck(deps, { settleMs: 0 }));
    warm.push(run.ms);
    warmOutcome = run.result;
  }
  warm.sort((a, b) => a - b);
  const idle = await timedCheck(() => runIncrementalCheck(deps, { settleMs: 0 }));
  for (const outcome of [cold.result, warmOutcome, idle.result]) {
    if (outcome && outcome.breaches.length > 0) throw new Error(`a check found a breach: ${outcome.breaches[0]!.message}`);
  }
  const bigEntries = await sql<{ n: bigint }>`SELECT count(*) AS n FROM ledger_entries WHERE wallet_id = ${loaded.bigWallet}`.execute(db);

  await reportResults([
    '',
    resultsHeading('Ledger health checks'),
    '',
    machineLine(
      `${ENTRIES.toLocaleString('en')} entries (card deposits) over ${WALLETS.toLocaleString('en')} wallets, one of them with ${Number(bigEntries.rows[0]!.n).toLocaleString('en')}; bursts of ${BURST.toLocaleString('en')} deposits.`,
    ),
    '',
    '| check | time | read |',
    '| --- | --- | --- |',
    `| full (every entry, every wallet, each transaction's sums, the totals) | ${(full.ms / 1000).toFixed(1)} s | ${reads(full.result)} |`,
    `| incremental after a burst, first time (each touched wallet summed from its first entry) | ${cold.ms.toFixed(0)} ms | ${reads(cold.result)} |`,
    `| incremental after a burst, cached sums, median of ${WARM_SAMPLES} (min ${warm[0]!.toFixed(0)}, max ${warm.at(-1)!.toFixed(0)}) | ${warm[Math.floor(warm.length / 2)]!.toFixed(0)} ms | ${reads(warmOutcome)} |`,
    `| incremental with nothing new | ${idle.ms.toFixed(0)} ms | ${reads(idle.result)} |`,
  ]);
}

await withBenchDatabase('pw_bench_health', process.env.BENCH_REUSE_URL, async (db, reused) =>
  measure(db, reused ? await reusedLedger(db) : await loadLedger(db)),
);

/** A kept database (BENCH_KEEP_DB=1 on an earlier run, BENCH_REUSE_URL now): its AED and big wallet. */
async function reusedLedger(db: Db): Promise<{ aedId: number; bigWallet: bigint }> {
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const wallet = await db.selectFrom('wallets').select('id').where('account_number', '=', 'PWBHEALTH0001').executeTakeFirstOrThrow();
  return { aedId: aed.id, bigWallet: wallet.id };
}
