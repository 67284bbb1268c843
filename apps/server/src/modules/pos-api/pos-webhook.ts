// The POS transaction as the merchant's POS webhook receives it (spec 2-merchant-reporting, POS
// Webhook Settings) and as every POS API operation answers it. One function builds it from the
// payment event, inside the payment's database transaction: the standing POS listener for the
// webhook, the device operation's own listener for its answer. The event's id and time make
// both the same object, and the webhook is enqueued (H4's durable, signed delivery) only if the
// payment's change commits.
//
// transactionType names the operation (SALE, PRE_AUTH, CAPTURE, REFUND, VOID) and
// transactionStatus what the payment is after it (CREATED while it awaits 3-D Secure,
// AUTHORIZED, CAPTURED, REFUNDED, VOIDED, FAILED). Amounts are {value, currency}, value in
// minor units: transactionAmount is what this operation moved (the sale, the authorisation,
// the capture, the refund, the voided authorisation), feesAmount and vatAmount the payment's.
import crypto from 'node:crypto';
import { assert, minorToWire } from '@paywallet/ledger';
import type { TPosTransactionStatus, TPosTransactionType, TPosWebhookBody } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { MerchantPayment } from '../merchant-payments/payment-views.ts';
import type { PaymentEvent } from '../merchant-payments/payment-events.ts';
import { findChannelPlace, findDevicePlace } from './pos-api.repository.ts';

export type PosOperationExtras = {
  /** A capture: the amount captured now, and the authorised amount. */
  captureAmountMinor?: bigint;
  /** A refund: the amount refunded now. */
  refundAmountMinor?: bigint;
};

/** What the payment is now, in the webhook's words. */
export function posStatusOf(payment: Pick<MerchantPayment, 'status'>): TPosTransactionStatus {
  switch (payment.status) {
    case 'requires_action':
      return 'CREATED';
    case 'requires_capture':
      return 'AUTHORIZED';
    case 'succeeded':
      return 'CAPTURED';
    case 'refunded':
    case 'partially_refunded':
      return 'REFUNDED';
    case 'voided':
      return 'VOIDED';
    case 'failed':
    case 'expired':
      return 'FAILED';
  }
}

/** The operation an event tells of: the device's own when a device caused it, else read from the event (a later 3-D Secure answer, an expiry). */
export function posTypeOfEvent(event: PaymentEvent): TPosTransactionType {
  const operation = event.origin?.door === 'pos' ? event.origin.operation : undefined;
  switch (event.type) {
    case 'payment.authorized':
      return 'PRE_AUTH';
    case 'payment.captured':
      return 'CAPTURE';
    case 'payment.voided':
      return 'VOID';
    case 'payment.refunded':
      return 'REFUND';
    case 'payment.succeeded':
      return operation === 'CAPTURE' ? 'CAPTURE' : 'SALE';
    case 'payment.failed':
    case 'payment.expired':
      return operation ?? 'SALE';
  }
}

/** The status an event leaves the payment in, for the operation it tells of. */
export function posStatusOfEvent(event: PaymentEvent): TPosTransactionStatus {
  switch (event.type) {
    case 'payment.authorized':
      return 'AUTHORIZED';
    case 'payment.succeeded':
    case 'payment.captured':
      return 'CAPTURED';
    case 'payment.voided':
      return 'VOIDED';
    case 'payment.refunded':
      return 'REFUNDED';
    case 'payment.failed':
    case 'payment.expired':
      return 'FAILED';
  }
}

export function newPosEventId(): string {
  return `evt_${crypto.randomUUID().replace(/-/g, '')}`;
}

/** The webhook body of a payment event: its id and time are the event's, so every builder builds the same body. */
export async function posEventBody(db: Queryable, event: PaymentEvent): Promise<TPosWebhookBody> {
  const extras: PosOperationExtras = {};
  if (event.captureAmountMinor !== undefined) extras.captureAmountMinor = event.captureAmountMinor;
  if (event.refund) extras.refundAmountMinor = event.refund.amountMinor;
  const eventId = `evt_${event.id.replace(/-/g, '')}`;
  return posWebhookBody(db, event.payment, posTypeOfEvent(event), posStatusOfEvent(event), extras, eventId, event.at);
}

const money = (value: bigint, currency: string) => ({ value: minorToWire(value), currency });

/** The webhook body of one operation on a POS payment. */
export async function posWebhookBody(
  db: Queryable,
  payment: MerchantPayment,
  transactionType: TPosTransactionType,
  transactionStatus: TPosTransactionStatus,
  extras: PosOperationExtras,
  eventId: string,
  at: Date = new Date(),
): Promise<TPosWebhookBody> {
  const device = payment.posDeviceId === null ? undefined : await findDevicePlace(db, payment.merchantUserId, payment.posDeviceId);
  const place = device ?? (await findChannelPlace(db, payment.merchantUserId, payment.channelId));
  assert(place !== undefined, `POS payment ${payment.transactionId} has no channel of its merchant`);
  const currency = payment.currency;
  const remaining = payment.amountCapturedMinor - payment.amountRefundedMinor;
  let amount: bigint;
  switch (transactionType) {
    case 'CAPTURE':
      amount = extras.captureAmountMinor ?? payment.amountCapturedMinor;
      break;
    case 'REFUND':
      amount = extras.refundAmountMinor ?? payment.amountRefundedMinor;
      break;
    default:
      amount = payment.amountMinor;
  }
  const body: TPosWebhookBody = {
    storeId: Number(place.store_id),
    terminalId: Number(place.terminal_id),
    channelId: Number(place.channel_id),
    posId: device?.device_id ?? '',
    transactionType,
    transactionStatus,
    transactionId: payment.uuid,
    feesAmount: money(payment.feeMinor, currency),
    vatAmount: money(payment.vatMinor, currency),
    transactionAmount: money(amount, currency),
    card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    channelName: place.channel_name,
    hostReferenceNumber: payment.hostReference,
    approvalCode: payment.approvalCode,
    storeName: place.store_name,
    transactionTime: at.toISOString(),
    eventId,
  };
  if (transactionType === 'REFUND') {
    body.refundAmount = money(amount, currency);
    body.remainingAmountFromOriginalTx = money(remaining > 0n ? remaining : 0n, currency);
  }
  if (transactionType === 'CAPTURE') {
    body.captureAmount = money(amount, currency);
    body.originalAmount = money(payment.amountMinor, currency);
  }
  return body;
}
