// What other modules may read of a wallet's entries: the list of a wallet's ledger entries with
// the balance after each (the account ledger's screen pages it), and the same rows as a stream
// whose balances are carried from row to row (its export).
//
// The carried balance. Rows come newest first. The balance after a row is the wallet's balance
// minus every entry of the wallet newer than it: all the wallet's entries, not only the rows a
// channel or day filter lets through, since each row shows the wallet's true balance after it.
// So, with `below` the id of the last row already given and `balanceBelow` the wallet's balance
// just before that row (its closing balance minus its amount):
//
//   closing(row) = balanceBelow - sum(wallet entries with row.id < id < below)
//
// The first batch has no row above it: its balances come from the wallet's stored balance, in
// the statement the screen uses (closingBalancesOf). Each later batch reads only the wallet's
// entries between its own oldest row and the previous batch's last (newerEntrySumsBelow), so an
// export reads the wallet's history once, whatever its depth, and gives the screen's numbers.
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import { defineList, listStream, type StreamOptions } from '../../db/lists.ts';
import {
  closingBalancesOf,
  newerEntrySumsBelow,
  walletEntryStreamSource,
  type WalletEntryColumns,
  type WalletEntryListParams,
  type WalletEntryRow,
} from './wallet-entries.repository.ts';

export { walletEntryListSource, type WalletEntryListParams, type WalletEntryRow } from './wallet-entries.repository.ts';

/** Rows handed out per balance statement when the caller gives no batch size. */
const BALANCE_BATCH_ROWS_DEFAULT = 1_000;

const walletEntryStream = defineList({ source: walletEntryStreamSource, view: (row: WalletEntryColumns) => row });

/** Where the carried balance stands: the last row given and the wallet's balance just before it. */
interface CarriedBalance {
  belowId: bigint;
  balanceBelow: bigint;
}

/** The closing balance of each of a batch's entries, by id: from the stored balance for the first batch, else carried. */
async function closingOfBatch(
  db: Queryable,
  walletId: bigint,
  ids: readonly bigint[],
  carried: CarriedBalance | undefined,
): Promise<Map<bigint, bigint>> {
  if (carried === undefined) return closingBalancesOf(db, walletId, ids);
  const newer = await newerEntrySumsBelow(db, walletId, ids, carried.belowId);
  return new Map([...newer].map(([id, sum]) => [id, carried.balanceBelow - sum]));
}

/** One batch (newest first) with its closing balances, and the balance carried to the next. */
async function batchBalances(
  db: Queryable,
  walletId: bigint,
  batch: readonly WalletEntryColumns[],
  carried: CarriedBalance | undefined,
): Promise<{ rows: WalletEntryRow[]; carried: CarriedBalance }> {
  const closing = await closingOfBatch(
    db,
    walletId,
    batch.map((row) => row.id),
    carried,
  );
  const rows = batch.map((row): WalletEntryRow => {
    const balance = closing.get(row.id);
    assert(balance !== undefined && row.wallet_id === walletId, "every entry of a batch is the wallet's, with its closing balance");
    return { ...row, closing_balance: balance };
  });
  const last = rows.at(-1);
  assert(last !== undefined, 'a batch has rows');
  return { rows, carried: { belowId: last.id, balanceBelow: last.closing_balance - last.amount } };
}

/**
 * Every row the params select, newest first, each with the wallet's balance after it (the same
 * numbers as the screen's closing_balance), read in keyset batches with one balance statement
 * per batch over the entries between it and the batch before.
 */
export async function* walletEntriesWithBalances(
  db: Queryable,
  params: WalletEntryListParams,
  options: StreamOptions = {},
): AsyncGenerator<WalletEntryRow, void, undefined> {
  const batchRows = options.batchRows ?? BALANCE_BATCH_ROWS_DEFAULT;
  let carried: CarriedBalance | undefined;
  let batch: WalletEntryColumns[] = [];
  const flush = async () => {
    const balanced = await batchBalances(db, params.walletId, batch, carried);
    carried = balanced.carried;
    batch = [];
    return balanced.rows;
  };
  for await (const row of listStream(db, walletEntryStream, params, { ...options, batchRows })) {
    batch.push(row);
    if (batch.length >= batchRows) yield* await flush();
  }
  if (batch.length > 0) yield* await flush();
}
