// The account ledger (spec 2, Account Ledger): the entries of one of the merchant's wallets,
// newest first, with the wallet's balance (available plus on hold) after each, filtered by the
// merchant's channel and a GMT day range. The same list feeds the screen (get-account-ledger)
// and the `transaction_ledger` export, so both show the same rows and the same balances.
//
// The spec's client walks the balance down from `closingBalance` (credits subtracted, debits
// added); each row also carries its own `closing_balance` from the server, which is what the
// screen and the export show: with a channel or day filter, rows of the wallet are left out
// and a walk over the shown rows alone would drift. The export carries that balance down over
// every entry of the wallet, shown or not (accountLedgerExportRows).
import type { TGetAccountLedgerInput, TGetAccountLedgerResponse, TLedgerFilters, TLedgerRow } from '@paywallet/contract';
import { assert, isTransactionTypeId, minorToWire, TRANSACTION_TYPE_NAMES } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage, type StreamOptions } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import {
  walletEntriesWithBalances,
  walletEntryListSource,
  type WalletEntryListParams,
  type WalletEntryRow,
} from '../ledger/wallet-entries.service.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import { findOwnWallet } from '../wallets/wallets.service.ts';

function typeName(typeId: number): string {
  assert(isTransactionTypeId(typeId), `unknown transaction type ${typeId}`);
  return TRANSACTION_TYPE_NAMES[typeId];
}

function ledgerRowView(row: WalletEntryRow): TLedgerRow {
  return {
    id: Number(row.id),
    transaction: {
      uuid: row.transaction_uuid,
      reference_id: row.reference_id,
      channel: row.channel_name === null ? null : { name: row.channel_name },
      currency: { code: row.currency },
    },
    transaction_type_id: row.transaction_type_id,
    transaction_type: { name: typeName(row.transaction_type_id) },
    debit_amount: minorToWire(row.amount < 0n ? -row.amount : 0n),
    credit_amount: minorToWire(row.amount > 0n ? row.amount : 0n),
    closing_balance: minorToWire(row.closing_balance),
    created_at: row.created_at.toISOString(),
  };
}

export const accountLedgerList = defineList({ source: walletEntryListSource, view: ledgerRowView });

/**
 * The export's rows (report type transaction_ledger): the list's rows with the same closing
 * balances, but carried from batch to batch rather than read again for every batch, so a deep
 * export costs the same per row as a shallow one (docs/account-ledger.md).
 */
export async function* accountLedgerExportRows(
  db: Queryable,
  params: WalletEntryListParams,
  options: StreamOptions,
): AsyncGenerator<TLedgerRow, void, undefined> {
  for await (const row of walletEntriesWithBalances(db, params, options)) yield ledgerRowView(row);
}

/**
 * The list's params for the account holder: the wallet must be theirs (WALLET_NOT_FOUND, the
 * same for another merchant's wallet as for an unknown id) and the channel theirs
 * (CHANNEL_NOT_FOUND). The export builds its params here too.
 */
export async function accountLedgerParams(db: Queryable, accountHolderId: bigint, filters: TLedgerFilters): Promise<WalletEntryListParams> {
  const walletId = BigInt(filters.userAccountId);
  if (!(await findOwnWallet(db, accountHolderId, walletId))) fail('WALLET_NOT_FOUND');
  const channels = await resolveStoreScope(db, accountHolderId, { channelId: filters.channelId });
  return { walletId, channels, days: { fromDate: filters.fromDate, toDate: filters.toDate } };
}

export async function getAccountLedger(
  deps: Deps,
  accountHolderId: bigint,
  input: TGetAccountLedgerInput,
): Promise<TGetAccountLedgerResponse> {
  const params = await accountLedgerParams(deps.db, accountHolderId, input);
  const page = await listPage(deps.db, accountLedgerList, params, { page: input.page, perPage: input.perPage });
  return { ...page, closingBalance: page.data[0]?.closing_balance ?? null };
}
