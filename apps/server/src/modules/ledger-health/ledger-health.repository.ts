// The SQL of the ledger's health checks (ledger-health.service.ts). The incremental check's reads
// stay within the entries after its checkpoint and what those entries touch, through indexes:
// `ledger_entries` by id (its key), by transaction (`ledger_entries_transaction`) and by wallet
// (`ledger_entries_wallet (wallet_id, id)`), so their cost follows what is new, not the ledger's
// size. The full check's reads are the tests' invariant queries (ledger/invariants.repository.ts)
// plus the per-transaction sums and the totals.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { LedgerBreachKind, LedgerHealthCheckKind } from '../../db/schema.ts';

// ---- the checkpoint ---------------------------------------------------------------------------

export interface HealthState {
  checkedThroughEntryId: bigint;
  observedMaxEntryId: bigint | null;
  observedAt: Date | null;
}

export async function readState(db: Queryable): Promise<HealthState> {
  const row = await db.selectFrom('ledger_health_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    checkedThroughEntryId: row.checked_through_entry_id,
    observedMaxEntryId: row.observed_max_entry_id,
    observedAt: row.observed_at,
  };
}

/**
 * Moves the checkpoint, fenced by the state the check started from: false when another check
 * moved it first (two at once: the later one's result is not recorded).
 */
export async function advanceState(db: Queryable, from: HealthState, to: HealthState): Promise<boolean> {
  const result = await sql`
    UPDATE ledger_health_state
       SET checked_through_entry_id = ${to.checkedThroughEntryId}, observed_max_entry_id = ${to.observedMaxEntryId},
           observed_at = ${to.observedAt}, updated_at = now()
     WHERE id = 1 AND checked_through_entry_id = ${from.checkedThroughEntryId}
       AND observed_max_entry_id IS NOT DISTINCT FROM ${from.observedMaxEntryId}::bigint
       AND observed_at IS NOT DISTINCT FROM ${from.observedAt}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** The database's clock and the highest entry id this snapshot sees. */
export async function readNowAndMaxEntryId(db: Queryable): Promise<{ now: Date; maxEntryId: bigint }> {
  const result = await sql<{
    now: Date;
    max_id: bigint | null;
  }>`SELECT now() AS now, (SELECT MAX(id) FROM ledger_entries) AS max_id`.execute(db);
  const row = result.rows[0]!;
  return { now: row.now, maxEntryId: row.max_id === null ? 0n : BigInt(row.max_id) };
}

/** The last id of a range after `after` holding at most `limit` entries, up to `upTo`. */
export async function rangeEnd(db: Queryable, after: bigint, upTo: bigint, limit: number): Promise<bigint> {
  const result = await sql<{ id: bigint }>`
    SELECT id FROM ledger_entries WHERE id > ${after} AND id <= ${upTo} ORDER BY id OFFSET ${limit - 1} LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row === undefined ? upTo : BigInt(row.id);
}

// ---- the incremental check's reads --------------------------------------------------------------

export async function countEntriesInRange(db: Queryable, after: bigint, through: bigint): Promise<number> {
  const result = await sql<{ n: bigint }>`SELECT count(*) AS n FROM ledger_entries WHERE id > ${after} AND id <= ${through}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The transactions that have an entry in the range, each summed whole (all its entries, through
 * the transaction index) per currency: how many there are, and those that do not sum to zero.
 */
export async function checkTransactionsInRange(
  db: Queryable,
  after: bigint,
  through: bigint,
): Promise<{ transactions: number; unbalanced: Array<{ transactionId: bigint; currency: string; sum: bigint }> }> {
  const result = await sql<{ transaction_id: bigint | null; currency: string | null; sum: bigint | null; transactions: bigint }>`
    WITH touched AS (SELECT DISTINCT transaction_id FROM ledger_entries WHERE id > ${after} AND id <= ${through}),
         sums AS (SELECT e.transaction_id, e.currency, SUM(e.amount) AS sum
                    FROM ledger_entries e JOIN touched t ON t.transaction_id = e.transaction_id
                   GROUP BY e.transaction_id, e.currency)
    SELECT s.transaction_id, s.currency, s.sum, (SELECT count(*) FROM touched) AS transactions
      FROM (SELECT 1) AS one LEFT JOIN sums s ON s.sum <> 0
     ORDER BY s.transaction_id, s.currency`.execute(db);
  const transactions = Number(result.rows[0]?.transactions ?? 0);
  const unbalanced = result.rows
    .filter((row) => row.transaction_id !== null)
    .map((row) => ({ transactionId: BigInt(row.transaction_id!), currency: row.currency!.trim(), sum: BigInt(row.sum!) }));
  return { transactions, unbalanced };
}

/** Entries of the range whose transaction or wallet does not exist. */
export async function countOrphansInRange(db: Queryable, after: bigint, through: bigint): Promise<number> {
  const result = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_entries e
     WHERE e.id > ${after} AND e.id <= ${through}
       AND (NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
            OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.id = e.wallet_id)))`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** System accounts (kind, currency) that entries of the range name and system_accounts does not hold. */
export async function listMissingSystemAccountsInRange(
  db: Queryable,
  after: bigint,
  through: bigint,
): Promise<Array<{ system: string; currency: string }>> {
  const result = await sql<{ system_account: string; currency: string }>`
    SELECT DISTINCT e.system_account, e.currency FROM ledger_entries e
     WHERE e.id > ${after} AND e.id <= ${through} AND e.system_account IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.kind = e.system_account AND s.currency = e.currency)
     ORDER BY 1, 2`.execute(db);
  return result.rows.map((row) => ({ system: row.system_account, currency: row.currency.trim() }));
}

/** A wallet the range touched: its stored balances and the sums of its entries. */
export interface TouchedWallet {
  walletId: bigint;
  /** False when the wallet row does not exist (an orphan entry). */
  exists: boolean;
  storedAvailable: bigint;
  storedOnHold: bigint;
  /** The sums of its entries with ids up to the range's end (final: nothing below it is still open). */
  availableThrough: bigint;
  onHoldThrough: bigint;
  /** The sums of its entries after the range's end that this snapshot sees (written since). */
  availableAfter: bigint;
  onHoldAfter: bigint;
  /** How many of its entries were summed (the cached sum spares the older ones). */
  entriesSummed: number;
}

interface TouchedWalletRow {
  wallet_id: bigint;
  exists: boolean;
  available_balance: bigint | null;
  balance_on_hold: bigint | null;
  available_through: bigint;
  on_hold_through: bigint;
  available_after: bigint;
  on_hold_after: bigint;
  entries_summed: bigint;
}

/**
 * The wallets with an entry in the range. Each is summed from its cached sum on (the entries
 * after the cache's id, through the wallet index), or from its first entry when `fromScratch`
 * or when it has no cached sum yet.
 */
export async function readTouchedWallets(
  db: Queryable,
  after: bigint,
  through: bigint,
  options: { fromScratch?: readonly bigint[] } = {},
): Promise<TouchedWallet[]> {
  const only = options.fromScratch;
  const touched =
    only === undefined
      ? sql`SELECT DISTINCT wallet_id FROM ledger_entries WHERE id > ${after} AND id <= ${through} AND wallet_id IS NOT NULL`
      : sql`SELECT unnest(${`{${only.join(',')}}`}::bigint[]) AS wallet_id`;
  const cache =
    only === undefined
      ? sql`LEFT JOIN ledger_health_wallet_sums c ON c.wallet_id = t.wallet_id`
      : sql`LEFT JOIN ledger_health_wallet_sums c ON false`;
  const result = await sql<TouchedWalletRow>`
    WITH touched AS (${touched})
    SELECT t.wallet_id, w.id IS NOT NULL AS exists, w.available_balance, w.balance_on_hold,
           COALESCE(c.available_sum, 0) + d.available AS available_through,
           COALESCE(c.on_hold_sum, 0) + d.on_hold AS on_hold_through,
           x.available AS available_after, x.on_hold AS on_hold_after,
           d.n + x.n AS entries_summed
      FROM touched t
      LEFT JOIN wallet_balances w ON w.id = t.wallet_id
      ${cache}
      CROSS JOIN LATERAL (
        SELECT COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'available'), 0) AS available,
               COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'on_hold'), 0) AS on_hold, count(*) AS n
          FROM ledger_entries e
         WHERE e.wallet_id = t.wallet_id AND e.id > COALESCE(c.through_entry_id, 0) AND e.id <= ${through}) d
      CROSS JOIN LATERAL (
        SELECT COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'available'), 0) AS available,
               COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'on_hold'), 0) AS on_hold, count(*) AS n
          FROM ledger_entries e
         WHERE e.wallet_id = t.wallet_id AND e.id > ${through}) x
     ORDER BY t.wallet_id`.execute(db);
  return result.rows.map((row) => ({
    walletId: BigInt(row.wallet_id),
    exists: row.exists,
    storedAvailable: BigInt(row.available_balance ?? 0),
    storedOnHold: BigInt(row.balance_on_hold ?? 0),
    availableThrough: BigInt(row.available_through),
    onHoldThrough: BigInt(row.on_hold_through),
    availableAfter: BigInt(row.available_after),
    onHoldAfter: BigInt(row.on_hold_after),
    entriesSummed: Number(row.entries_summed),
  }));
}

/** Caches the wallets' sums through an entry id; a wallet left out (`forget`) is summed from scratch next time. */
export async function saveWalletSums(
  db: Queryable,
  sums: ReadonlyArray<{ walletId: bigint; available: bigint; onHold: bigint }>,
  throughEntryId: bigint,
  forget: readonly bigint[],
): Promise<void> {
  if (forget.length > 0)
    await db
      .deleteFrom('ledger_health_wallet_sums')
      .where('wallet_id', 'in', [...forget])
      .execute();
  for (let start = 0; start < sums.length; start += 1000) {
    const rows = sums.slice(start, start + 1000).map((s) => ({
      wallet_id: s.walletId,
      available_sum: s.available,
      on_hold_sum: s.onHold,
      through_entry_id: throughEntryId,
    }));
    await db
      .insertInto('ledger_health_wallet_sums')
      .values(rows)
      .onConflict((oc) =>
        oc.column('wallet_id').doUpdateSet((eb) => ({
          available_sum: eb.ref('excluded.available_sum'),
          on_hold_sum: eb.ref('excluded.on_hold_sum'),
          through_entry_id: eb.ref('excluded.through_entry_id'),
        })),
      )
      .execute();
  }
}

// ---- the full check's reads ---------------------------------------------------------------------

/** Every (transaction, currency) whose entries do not sum to zero. */
export async function listUnbalancedTransactions(db: Queryable): Promise<Array<{ transactionId: bigint; currency: string; sum: bigint }>> {
  const result = await sql<{ transaction_id: bigint; currency: string; sum: bigint }>`
    SELECT transaction_id, currency, SUM(amount) AS sum FROM ledger_entries
     GROUP BY transaction_id, currency HAVING SUM(amount) <> 0 ORDER BY transaction_id, currency`.execute(db);
  return result.rows.map((row) => ({ transactionId: BigInt(row.transaction_id), currency: row.currency.trim(), sum: BigInt(row.sum) }));
}

export async function countWallets(db: Queryable): Promise<number> {
  const result = await sql<{ n: bigint }>`SELECT count(*) AS n FROM wallets`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export interface CurrencyTotalsRow {
  currency: string;
  decimals: number;
  wallets: bigint;
  available: bigint;
  onHold: bigint;
  system: Record<'gateway' | 'fees' | 'vat' | 'payouts', bigint>;
  entriesSum: bigint;
}

/** Per currency: the wallets' stored balances by bucket, each system account's balance, the sum of all entries. */
export async function readCurrencyTotals(db: Queryable): Promise<CurrencyTotalsRow[]> {
  const result = await sql<{
    code: string;
    decimals: number;
    wallets: bigint;
    available: bigint;
    on_hold: bigint;
    gateway: bigint;
    fees: bigint;
    vat: bigint;
    payouts: bigint;
    entries_sum: bigint;
  }>`
    WITH rows AS (SELECT currency_id, count(*) AS wallets, SUM(available_balance) AS available, SUM(balance_on_hold) AS on_hold
                    FROM wallets GROUP BY currency_id),
         slots AS (SELECT w.currency_id, SUM(c.available_balance) AS available, SUM(c.balance_on_hold) AS on_hold
                     FROM wallet_credit_slots c JOIN wallets w ON w.id = c.wallet_id GROUP BY w.currency_id),
         w AS (SELECT rows.currency_id, rows.wallets, rows.available + COALESCE(slots.available, 0) AS available,
                      rows.on_hold + COALESCE(slots.on_hold, 0) AS on_hold
                 FROM rows LEFT JOIN slots ON slots.currency_id = rows.currency_id),
         s AS (SELECT currency, SUM(amount) FILTER (WHERE system_account = 'gateway') AS gateway,
                      SUM(amount) FILTER (WHERE system_account = 'fees') AS fees,
                      SUM(amount) FILTER (WHERE system_account = 'vat') AS vat,
                      SUM(amount) FILTER (WHERE system_account = 'payouts') AS payouts,
                      SUM(amount) AS entries_sum
                 FROM ledger_entries GROUP BY currency)
    SELECT c.code, c.decimals, COALESCE(w.wallets, 0) AS wallets, COALESCE(w.available, 0) AS available,
           COALESCE(w.on_hold, 0) AS on_hold, COALESCE(s.gateway, 0) AS gateway, COALESCE(s.fees, 0) AS fees,
           COALESCE(s.vat, 0) AS vat, COALESCE(s.payouts, 0) AS payouts, COALESCE(s.entries_sum, 0) AS entries_sum
      FROM currencies c
      LEFT JOIN w ON w.currency_id = c.id
      LEFT JOIN s ON s.currency = c.code
     WHERE w.wallets IS NOT NULL OR s.currency IS NOT NULL
     ORDER BY c.code`.execute(db);
  return result.rows.map((row) => ({
    currency: row.code.trim(),
    decimals: Number(row.decimals),
    wallets: BigInt(row.wallets),
    available: BigInt(row.available),
    onHold: BigInt(row.on_hold),
    system: { gateway: BigInt(row.gateway), fees: BigInt(row.fees), vat: BigInt(row.vat), payouts: BigInt(row.payouts) },
    entriesSum: BigInt(row.entries_sum),
  }));
}

// ---- results: checks and breaches ---------------------------------------------------------------

export interface CheckRowInput {
  kind: LedgerHealthCheckKind;
  requestedBy: bigint | null;
  startedAt: Date;
  durationMs: number;
  fromEntryId: bigint | null;
  throughEntryId: bigint | null;
  entriesRead: number;
  transactionsRead: number | null;
  walletsRead: number;
  breachesFound: number;
  breaches: unknown[];
  totals: unknown[] | null;
}

export async function insertCheck(db: Queryable, check: CheckRowInput): Promise<bigint> {
  const row = await db
    .insertInto('ledger_health_checks')
    .values({
      kind: check.kind,
      requested_by: check.requestedBy,
      started_at: check.startedAt,
      duration_ms: check.durationMs,
      from_entry_id: check.fromEntryId,
      through_entry_id: check.throughEntryId,
      entries_read: BigInt(check.entriesRead),
      transactions_read: check.transactionsRead === null ? null : BigInt(check.transactionsRead),
      wallets_read: BigInt(check.walletsRead),
      breaches_found: check.breachesFound,
      new_breaches: 0,
      breaches: JSON.stringify(check.breaches),
      totals: check.totals === null ? null : JSON.stringify(check.totals),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setNewBreaches(db: Queryable, checkId: bigint, count: number): Promise<void> {
  await db.updateTable('ledger_health_checks').set({ new_breaches: count }).where('id', '=', checkId).execute();
}

/** Keeps the newest `keep` checks of a kind. */
export async function pruneChecks(db: Queryable, kind: LedgerHealthCheckKind, keep: number): Promise<void> {
  await sql`
    DELETE FROM ledger_health_checks
     WHERE kind = ${kind}
       AND id <= (SELECT id FROM ledger_health_checks WHERE kind = ${kind} ORDER BY id DESC OFFSET ${keep} LIMIT 1)`.execute(db);
}

/** Resolved breaches older than `days` go. */
export async function pruneResolvedBreaches(db: Queryable, days: number): Promise<void> {
  await sql`DELETE FROM ledger_health_breaches WHERE resolved_at < now() - make_interval(days => ${days})`.execute(db);
}

export interface BreachInput {
  key: string;
  kind: LedgerBreachKind;
  currency: string | null;
  walletId: bigint | null;
  transactionId: bigint | null;
  bucket: 'available' | 'on_hold' | null;
  message: string;
  detail: Record<string, unknown>;
}

export async function listOpenBreachKeys(db: Queryable): Promise<Array<{ id: bigint; key: string }>> {
  return db.selectFrom('ledger_health_breaches').select(['id', 'key']).where('resolved_at', 'is', null).execute();
}

/** Records a breach found by a check: true when it is new (no open breach has its key), false when it was already open. */
export async function recordBreach(db: Queryable, checkId: bigint, breach: BreachInput): Promise<boolean> {
  const seen = await sql`
    UPDATE ledger_health_breaches SET last_seen_at = now(), last_check_id = ${checkId}
     WHERE key = ${breach.key} AND resolved_at IS NULL`.execute(db);
  if (Number(seen.numAffectedRows ?? 0n) > 0) return false;
  const inserted = await sql<{ id: bigint }>`
    INSERT INTO ledger_health_breaches (key, kind, currency, wallet_id, transaction_id, bucket, message, detail, first_check_id, last_check_id)
    VALUES (${breach.key}, ${breach.kind}, ${breach.currency}, ${breach.walletId}, ${breach.transactionId}, ${breach.bucket},
            ${breach.message}, ${JSON.stringify(breach.detail)}::jsonb, ${checkId}, ${checkId})
    ON CONFLICT (key) WHERE resolved_at IS NULL DO NOTHING
    RETURNING id`.execute(db);
  return inserted.rows.length === 1;
}

export async function resolveBreaches(db: Queryable, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('ledger_health_breaches')
    .set({ resolved_at: sql`now()` })
    .where('id', 'in', [...ids])
    .execute();
}

// ---- the console's reads ------------------------------------------------------------------------

export interface OpenBreachRow {
  id: bigint;
  key: string;
  kind: LedgerBreachKind;
  currency: string | null;
  wallet_id: bigint | null;
  account_number: string | null;
  transaction_id: bigint | null;
  bucket: 'available' | 'on_hold' | null;
  message: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

export async function listOpenBreaches(db: Queryable, limit: number): Promise<OpenBreachRow[]> {
  return db
    .selectFrom('ledger_health_breaches as b')
    .leftJoin('wallets as w', 'w.id', 'b.wallet_id')
    .select([
      'b.id',
      'b.key',
      'b.kind',
      'b.currency',
      'b.wallet_id',
      'w.account_number',
      'b.transaction_id',
      'b.bucket',
      'b.message',
      'b.first_seen_at',
      'b.last_seen_at',
    ])
    .where('b.resolved_at', 'is', null)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

export interface CheckRow {
  id: bigint;
  kind: LedgerHealthCheckKind;
  requested_by_name: string | null;
  started_at: Date;
  finished_at: Date;
  duration_ms: number;
  from_entry_id: bigint | null;
  through_entry_id: bigint | null;
  entries_read: bigint;
  transactions_read: bigint | null;
  wallets_read: bigint;
  breaches_found: number;
  new_breaches: number;
}

export async function listChecks(db: Queryable, options: { limit: number; id?: bigint }): Promise<CheckRow[]> {
  let query = db
    .selectFrom('ledger_health_checks as c')
    .leftJoin('users as u', 'u.id', 'c.requested_by')
    .select([
      'c.id',
      'c.kind',
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END`.as('requested_by_name'),
      'c.started_at',
      'c.finished_at',
      'c.duration_ms',
      'c.from_entry_id',
      'c.through_entry_id',
      'c.entries_read',
      'c.transactions_read',
      'c.wallets_read',
      'c.breaches_found',
      'c.new_breaches',
    ])
    .orderBy('c.id', 'desc')
    .limit(options.limit);
  if (options.id !== undefined) query = query.where('c.id', '=', options.id);
  return query.execute();
}

export async function findLatestTotals(db: Queryable): Promise<{ id: bigint; finished_at: Date; totals: unknown } | undefined> {
  return db
    .selectFrom('ledger_health_checks')
    .select(['id', 'finished_at', 'totals'])
    .where('kind', '=', 'full')
    .where('totals', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every administrator: who a breach is raised to. */
export async function listAdministrators(db: Queryable): Promise<Array<{ id: bigint; email: string; first_name: string }>> {
  return db.selectFrom('users').select(['id', 'email', 'first_name']).where('type', '=', 'admin').orderBy('id').execute();
}

/** The wallets a breach names, with their currency: what the message says. */
export async function describeWallets(
  db: Queryable,
  walletIds: readonly bigint[],
): Promise<Map<string, { accountNumber: string; currency: string; decimals: number }>> {
  if (walletIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallets as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .select(['w.id', 'w.account_number', 'c.code', 'c.decimals'])
    .where('w.id', 'in', [...walletIds])
    .execute();
  return new Map(
    rows.map((row) => [String(row.id), { accountNumber: row.account_number, currency: row.code.trim(), decimals: Number(row.decimals) }]),
  );
}

export async function currencyDecimals(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.selectFrom('currencies').select(['code', 'decimals']).execute();
  return new Map(rows.map((row) => [row.code.trim(), Number(row.decimals)]));
}

/** The given transactions' sums per currency that are not zero (the open breaches, looked at again). */
export async function sumTransactions(
  db: Queryable,
  transactionIds: readonly bigint[],
): Promise<Array<{ transactionId: bigint; currency: string; sum: bigint }>> {
  if (transactionIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', 'currency', sql<bigint>`SUM(amount)`.as('sum')])
    .where('transaction_id', 'in', [...transactionIds])
    .groupBy(['transaction_id', 'currency'])
    .having(sql`SUM(amount)`, '<>', 0)
    .orderBy('transaction_id')
    .execute();
  return rows.map((row) => ({ transactionId: BigInt(row.transaction_id), currency: row.currency.trim(), sum: BigInt(row.sum) }));
}
