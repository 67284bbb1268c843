// Capture and void of an authorisation (a payment charged with manual capture, state
// requires_capture). The payment row is locked (FOR UPDATE) first, so of a capture and a void
// arriving together one acts and the other finds the payment no longer requires_capture.
//
//   capture C <= X: the same transactions row is posted, status 1, amount C:
//                   gateway -C; merchant on hold +(C-F'-V'); fees +F'; vat +V' (F' priced on C)
//   void:           the same row, status 2 ('The authorisation was voided.'); nothing moves
import { assert, formatMinor } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { closePendingTransaction, writePendingEntries } from '../ledger/ledger.service.ts';
import { quoteMerchantFee } from './fees.service.ts';
import { paymentEvent, tellPaymentEvent, type PaymentCall } from './payment-events.ts';
import { capturePostingKey, chargesOf, logStep, paymentPosting, postedStep } from './payment-postings.ts';
import { paymentAfterChange, type MerchantPayment } from './payment-views.ts';
import * as repository from './merchant-payments.repository.ts';

export const VOIDED_REASON = 'The authorisation was voided.';

export interface CaptureInput extends PaymentCall {
  merchantUserId: bigint;
  transactionId: bigint;
  /** Up to the authorised amount; the whole authorisation when absent. */
  amountMinor?: bigint;
  ip: string;
}

export async function capturePayment(deps: Deps, input: CaptureInput): Promise<MerchantPayment> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
    if (!locked) fail('PAYMENT_NOT_FOUND');
    if (locked.state !== 'requires_capture') fail('PAYMENT_NOT_CAPTURABLE');
    const view = await paymentAfterChange(trx, input.merchantUserId, input.transactionId);
    const amount = input.amountMinor ?? locked.authorised_amount;
    if (amount <= 0n) fail('AMOUNT_NOT_POSITIVE');
    if (amount > locked.authorised_amount) {
      fail('CAPTURE_EXCEEDS_AUTHORISED', {
        authorised: `${view.currency} ${formatMinor(locked.authorised_amount, 2, { groupSeparator: ',' })}`,
      });
    }
    const fee = await quoteMerchantFee(trx, {
      merchantUserId: input.merchantUserId,
      schemeId: locked.scheme_id,
      currency: view.currency,
      amountMinor: amount,
      vatBps: BigInt(deps.config.vatBps),
    });
    if (fee.netMinor <= 0n) fail('CHARGES_EXCEED_AMOUNT');
    const posting = paymentPosting(locked.wallet_id, view.currency, chargesOf(amount, fee.feeMinor, fee.vatMinor));
    const amounts = { amountMinor: amount, feeMinor: fee.feeMinor, vatMinor: fee.vatMinor, totalAmountMinor: amount };
    const key = capturePostingKey(view.uuid);
    // The merchant's balance moves last, after the payment's rows, log, event and audit (docs/money.md, "Hot wallets").
    const { moveBalances } = await writePendingEntries(
      trx,
      input.transactionId,
      TRANSACTION_STATUS.SUCCESS,
      posting.entries,
      posting.charges,
      amounts,
      key,
    );
    await repository.updateMerchantPayment(trx, input.transactionId, {
      state: 'succeeded',
      captured_amount: amount,
      fee: fee.feeMinor,
      vat: fee.vatMinor,
    });
    await logStep(trx, locked.attempt_id, input.ip, 'Captured', postedStep(amount, fee.feeMinor, fee.vatMinor));
    const payment = await paymentAfterChange(trx, input.merchantUserId, input.transactionId);
    const event = paymentEvent(
      'payment.captured',
      payment,
      { attemptId: locked.attempt_id, origin: input.origin },
      { captureAmountMinor: amount },
    );
    await tellPaymentEvent(deps, trx, event, input.onEvent);
    await input.audit?.(trx, { payment, captureAmountMinor: amount });
    await moveBalances();
    return payment;
  });
}

export interface VoidInput extends PaymentCall {
  merchantUserId: bigint;
  transactionId: bigint;
  ip: string;
}

export async function voidPayment(deps: Deps, input: VoidInput): Promise<MerchantPayment> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
    if (!locked) fail('PAYMENT_NOT_FOUND');
    if (locked.state !== 'requires_capture') fail('PAYMENT_NOT_VOIDABLE');
    const closed = await closePendingTransaction(trx, input.transactionId, TRANSACTION_STATUS.FAILED, VOIDED_REASON);
    assert(closed, 'an authorisation waiting for capture has a pending transaction');
    await repository.updateMerchantPayment(trx, input.transactionId, { state: 'voided', fee: 0n, vat: 0n });
    await logStep(trx, locked.attempt_id, input.ip, 'Voided');
    const payment = await paymentAfterChange(trx, input.merchantUserId, input.transactionId);
    await tellPaymentEvent(
      deps,
      trx,
      paymentEvent('payment.voided', payment, { attemptId: locked.attempt_id, origin: input.origin }),
      input.onEvent,
    );
    await input.audit?.(trx, { payment });
    return payment;
  });
}
