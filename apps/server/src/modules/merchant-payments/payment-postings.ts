// What the charge, the capture, the 3-D Secure approval and the refund share: the merchant's
// wallet and how it is named on a posting, the entries and charge rows of an approved payment
// (one definition, so a payment posted at once and one posted after 3-D Secure or a capture
// write the same rows), and the attempt's log.
import type { Transaction } from 'kysely';
import { merchantCardPaymentEntries, postingKey, TransactionType, type Charges } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import { fullName } from '../../lib/display-text.ts';
import type { ChargeRow, PartyRef } from '../ledger/ledger.service.ts';
import { openSpendingWalletOnce, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import { logAttemptSteps, type AttemptStep } from './attempts.service.ts';
import type { MerchantPaymentKind } from './payment-views.ts';

export const MERCHANT_FEE_NAME = 'Merchant service fee';
export const VAT_NAME = 'VAT';

export const TYPE_OF_KIND: Readonly<
  Record<
    MerchantPaymentKind,
    typeof TransactionType.PaymentLinkPayment | typeof TransactionType.ApiPayment | typeof TransactionType.PosPayment
  >
> = {
  link: TransactionType.PaymentLinkPayment,
  api: TransactionType.ApiPayment,
  pos: TransactionType.PosPayment,
};

// Posting keys (docs/posting-keys.md): what each merchant posting settles, so a retried
// posting answers the first one instead of moving the money twice. The 3-D Secure approval uses
// the gateway's cardApprovalPostingKey, as a deposit's does.

/** A payment captured at once settles the acquirer's authorisation, which is approved once. */
export function authorisationPostingKey(gatewayReference: string): string {
  return postingKey('card-authorisation', gatewayReference);
}

/** A capture settles its authorised payment (a payment is captured once). */
export function capturePostingKey(paymentUuid: string): string {
  return postingKey('capture', paymentUuid);
}

/** A refund settles its refund request. */
export function refundPostingKey(refundUuid: string): string {
  return postingKey('refund', refundUuid);
}

/** The transaction types of merchant card payments, whose 3-D Secure answers this module gives. */
export const MERCHANT_PAYMENT_TYPE_IDS: readonly number[] = Object.values(TYPE_OF_KIND);

export function partyOf(wallet: WalletWithCurrency): PartyRef {
  return { userId: wallet.user_id, walletId: wallet.id, title: fullName(wallet), accountNumber: wallet.account_number };
}

/**
 * The merchant's wallet in the currency, opened when it has none yet. Two first payments side
 * by side open one wallet: the unique index makes the second wait for the first's transaction
 * and then read its wallet (openSpendingWalletOnce). No lock on the merchant's user row, which
 * would conflict with the key-share lock that every insert referencing the merchant takes
 * (customers, wallets) and deadlocked two first payments; no advisory lock either.
 */
export async function merchantWallet(trx: Transaction<Database>, merchantUserId: bigint, currencyId: number): Promise<WalletWithCurrency> {
  return openSpendingWalletOnce(trx, merchantUserId, currencyId);
}

/** X charged, F and V kept: the merchant is credited X - F - V. */
export function chargesOf(amountMinor: bigint, feeMinor: bigint, vatMinor: bigint): Charges {
  return { amountMinor: amountMinor - feeMinor - vatMinor, feeMinor, vatMinor, totalDebitMinor: amountMinor };
}

/** gateway -X; merchant on hold +(X-F-V); fees +F; vat +V, with the fee and VAT charge rows. */
export function paymentPosting(
  walletId: bigint,
  currency: string,
  charges: Charges,
): { entries: ReturnType<typeof merchantCardPaymentEntries>; charges: ChargeRow[] } {
  return {
    entries: merchantCardPaymentEntries({ merchantWalletId: String(walletId), currency, charges }),
    charges: [
      { name: MERCHANT_FEE_NAME, type: 'fee', chargesMinor: charges.feeMinor },
      { name: VAT_NAME, type: 'vat', chargesMinor: charges.vatMinor },
    ],
  };
}

/** One step in the payment's attempt log (nothing for a payment without an attempt). */
export async function logStep(db: Queryable, attemptId: bigint | null, ip: string, message: string, data: Record<string, string> = {}) {
  await logSteps(db, attemptId, ip, [{ message, data }]);
}

/** Steps in the payment's attempt log, in order, by one insert (nothing for a payment without an attempt). */
export async function logSteps(db: Queryable, attemptId: bigint | null, ip: string, steps: readonly AttemptStep[]) {
  if (attemptId !== null) await logAttemptSteps(db, attemptId, ip, steps);
}

/** The step logged when a payment is posted. */
export function postedStep(amountMinor: bigint, feeMinor: bigint, vatMinor: bigint): Record<string, string> {
  return { amount: String(amountMinor), fee: String(feeMinor), vat: String(vatMinor) };
}
