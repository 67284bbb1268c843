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

/** Every wallet bucket with its stored balance and the sum of its entries. */
export async function listWalletBucketTotals(
  db: Queryable,
): Promise<Array<{ wallet_id: bigint; bucket: string; stored: bigint; from_entries: bigint }>> {
  const result = await sql<{ wallet_id: bigint; bucket: string; stored: bigint; from_entries: bigint }>`
    SELECT w.id AS wallet_id, b.bucket,
           CASE b.bucket WHEN 'available' THEN w.available_balance ELSE w.balance_on_hold END AS stored,
           COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.wallet_id = w.id AND e.bucket = b.bucket), 0) AS from_entries
      FROM wallets w CROSS JOIN (VALUES ('available'), ('on_hold')) AS b(bucket)`.execute(db);
  return result.rows;
}

export async function listNegativeWalletIds(db: Queryable): Promise<bigint[]> {
  const result = await sql<{ id: bigint }>`
    SELECT id FROM wallets WHERE available_balance < 0 OR balance_on_hold < 0`.execute(db);
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

// ---- the scoped check's reads (invariants.ts checkScopedInvariants) ------------------------------
// They read the entries after an id (through the key), the transactions those entries belong to
// (each summed whole, through `ledger_entries_transaction`) and the wallets named (through
// `ledger_entries_wallet`): their cost follows the scope, not the ledger's size.

/** A transaction with an entry after the scope's id, per currency: its sums and what its row and charges say. */
export interface ScopedTransactionRow {
  transaction_id: bigint;
  currency: string;
  /** All its entries in the currency (zero when balanced). */
  sum: bigint;
  /** Its entries on the fees and the VAT accounts. */
  fees_entries: bigint;
  vat_entries: bigint;
  /** The transactions row's fee and VAT, and its charge rows' sums by type. */
  fee: bigint | null;
  vat: bigint | null;
  fee_charges: bigint;
  vat_charges: bigint;
  /** The highest entry id of the scope (the same on every row), and how many entries it holds. */
  through_entry_id: bigint;
  entries_in_scope: bigint;
}

/** The transactions with an entry whose id is above `afterEntryId`, each summed whole per currency. */
export async function listScopedTransactions(db: Queryable, afterEntryId: bigint): Promise<ScopedTransactionRow[]> {
  const result = await sql<ScopedTransactionRow>`
    WITH scope AS (SELECT id, transaction_id FROM ledger_entries WHERE id > ${afterEntryId}),
         touched AS (SELECT DISTINCT transaction_id FROM scope),
         sums AS (SELECT e.transaction_id, e.currency, SUM(e.amount) AS sum,
                         COALESCE(SUM(e.amount) FILTER (WHERE e.system_account = 'fees'), 0) AS fees_entries,
                         COALESCE(SUM(e.amount) FILTER (WHERE e.system_account = 'vat'), 0) AS vat_entries
                    FROM ledger_entries e JOIN touched ON touched.transaction_id = e.transaction_id
                   GROUP BY e.transaction_id, e.currency),
         charges AS (SELECT c.transaction_id,
                            COALESCE(SUM(c.charges) FILTER (WHERE c.type = 'fee'), 0) AS fee_charges,
                            COALESCE(SUM(c.charges) FILTER (WHERE c.type = 'vat'), 0) AS vat_charges
                       FROM transaction_charges c JOIN touched ON touched.transaction_id = c.transaction_id
                      GROUP BY c.transaction_id)
    SELECT s.transaction_id, s.currency, s.sum, s.fees_entries, s.vat_entries, t.fee, t.vat,
           COALESCE(c.fee_charges, 0) AS fee_charges, COALESCE(c.vat_charges, 0) AS vat_charges,
           (SELECT COALESCE(MAX(id), ${afterEntryId}) FROM scope) AS through_entry_id,
           (SELECT count(*) FROM scope) AS entries_in_scope
      FROM sums s
      LEFT JOIN transactions t ON t.id = s.transaction_id
      LEFT JOIN charges c ON c.transaction_id = s.transaction_id
     ORDER BY s.transaction_id, s.currency`.execute(db);
  return result.rows;
}

/** Per system account and currency: what the entries above `afterEntryId` moved, and whether the account exists. */
export async function listScopedSystemMoves(
  db: Queryable,
  afterEntryId: bigint,
): Promise<Array<{ system_account: string; currency: string; moved: bigint; account_exists: boolean }>> {
  const result = await sql<{ system_account: string; currency: string; moved: bigint; account_exists: boolean }>`
    SELECT e.system_account, e.currency, SUM(e.amount) AS moved,
           EXISTS (SELECT 1 FROM system_accounts s WHERE s.kind = e.system_account AND s.currency = e.currency) AS account_exists
      FROM ledger_entries e
     WHERE e.id > ${afterEntryId} AND e.system_account IS NOT NULL
     GROUP BY e.system_account, e.currency
     ORDER BY 1, 2`.execute(db);
  return result.rows;
}

/** Wallet rows of the scope with their stored balances and the sums of their entries. */
export interface ScopedWalletRow {
  wallet_id: bigint;
  user_id: bigint;
  currency: string;
  kind: number;
  available_balance: bigint;
  balance_on_hold: bigint;
  available_from_entries: bigint;
  on_hold_from_entries: bigint;
}

/** The wallets with these ids and every wallet of these users, each summed from its entries. */
export async function listScopedWallets(
  db: Queryable,
  walletIds: readonly bigint[],
  userIds: readonly bigint[],
): Promise<ScopedWalletRow[]> {
  if (walletIds.length === 0 && userIds.length === 0) return [];
  const result = await sql<ScopedWalletRow>`
    SELECT w.id AS wallet_id, w.user_id, c.code AS currency, w.is_default AS kind, w.available_balance, w.balance_on_hold,
           COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.wallet_id = w.id AND e.bucket = 'available'), 0)
             AS available_from_entries,
           COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.wallet_id = w.id AND e.bucket = 'on_hold'), 0)
             AS on_hold_from_entries
      FROM wallets w JOIN currencies c ON c.id = w.currency_id
     WHERE w.id = ANY(${`{${walletIds.join(',')}}`}::bigint[]) OR w.user_id = ANY(${`{${userIds.join(',')}}`}::bigint[])
     ORDER BY w.id`.execute(db);
  return result.rows;
}

/** Entries above `afterEntryId` whose transaction or wallet does not exist. */
export async function countScopedOrphanEntries(db: Queryable, afterEntryId: bigint): Promise<number> {
  const result = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_entries e
     WHERE e.id > ${afterEntryId}
       AND (NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
            OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.id = e.wallet_id)))`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
