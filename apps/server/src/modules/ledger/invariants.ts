// The ledger's promises, checked by every money test after its scenario: entries of each
// currency sum to zero; each wallet's stored balances equal the sum of its entries; no
// wallet balance is below zero.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface InvariantReport {
  unbalancedCurrencies: Array<{ currency: string; sum: string }>;
  walletsOffTheirEntries: Array<{ walletId: string; stored: string; fromEntries: string; bucket: string }>;
  negativeWallets: Array<{ walletId: string }>;
  /** Entries that name a system account (kind, currency) with no row in system_accounts. */
  entriesWithoutAccount: Array<{ system: string; currency: string }>;
  /** Entries whose wallet or transaction does not exist (their foreign keys are not declared). */
  orphanEntries: number;
  entryCount: number;
}

export async function checkLedgerInvariants(db: Db): Promise<InvariantReport> {
  const unbalanced = await sql<{ currency: string; sum: bigint }>`
    SELECT currency, SUM(amount) AS sum FROM ledger_entries GROUP BY currency HAVING SUM(amount) <> 0`.execute(db);
  const off = await sql<{ wallet_id: bigint; bucket: string; stored: bigint; from_entries: bigint }>`
    SELECT w.id AS wallet_id, b.bucket,
           CASE b.bucket WHEN 'available' THEN w.available_balance ELSE w.balance_on_hold END AS stored,
           COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.wallet_id = w.id AND e.bucket = b.bucket), 0) AS from_entries
      FROM wallets w CROSS JOIN (VALUES ('available'), ('on_hold')) AS b(bucket)`.execute(db);
  const negative = await sql<{ id: bigint }>`
    SELECT id FROM wallets WHERE available_balance < 0 OR balance_on_hold < 0`.execute(db);
  const count = await sql<{ n: bigint }>`SELECT count(*) AS n FROM ledger_entries`.execute(db);
  const unknownSystem = await sql<{ system_account: string; currency: string }>`
    SELECT DISTINCT e.system_account, e.currency FROM ledger_entries e
     WHERE e.system_account IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM system_accounts s WHERE s.kind = e.system_account AND s.currency = e.currency)`.execute(db);
  const orphans = await sql<{ n: bigint }>`
    SELECT count(*) AS n FROM ledger_entries e
     WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
        OR (e.wallet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.id = e.wallet_id))`.execute(db);
  return {
    unbalancedCurrencies: unbalanced.rows.map((r) => ({ currency: r.currency, sum: String(r.sum) })),
    walletsOffTheirEntries: off.rows
      .filter((r) => BigInt(r.stored) !== BigInt(r.from_entries))
      .map((r) => ({ walletId: String(r.wallet_id), stored: String(r.stored), fromEntries: String(r.from_entries), bucket: r.bucket })),
    negativeWallets: negative.rows.map((r) => ({ walletId: String(r.id) })),
    entriesWithoutAccount: unknownSystem.rows.map((r) => ({ system: r.system_account, currency: r.currency.trim() })),
    orphanEntries: Number(orphans.rows[0]?.n ?? 0),
    entryCount: Number(count.rows[0]?.n ?? 0),
  };
}
