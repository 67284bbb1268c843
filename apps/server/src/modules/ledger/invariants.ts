// The ledger's promises, checked by every money test after its scenario: entries of each
// currency sum to zero; each wallet's stored balances equal the sum of its entries; no
// wallet balance is below zero.
//
// checkLedgerInvariants reads the whole ledger; checkScopedInvariants reads only a scope (the
// entries after an id, the transactions they belong to, and the wallets named), so that a test
// can check after every step of a long sequence at a cost that does not grow with the ledger,
// and a health check could look at what is new.
import type { Db, Queryable } from '../../db/database.ts';
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

/** What checkScopedInvariants looks at: the entries after an id, and these wallets (by id or by owner). */
export interface InvariantScope {
  /** The entries with a greater id (0: all), and the transactions they belong to, each read whole. */
  afterEntryId: bigint;
  walletIds?: readonly bigint[];
  /** Every wallet of these users (their rolling-reserve wallets too). */
  userIds?: readonly bigint[];
}

export interface ScopedWallet {
  walletId: bigint;
  userId: bigint;
  currency: string;
  /** wallets.is_default: 1 the default wallet, 0 another currency's, 2 a rolling reserve. */
  kind: number;
  available: bigint;
  onHold: bigint;
}

export interface ScopedInvariantReport {
  /** (transaction, currency) pairs whose entries do not sum to zero. */
  unbalancedTransactions: Array<{ transactionId: string; currency: string; sum: string }>;
  /**
   * Transactions whose fee or VAT disagree: the transactions row, its charge rows (by type) and
   * its entries on the fees or the VAT account must say the same amount.
   */
  chargesOffTheirEntries: Array<{ transactionId: string; charge: 'fee' | 'vat'; row: string; charges: string; entries: string }>;
  walletsOffTheirEntries: Array<{ walletId: string; stored: string; fromEntries: string; bucket: string }>;
  negativeWallets: Array<{ walletId: string }>;
  entriesWithoutAccount: Array<{ system: string; currency: string }>;
  orphanEntries: number;
  /** The scope's entries: how many, and the highest id (the next scope's afterEntryId). */
  entryCount: number;
  throughEntryId: bigint;
  /** What the scope's entries moved on each system account, by currency ("gateway:AED"). */
  systemMoves: Record<string, bigint>;
  /** The wallets read, with their stored balances. */
  wallets: ScopedWallet[];
}

/**
 * The invariants over a scope: each transaction with an entry after `afterEntryId` sums to zero
 * per currency and its fee and VAT agree (row, charges, entries); those entries name existing
 * transactions, wallets and system accounts; each wallet of the scope holds the sum of its
 * entries and is not below zero. One statement, so one snapshot even while others write (a
 * check after every step of a long sequence: one round trip instead of four).
 */
export async function checkScopedInvariants(db: Queryable, scope: InvariantScope): Promise<ScopedInvariantReport> {
  const read = await repository.readScope(db, scope.afterEntryId, scope.walletIds ?? [], scope.userIds ?? []);
  const { transactions, moves, wallets } = read;
  const chargesOff: ScopedInvariantReport['chargesOffTheirEntries'] = [];
  for (const row of transactions) {
    for (const [charge, stored, charges, entries] of [
      ['fee', row.fee, row.fee_charges, row.fees_entries],
      ['vat', row.vat, row.vat_charges, row.vat_entries],
    ] as const) {
      const amount = BigInt(stored ?? 0);
      if (amount !== BigInt(charges) || amount !== BigInt(entries)) {
        chargesOff.push({
          transactionId: String(row.transaction_id),
          charge,
          row: String(amount),
          charges: String(charges),
          entries: String(entries),
        });
      }
    }
  }
  return {
    unbalancedTransactions: transactions
      .filter((row) => BigInt(row.sum) !== 0n)
      .map((row) => ({ transactionId: row.transaction_id, currency: row.currency, sum: row.sum })),
    chargesOffTheirEntries: chargesOff,
    walletsOffTheirEntries: wallets.flatMap((row) =>
      (
        [
          ['available', row.available_balance, row.available_from_entries],
          ['on_hold', row.balance_on_hold, row.on_hold_from_entries],
        ] as const
      )
        .filter(([, stored, fromEntries]) => BigInt(stored) !== BigInt(fromEntries))
        .map(([bucket, stored, fromEntries]) => ({
          walletId: String(row.wallet_id),
          stored: String(stored),
          fromEntries: String(fromEntries),
          bucket,
        })),
    ),
    negativeWallets: wallets
      .filter((row) => BigInt(row.available_balance) < 0n || BigInt(row.balance_on_hold) < 0n)
      .map((row) => ({ walletId: String(row.wallet_id) })),
    entriesWithoutAccount: moves
      .filter((row) => !row.account_exists)
      .map((row) => ({ system: row.system_account, currency: row.currency })),
    orphanEntries: Number(read.orphan_entries),
    entryCount: Number(read.entries_in_scope),
    throughEntryId: read.through_entry_id === null ? scope.afterEntryId : BigInt(read.through_entry_id),
    systemMoves: Object.fromEntries(moves.map((row) => [`${row.system_account}:${row.currency}`, BigInt(row.moved)])),
    wallets: wallets.map((row) => ({
      walletId: BigInt(row.wallet_id),
      userId: BigInt(row.user_id),
      currency: row.currency,
      kind: Number(row.kind),
      available: BigInt(row.available_balance),
      onHold: BigInt(row.balance_on_hold),
    })),
  };
}
