// The ledger's promises, checked by every money test after its scenario: entries of each
// currency sum to zero; each wallet's stored balances equal the sum of its entries; no
// wallet balance is below zero.
import type { Db } from '../../db/database.ts';
import * as repository from './invariants.repository.ts';

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
  const unbalanced = await repository.listUnbalancedCurrencies(db);
  const buckets = await repository.listWalletBucketTotals(db);
  const negative = await repository.listNegativeWalletIds(db);
  const entryCount = await repository.countEntries(db);
  const unknownSystem = await repository.listEntriesWithoutSystemAccount(db);
  const orphanEntries = await repository.countOrphanEntries(db);
  return {
    unbalancedCurrencies: unbalanced.map((r) => ({ currency: r.currency, sum: String(r.sum) })),
    walletsOffTheirEntries: buckets
      .filter((r) => BigInt(r.stored) !== BigInt(r.from_entries))
      .map((r) => ({ walletId: String(r.wallet_id), stored: String(r.stored), fromEntries: String(r.from_entries), bucket: r.bucket })),
    negativeWallets: negative.map((id) => ({ walletId: String(id) })),
    entriesWithoutAccount: unknownSystem.map((r) => ({ system: r.system_account, currency: r.currency.trim() })),
    orphanEntries,
    entryCount,
  };
}
