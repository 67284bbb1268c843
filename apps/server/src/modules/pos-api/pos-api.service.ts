// The POS device API's operations: sale, pre-authorisation, capture, refund and void, each run
// for the person signed in on the device, for the device's merchant, on the device's channel.
// Each is allowed only when the login's terminal settings enable it (POS_OPERATION_NOT_ALLOWED),
// and capture, refund and void reach only POS payments of this device's channel and merchant
// (anything else reads as POS_TRANSACTION_NOT_FOUND). Money moves through the merchant payments
// core (type 10 transactions); this module adds the device's rules, the audit row of the person
// on the device (the core's `audit` writer) and the POS webhook (onPosPaymentEvent, a standing
// payment listener composed in app.ts), both written inside the payment's own transaction. The
// operation travels to the listener on the event (its origin); the device's answer is built
// from the same event by the operation's own listener, so it is the webhook's body.
import type { Transaction } from 'kysely';
import { minorToWire } from '@paywallet/ledger';
import type { TPosChargeInput, TPosOperationResponse, TPosTransactionType, TPosWebhookBody } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { capturePayment, voidPayment } from '../merchant-payments/capture.service.ts';
import { refundPayment } from '../merchant-payments/refund.service.ts';
import { getPaymentByUuid, type MerchantPayment } from '../merchant-payments/payment-views.ts';
import type { PaymentAuditWriter, PaymentCall, PaymentChange, PaymentEvent } from '../merchant-payments/payment-events.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import { getPosWebhookUrl } from '../app-settings/app-settings.service.ts';
import type { DeviceActor, DeviceRequest } from './device-sessions.ts';
import { newPosEventId, posEventBody, posStatusOf, posWebhookBody, type PosOperationExtras } from './pos-webhook.ts';

/** What the operation moved, as the webhook's transactionAmount says it. */
function movedAmount(operation: TPosTransactionType, change: PaymentChange): bigint {
  if (operation === 'CAPTURE') return change.captureAmountMinor ?? change.payment.amountCapturedMinor;
  if (operation === 'REFUND') return change.refund?.amountMinor ?? change.payment.amountRefundedMinor;
  return change.payment.amountMinor;
}

/**
 * The audit row of the person on the device, handed to the core, which writes it inside the
 * payment's own transaction through the call's audit trail (the door's: action and path are the
 * call's): the operation and its row commit together, and a refusal of the core (which rolls
 * back) leaves no row.
 */
function auditWriter(actor: DeviceActor, request: DeviceRequest, operation: TPosTransactionType): PaymentAuditWriter {
  return (trx, change) =>
    request.audit.record(trx, {
      subject: { type: 'transaction', id: change.payment.transactionId },
      detail: {
        posDeviceId: Number(actor.posDeviceId),
        deviceId: actor.deviceId,
        loginId: Number(actor.loginId),
        status: posStatusOf(change.payment),
        amount: minorToWire(movedAmount(operation, change)),
      },
    });
}

/**
 * Every state change of a POS payment, whoever caused it (a standing payment listener, composed
 * in app.ts; the core calls it inside the payment's transaction): the POS webhook is enqueued
 * when the merchant has a POS webhook URL.
 */
export async function onPosPaymentEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const payment = event.payment;
  if (payment.kind !== 'pos') return;
  const url = await getPosWebhookUrl(trx, payment.merchantUserId);
  if (!url) return;
  const body = await posEventBody(trx, event);
  await enqueueWebhook(trx, { merchantUserId: payment.merchantUserId, eventType: 'pos.transaction', url, body, eventId: body.eventId });
}

function requireOperation(actor: DeviceActor, operation: TPosTransactionType): void {
  if (!actor.operations.includes(operation)) fail('POS_OPERATION_NOT_ALLOWED');
}

/**
 * Runs one device operation: `work` gets what to hand the core (the operation as the events'
 * origin, the audit writer, and the listener that keeps the body of the event this operation
 * raised); the answer is that body, the one the webhook got, or, when the core raised no event
 * (nothing changed state), the payment as it is now.
 */
async function runOperation(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  operation: TPosTransactionType,
  work: (call: PaymentCall) => Promise<{ payment: MerchantPayment; extras?: PosOperationExtras }>,
): Promise<TPosOperationResponse> {
  let answered: TPosWebhookBody | undefined;
  const { payment, extras } = await work({
    origin: { door: 'pos', operation },
    audit: auditWriter(actor, request, operation),
    onEvent: async (trx, event) => {
      const body = await posEventBody(trx, event);
      if (body.transactionType === operation) answered = body;
    },
  });
  const body = answered ?? (await posWebhookBody(deps.db, payment, operation, posStatusOf(payment), extras ?? {}, newPosEventId()));
  const { eventId: _eventId, ...transaction } = body;
  return { ...transaction, failureReason: payment.failureReason };
}

/** A POS payment of this device's merchant and channel, by its uuid; anything else is not found. */
async function devicePayment(db: Queryable, actor: DeviceActor, transactionId: string): Promise<MerchantPayment> {
  const payment = await getPaymentByUuid(db, actor.merchantUserId, transactionId);
  if (!payment || payment.kind !== 'pos' || payment.channelId !== actor.channelId) fail('POS_TRANSACTION_NOT_FOUND');
  return payment;
}

/** POST /sale (automatic capture) and /pre-auth (authorise only, captured later). */
export async function posCharge(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  operation: 'SALE' | 'PRE_AUTH',
  input: TPosChargeInput,
): Promise<TPosOperationResponse> {
  requireOperation(actor, operation);
  // The card is checked once, here, before the attempt is opened: a card that fails writes nothing.
  const card = checkPaymentCard(input.card);
  const attempt = await openAttempt(deps.db, {
    merchantUserId: actor.merchantUserId,
    paymentToken: `pos:${actor.deviceId}`,
    ip: request.ip,
    message: operation === 'SALE' ? 'POS sale started' : 'POS pre-authorisation started',
    data: { deviceId: actor.deviceId, loginId: String(actor.loginId), operation },
  });
  return runOperation(deps, actor, request, operation, async (call) => {
    const payment = await chargeCard(deps, {
      merchantUserId: actor.merchantUserId,
      channelId: actor.channelId,
      kind: 'pos',
      currency: input.currency,
      amountMinor: BigInt(input.amount),
      card,
      customer: {
        name: input.customer?.name ?? input.card.holderName,
        email: input.customer?.email ?? null,
        phone: input.customer?.phone ?? null,
      },
      capture: operation === 'SALE' ? 'automatic' : 'manual',
      attemptId: attempt.attemptId,
      ip: request.ip,
      posDeviceId: actor.posDeviceId,
      posStaffUserId: actor.userId,
      // Card-present: nobody can answer a 3-D Secure challenge on the device, so a card that
      // asks for one fails at once (nothing pending, nothing moved).
      threeDSecure: 'refuse',
      ...call,
    });
    return { payment };
  });
}

/** POST /capture: up to the authorised amount. */
export async function posCapture(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  input: { transactionId: string; amount: number },
): Promise<TPosOperationResponse> {
  requireOperation(actor, 'CAPTURE');
  const payment = await devicePayment(deps.db, actor, input.transactionId);
  const amountMinor = BigInt(input.amount);
  return runOperation(deps, actor, request, 'CAPTURE', async (call) => ({
    payment: await capturePayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      amountMinor,
      ip: request.ip,
      ...call,
    }),
    extras: { captureAmountMinor: amountMinor },
  }));
}

/** POST /refund: up to what remains of the captured amount. */
export async function posRefund(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  input: { transactionId: string; amount: number },
): Promise<TPosOperationResponse> {
  requireOperation(actor, 'REFUND');
  const payment = await devicePayment(deps.db, actor, input.transactionId);
  const amountMinor = BigInt(input.amount);
  return runOperation(deps, actor, request, 'REFUND', async (call) => {
    const refunded = await refundPayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      amountMinor,
      source: 'pos',
      description: `POS refund on ${actor.deviceId}`,
      ip: request.ip,
      actorUserId: actor.userId,
      ...call,
    });
    return { payment: refunded.payment, extras: { refundAmountMinor: refunded.refund.amountMinor } };
  });
}

/** POST /void: ends an authorisation that was not captured. */
export async function posVoid(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  input: { transactionId: string },
): Promise<TPosOperationResponse> {
  requireOperation(actor, 'VOID');
  const payment = await devicePayment(deps.db, actor, input.transactionId);
  return runOperation(deps, actor, request, 'VOID', async (call) => ({
    payment: await voidPayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      ip: request.ip,
      ...call,
    }),
  }));
}

/** GET /transactions/:id: a POS payment of this device's channel as it is now (typed as its last state). */
export async function posTransaction(deps: Deps, actor: DeviceActor, transactionId: string): Promise<TPosOperationResponse> {
  const payment = await devicePayment(deps.db, actor, transactionId);
  const status = posStatusOf(payment);
  const type: TPosTransactionType =
    status === 'REFUNDED' ? 'REFUND' : status === 'VOIDED' ? 'VOID' : status === 'AUTHORIZED' ? 'PRE_AUTH' : 'SALE';
  const { eventId: _eventId, ...transaction } = await posWebhookBody(
    deps.db,
    payment,
    type,
    status,
    {},
    newPosEventId(),
    payment.createdAt,
  );
  return { ...transaction, failureReason: payment.failureReason };
}
