// What a card payment posts when it is approved, and what its owner is told. One definition,
// used by the frictionless path (the deposit posts at once) and by the 3-D Secure approval
// (the pending row is posted later), so both write exactly the same entries and charges.
import type { Transaction } from 'kysely';
import { assert, depositEntries, minorToWire, postingKey, TransactionType, type Charges, type Entries } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { ChargeRow } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { DEPOSIT_FAILED, DEPOSIT_SUCCEEDED } from './gateway.notifications.ts';

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
  // Card deposits only: merchant card payments (link, API, POS) post through
  // merchant-payments, which answers their challenges (Deps.challengeHandlers).
  assert(payment.typeId === TransactionType.Deposit, `card payments of type ${payment.typeId} are not supported`);
  return {
    entries: depositEntries({ walletId: String(payment.walletId), currency: payment.currency, charges: payment.charges }),
    charges: [
      { name: DEPOSIT_FEE_NAME, type: 'fee', chargesMinor: payment.charges.feeMinor },
      { name: VAT_NAME, type: 'vat', chargesMinor: payment.charges.vatMinor },
    ],
  };
}

// Posting keys (docs/posting-keys.md): what each card posting settles, so a retried posting
// answers the first one instead of moving the money twice.

/** A card deposit approved at once settles its quote, which one deposit consumes. */
export function depositQuotePostingKey(quoteId: bigint): string {
  return postingKey('deposit-quote', quoteId);
}

/**
 * A card payment posted after its 3-D Secure approval settles its pending transaction: pass it
 * to postPendingEntries as the posting key (`postPendingEntries(trx, id, status, entries,
 * charges, null, cardApprovalPostingKey(uuid))`).
 */
export function cardApprovalPostingKey(transactionUuid: string): string {
  return postingKey('card-approval', transactionUuid);
}

/**
 * Tells the wallet's owner how their deposit ended, in the same database transaction as the
 * change, with the types of gateway.notifications.ts.
 */
export async function notifyDepositOutcome(
  trx: Transaction<Database>,
  deposit: { userId: bigint; transactionUuid: string; amountMinor: bigint; currency: string; decimals: number },
  outcome: { ok: true } | { ok: false; reason: string },
): Promise<void> {
  const data = {
    transactionId: deposit.transactionUuid,
    amount: minorToWire(deposit.amountMinor),
    currency: deposit.currency,
    decimals: deposit.decimals,
  };
  if (outcome.ok) await notify(trx, deposit.userId, DEPOSIT_SUCCEEDED, data);
  else await notify(trx, deposit.userId, DEPOSIT_FAILED, { ...data, reason: outcome.reason });
}
