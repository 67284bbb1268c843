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
