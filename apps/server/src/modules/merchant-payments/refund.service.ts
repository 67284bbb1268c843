// Refunds of a merchant payment: the one refund path of every door (DECISIONS 32). A refund is a
// refund request (refund_requests, spec 2's 'Refund request'):
//
//   back office (create-refund-request)  --openRefund-->  0 Pending
//        console approves (refunds module)  ----------->  1 Initiated --job: postRefund--> 2 Processed
//        console rejects / merchant cancels ----------->  4 Rejected / 3 Canceled
//   merchant API, POS (refundPayment)  --openRefund-->   1 Initiated --postRefund, same transaction--> 2 Processed
//
//   refund R: type 6, status 1, reference = the payment's uuid, posting key refund:<request uuid>:
//             merchant available -R (on hold -R when available does not cover it); gateway +R
//
// Every opening locks the payment row (FOR UPDATE) while the remaining amount is checked and the
// request written, and open (Pending or Initiated) requests count against what remains, so
// processed plus open refunds never exceed the captured amount, whichever door they came
// through and however many arrive at once. A request is posted only from Initiated, under the
// same lock, with a posting key of its own: it is paid at most once. Each status a request
// takes is a row of its history (refund_request_details), written in the same transaction.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { assert, formatMinor, refundEntries, TransactionType } from '@paywallet/ledger';
import { REFUND_REQUEST_STATUS, TRANSACTION_STATUS } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { postEntries, PostingRefused } from '../ledger/ledger.service.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { paymentEvent, tellPaymentEvent, type PaymentCall } from './payment-events.ts';
import { logStep, partyOf, refundPostingKey } from './payment-postings.ts';
import { paymentAfterChange, type MerchantPayment } from './payment-views.ts';
import * as repository from './merchant-payments.repository.ts';
import { lockFreeOnHold } from '../withdrawals/withdrawals.service.ts';

export const REFUND_DESCRIPTION_MAX_CHARS = 1000;

export type RefundSource = 'merchant' | 'api' | 'pos';

export interface RefundAsk {
  merchantUserId: bigint;
  transactionId: bigint;
  /** Up to what remains of the captured amount; all of it when absent. */
  amountMinor?: bigint | undefined;
  /**
   * A whole refund whose client showed this remaining amount: refused when the remaining amount
   * is no longer that (another refund came first), rather than refunding another sum.
   */
  wholeShownMinor?: bigint | undefined;
  source: RefundSource;
  description?: string | null | undefined;
  /** The person who asked (the back office's user, the POS person, the API's merchant). */
  addedBy: bigint | null;
  /**
   * The same person's identical Pending request on this payment younger than this answers
   * instead of a new one (a double click, a retried request); absent: every ask opens one.
   */
  duplicateWindowMs?: number | undefined;
}

export interface OpenedRefund {
  requestId: bigint;
  uuid: string;
  amountMinor: bigint;
  status: number;
  /** An identical request of the same person answered instead (duplicateWindowMs). */
  replayed: boolean;
}

/**
 * Opens a refund request on the merchant's payment, Pending (the back office: the console
 * decides) or Initiated (the API and POS: posted in the same transaction). The caller's
 * transaction holds the payment's lock until it commits.
 */
export async function openRefund(
  trx: Transaction<Database>,
  ask: RefundAsk,
  status: typeof REFUND_REQUEST_STATUS.PENDING | typeof REFUND_REQUEST_STATUS.INITIATED,
): Promise<OpenedRefund> {
  const locked = await repository.lockMerchantPayment(trx, ask.merchantUserId, ask.transactionId);
  if (!locked) fail('PAYMENT_NOT_FOUND');
  if (locked.state !== 'succeeded' || locked.captured_amount <= 0n) fail('PAYMENT_NOT_REFUNDABLE');
  const twin =
    ask.duplicateWindowMs === undefined ? undefined : await repository.findRecentTwinRefund(trx, twinOf(ask, ask.duplicateWindowMs));
  if (twin) return { requestId: twin.id, uuid: twin.uuid, amountMinor: twin.amount, status: twin.status, replayed: true };
  const view = await paymentAfterChange(trx, ask.merchantUserId, ask.transactionId);
  const amountMinor = await refundableAmount(trx, locked, view.currency, ask);
  const uuid = crypto.randomUUID();
  const description = ask.description?.trim().slice(0, REFUND_DESCRIPTION_MAX_CHARS) || null;
  const requestId = await repository.insertRefundRequest(trx, {
    uuid,
    merchantUserId: ask.merchantUserId,
    transactionId: ask.transactionId,
    referenceId: view.uuid,
    status,
    description,
    amountMinor,
    addedBy: ask.addedBy,
    source: ask.source,
  });
  await recordRefundStatus(trx, { requestId, status, comment: null, actorUserId: ask.addedBy });
  return { requestId, uuid, amountMinor, status, replayed: false };
}

function twinOf(ask: RefundAsk, windowMs: number): repository.RefundTwin {
  return {
    transactionId: ask.transactionId,
    addedBy: ask.addedBy,
    source: ask.source,
    amountMinor: ask.amountMinor ?? ask.wholeShownMinor,
    description: ask.description?.trim().slice(0, REFUND_DESCRIPTION_MAX_CHARS) || null,
    since: new Date(Date.now() - windowMs),
  };
}

export interface RefundInput extends PaymentCall, Omit<RefundAsk, 'source' | 'addedBy' | 'wholeShownMinor'> {
  source: 'api' | 'pos';
  ip: string;
  actorUserId?: bigint | null;
}

export interface RefundResult {
  payment: MerchantPayment;
  refund: { uuid: string; amountMinor: bigint; status: number; transactionId: bigint | null };
}

/** A refund through the merchant API or a POS device: a request approved at once and processed in the same request. */
export async function refundPayment(deps: Deps, input: RefundInput): Promise<RefundResult> {
  return refusingShortBalance(() =>
    deps.db.transaction().execute(async (trx) => {
      const opened = await openRefund(trx, { ...input, addedBy: input.actorUserId ?? null }, REFUND_REQUEST_STATUS.INITIATED);
      const posted = await postRefund(deps, trx, { ...input, requestId: opened.requestId, stepSource: input.source });
      assert(posted !== null, 'a refund opened as Initiated in this transaction is posted');
      return posted;
    }),
  );
}

/**
 * Posts a refund the console approved (the refunds module's job): under the payment's lock, only
 * while the request is still Initiated, so a job run twice, or two at once, pays it once. Answers
 * null when there is nothing to do (already processed, or no longer Initiated).
 */
export async function postApprovedRefund(deps: Deps, requestId: bigint, call: PaymentCall & { ip: string }): Promise<RefundResult | null> {
  return refusingShortBalance(() =>
    deps.db.transaction().execute(async (trx) => {
      const request = await repository.findRefundRequest(trx, requestId);
      if (!request || request.status !== REFUND_REQUEST_STATUS.INITIATED) return null;
      return postRefund(deps, trx, { ...call, merchantUserId: request.merchant_user_id, requestId, stepSource: 'console' });
    }),
  );
}

interface PostRefundInput extends PaymentCall {
  merchantUserId: bigint;
  requestId: bigint;
  ip: string;
  stepSource: string;
}

/**
 * Posts one Initiated refund request: the type 6 transaction, the request Processed with its
 * transaction, the payment's refunded amount, the attempt's log, the event and the audit row.
 * Locks the payment first, then the request (the order every refund path takes).
 */
async function postRefund(deps: Deps, trx: Transaction<Database>, input: PostRefundInput): Promise<RefundResult | null> {
  const request = await repository.findRefundRequest(trx, input.requestId);
  assert(request !== undefined && request.merchant_user_id === input.merchantUserId, 'the refund request is the merchant’s');
  const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, request.transaction_id);
  assert(locked !== undefined, 'a refund request names a payment of its merchant');
  const current = await repository.lockRefundRequest(trx, input.requestId);
  if (current?.status !== REFUND_REQUEST_STATUS.INITIATED) return null;
  const view = await paymentAfterChange(trx, input.merchantUserId, locked.transaction_id);
  const amountMinor = current.amount;
  const refundTransactionId = await postRefundEntries(trx, {
    uuid: current.uuid,
    locked,
    view,
    amountMinor,
    description: current.description,
  });
  const moved = await repository.setRefundProcessed(trx, input.requestId, refundTransactionId);
  assert(moved === 1, 'an Initiated refund request held under lock becomes Processed');
  await recordRefundStatus(trx, { requestId: input.requestId, status: REFUND_REQUEST_STATUS.PROCESSED, comment: null, actorUserId: null });
  const refundedMinor = locked.refunded_amount + amountMinor;
  assert(refundedMinor <= locked.captured_amount, 'refunds never exceed the captured amount');
  await repository.updateMerchantPayment(trx, locked.transaction_id, { refunded_amount: refundedMinor });
  await logStep(trx, locked.attempt_id, input.ip, 'Refunded', {
    amount: String(amountMinor),
    refund: current.uuid,
    source: input.stepSource,
  });
  const payment = await paymentAfterChange(trx, input.merchantUserId, locked.transaction_id);
  const refund = { uuid: current.uuid, amountMinor };
  await tellPaymentEvent(
    deps,
    trx,
    paymentEvent('payment.refunded', payment, { attemptId: locked.attempt_id, origin: input.origin }, { refund }),
    input.onEvent,
  );
  await input.audit?.(trx, { payment, refund });
  return { payment, refund: { ...refund, status: REFUND_REQUEST_STATUS.PROCESSED, transactionId: refundTransactionId } };
}

/** Writes one row of a refund request's status history (in the transaction of the change). */
export async function recordRefundStatus(
  db: Queryable,
  row: { requestId: bigint; status: number; comment: string | null; actorUserId: bigint | null },
): Promise<void> {
  await repository.insertRefundStatus(db, row);
}

/** The ledger's refusal of a balance that cannot pay becomes the named refusal. */
async function refusingShortBalance<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostingRefused) fail('REFUND_BALANCE_INSUFFICIENT');
    throw error;
  }
}

/** What is left to refund of a payment: captured - processed - open (Pending and Initiated) requests. */
export async function remainingRefundable(
  db: Queryable,
  payment: { transaction_id: bigint; captured_amount: bigint; refunded_amount: bigint },
): Promise<{ openMinor: bigint; remainingMinor: bigint }> {
  const openMinor = await repository.sumOpenRefunds(db, payment.transaction_id);
  return { openMinor, remainingMinor: payment.captured_amount - payment.refunded_amount - openMinor };
}

/** The amount asked (or all that remains), refused when nothing or less remains of the captured amount. */
async function refundableAmount(
  trx: Transaction<Database>,
  locked: repository.LockedPayment,
  currency: string,
  ask: RefundAsk,
): Promise<bigint> {
  const { remainingMinor: remaining } = await remainingRefundable(trx, locked);
  const remainingText = `${currency} ${formatMinor(remaining > 0n ? remaining : 0n, 2, { groupSeparator: ',' })}`;
  const amount = ask.amountMinor ?? remaining;
  if (remaining <= 0n) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });
  if (ask.wholeShownMinor !== undefined && ask.wholeShownMinor !== remaining)
    fail('REFUND_REMAINING_CHANGED', { remaining: remainingText });
  if (amount <= 0n) fail('AMOUNT_NOT_POSITIVE');
  if (amount > remaining) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });
  return amount;
}

/**
 * Posts the type 6 refund from the merchant's wallet (available when it covers R, else on hold,
 * never what pending withdrawals hold there) to the gateway.
 */
async function postRefundEntries(
  trx: Transaction<Database>,
  refund: { uuid: string; locked: repository.LockedPayment; view: MerchantPayment; amountMinor: bigint; description: string | null },
): Promise<bigint> {
  const { locked, view, amountMinor, description } = refund;
  const wallet = await getWallet(trx, locked.wallet_id);
  const fromBucket = wallet.available_balance >= amountMinor ? 'available' : 'on_hold';
  // On hold also keeps what pending withdrawals hold: a refund never takes that.
  if (fromBucket === 'on_hold' && (await lockFreeOnHold(trx, wallet.id)) < amountMinor) fail('REFUND_BALANCE_INSUFFICIENT');
  const { transactionId } = await postEntries(
    trx,
    {
      typeId: TransactionType.Refund,
      status: TRANSACTION_STATUS.SUCCESS,
      currencyId: wallet.currency_id,
      amountMinor,
      feeMinor: 0n,
      vatMinor: 0n,
      totalAmountMinor: amountMinor,
      sender: partyOf(wallet),
      referenceId: view.uuid,
      channelId: locked.channel_id,
      notes: description,
      postingKey: refundPostingKey(refund.uuid),
      merchantPayment: {
        customerId: view.customerId,
        paymentLinkId: view.paymentLinkId,
        apiPaymentId: view.apiPaymentId,
        posDeviceId: view.posDeviceId,
        clientReference: view.clientReference,
        description,
        hostReference: null,
      },
    },
    refundEntries({ merchantWalletId: String(wallet.id), currency: wallet.currency_code, refundMinor: amountMinor, fromBucket }),
    [],
  );
  return transactionId;
}
