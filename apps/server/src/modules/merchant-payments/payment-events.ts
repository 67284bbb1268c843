// What the payments core tells its callers, and how (docs/payment-events.md).
//
// Each state change of a merchant payment is one PaymentEvent, with an id and a time of its own.
// Two kinds of listener hear it, both inside the payment's own database transaction, so what
// they write (a webhook, a callback, a notification) commits with the change or not at all, and
// a listener that throws rolls the payment back:
//
// - the standing listeners (what must happen on every event, whoever caused it: a link's
//   callback and claim, an API payment's state and webhook, the POS webhook, the merchant's
//   notification) are plain functions of their modules, composed once in app.ts and handed to
//   the core in `Deps` (`paymentListeners`);
// - a per-call listener (`onEvent`), for what only the request that caused the change wants:
//   the POS device's answer, which is the body its webhook gets.
//
// What a request knows that a standing listener needs later (the checkout page's token, the POS
// operation) travels as data: the door passes an `origin`, the core copies it onto the event.
// Nothing is kept in module state or in the async context, so two apps in one process (tests,
// several nodes) never hear each other's payments.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { TPaymentEventType, TPosTransactionType } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { MerchantPayment } from './payment-views.ts';

/** The event names are the contract's: the `api.payment` webhook's `type` says the same words. */
export type PaymentEventType = TPaymentEventType;

/**
 * What the door that called the core knows of its request and wants its standing listener to
 * read on the event: the hosted checkout's page token and the customer's IP (the link's callback
 * and its attempt log), the POS device operation (which operation the webhook names).
 */
export type PaymentOrigin = { door: 'checkout'; token: string; ip: string } | { door: 'pos'; operation: TPosTransactionType };

export interface PaymentEvent {
  /** A random uuid, one per event: a body built from the event (a webhook's id) is built the same by whoever builds it. */
  id: string;
  /** When the change happened, as every body built from the event says it. */
  at: Date;
  type: PaymentEventType;
  /** The payment as it is after the change. */
  payment: MerchantPayment;
  /** The attempt the payment was made under (payment_attempts), when it has one. */
  attemptId: bigint | null;
  /** The door's request, when a door's call caused the change; null for a 3-D Secure answer or its expiry. */
  origin: PaymentOrigin | null;
  refund?: { uuid: string; amountMinor: bigint };
  captureAmountMinor?: bigint;
}

/** Hears an event inside the payment's transaction; throwing rolls the payment back. */
export type PaymentEventListener = (trx: Transaction<Database>, event: PaymentEvent) => Promise<void>;

/** What one core operation did, as its caller's audit writer sees it. */
export interface PaymentChange {
  payment: MerchantPayment;
  refund?: { uuid: string; amountMinor: bigint };
  captureAmountMinor?: bigint;
}
/**
 * Writes the calling door's audit row for a change. The core calls it inside the change's own
 * database transaction, after the change and its listeners and before the commit: a crash cannot
 * keep the change without its row, and a refusal (which rolls the transaction back) leaves neither.
 */
export type PaymentAuditWriter = (trx: Transaction<Database>, change: PaymentChange) => Promise<void>;

/** What a door may hand a core operation besides its input: its origin, its own listener, its audit writer. */
export interface PaymentCall {
  origin?: PaymentOrigin;
  onEvent?: PaymentEventListener;
  audit?: PaymentAuditWriter;
}

/** A new event of `type`, with an id and a time of its own. */
export function paymentEvent(
  type: PaymentEventType,
  payment: MerchantPayment,
  context: { attemptId: bigint | null; origin?: PaymentOrigin | undefined },
  moved: Pick<PaymentEvent, 'refund' | 'captureAmountMinor'> = {},
): PaymentEvent {
  return { id: crypto.randomUUID(), at: new Date(), type, payment, attemptId: context.attemptId, origin: context.origin ?? null, ...moved };
}

/** Who hears every event: `Deps` is one (app.ts composes its listeners), and so is a 3-D Secure handler. */
export interface PaymentListeners {
  readonly paymentListeners: readonly PaymentEventListener[];
}

/** Tells the standing listeners of `deps`, then the call's own, in that order, inside `trx`. */
export async function tellPaymentEvent(
  deps: PaymentListeners,
  trx: Transaction<Database>,
  event: PaymentEvent,
  onEvent?: PaymentEventListener,
): Promise<void> {
  for (const listener of deps.paymentListeners) await listener(trx, event);
  if (onEvent) await onEvent(trx, event);
}
