// The hosted checkout: what a payment link's public page (/pay/<token>) shows and how it pays.
// The same page serves a hosted API payment (merchant API, POST /payments without a card), whose
// nextAction.redirectUrl is PUBLIC_URL/pay/<token>: a token names a link or an API payment, and
// both are read as one CheckoutSource (below), so the calls read the same for either.
//
// - getCheckout: the link (or API payment) as the customer sees it (merchant, store, amount,
//   prefilled fields, accepted schemes) and its state. Opening a payable one opens an attempt
//   ('page opened'), whose uuid the page keeps; back from 3-D Secure the page sends the uuid again
//   and gets the attempt's latest payment instead of a new attempt.
// - payCheckout: locks the link (or API payment), refuses an unpayable one by name (nothing
//   written), claims a single-use one so that of two payers at once only one reaches the card,
//   then charges the card through the merchant payments core under the page's attempt.
// - The claim (checkout_claims, one row per single-use link or API payment) is taken under the
//   source's row lock before the card, kept while 3-D Secure waits, given back when the payment
//   fails or is refused before the charge, and stops counting at its expires_at (a crash's claim).
// - An API payment is always single use and claimed like a single-use link. Its payment is
//   charged as kind 'api' with its id, so the merchant API's payment-event listener
//   (api-payments.service.ts) moves its state and sends its webhook. Its customer reads "this
//   payment", never "this payment link" (API_PAYMENT_TEXT).
// - The card is checked once, at this edge, before anything is written (checkPaymentCard).
// - onCheckoutPaymentEvent, a standing payment listener (app.ts composes it), gives back the
//   claim of a payment that waited for 3-D Secure when its answer comes, and for a link queues
//   the signed server-to-server callback on every final state of its payment, after 3-D Secure
//   too, and logs 'callback queued' in the attempt. What it needs of the paying request (the
//   page's token, the customer's IP) travels on the event as its origin.
import { minorToWire } from '@paywallet/ledger';
import {
  CHECKOUT_STATE_MESSAGES,
  PAYMENT_LINK_TYPE,
  type TCheckout,
  type TCheckoutPayment,
  type TCheckoutState,
  type TGetCheckoutInput,
  type TPayCheckoutInput,
} from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Deps } from '../../deps.ts';
import { AppError, fail } from '../../transport/errors.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { hitLimit } from '../../lib/rate-limit.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { getPayment, type MerchantPayment } from '../merchant-payments/payment-views.ts';
import type { PaymentEvent, PaymentEventType } from '../merchant-payments/payment-events.ts';
import { attemptOwner, logAttemptStep, openAttempt } from '../merchant-payments/attempts.service.ts';
import {
  getPayableLink,
  linkCallbackUrl,
  lockLinkForPayment,
  whyUnpayable,
  type LinkUnpayable,
  type PayableLink,
} from '../payment-links/payment-links.service.ts';
import {
  getPayableApiPayment,
  lockApiPaymentForPayment,
  whyApiPaymentUnpayable,
  type PayableApiPayment,
} from '../merchant-api/api-payments.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import {
  attachClaimPayment,
  currencyDecimals,
  findApiCheckoutAttempt,
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

/** The refusals a hosted checkout gives by itself (the reason names are the links'). */
type CheckoutRefusal = LinkUnpayable | 'LINK_PAYMENT_IN_PROGRESS' | 'CHECKOUT_NOT_FOUND';

/**
 * What the customer of a merchant's hosted API payment reads, instead of the errors table's
 * words, which speak of a payment link: they opened the merchant's payment, not a link.
 */
const API_PAYMENT_TEXT: Record<CheckoutRefusal, string> = {
  LINK_ALREADY_PAID: 'This payment has already been made.',
  LINK_INACTIVE: 'This payment is no longer available.',
  LINK_EXPIRED: 'This payment has expired.',
  LINK_PAYMENT_IN_PROGRESS: 'This payment is already in progress. Please try again in a few minutes.',
  CHECKOUT_NOT_FOUND: 'This payment does not exist.',
};

/** Refuses by name, in the source's words (a link's are the errors table's). */
function refuse(source: { kind: 'link' | 'api' }, reason: CheckoutRefusal): never {
  if (source.kind === 'api') throw new AppError(reason, API_PAYMENT_TEXT[reason]);
  fail(reason);
}

/** The page's message for a source that takes no payment. */
function stateMessage(source: { kind: 'link' | 'api' }, why: LinkUnpayable): string {
  return source.kind === 'api' ? API_PAYMENT_TEXT[why] : CHECKOUT_STATE_MESSAGES[STATE_OF[why]];
}

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
export function merchantReturnUrl(
  redirectUrl: string | null,
  status: 'succeeded' | 'failed' | 'pending',
  transactionId: string,
): string | null {
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

function paymentView(source: { redirectUrl: string | null }, payment: MerchantPayment): TCheckoutPayment {
  const status = resultStatus(payment);
  return {
    transactionId: payment.uuid,
    status,
    amount: minorToWire(payment.amountMinor),
    currency: payment.currency,
    failureReason: failureText(payment),
    challengeUrl: status === 'requires_action' ? payment.challengeUrl : null,
    card: payment.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    // Pending: an API payment with manual capture, authorised and waiting for the merchant's capture.
    returnUrl: status === 'requires_action' ? null : merchantReturnUrl(source.redirectUrl, status, payment.uuid),
    createdAt: payment.createdAt.toISOString(),
  };
}

const STEP_SUBMITTED = 'details submitted';

/**
 * What the page pays, a payment link or a hosted API payment, in one shape. The few steps that
 * differ (where an attempt is kept, how a single-use payment is claimed) are the source's own
 * (`SourceSteps`), so getCheckout and payCheckout read the same for both.
 */
interface CheckoutSource {
  kind: 'link' | 'api';
  id: bigint;
  token: string;
  merchantUserId: bigint;
  merchantName: string;
  storeName: string;
  channelId: bigint;
  currency: string;
  amountMinor: bigint;
  description: string | null;
  receiptNo: string | null;
  customer: { name: string | null; email: string | null; phone: string | null };
  schemeIds: number[];
  schemes: { id: number; name: string }[];
  expiresAt: Date | null;
  redirectUrl: string | null;
  capture: 'automatic' | 'manual';
  /** Why it takes no payment at `now`, or null. */
  unpayable: (now: Date) => LinkUnpayable | null;
  steps: SourceSteps;
}

interface SourceSteps {
  /** What the audit row names. */
  auditType: 'payment_link' | 'api_payment';
  /** Reads the source again under its row lock, so a payment that committed meanwhile counts. */
  lock(trx: Transaction<Database>, source: CheckoutSource): Promise<CheckoutSource>;
  /** Opens the attempt of a page open; answers its uuid. */
  openAttempt(trx: Transaction<Database>, source: CheckoutSource, ip: string, userAgent: string): Promise<string>;
  /** The attempt of this uuid, only when it was opened on this source's page. */
  findAttempt(db: Queryable, source: CheckoutSource, attemptUuid: string): Promise<bigint | undefined>;
  /** The newest payment the attempt made. */
  latestPayment(db: Queryable, source: CheckoutSource, attemptId: bigint): Promise<bigint | undefined>;
  /** Under the lock: refuses LINK_PAYMENT_IN_PROGRESS while another payment of a single-use source is under way, else claims it. */
  claim(trx: Transaction<Database>, source: CheckoutSource, attemptId: bigint, now: Date): Promise<void>;
  /** The charge was refused before any payment: the claim ends. */
  notCharged(db: Queryable, source: CheckoutSource, attemptId: bigint): Promise<void>;
  /**
   * After the charge: the attempt's payment is kept, the claim waits for 3-D Secure or ends. A
   * payment that ended at once (succeeded, failed) raised its event inside the charge's own
   * transaction, where onCheckoutPaymentEvent kept a link's payment already: only what that
   * listener did not write is written here, in a transaction of its own where it is more than one
   * statement.
   */
  charged(db: Kysely<Database>, source: CheckoutSource, attemptId: bigint, payment: MerchantPayment): Promise<void>;
}

function linkSource(link: PayableLink): CheckoutSource {
  return {
    kind: 'link',
    id: link.id,
    token: link.token,
    merchantUserId: link.merchantUserId,
    merchantName: link.merchantName,
    storeName: link.storeName,
    channelId: link.channelId,
    currency: link.currency,
    amountMinor: link.amountMinor,
    description: link.description,
    receiptNo: link.receiptNo,
    customer: { name: null, email: link.email, phone: link.phone },
    schemeIds: link.schemeIds,
    schemes: link.schemes,
    expiresAt: link.expiresAt,
    redirectUrl: link.redirectUrl,
    capture: 'automatic',
    unpayable: (now) => whyUnpayable(link, now),
    steps: link.type === PAYMENT_LINK_TYPE.SINGLE ? SINGLE_USE_LINK_STEPS : LINK_STEPS,
  };
}

const LINK_STEPS: SourceSteps = {
  auditType: 'payment_link',
  lock: async (trx, source) => linkSource(await lockLinkForPayment(trx, source.id)),
  async openAttempt(trx, source, ip, userAgent) {
    const opened = await openAttempt(trx, {
      merchantUserId: source.merchantUserId,
      paymentLinkId: source.id,
      paymentToken: source.token,
      ip,
      message: 'page opened',
      data: { userAgent: userAgent.slice(0, 200) },
    });
    await insertCheckoutAttempt(trx, { attemptUuid: opened.uuid, attemptId: opened.attemptId, paymentLinkId: source.id });
    return opened.uuid;
  },
  findAttempt: async (db, source, attemptUuid) => (await findCheckoutAttempt(db, attemptUuid, source.id))?.attempt_id,
  latestPayment: (db, _source, attemptId) => latestPaymentOfAttempt(db, attemptId),
  // A reusable link takes any number of payments at once: nothing to claim or give back.
  claim: async () => {},
  notCharged: async () => {},
  async charged(db, source, attemptId, payment) {
    if (payment.status !== 'requires_action') return;
    await insertCheckoutPayment(db, { transactionId: payment.transactionId, paymentLinkId: source.id, attemptId, token: source.token });
  },
};

/**
 * The claim of a single-use source (a single-use link, any hosted API payment), one row in
 * checkout_claims: the same steps for both, the row naming the link or the API payment.
 */
const SINGLE_USE_CLAIM = {
  async claim(trx: Transaction<Database>, source: CheckoutSource, attemptId: bigint, now: Date): Promise<void> {
    const claim = await findClaim(trx, source);
    // Any payment under way counts, this attempt's own too (the same page sending twice at once).
    if (claim && claim.expires_at.getTime() > now.getTime()) refuse(source, 'LINK_PAYMENT_IN_PROGRESS');
    await putClaim(trx, { of: source, attemptId, expiresAt: new Date(now.getTime() + CLAIM_CARD_S * 1000) });
  },
  notCharged: (db: Queryable, source: CheckoutSource, attemptId: bigint) => releaseClaimOfAttempt(db, source, attemptId),
  /** A payment waiting for 3-D Secure keeps the claim until its answer (onCheckoutPaymentEvent); any other ends it. */
  async charged(db: Queryable, source: CheckoutSource, attemptId: bigint, payment: MerchantPayment): Promise<void> {
    if (payment.status === 'requires_action') {
      const expiresAt = new Date(Date.now() + CLAIM_CHALLENGE_S * 1000);
      await attachClaimPayment(db, { of: source, attemptId, transactionId: payment.transactionId, expiresAt });
    } else {
      await releaseClaimOfAttempt(db, source, attemptId);
    }
  },
} satisfies Pick<SourceSteps, 'claim' | 'notCharged' | 'charged'>;

/** A single-use link (type 0): claimed for the payment under way. */
const SINGLE_USE_LINK_STEPS: SourceSteps = {
  ...LINK_STEPS,
  claim: SINGLE_USE_CLAIM.claim,
  notCharged: SINGLE_USE_CLAIM.notCharged,
  async charged(db, source, attemptId, payment) {
    // Waiting for 3-D Secure: the payment kept and the claim attached together, or neither.
    if (payment.status !== 'requires_action') return SINGLE_USE_CLAIM.charged(db, source, attemptId, payment);
    await db.transaction().execute(async (trx) => {
      await LINK_STEPS.charged(trx, source, attemptId, payment);
      await SINGLE_USE_CLAIM.charged(trx, source, attemptId, payment);
    });
  },
};

function apiSource(payment: PayableApiPayment): CheckoutSource {
  return {
    kind: 'api',
    id: payment.id,
    token: payment.token,
    merchantUserId: payment.merchantUserId,
    merchantName: payment.merchantName,
    storeName: payment.storeName,
    channelId: payment.channelId,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    description: payment.description,
    receiptNo: payment.clientReference,
    customer: { name: payment.customerName, email: payment.email, phone: payment.phone },
    schemeIds: payment.schemeIds,
    schemes: payment.schemes,
    expiresAt: payment.expiresAt,
    redirectUrl: payment.redirectUrl,
    capture: payment.captureMethod,
    unpayable: (now) => whyApiPaymentUnpayable(payment, now),
    steps: API_PAYMENT_STEPS,
  };
}

/**
 * A hosted API payment: always single use, claimed like a single-use link. Its attempts and
 * payments are the core's rows under the API payment (payment_attempts.api_payment_id,
 * transactions.api_payment_id), so checkout_attempts and checkout_payments, which name a link,
 * are not used.
 */
const API_PAYMENT_STEPS: SourceSteps = {
  auditType: 'api_payment',
  lock: async (trx, source) => apiSource(await lockApiPaymentForPayment(trx, source.id)),
  async openAttempt(trx, source, ip, userAgent) {
    const opened = await openAttempt(trx, {
      merchantUserId: source.merchantUserId,
      apiPaymentId: source.id,
      paymentToken: source.token,
      ip,
      message: 'page opened',
      data: { userAgent: userAgent.slice(0, 200) },
    });
    return opened.uuid;
  },
  findAttempt: async (db, source, attemptUuid) => (await findApiCheckoutAttempt(db, attemptUuid, source.id))?.attempt_id,
  latestPayment: async (db, _source, attemptId) => (await attemptOwner(db, attemptId))?.transactionId ?? undefined,
  claim: SINGLE_USE_CLAIM.claim,
  notCharged: SINGLE_USE_CLAIM.notCharged,
  // The core keeps the payment under the attempt (payment_attempts.transaction_id).
  charged: SINGLE_USE_CLAIM.charged,
};

/** The link or hosted API payment of a token; CHECKOUT_NOT_FOUND for neither. */
async function sourceOrFail(db: Queryable, token: string): Promise<CheckoutSource> {
  const link = await getPayableLink(db, token);
  if (link) return linkSource(link);
  const apiPayment = await getPayableApiPayment(db, token);
  if (apiPayment) return apiSource(apiPayment);
  fail('CHECKOUT_NOT_FOUND');
}

export async function getCheckout(deps: Deps, input: TGetCheckoutInput, ip: string, userAgent: string): Promise<TCheckout> {
  await hitLimit(deps.db, { key: `checkout-open:${ip}`, ...CHECKOUT_LIMITS.opens }, 'TOO_MANY_CHECKOUT_REQUESTS');
  const source = await sourceOrFail(deps.db, input.token);
  const why = source.unpayable(new Date());
  const state: TCheckoutState = why ? STATE_OF[why] : 'payable';
  let attemptUuid: string | null = null;
  let payment: TCheckoutPayment | null = null;

  if (input.attemptUuid) {
    // Back on the page (after 3-D Secure, or a reload): the same attempt, with its latest payment.
    const attemptId = await source.steps.findAttempt(deps.db, source, input.attemptUuid);
    if (attemptId === undefined) refuse(source, 'CHECKOUT_NOT_FOUND');
    attemptUuid = input.attemptUuid;
    const transactionId = await source.steps.latestPayment(deps.db, source, attemptId);
    const found = transactionId === undefined ? undefined : await getPayment(deps.db, source.merchantUserId, transactionId);
    if (found) payment = paymentView(source, found);
  } else if (state === 'payable') {
    attemptUuid = await deps.db.transaction().execute((trx) => source.steps.openAttempt(trx, source, ip, userAgent));
  }

  return {
    token: source.token,
    merchantName: source.merchantName,
    storeName: source.storeName,
    amount: minorToWire(source.amountMinor),
    currency: source.currency,
    decimals: await currencyDecimals(deps.db, source.currency),
    description: source.description,
    receiptNo: source.receiptNo,
    customer: source.customer,
    schemes: source.schemes.map((scheme) => ({ id: scheme.id, name: scheme.name })),
    state,
    stateMessage: why ? stateMessage(source, why) : null,
    expiresAt: source.expiresAt ? source.expiresAt.toISOString() : null,
    attemptUuid,
    payment,
  };
}

export async function payCheckout(deps: Deps, audit: AuditTrail, input: TPayCheckoutInput, ip: string): Promise<TCheckoutPayment> {
  await hitLimit(deps.db, { key: `checkout-pay:${ip}`, ...CHECKOUT_LIMITS.payments }, 'TOO_MANY_CHECKOUT_REQUESTS');
  const found = await sourceOrFail(deps.db, input.token);
  const attemptId = await found.steps.findAttempt(deps.db, found, input.attemptUuid);
  if (attemptId === undefined) refuse(found, 'CHECKOUT_NOT_FOUND');
  const card = checkPaymentCard(input.card);

  // 1. Under the source's lock: still payable? A single-use one is claimed for this attempt.
  const source = await deps.db.transaction().execute(async (trx) => {
    // Read under the lock: a payment that committed while this one waited counts now.
    const fresh = await found.steps.lock(trx, found);
    const now = new Date();
    const why = fresh.unpayable(now);
    if (why) refuse(fresh, why);
    await fresh.steps.claim(trx, fresh, attemptId, now);
    await logAttemptStep(trx, { attemptId, message: STEP_SUBMITTED, ip, data: submittedData(input, card.maskedNumber) });
    await audit.record(trx, { subject: { type: fresh.steps.auditType, id: fresh.id }, detail: { attempt: input.attemptUuid } });
    return fresh;
  });

  // 2. The card, through the core (its own transactions; the listeners run inside them).
  let payment: MerchantPayment;
  try {
    payment = await chargeCard(deps, {
      merchantUserId: source.merchantUserId,
      channelId: source.channelId,
      kind: source.kind,
      currency: source.currency,
      amountMinor: source.amountMinor,
      card,
      customer: input.customer,
      capture: source.capture,
      attemptId,
      ip,
      allowedSchemeIds: source.schemeIds,
      ...(source.kind === 'link' ? { paymentLinkId: source.id } : { apiPaymentId: source.id }),
      clientReference: source.receiptNo,
      description: source.description,
      returnUrl: `${deps.config.publicUrl}/pay/${encodeURIComponent(source.token)}?attempt=${input.attemptUuid}`,
      origin: { door: 'checkout', token: source.token, ip },
    });
  } catch (error) {
    // Refused before any payment (a card of another scheme, a currency without a fee).
    await source.steps.notCharged(deps.db, source, attemptId);
    throw error;
  }

  // 3. Keep which attempt made the payment; a single-use claim waits for 3-D Secure or ends.
  await source.steps.charged(deps.db, source, attemptId, payment);
  return paymentView(source, payment);
}

/** What the 'details submitted' step keeps: the customer as typed, the card masked. */
function submittedData(input: TPayCheckoutInput, maskedNumber: string): Record<string, string> {
  return {
    name: input.customer.name,
    ...(input.customer.email ? { email: input.customer.email } : {}),
    ...(input.customer.phone ? { phone: input.customer.phone } : {}),
    ...(input.customer.country ? { country: input.customer.country } : {}),
    ...(input.customer.city ? { city: input.customer.city } : {}),
    card: maskedNumber,
  };
}

/** What the webhooks module delivers to (webhooks.service.ts enqueueWebhook). */
const CALLBACK_URL_MAX_CHARS = 255;
const CALLBACK_URL_SHAPE = /^https?:\/\//i;

/** The final states a link's callback tells the merchant about. */
const CALLBACK_EVENTS = new Set<PaymentEventType>(['payment.succeeded', 'payment.failed', 'payment.expired']);

/** The body of a link's callback (also what the merchant's server verifies the signature of). */
export function linkCallbackBody(token: string, payment: MerchantPayment, eventType: PaymentEventType): Record<string, unknown> {
  return {
    type: 'payment_link.payment',
    data: {
      token,
      transactionId: payment.uuid,
      status: eventType === 'payment.succeeded' ? 'succeeded' : 'failed',
      failureReason: eventType === 'payment.succeeded' ? null : (payment.failureReason ?? eventType.replace('payment.', '')),
      amount: minorToWire(payment.amountMinor),
      currency: payment.currency,
      fee: minorToWire(payment.feeMinor),
      vat: minorToWire(payment.vatMinor),
      createdAt: payment.createdAt.toISOString(),
    },
  };
}

/**
 * The answer after 3-D Secure of an API payment's payment (approved, authorised for a manual
 * capture, declined, left unanswered): the claim that waited for it ends. A paid API payment
 * then refuses by its state; a failed one takes the next payer.
 */
const API_CLAIM_ENDS = new Set<PaymentEventType>(['payment.succeeded', 'payment.authorized', 'payment.failed', 'payment.expired']);

/** The link's checkout payment an event tells of: from the paying request's origin, else as the checkout kept it. */
async function checkoutOfEvent(
  trx: Transaction<Database>,
  event: PaymentEvent,
  paymentLinkId: bigint,
): Promise<{ token: string; attemptId: bigint; ip: string } | undefined> {
  const { origin } = event;
  if (origin?.door === 'checkout' && event.attemptId !== null) return { token: origin.token, attemptId: event.attemptId, ip: origin.ip };
  // A later answer (3-D Secure, its expiry): the checkout kept the payment's attempt and token.
  const row = await findCheckoutPayment(trx, event.payment.transactionId);
  if (!row || row.payment_link_id !== paymentLinkId) return undefined;
  return { token: row.token, attemptId: row.attempt_id, ip: SERVER_IP };
}

/**
 * On each final state of a checkout payment: give back the claim that waited for it; for a link
 * payment, queue the merchant's callback and log it (an API payment's webhook is the merchant
 * API's own listener's). A standing listener (app.ts), inside the payment's transaction.
 */
export async function onCheckoutPaymentEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const payment = event.payment;
  if (payment.kind === 'api' && payment.apiPaymentId !== null && API_CLAIM_ENDS.has(event.type)) {
    await releaseClaimOfPayment(trx, { kind: 'api', id: payment.apiPaymentId }, payment.transactionId);
    return;
  }
  if (payment.kind !== 'link' || payment.paymentLinkId === null || !CALLBACK_EVENTS.has(event.type)) return;
  const context = await checkoutOfEvent(trx, event, payment.paymentLinkId);
  if (!context) return;
  await insertCheckoutPayment(trx, {
    transactionId: payment.transactionId,
    paymentLinkId: payment.paymentLinkId,
    attemptId: context.attemptId,
    token: context.token,
  });
  await releaseClaimOfPayment(trx, { kind: 'link', id: payment.paymentLinkId }, payment.transactionId);
  const callbackUrl = await linkCallbackUrl(trx, payment.paymentLinkId);
  if (!callbackUrl) return;
  await queueCallback(trx, { ...context, callbackUrl }, event);
}

/**
 * Queues the link's signed callback and logs it in the attempt. This runs inside the payment's
 * own transaction: a URL the webhooks module cannot take is logged, never thrown (the payment
 * must not fail for its notification).
 */
async function queueCallback(
  trx: Transaction<Database>,
  context: { token: string; attemptId: bigint; ip: string; callbackUrl: string },
  event: PaymentEvent,
): Promise<void> {
  const { attemptId, ip, callbackUrl } = context;
  if (!CALLBACK_URL_SHAPE.test(callbackUrl) || callbackUrl.length > CALLBACK_URL_MAX_CHARS) {
    await logAttemptStep(trx, {
      attemptId,
      message: 'callback not sent',
      ip,
      data: { reason: 'The callback URL is not an http(s) URL of at most 255 characters.' },
    });
    return;
  }
  const { eventId } = await enqueueWebhook(trx, {
    merchantUserId: event.payment.merchantUserId,
    eventType: 'payment_link.payment',
    url: callbackUrl,
    body: linkCallbackBody(context.token, event.payment, event.type),
  });
  await logAttemptStep(trx, { attemptId, message: 'callback queued', ip, data: { eventId, url: callbackUrl, status: event.type } });
}
