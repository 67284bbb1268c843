// The hosted checkout: what a payment link's public page (/pay/<token>) shows and how it pays.
//
// - getCheckout: the link as the customer sees it (merchant, store, amount, prefilled fields,
//   accepted schemes) and its state. Opening a payable link opens an attempt ('page opened'),
//   whose uuid the page keeps; back from 3-D Secure the page sends the uuid again and gets the
//   attempt's latest payment instead of a new attempt.
// - payCheckout: locks the link, refuses an unpayable one by name (nothing written), claims a
//   single-use link so that of two payers at once only one reaches the card, then charges the
//   card through the merchant payments core under the page's attempt.
// - The link's callback: a payment-event listener (registered at start-up) queues the signed
//   server-to-server notification on every final state of a link payment, after 3-D Secure too,
//   and logs 'callback queued' in the attempt.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CHECKOUT_STATE_MESSAGES,
  type TCheckout,
  type TCheckoutPayment,
  type TCheckoutState,
  type TGetCheckoutInput,
  type TPayCheckoutInput,
} from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Transaction } from 'kysely';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { hitLimit } from '../../lib/rate-limit.ts';
import {
  chargeCard,
  getPayment,
  onPaymentEvent,
  type MerchantPayment,
  type PaymentEvent,
} from '../merchant-payments/merchant-payments.service.ts';
import { logAttemptStep, openAttempt } from '../merchant-payments/attempts.service.ts';
import {
  getPayableLink,
  lockLinkForPayment,
  whyUnpayable,
  type LinkUnpayable,
  type PayableLink,
} from '../payment-links/payment-links.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import {
  attachClaimPayment,
  currencyDecimals,
  findCheckoutAttempt,
  findCheckoutPayment,
  findClaim,
  insertCheckoutAttempt,
  insertCheckoutPayment,
  latestPaymentOfAttempt,
  putClaim,
  releaseClaimOfAttempt,
  releaseClaimOfPayment,
} from './checkout.repository.ts';

/** Per customer IP: page opens (and result reloads) per minute, payments per ten minutes. */
export const CHECKOUT_LIMITS = {
  opens: { max: 60, windowS: 60 },
  payments: { max: 30, windowS: 600 },
} as const;
/** How long a single-use link stays claimed by a payment under way (card, then 3-D Secure). */
const CLAIM_CARD_S = 120;
const CLAIM_CHALLENGE_S = 30 * 60;
/** The IP logged for a step the server takes on its own (an outcome after 3-D Secure). */
const SERVER_IP = 'server';

const STATE_OF: Record<LinkUnpayable, Exclude<TCheckoutState, 'payable'>> = {
  LINK_INACTIVE: 'inactive',
  LINK_EXPIRED: 'expired',
  LINK_ALREADY_PAID: 'paid',
};

/** Reasons the core gives, in the customer's words. */
const FAILURE_TEXT: Record<string, string> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired: 'The 3-D Secure check was not completed in time.',
  challenge_declined: 'The 3-D Secure check was declined.',
  three_ds_declined: 'The 3-D Secure check was declined.',
};

function failureText(payment: MerchantPayment): string | null {
  if (payment.status !== 'failed' && payment.status !== 'expired' && payment.status !== 'voided') return null;
  const reason = payment.failureReason ?? '';
  return FAILURE_TEXT[reason] ?? (reason ? reason.charAt(0).toUpperCase() + reason.slice(1).replace(/_/g, ' ') : 'The payment failed.');
}

function resultStatus(payment: MerchantPayment): TCheckoutPayment['status'] {
  switch (payment.status) {
    case 'succeeded':
    case 'refunded':
    case 'partially_refunded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'requires_capture':
      return 'pending';
    case 'failed':
    case 'voided':
    case 'expired':
      return 'failed';
  }
}

/** The merchant's redirect URL with the outcome appended, for a payment that has one. */
export function merchantReturnUrl(redirectUrl: string | null, status: 'succeeded' | 'failed', transactionId: string): string | null {
  if (!redirectUrl) return null;
  try {
    const url = new URL(redirectUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    url.searchParams.set('status', status);
    url.searchParams.set('transactionId', transactionId);
    return url.toString();
  } catch {
    return null;
  }
}

function paymentView(link: PayableLink, payment: MerchantPayment): TCheckoutPayment {
  const status = resultStatus(payment);
  return {
    transactionId: payment.uuid,
    status,
    amount: Number(payment.amountMinor),
    currency: payment.currency,
    failureReason: failureText(payment),
    challengeUrl: status === 'requires_action' ? payment.challengeUrl : null,
    card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    returnUrl: status === 'succeeded' || status === 'failed' ? merchantReturnUrl(link.redirectUrl, status, payment.uuid) : null,
    createdAt: payment.createdAt.toISOString(),
  };
}

async function linkOrFail(db: Queryable, token: string): Promise<PayableLink> {
  const link = await getPayableLink(db, token);
  if (!link) fail('CHECKOUT_NOT_FOUND');
  return link;
}

export async function getCheckout(deps: Deps, input: TGetCheckoutInput, ip: string, userAgent: string): Promise<TCheckout> {
  await hitLimit(deps.db, { key: `checkout-open:${ip}`, ...CHECKOUT_LIMITS.opens }, 'TOO_MANY_CHECKOUT_REQUESTS');
  const link = await linkOrFail(deps.db, input.token);
  const why = whyUnpayable(link, new Date());
  const state: TCheckoutState = why ? STATE_OF[why] : 'payable';
  let attemptUuid: string | null = null;
  let payment: TCheckoutPayment | null = null;

  if (input.attemptUuid) {
    // Back on the page (after 3-D Secure, or a reload): the same attempt, with its latest payment.
    const attempt = await findCheckoutAttempt(deps.db, input.attemptUuid, link.id);
    if (!attempt) fail('CHECKOUT_NOT_FOUND');
    attemptUuid = input.attemptUuid;
    const transactionId = await latestPaymentOfAttempt(deps.db, attempt.attempt_id);
    const found = transactionId === undefined ? undefined : await getPayment(deps.db, link.merchantUserId, transactionId);
    if (found) payment = paymentView(link, found);
  } else if (state === 'payable') {
    attemptUuid = await deps.db.transaction().execute(async (trx) => {
      const opened = await openAttempt(trx, {
        merchantUserId: link.merchantUserId,
        paymentLinkId: link.id,
        paymentToken: link.token,
        ip,
        message: 'page opened',
        data: { userAgent: userAgent.slice(0, 200) },
      });
      await insertCheckoutAttempt(trx, { attemptUuid: opened.uuid, attemptId: opened.attemptId, paymentLinkId: link.id });
      return opened.uuid;
    });
  }

  return {
    token: link.token,
    merchantName: link.merchantName,
    storeName: link.storeName,
    amount: Number(link.amountMinor),
    currency: link.currency,
    decimals: await currencyDecimals(deps.db, link.currency),
    description: link.description,
    receiptNo: link.receiptNo,
    customer: { email: link.email, phone: link.phone },
    schemes: link.schemes.map((scheme) => ({ id: scheme.id, name: scheme.name })),
    state,
    stateMessage: why ? CHECKOUT_STATE_MESSAGES[STATE_OF[why]] : null,
    expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
    attemptUuid,
    payment,
  };
}

/** What the payment-event listener needs of a payment made in this request. */
interface PayContext {
  attemptId: bigint;
  token: string;
  paymentLinkId: bigint;
  ip: string;
}
const payContext = new AsyncLocalStorage<PayContext>();

export async function payCheckout(deps: Deps, audit: AuditTrail, input: TPayCheckoutInput, ip: string): Promise<TCheckoutPayment> {
  await hitLimit(deps.db, { key: `checkout-pay:${ip}`, ...CHECKOUT_LIMITS.payments }, 'TOO_MANY_CHECKOUT_REQUESTS');
  const found = await linkOrFail(deps.db, input.token);
  const attempt = await findCheckoutAttempt(deps.db, input.attemptUuid, found.id);
  if (!attempt) fail('CHECKOUT_NOT_FOUND');
  const attemptId = attempt.attempt_id;

  // 1. Under the link's lock: still payable? For a single-use link, claim it for this attempt.
  const link = await deps.db.transaction().execute(async (trx) => {
    // Read under the lock: a payment that committed while this one waited counts now.
    const fresh = await lockLinkForPayment(trx, found.id);
    const now = new Date();
    const why = whyUnpayable(fresh, now);
    if (why) fail(why);
    if (fresh.type === 0) {
      const claim = await findClaim(trx, fresh.id);
      // Any payment under way counts, this attempt's own too (the same page sending twice at once).
      if (claim && claim.expires_at.getTime() > now.getTime()) fail('LINK_PAYMENT_IN_PROGRESS');
      await putClaim(trx, { paymentLinkId: fresh.id, attemptId, expiresAt: new Date(now.getTime() + CLAIM_CARD_S * 1000) });
    }
    await logAttemptStep(trx, {
      attemptId,
      message: 'details submitted',
      ip,
      data: {
        name: input.customer.name,
        ...(input.customer.email ? { email: input.customer.email } : {}),
        ...(input.customer.phone ? { phone: input.customer.phone } : {}),
        ...(input.customer.country ? { country: input.customer.country } : {}),
        ...(input.customer.city ? { city: input.customer.city } : {}),
        card: `${input.card.number.slice(0, 6)}******${input.card.number.slice(-4)}`,
      },
    });
    await audit.record(trx, { subject: { type: 'payment_link', id: fresh.id }, detail: { attempt: input.attemptUuid } });
    return fresh;
  });

  // 2. The card, through the core (its own transactions; the listener below runs inside them).
  const context: PayContext = { attemptId, token: link.token, paymentLinkId: link.id, ip };
  let payment: MerchantPayment;
  try {
    payment = await payContext.run(context, () =>
      chargeCard(deps, {
        merchantUserId: link.merchantUserId,
        channelId: link.channelId,
        kind: 'link',
        currency: link.currency,
        amountMinor: link.amountMinor,
        card: {
          holderName: input.card.holderName,
          number: input.card.number,
          expMonth: input.card.expMonth,
          expYear: input.card.expYear,
          cvc: input.card.cvc,
        },
        customer: input.customer,
        capture: 'automatic',
        attemptId,
        ip,
        allowedSchemeIds: link.schemeIds,
        paymentLinkId: link.id,
        clientReference: link.receiptNo,
        description: link.description,
        returnUrl: `${deps.config.publicUrl}/pay/${encodeURIComponent(link.token)}?attempt=${input.attemptUuid}`,
      }),
    );
  } catch (error) {
    // Refused before any payment (a card of another scheme, a number that fails its check).
    if (link.type === 0) await releaseClaimOfAttempt(deps.db, link.id, attemptId);
    throw error;
  }

  // 3. Keep which attempt made the payment; a single-use link's claim waits for 3-D Secure or ends.
  await deps.db.transaction().execute(async (trx) => {
    await insertCheckoutPayment(trx, { transactionId: payment.transactionId, paymentLinkId: link.id, attemptId, token: link.token });
    if (link.type !== 0) return;
    if (payment.status === 'requires_action') {
      const expiresAt = new Date(Date.now() + CLAIM_CHALLENGE_S * 1000);
      await attachClaimPayment(trx, { paymentLinkId: link.id, attemptId, transactionId: payment.transactionId, expiresAt });
    } else {
      await releaseClaimOfAttempt(trx, link.id, attemptId);
    }
  });
  return paymentView(link, payment);
}

/** What the webhooks module delivers to (webhooks.service.ts enqueueWebhook). */
const CALLBACK_URL_MAX_CHARS = 255;
const CALLBACK_URL_SHAPE = /^https?:\/\//i;

/** The final states a link's callback tells the merchant about. */
const CALLBACK_EVENTS = new Set<PaymentEvent['type']>(['payment.succeeded', 'payment.failed', 'payment.expired']);

/** The body of a link's callback (also what the merchant's server verifies the signature of). */
export function linkCallbackBody(token: string, payment: MerchantPayment, eventType: PaymentEvent['type']): Record<string, unknown> {
  return {
    type: 'payment_link.payment',
    data: {
      token,
      transactionId: payment.uuid,
      status: eventType === 'payment.succeeded' ? 'succeeded' : 'failed',
      failureReason: eventType === 'payment.succeeded' ? null : (payment.failureReason ?? eventType.replace('payment.', '')),
      amount: Number(payment.amountMinor),
      currency: payment.currency,
      fee: Number(payment.feeMinor),
      vat: Number(payment.vatMinor),
      createdAt: payment.createdAt.toISOString(),
    },
  };
}

/** On each final state of a link payment: give back the link's claim, queue the merchant's callback, log it. */
export async function onLinkPaymentEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const payment = event.payment;
  if (payment.kind !== 'link' || payment.paymentLinkId === null || !CALLBACK_EVENTS.has(event.type)) return;
  const inRequest = payContext.getStore();
  const context =
    inRequest && inRequest.paymentLinkId === payment.paymentLinkId
      ? inRequest
      : await findCheckoutPayment(trx, payment.transactionId).then((row) =>
          row ? { attemptId: row.attempt_id, token: row.token, paymentLinkId: row.payment_link_id, ip: SERVER_IP } : undefined,
        );
  if (!context) return;
  await insertCheckoutPayment(trx, {
    transactionId: payment.transactionId,
    paymentLinkId: context.paymentLinkId,
    attemptId: context.attemptId,
    token: context.token,
  });
  await releaseClaimOfPayment(trx, context.paymentLinkId, payment.transactionId);
  const link = await getPayableLink(trx, context.token);
  if (!link?.callbackUrl) return;
  // This runs inside the payment's own transaction: a URL the webhooks module cannot take is
  // logged, never thrown (the payment must not fail for its notification).
  if (!CALLBACK_URL_SHAPE.test(link.callbackUrl) || link.callbackUrl.length > CALLBACK_URL_MAX_CHARS) {
    await logAttemptStep(trx, {
      attemptId: context.attemptId,
      message: 'callback not sent',
      ip: context.ip,
      data: { reason: 'The callback URL is not an http(s) URL of at most 255 characters.' },
    });
    return;
  }
  const { eventId } = await enqueueWebhook(trx, {
    merchantUserId: payment.merchantUserId,
    eventType: 'payment_link.payment',
    url: link.callbackUrl,
    body: linkCallbackBody(context.token, payment, event.type),
  });
  await logAttemptStep(trx, {
    attemptId: context.attemptId,
    message: 'callback queued',
    ip: context.ip,
    data: { eventId, url: link.callbackUrl, status: event.type },
  });
}

let listening = false;
/** Registers the link callback listener once per process (modules/index.ts calls it at start-up). */
export function listenForLinkPayments(): void {
  if (listening) return;
  listening = true;
  onPaymentEvent(onLinkPaymentEvent);
}
