// The POS device API's operations: sale, pre-authorisation, capture, refund and void, each run
// for the person signed in on the device, for the device's merchant, on the device's channel.
// Each is allowed only when the login's terminal settings enable it (POS_OPERATION_NOT_ALLOWED),
// and capture, refund and void reach only POS payments of this device's channel and merchant
// (anything else reads as POS_TRANSACTION_NOT_FOUND). Money moves through the merchant payments
// core (type 10 transactions); this module adds the device's rules, the audit row of the person
// on the device (the core's `audit` writer) and the POS webhook (an onPaymentEvent listener),
// both written inside the payment's own transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'kysely';
import type { TPosChargeInput, TPosOperationResponse, TPosTransactionType, TPosWebhookBody } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import {
  capturePayment,
  chargeCard,
  getPaymentByUuid,
  onPaymentEvent,
  refundPayment,
  voidPayment,
  type MerchantPayment,
  type PaymentAuditWriter,
  type PaymentChange,
  type PaymentEvent,
} from '../merchant-payments/merchant-payments.service.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import { getPosWebhookUrl } from '../app-settings/app-settings.service.ts';
import type { DeviceActor, DeviceRequest } from './device-sessions.ts';
import { newPosEventId, posStatusOf, posStatusOfEvent, posTypeOfEvent, posWebhookBody, type PosOperationExtras } from './pos-webhook.ts';

/** The device operation running in this async context, so the payment listener knows why the payment moved. */
interface RunningOperation {
  actor: DeviceActor;
  request: DeviceRequest;
  operation: TPosTransactionType;
  /** The body the listener built and enqueued, answered as is. */
  body?: TPosWebhookBody;
}
const running = new AsyncLocalStorage<RunningOperation>();

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
function auditWriter(operation: RunningOperation): PaymentAuditWriter {
  const { actor, request } = operation;
  return (trx, change) =>
    request.audit.record(trx, {
      subject: { type: 'transaction', id: change.payment.transactionId },
      detail: {
        posDeviceId: Number(actor.posDeviceId),
        deviceId: actor.deviceId,
        loginId: Number(actor.loginId),
        status: posStatusOf(change.payment),
        amount: Number(movedAmount(operation.operation, change)),
      },
    });
}

/**
 * Every state change of a POS payment (the core calls this inside its transaction): the POS
 * webhook is enqueued when the merchant has a POS webhook URL; the device operation that caused
 * it, if any, answers the same body.
 */
export async function onPosPaymentEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const payment = event.payment;
  if (payment.kind !== 'pos') return;
  const operation = running.getStore();
  const transactionType = posTypeOfEvent(event, operation?.operation);
  const extras: PosOperationExtras = {};
  if (event.captureAmountMinor !== undefined) extras.captureAmountMinor = event.captureAmountMinor;
  if (event.refund) extras.refundAmountMinor = event.refund.amountMinor;
  const body = await posWebhookBody(trx, payment, transactionType, posStatusOfEvent(event), extras, newPosEventId());
  const url = await getPosWebhookUrl(trx, payment.merchantUserId);
  if (url)
    await enqueueWebhook(trx, { merchantUserId: payment.merchantUserId, eventType: 'pos.transaction', url, body, eventId: body.eventId });
  if (operation && operation.operation === transactionType) operation.body = body;
}

let listening = false;
/** Registers the POS listener on the payments core once per process (modules/index.ts). */
export function listenToPosPayments(): void {
  if (listening) return;
  listening = true;
  onPaymentEvent(onPosPaymentEvent);
}

function requireOperation(actor: DeviceActor, operation: TPosTransactionType): void {
  if (!actor.operations.includes(operation)) fail('POS_OPERATION_NOT_ALLOWED');
}

/**
 * Runs one device operation: the listener sees it, and `work` gets the audit writer to hand to
 * the core; the answer is the body the webhook got, or, when the core raised no event (nothing
 * changed state), the payment as it is now.
 */
async function runOperation(
  deps: Deps,
  actor: DeviceActor,
  request: DeviceRequest,
  operation: TPosTransactionType,
  work: (audit: PaymentAuditWriter) => Promise<{ payment: MerchantPayment; extras?: PosOperationExtras }>,
): Promise<TPosOperationResponse> {
  const context: RunningOperation = { actor, request, operation };
  const { payment, extras } = await running.run(context, () => work(auditWriter(context)));
  const body: TPosWebhookBody =
    context.body ?? (await posWebhookBody(deps.db, payment, operation, posStatusOf(payment), extras ?? {}, newPosEventId()));
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
  const attempt = await openAttempt(deps.db, {
    merchantUserId: actor.merchantUserId,
    paymentToken: `pos:${actor.deviceId}`,
    ip: request.ip,
    message: operation === 'SALE' ? 'POS sale started' : 'POS pre-authorisation started',
    data: { deviceId: actor.deviceId, loginId: String(actor.loginId), operation },
  });
  return runOperation(deps, actor, request, operation, async (audit) => {
    const payment = await chargeCard(deps, {
      merchantUserId: actor.merchantUserId,
      channelId: actor.channelId,
      kind: 'pos',
      currency: input.currency,
      amountMinor: BigInt(input.amount),
      card: input.card,
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
      audit,
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
  return runOperation(deps, actor, request, 'CAPTURE', async (audit) => ({
    payment: await capturePayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      amountMinor,
      ip: request.ip,
      audit,
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
  return runOperation(deps, actor, request, 'REFUND', async (audit) => {
    const refunded = await refundPayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      amountMinor,
      source: 'pos',
      description: `POS refund on ${actor.deviceId}`,
      ip: request.ip,
      actorUserId: actor.userId,
      audit,
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
  return runOperation(deps, actor, request, 'VOID', async (audit) => ({
    payment: await voidPayment(deps, {
      merchantUserId: actor.merchantUserId,
      transactionId: payment.transactionId,
      ip: request.ip,
      audit,
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
