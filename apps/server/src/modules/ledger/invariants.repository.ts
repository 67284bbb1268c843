// The queries behind the ledger's invariant check (invariants.ts): each reads what breaks one
// promise, so a healthy ledger answers empty lists.
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

/** Currencies whose entries do not sum to zero. */
export async function listUnbalancedCurrencies(db: Queryable): Promise<Array<{ currency: string; sum: bigint }>> {
  const result = await sql<{ currency: string; sum: bigint }>`
    SELECT currency, SUM(amount) AS sum FROM ledger_entries GROUP BY currency HAVING SUM(amount) <> 0`.execute(db);
  return result.rows;
}

/** Every wallet bucket with its stored balance (its row and its credit slots) and the sum of its entries. */
export async function listWalletBucketTotals(
  db: Queryable,
): Promise<Array<{ wallet_id: bigint; bucket: string; stored: bigint; from_entries: bigint }>> {
  const result = await sql<{ wallet_id: bigint; bucket: string; stored: bigint; from_entries: bigint }>`
    SELECT w.id AS wallet_id, b.bucket,
           CASE b.bucket WHEN 'available' THEN w.available_balance ELSE w.balance_on_hold END AS stored,
           COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.wallet_id = w.id AND e.bucket = b.bucket), 0) AS from_entries
      FROM wallet_balances w CROSS JOIN (VALUES ('available'), ('on_hold')) AS b(bucket)`.execute(db);
  return result.rows;
}

export async function listNegativeWalletIds(db: Queryable): Promise<bigint[]> {
  const result = await sql<{ id: bigint }>`
    SELECT id FROM wallets WHERE available_balance < 0 OR balance_on_hold < 0
    UNION
    SELECT wallet_id FROM wallet_credit_slots WHERE available_balance < 0 OR balance_on_hold < 0`.execute(db);
  return result.rows.map((row) => row.id);
}

export async function countEntries(db: Queryable): Promise<number> {
  const result = await sql<{ n: bigint }>`SELECT count(*) AS n FROM ledger_entries`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** System accounts (kind, currency) that entries name but system_accounts does not hold. */
export async function listEntriesWithoutSystemAccount(db: Queryable): Promise<Array<{ system_account: string; currency: string }>> {
  const result = await sql<{ system_account: string; currency: string }>`
    SELECT DISTINCT e.system_account, e.currency FROM ledger_entries e
     WHERE e.system_account IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.kind = e.system_account AND s.currency = e.currency)`.execute(db);
  return result.rows;
}

/** Entries whose transaction or wallet does not exist (those foreign keys are not declared). */
export async function countOrphanEntries(db: Queryable): Promise<number> {
  const result = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_entries e
     WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
        OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.id = e.wallet_id))`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

// ---- the scoped check's read (invariants.ts checkScopedInvariants) -------------------------------
// One statement (a step of a long sequence is checked after every step, so round trips count):
// the entries after an id (through the key), the transactions those entries belong to (each
// summed whole, through `ledger_entries_transaction`) and the wallets named (through
// `ledger_entries_wallet`): its cost follows the scope, not the ledger's size. Amounts travel as
// text inside the JSON (a bigint past 2^53 would lose digits as a JSON number).

/** A transaction with an entry after the scope's id, per currency: its sums and what its row and charges say. */
export interface ScopedTransactionRow {
  transaction_id: string;
  currency: string;
  /** All its entries in the currency (zero when balanced). */
  sum: string;
  /** Its entries on the fees and the VAT accounts. */
  fees_entries: string;
  vat_entries: string;
  /** The transactions row's fee and VAT, and its charge rows' sums by type. */
  fee: string | null;
  vat: string | null;
  fee_charges: string;
  vat_charges: string;
}

/** Per system account and currency: what the scope's entries moved, and whether the account exists. */
export interface ScopedSystemMoveRow {
  system_account: string;
  currency: string;
  moved: string;
  account_exists: boolean;
}

/** A wallet of the scope with its stored balances and the sums of its entries. */
export interface ScopedWalletRow {
  wallet_id: string;
  user_id: string;
  currency: string;
  kind: number;
  available_balance: string;
  balance_on_hold: string;
  available_from_entries: string;
  on_hold_from_entries: string;
}

export interface ScopeRead {
  transactions: ScopedTransactionRow[];
  moves: ScopedSystemMoveRow[];
  wallets: ScopedWalletRow[];
  /** Entries of the scope whose transaction or wallet does not exist. */
  orphan_entries: string;
  /** The scope's highest entry id (null when it holds none), and how many entries it holds. */
  through_entry_id: string | null;
  entries_in_scope: string;
}

/**
 * Runs `read` with JIT compilation off. The planner's estimate for the scope grows with the ledger
 * (with stale statistics the entries after a mark look like thousands), and past jit_above_cost
 * PostgreSQL compiles the statement with LLVM on every call: 200 ms of compiling for a read of
 * 2 ms (seen on PostgreSQL 15 from about 500 runs of the money model). SET LOCAL: the caller's
 * transaction, or one of its own, keeps it to this read.
 */
async function withoutJit<T>(db: Queryable, read: (trx: Queryable) => Promise<T>): Promise<T> {
  const run = async (trx: Queryable) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return read(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** PostgreSQL's driver parses json, PGlite's may answer the text: either way an array. */
function jsonRows<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/**
 * The scope in one read: the transactions with an entry above `afterEntryId` (each summed whole
 * per currency, with its row's and charges' fee and VAT), what those entries moved per system
 * account, the wallets with these ids and every wallet of these users (each summed from its
 * entries), and the scope's orphan entries.
 */
export async function readScope(
  db: Queryable,
  afterEntryId: bigint,
  walletIds: readonly bigint[],
  userIds: readonly bigint[],
): Promise<ScopeRead> {
  // Every read of another table is a lookup per row of the scope (a lateral aggregate or a scalar
  // subquery): a join would let a planner without statistics (PGlite runs no autovacuum) hash the
  // whole of ledger_entries, transactions or wallets, a cost that grows with the ledger.
  const query = sql<ScopeRead>`
    WITH scope AS (SELECT id, transaction_id, wallet_id, system_account, currency, amount FROM ledger_entries WHERE id > ${afterEntryId}),
         touched AS (SELECT DISTINCT transaction_id FROM scope),
         scoped_transactions AS (
           SELECT touched.transaction_id::text AS transaction_id, trim(s.currency) AS currency, s.sum::text AS sum,
                  s.fees_entries::text AS fees_entries, s.vat_entries::text AS vat_entries,
                  (SELECT t.fee FROM transactions t WHERE t.id = touched.transaction_id)::text AS fee,
                  (SELECT t.vat FROM transactions t WHERE t.id = touched.transaction_id)::text AS vat,
                  c.fee_charges::text AS fee_charges, c.vat_charges::text AS vat_charges
             FROM touched
            CROSS JOIN LATERAL (
                  SELECT e.currency, SUM(e.amount) AS sum,
                         COALESCE(SUM(e.amount) FILTER (WHERE e.system_account = 'fees'), 0) AS fees_entries,
                         COALESCE(SUM(e.amount) FILTER (WHERE e.system_account = 'vat'), 0) AS vat_entries
                    FROM ledger_entries e WHERE e.transaction_id = touched.transaction_id
                   GROUP BY e.currency) s
            CROSS JOIN LATERAL (
                  SELECT COALESCE(SUM(ch.charges) FILTER (WHERE ch.type = 'fee'), 0) AS fee_charges,
                         COALESCE(SUM(ch.charges) FILTER (WHERE ch.type = 'vat'), 0) AS vat_charges
                    FROM transaction_charges ch WHERE ch.transaction_id = touched.transaction_id) c),
         moves AS (
           SELECT e.system_account, trim(e.currency) AS currency, SUM(e.amount)::text AS moved,
                  EXISTS (SELECT 1 FROM system_accounts a WHERE a.kind = e.system_account AND a.currency = e.currency) AS account_exists
             FROM scope e
            WHERE e.system_account IS NOT NULL
            GROUP BY e.system_account, e.currency),
         wallets_read AS (
           SELECT w.id::text AS wallet_id, w.user_id::text AS user_id, trim(c.code) AS currency, w.is_default AS kind,
                  w.available_balance::text AS available_balance, w.balance_on_hold::text AS balance_on_hold,
                  s.available::text AS available_from_entries, s.on_hold::text AS on_hold_from_entries
             FROM wallet_balances w
             JOIN currencies c ON c.id = w.currency_id
            CROSS JOIN LATERAL (
                  SELECT COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'available'), 0) AS available,
                         COALESCE(SUM(e.amount) FILTER (WHERE e.bucket = 'on_hold'), 0) AS on_hold
                    FROM ledger_entries e WHERE e.wallet_id = w.id) s
            WHERE w.id = ANY(${`{${walletIds.join(',')}}`}::bigint[]) OR w.user_id = ANY(${`{${userIds.join(',')}}`}::bigint[]))
    SELECT (SELECT json_agg(x ORDER BY x.transaction_id::bigint, x.currency) FROM scoped_transactions x) AS transactions,
           (SELECT json_agg(x ORDER BY x.system_account, x.currency) FROM moves x) AS moves,
           (SELECT json_agg(x ORDER BY x.wallet_id::bigint) FROM wallets_read x) AS wallets,
           (SELECT count(*) FROM scope e
             WHERE (SELECT count(*) FROM transactions t WHERE t.id = e.transaction_id) = 0
                OR (e.wallet_id IS NOT NULL AND (SELECT count(*) FROM wallets w WHERE w.id = e.wallet_id) = 0))::text AS orphan_entries,
           (SELECT MAX(id) FROM scope)::text AS through_entry_id,
           (SELECT count(*) FROM scope)::text AS entries_in_scope`;
  const row = await withoutJit(db, async (trx) => (await query.execute(trx)).rows[0]!);
  return {
    ...row,
    transactions: jsonRows<ScopedTransactionRow>(row.transactions),
    moves: jsonRows<ScopedSystemMoveRow>(row.moves),
    wallets: jsonRows<ScopedWalletRow>(row.wallets),
  };
}
