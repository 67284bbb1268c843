// A wallet's ledger entries as a list (the account ledger's screen and its export): the
// entries of one wallet, newest first, each with its movement and the wallet's balance right
// after it. Entries are append-only and their ids grow, so the list's key is the entry's id.
//
// The closing balance after an entry is the wallet's balance (available plus on hold) minus
// every entry of the wallet newer than it. By the ledger's invariant (a wallet's stored balances
// equal the sum of its entries) that is also the sum of the entry and every older one; reading
// from the newest side costs what the page's depth costs, so the first pages, the ones read
// most, are the cheapest. The balance and the newer entries are read in one statement, so they
// agree with each other whatever commits meanwhile. An export streams every row and carries the
// balance down from one batch to the next instead (wallet-entries.service.ts), so it reads each
// entry of the wallet's history once, not once per batch above it.
import { sql } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, inChannels, withinDays, type ChannelFilter, type DayRange, type FilteredQuery } from '../../db/lists.ts';

export interface WalletEntryListParams {
  /** The wallet, already checked to be the account holder's. */
  walletId: bigint;
  /** Entries of movements through this store -> terminal -> channel scope (checked by stores). */
  channels: ChannelFilter;
  /** The entry's time within these GMT days. */
  days: DayRange;
}

export interface WalletEntryRow {
  id: bigint;
  wallet_id: bigint;
  amount: bigint;
  created_at: Date;
  transaction_uuid: string;
  reference_id: string | null;
  transaction_type_id: number;
  currency: string;
  channel_name: string | null;
  /** The wallet's balance (available plus on hold) after this entry. */
  closing_balance: bigint;
}

/** A row before its balance is known. */
export type WalletEntryColumns = Omit<WalletEntryRow, 'closing_balance'>;

/** The entry columns of a list's rows (no balance): the movement, its channel and type. */
async function entryColumns(query: FilteredQuery<'ledger_entries'>): Promise<WalletEntryColumns[]> {
  const selected = await query
    .innerJoin('transactions', 'transactions.id', 'ledger_entries.transaction_id')
    .leftJoin('channels', 'channels.id', 'transactions.channel_id')
    .select([
      'ledger_entries.id',
      'ledger_entries.wallet_id',
      'ledger_entries.amount',
      'ledger_entries.created_at',
      'ledger_entries.currency',
      'transactions.uuid as transaction_uuid',
      'transactions.reference_id',
      'transactions.transaction_type_id',
      'channels.name as channel_name',
    ])
    .execute();
  return selected.map((row) => ({ ...row, wallet_id: row.wallet_id ?? 0n, currency: row.currency.trim() }));
}

/** The entries the params select: one wallet's, through the channel scope, within the days. */
function filteredEntries(db: Queryable, params: WalletEntryListParams): FilteredQuery<'ledger_entries'> {
  return db
    .selectFrom('ledger_entries')
    .where('ledger_entries.wallet_id', '=', params.walletId)
    .where(withinDays('ledger_entries.created_at', params.days))
    .$if(params.channels !== null, (query) =>
      query.where((eb) =>
        eb(
          'ledger_entries.transaction_id',
          'in',
          eb.selectFrom('transactions').select('transactions.id').where(inChannels('transactions.channel_id', params.channels)),
        ),
      ),
    );
}

/** The screen's list: every page's rows with their closing balances (closingBalancesOf). */
export const walletEntryListSource = defineListSource({
  name: 'wallet-entries',
  key: 'ledger_entries.id',
  filtered: filteredEntries,
  columns: (query, db) => ({
    async execute(): Promise<WalletEntryRow[]> {
      const rows = await entryColumns(query);
      const first = rows[0];
      if (first === undefined) return [];
      const closing = await closingBalancesOf(
        db,
        first.wallet_id,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const balance = closing.get(row.id);
        assert(
          balance !== undefined && row.wallet_id === first.wallet_id,
          "every entry of a page is the one wallet's, with its closing balance",
        );
        return { ...row, closing_balance: balance };
      });
    },
  }),
  keyOf: (row: WalletEntryRow) => row.id,
});

/**
 * The same rows without their balances, for a stream that carries the balance from row to row
 * (the export, wallet-entries.service.ts): the same filter, so the same rows and count.
 */
export const walletEntryStreamSource = defineListSource({
  name: 'wallet-entries-stream',
  key: 'ledger_entries.id',
  filtered: filteredEntries,
  columns: (query) => ({ execute: () => entryColumns(query) }),
  keyOf: (row: WalletEntryColumns) => row.id,
});

/**
 * The wallet's balance after each of these entries (ids of the wallet's entries): its stored
 * balance (its row and its credit slots) minus the entries newer than each, in one statement. Reads the wallet's entries from
 * the oldest id asked for up to the newest entry.
 */
export async function closingBalancesOf(db: Queryable, walletId: bigint, entryIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (entryIds.length === 0) return new Map();
  const oldest = entryIds.reduce((low, id) => (id < low ? id : low));
  const result = await sql<{ id: bigint | string; closing_balance: bigint | string }>`
    SELECT s.id, w.available_balance + w.balance_on_hold - s.newer AS closing_balance
      FROM wallet_balances w,
           LATERAL (SELECT e.id,
                           COALESCE(SUM(e.amount) OVER (ORDER BY e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
                      FROM ledger_entries e
                     WHERE e.wallet_id = w.id AND e.id >= ${oldest}) s
     WHERE w.id = ${walletId} AND s.id IN (${sql.join(entryIds.map((id) => sql`${id}`))})`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.id), BigInt(row.closing_balance)]));
}

/**
 * For each of these entries (ids of the wallet's entries, all below `belowId`), the sum of the
 * wallet's entries newer than it and older than `belowId`, in one statement. Reads the wallet's
 * entries from the oldest id asked for up to `belowId` only: what a batch of a stream costs no
 * longer depends on how deep in the wallet's history it is.
 */
export async function newerEntrySumsBelow(
  db: Queryable,
  walletId: bigint,
  entryIds: readonly bigint[],
  belowId: bigint,
): Promise<Map<bigint, bigint>> {
  if (entryIds.length === 0) return new Map();
  const oldest = entryIds.reduce((low, id) => (id < low ? id : low));
  const result = await sql<{ id: bigint | string; newer: bigint | string }>`
    SELECT s.id, s.newer
      FROM (SELECT e.id,
                   COALESCE(SUM(e.amount) OVER (ORDER BY e.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS newer
              FROM ledger_entries e
             WHERE e.wallet_id = ${walletId} AND e.id >= ${oldest} AND e.id < ${belowId}) s
     WHERE s.id IN (${sql.join(entryIds.map((id) => sql`${id}`))})`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.id), BigInt(row.newer)]));
}
