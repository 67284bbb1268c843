// Refunds of a merchant payment. A refund through the API or a POS device is a refund request
// (refund_requests, spec 2's 'Refund request') approved at once and processed in the same
// request (DECISIONS 32): written as Initiated (1), posted as a type 6 transaction, then
// Processed (2) with the refund transaction's id.
//
//   refund R: type 6, status 1, reference = the payment's uuid:
//             merchant available -R (on hold -R when available does not cover it); gateway +R
//
// The payment row is locked (FOR UPDATE) while the remaining amount is checked and written, so
// processed plus open refunds never exceed the captured amount, however many arrive at once.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatMinor, refundEntries, TransactionType } from '@paywallet/ledger';
import { REFUND_REQUEST_STATUS, TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { postEntries, PostingRefused } from '../ledger/ledger.service.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { paymentEvent, tellPaymentEvent, type PaymentCall } from './payment-events.ts';
import { logStep, partyOf, refundPostingKey } from './payment-postings.ts';
import { paymentAfterChange, type MerchantPayment } from './payment-views.ts';
import * as repository from './merchant-payments.repository.ts';

const REFUND_DESCRIPTION_MAX_CHARS = 1000;

export interface RefundInput extends PaymentCall {
  merchantUserId: bigint;
  transactionId: bigint;
  /** Up to what remains of the captured amount; all of it when absent. */
  amountMinor?: bigint;
  source: 'api' | 'pos';
  description?: string | null;
  ip: string;
  actorUserId?: bigint | null;
}

export interface RefundResult {
  payment: MerchantPayment;
  refund: { uuid: string; amountMinor: bigint; status: number; transactionId: bigint | null };
}

export async function refundPayment(deps: Deps, input: RefundInput): Promise<RefundResult> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
      if (!locked) fail('PAYMENT_NOT_FOUND');
      if (locked.state !== 'succeeded' || locked.captured_amount <= 0n) fail('PAYMENT_NOT_REFUNDABLE');
      const view = await paymentAfterChange(trx, input.merchantUserId, input.transactionId);
      const amount = await refundableAmount(trx, locked, view.currency, input.amountMinor);
      const uuid = crypto.randomUUID();
      const description = input.description?.trim().slice(0, REFUND_DESCRIPTION_MAX_CHARS) || null;
      const requestId = await repository.insertRefundRequest(trx, {
        uuid,
        merchantUserId: input.merchantUserId,
        transactionId: input.transactionId,
        referenceId: view.uuid,
        status: REFUND_REQUEST_STATUS.INITIATED,
        description,
        amountMinor: amount,
        addedBy: input.actorUserId ?? null,
        source: input.source,
      });
      const refundTransactionId = await postRefund(trx, { uuid, locked, view, amountMinor: amount, description });
      await repository.setRefundProcessed(trx, requestId, refundTransactionId);
      await repository.updateMerchantPayment(trx, input.transactionId, { refunded_amount: locked.refunded_amount + amount });
      await logStep(trx, locked.attempt_id, input.ip, 'Refunded', { amount: String(amount), refund: uuid, source: input.source });
      const payment = await paymentAfterChange(trx, input.merchantUserId, input.transactionId);
      const refund = { uuid, amountMinor: amount };
      await tellPaymentEvent(
        deps,
        trx,
        paymentEvent('payment.refunded', payment, { attemptId: locked.attempt_id, origin: input.origin }, { refund }),
        input.onEvent,
      );
      await input.audit?.(trx, { payment, refund });
      return { payment, refund: { ...refund, status: REFUND_REQUEST_STATUS.PROCESSED, transactionId: refundTransactionId } };
    });
  } catch (error) {
    if (error instanceof PostingRefused) fail('REFUND_BALANCE_INSUFFICIENT');
    throw error;
  }
}

/** The amount asked (or all that remains), refused when nothing or less remains of the captured amount. */
async function refundableAmount(
  trx: Transaction<Database>,
  locked: repository.LockedPayment,
  currency: string,
  askedMinor: bigint | undefined,
): Promise<bigint> {
  const open = await repository.sumOpenRefunds(trx, locked.transaction_id);
  const remaining = locked.captured_amount - locked.refunded_amount - open;
  const remainingText = `${currency} ${formatMinor(remaining > 0n ? remaining : 0n, 2, { groupSeparator: ',' })}`;
  const amount = askedMinor ?? remaining;
  if (remaining <= 0n) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });
  if (amount <= 0n) fail('AMOUNT_NOT_POSITIVE');
  if (amount > remaining) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });
  return amount;
}

/** Posts the type 6 refund from the merchant's wallet (available when it covers R, else on hold) to the gateway. */
async function postRefund(
  trx: Transaction<Database>,
  refund: { uuid: string; locked: repository.LockedPayment; view: MerchantPayment; amountMinor: bigint; description: string | null },
): Promise<bigint> {
  const { locked, view, amountMinor, description } = refund;
  const wallet = await getWallet(trx, locked.wallet_id);
  const fromBucket = wallet.available_balance >= amountMinor ? 'available' : 'on_hold';
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
