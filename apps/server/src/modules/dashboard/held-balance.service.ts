// The held balance (spec 2 Hold Balance, section 3 Held balance): the movements of one of the
// account holder's wallets' on-hold bucket, newest first, paged by the list pipeline. Only the
// account holder's own wallet: another's answers WALLET_NOT_FOUND, as an unknown id does.
import { HELD_BALANCE_TYPE, type TGetBalanceOnHoldInput, type THeldBalanceRow } from '@paywallet/contract';
import { assert, isTransactionTypeId, minorToWire, TRANSACTION_TYPE_NAMES } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import { findOwnWallet } from '../wallets/wallets.service.ts';
import { heldBalanceListSource, type HeldBalanceParams, type HeldBalanceRow } from './dashboard.repository.ts';

function heldView(row: HeldBalanceRow, params: HeldBalanceParams): THeldBalanceRow {
  assert(isTransactionTypeId(row.transaction_type_id), `unknown transaction type ${row.transaction_type_id}`);
  assert(row.amount !== 0n, 'a ledger entry moves money');
  return {
    amount: minorToWire(row.amount < 0n ? -row.amount : row.amount),
    total_amount: minorToWire(row.total_amount),
    fee: minorToWire(row.fee),
    vat: minorToWire(row.vat),
    type: row.amount > 0n ? HELD_BALANCE_TYPE.CREDIT : HELD_BALANCE_TYPE.DEBIT,
    transaction_type: { name: TRANSACTION_TYPE_NAMES[row.transaction_type_id] },
    type_id: row.transaction_type_id,
    transaction: { uuid: row.transaction_uuid },
    user_account: { currency: { code: params.currencyCode } },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The held-balance list: the screen pages it; an export would stream the same rows. */
export const heldBalanceList = defineList({ source: heldBalanceListSource, view: heldView });

export async function getBalanceOnHold(deps: Deps, userId: bigint, input: TGetBalanceOnHoldInput) {
  const wallet = await findOwnWallet(deps.db, userId, BigInt(input.userAccountId));
  if (!wallet) fail('WALLET_NOT_FOUND');
  return listPage(deps.db, heldBalanceList, { walletId: wallet.id, currencyCode: wallet.currency_code }, input);
}
