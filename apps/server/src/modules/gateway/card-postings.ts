// What a card payment posts when it is approved, and what its owner is told. One definition,
// used by the frictionless path (the deposit posts at once) and by the 3-D Secure approval
// (the pending row is posted later), so both write exactly the same entries and charges.
import type { Transaction } from 'kysely';
import { assert, depositEntries, minorToWire, TransactionType, type Charges, type Entries } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { ChargeRow } from '../ledger/ledger.service.ts';
import { formatMoney } from '../../lib/display-text.ts';

export const DEPOSIT_FEE_NAME = 'Card deposit fee';
export const VAT_NAME = 'VAT';

/** The money of a card payment, as its business row holds it. */
export interface CardPaymentMoney {
  typeId: number;
  walletId: bigint;
  currency: string;
  charges: Charges;
}

export function cardPaymentPosting(payment: CardPaymentMoney): { entries: Entries; charges: ChargeRow[] } {
  // Only card deposits go through the gateway so far; merchant card payments (link, API, POS)
  // will add their builder (merchantCardPaymentEntries) here.
  assert(payment.typeId === TransactionType.Deposit, `card payments of type ${payment.typeId} are not supported`);
  return {
    entries: depositEntries({ walletId: String(payment.walletId), currency: payment.currency, charges: payment.charges }),
    charges: [
      { name: DEPOSIT_FEE_NAME, type: 'fee', chargesMinor: payment.charges.feeMinor },
      { name: VAT_NAME, type: 'vat', chargesMinor: payment.charges.vatMinor },
    ],
  };
}

export type DepositNotificationType = 'deposit-succeeded' | 'deposit-failed';

/**
 * Tells the wallet's owner how their deposit ended, in the same database transaction as the
 * change. The row is written directly: modules/notifications' `notify` does not know deposit
 * types yet (its NotificationType is a closed list owned by that module).
 */
export async function notifyDepositOutcome(
  trx: Transaction<Database>,
  deposit: { userId: bigint; transactionUuid: string; amountMinor: bigint; currency: string; decimals: number },
  outcome: { ok: true } | { ok: false; reason: string },
): Promise<void> {
  const amountText = formatMoney(deposit.amountMinor, deposit.currency, deposit.decimals);
  const type: DepositNotificationType = outcome.ok ? 'deposit-succeeded' : 'deposit-failed';
  const message = outcome.ok
    ? `Your deposit of ${amountText} was added to your wallet.`
    : `Your deposit of ${amountText} did not go through: ${outcome.reason}`;
  await trx
    .insertInto('notifications')
    .values({
      user_id: deposit.userId,
      type,
      message,
      data: JSON.stringify({
        transactionId: deposit.transactionUuid,
        amount: minorToWire(deposit.amountMinor),
        currency: deposit.currency,
      }),
    })
    .execute();
}
