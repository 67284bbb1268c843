// The 3-D Secure answers of merchant payments (types 8, 9, 10). The gateway hosts the page and
// holds the challenge (gateway/card-payments.service.ts); app.ts hands it this handler in
// `Deps.challengeHandlers`, so the gateway posts nothing it does not understand and imports no
// module above it. Each answer runs inside the gateway's transaction, the challenge row locked:
//
//   Approve, automatic capture -> the pending row is posted (status 1), succeeded
//   Approve, manual capture    -> requires_capture, nothing moves until the capture
//   Decline                    -> status 2, failed
//   15 minutes unanswered      -> status 3, expired
//
// and answers where the cardholder goes next: the payment's return URL with `status` and
// `transactionId` appended, or null for the gateway's own result page.
import type { Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import { closePendingTransaction, NOTHING_TO_MOVE, writePendingEntries } from '../ledger/ledger.service.ts';
import type { ChallengeOutcomeHandler } from '../gateway/challenge-handlers.ts';
import { paymentEvent, tellPaymentEvent, type PaymentListeners } from './payment-events.ts';
import { chargesOf, logStep, paymentPosting, postedStep } from './payment-postings.ts';
import { cardApprovalPostingKey } from '../gateway/card-postings.ts';
import { paymentAfterChange, type MerchantPaymentStatus } from './payment-views.ts';
import * as repository from './merchant-payments.repository.ts';

/** The IP an attempt step logs when the cardholder's answer (or its expiry) comes through the gateway. */
const GATEWAY_IP = 'gateway';

/**
 * The merchant's return URL with the outcome appended: `status` (the payment's) and
 * `transactionId` (its uuid), the same names the hosted checkout page returns with
 * (docs/merchant-api.md). Null without a return URL, or for one that does not parse.
 */
export function withReturnParams(returnUrl: string | null, status: MerchantPaymentStatus, uuid: string): string | null {
  if (!returnUrl) return null;
  try {
    const url = new URL(returnUrl);
    url.searchParams.set('status', status);
    url.searchParams.set('transactionId', uuid);
    return url.toString();
  } catch {
    return null;
  }
}

async function lockChallenged(trx: Transaction<Database>, transactionId: bigint): Promise<repository.LockedPayment> {
  const locked = await repository.lockMerchantPaymentOfTransaction(trx, transactionId);
  assert(locked !== undefined && locked.state === 'requires_action', `merchant payment ${transactionId} waits for 3-D Secure`);
  return locked;
}

async function approve(deps: PaymentListeners, trx: Transaction<Database>, transactionId: bigint): Promise<{ redirectUrl: string | null }> {
  const locked = await lockChallenged(trx, transactionId);
  await logStep(trx, locked.attempt_id, GATEWAY_IP, '3-D Secure approved');
  // The merchant's balance moves last, after the payment's rows, log and event (docs/money.md, "Hot wallets").
  let moveBalances = NOTHING_TO_MOVE;
  if (locked.capture_method === 'automatic') {
    const view = await paymentAfterChange(trx, locked.merchant_user_id, transactionId);
    const posting = paymentPosting(locked.wallet_id, view.currency, chargesOf(locked.authorised_amount, view.feeMinor, view.vatMinor));
    const key = cardApprovalPostingKey(view.uuid);
    ({ moveBalances } = await writePendingEntries(
      trx,
      transactionId,
      TRANSACTION_STATUS.SUCCESS,
      posting.entries,
      posting.charges,
      null,
      key,
    ));
    await repository.updateMerchantPayment(trx, transactionId, { state: 'succeeded', captured_amount: locked.authorised_amount });
    await logStep(trx, locked.attempt_id, GATEWAY_IP, 'Posted', postedStep(locked.authorised_amount, view.feeMinor, view.vatMinor));
  } else {
    await repository.updateMerchantPayment(trx, transactionId, { state: 'requires_capture' });
    await logStep(trx, locked.attempt_id, GATEWAY_IP, 'Authorised, waiting for capture', { amount: String(locked.authorised_amount) });
  }
  const payment = await paymentAfterChange(trx, locked.merchant_user_id, transactionId);
  const type = locked.capture_method === 'automatic' ? 'payment.succeeded' : 'payment.authorized';
  await tellPaymentEvent(deps, trx, paymentEvent(type, payment, { attemptId: locked.attempt_id }));
  await moveBalances();
  return { redirectUrl: withReturnParams(locked.return_url, payment.status, payment.uuid) };
}

async function close(
  deps: PaymentListeners,
  trx: Transaction<Database>,
  transactionId: bigint,
  state: 'declined' | 'expired',
  reason: string,
): Promise<{ redirectUrl: string | null }> {
  const locked = await lockChallenged(trx, transactionId);
  const declined = state === 'declined';
  const closed = await closePendingTransaction(
    trx,
    transactionId,
    declined ? TRANSACTION_STATUS.FAILED : TRANSACTION_STATUS.EXPIRED,
    reason,
  );
  assert(closed, 'a merchant payment in challenge has a pending transaction');
  // Nothing moved: no fee, no VAT (as on the transaction row closePendingTransaction closed).
  await repository.updateMerchantPayment(trx, transactionId, { state: declined ? 'failed' : 'expired', fee: 0n, vat: 0n });
  await logStep(trx, locked.attempt_id, GATEWAY_IP, declined ? '3-D Secure declined' : '3-D Secure expired', { reason });
  const payment = await paymentAfterChange(trx, locked.merchant_user_id, transactionId);
  await tellPaymentEvent(
    deps,
    trx,
    paymentEvent(declined ? 'payment.failed' : 'payment.expired', payment, { attemptId: locked.attempt_id }),
  );
  return { redirectUrl: withReturnParams(locked.return_url, payment.status, payment.uuid) };
}

/**
 * How the gateway answers a challenge on a merchant payment, telling `listeners` what happened
 * (app.ts puts it under MERCHANT_PAYMENT_TYPE_IDS with the app's payment listeners).
 */
export function merchantPaymentChallenges(listeners: PaymentListeners): ChallengeOutcomeHandler {
  return {
    approve: (trx, transactionId) => approve(listeners, trx, transactionId),
    close: (trx, transactionId, state, reason) => close(listeners, trx, transactionId, state, reason),
  };
}
