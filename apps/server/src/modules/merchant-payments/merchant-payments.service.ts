// Card payments to a merchant (issue 10): a payment link's, the merchant API's or a POS
// device's (transaction types 8, 9, 10). One core for the three doors, one file per thing it does:
//
//   chargeCard      (this file) checks the channel (the merchant's, store Active, online for
//                   link/api, pos for pos), the card's scheme (a fee schedule, the link's
//                   schemes), prices the fee, asks the acquirer and records the outcome:
//                     approved, automatic -> posted at once (status 1): gateway -X; merchant
//                                            on hold +(X-F-V); fees +F; vat +V
//                     approved, manual    -> authorised only (status 0, requires_capture)
//                     challenge           -> status 0, requires_action, a 3-D Secure page; the
//                                            answer comes back through three-d-secure.service.ts
//                     declined            -> status 2 with the reason; nothing moves
//                   The card arrives checked (Luhn, expiry, CVC): each door checks it once at its
//                   edge with checkPaymentCard, before it writes anything.
//   capturePayment  (capture.service.ts) posts an authorisation for up to its amount (fee on
//                   what is captured); voidPayment ends an authorisation, nothing moves
//   refundPayment   (refund.service.ts) a refund request approved at once and processed in the
//                   request (DECISIONS 32): type 6, merchant (available, else on hold) -R,
//                   gateway +R; processed plus open refunds never exceed the captured amount
//   3-D Secure      (three-d-secure.service.ts) Approve posts or authorises, Decline fails,
//                   15 minutes unanswered expires
//   reading         (payment-views.ts) the payment as doors and listeners see it
//
// State machine of a payment (merchant_payments.state; the status a caller reads):
//
//   requires_action  --Approve-->  succeeded | requires_capture (manual)
//                    --Decline-->  failed
//                    --15 min--->  expired
//   requires_capture --capture-->  succeeded
//                    --void----->  voided
//   succeeded        --refunds-->  partially_refunded --> refunded (refunded = captured)
//
// Every step is logged under the payment's attempt, the customer is recorded under the
// merchant, and each state change is a payment event (payment-events.ts) that the standing
// listeners of `deps` and the caller's own hear inside the transaction. A door that audits its
// callers (the merchant API, the POS API) passes `audit`: the core writes that row inside the
// same transaction, so a change and its audit row commit together.
import type { Transaction } from 'kysely';
import { assertNever } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database, MerchantPaymentState } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, fail } from '../../transport/errors.ts';
import { NOTHING_TO_MOVE, writePosting, recordUnpostedTransaction, type PostingTransaction } from '../ledger/ledger.service.ts';
import { createAcquirer, type AuthorizeResult, type DeclineReason } from '../gateway/acquirer.ts';
import { PaymentCard } from '../gateway/card.ts';
import { challengeUrl, openChallenge } from '../gateway/card-payments.service.ts';
import type { WalletWithCurrency } from '../wallets/wallets.service.ts';
import { recordPaymentCustomer } from '../customers/customers.service.ts';
import { linkAttemptToTransaction, type AttemptStep } from './attempts.service.ts';
import { findCardPrice, merchantFeeOf } from './fees.service.ts';
import { paymentEvent, tellPaymentEvent, type PaymentCall, type PaymentEventType } from './payment-events.ts';
import {
  authorisationPostingKey,
  chargesOf,
  logStep,
  logSteps,
  merchantWallet,
  partyOf,
  paymentPosting,
  postedStep,
  TYPE_OF_KIND,
} from './payment-postings.ts';
import { paymentAfterChange, type MerchantPayment, type MerchantPaymentKind } from './payment-views.ts';
import * as repository from './merchant-payments.repository.ts';

/** A card as the doors receive it: the month and the year as numbers (the year of two or four digits). */
export interface CardInput {
  holderName: string;
  number: string;
  expMonth: number;
  /** Four digits (2027) or two (27). */
  expYear: number;
  cvc: string;
}
export interface PaymentCustomer {
  name: string;
  email?: string | null;
  phone?: string | null;
  country?: string | null;
  city?: string | null;
}
export interface ChargeInput extends PaymentCall {
  merchantUserId: bigint;
  channelId: bigint;
  kind: MerchantPaymentKind;
  currency: string;
  amountMinor: bigint;
  /** Checked once at the door's edge (checkPaymentCard). */
  card: PaymentCard;
  customer: PaymentCustomer;
  capture: 'automatic' | 'manual';
  attemptId: bigint;
  ip: string;
  allowedSchemeIds?: number[];
  paymentLinkId?: bigint;
  apiPaymentId?: bigint;
  posDeviceId?: bigint;
  posStaffUserId?: bigint;
  clientReference?: string | null;
  description?: string | null;
  returnUrl?: string | null;
  /**
   * 'refuse' (a card-present POS sale, where no 3-D Secure page can be shown): a card the
   * acquirer wants to challenge ends as a failed payment (THREE_DS_REFUSED_REASON), nothing
   * pending. Default 'allow'.
   */
  threeDSecure?: 'allow' | 'refuse';
}

export const THREE_DS_REFUSED_REASON = '3-D Secure is not available for this payment: the card needs it.';
const STORE_ACTIVE = 1;
const CHANNEL_ACTIVE = 1;
const CHANNEL_TYPE_OF_KIND: Readonly<Record<MerchantPaymentKind, 'online' | 'pos'>> = { link: 'online', api: 'online', pos: 'pos' };

/**
 * The card a door received, checked (number by Luhn, expiry, CVC) and held as a PaymentCard,
 * whose number and CVC never reach a log. Refused by name (CARD_NUMBER_INVALID, CARD_EXPIRED,
 * CVC_INVALID): a door calls it at its edge, before it writes anything.
 */
export function checkPaymentCard(card: CardInput, now = new Date()): PaymentCard {
  const year = card.expYear >= 100 ? card.expYear % 100 : card.expYear;
  const check = PaymentCard.check(
    {
      holderName: card.holderName,
      number: card.number.replace(/[\s-]/g, ''),
      expMonth: String(card.expMonth).padStart(2, '0'),
      expYear: String(year).padStart(2, '0'),
      cvc: card.cvc,
    },
    now,
  );
  if (!check.ok) fail(check.code);
  return check.card;
}

/**
 * Charges a card for a merchant. Refusals (named errors) write nothing but the attempt's log
 * (and nothing at all for a channel that is not the caller's); a declined card is not a refusal:
 * it answers a payment with status 'failed' and its failure reason.
 */
export async function chargeCard(deps: Deps, input: ChargeInput): Promise<MerchantPayment> {
  await checkChargeTarget(deps.db, input);
  const priced = await priceCharge(deps, input);
  const { card } = input;
  await logStep(deps.db, input.attemptId, input.ip, 'Card checked', {
    brand: card.brand,
    card: card.maskedNumber,
    scheme: priced.scheme.code,
  });

  // The acquirer is asked before the transaction, never inside it: no connection is held, and no
  // row locked, while a call out waits (a slow acquirer would otherwise empty the pool). A write
  // that fails after the answer leaves the authorisation unrecorded, as a rolled-back one did.
  const authorization = await createAcquirer().authorize(
    card,
    input.amountMinor,
    priced.currency.code,
    `merchant-${input.kind}-${input.attemptId}`,
  );
  return deps.db.transaction().execute(async (trx) => {
    const draft: ChargeDraft = {
      input,
      ...priced,
      wallet: await merchantWallet(trx, input.merchantUserId, priced.currency.id),
      customerId: await recordPaymentCustomer(trx, {
        merchantUserId: input.merchantUserId,
        channelId: input.channelId,
        ...input.customer,
        card: { holderName: card.holderName, maskedNumber: card.maskedNumber },
      }),
    };
    const recorded = await recordAuthorization(deps, trx, draft, authorization);
    const answered = {
      outcome: authorization.outcome,
      ...(authorization.outcome === 'declined' ? { reason: authorization.reason } : { reference: authorization.gatewayReference }),
    };
    await logSteps(trx, input.attemptId, input.ip, [{ message: 'Acquirer answered', data: answered }, ...recorded.steps]);
    await insertPaymentRow(trx, draft, recorded);
    await linkAttemptToTransaction(trx, input.attemptId, recorded.transactionId);
    const payment = await paymentAfterChange(trx, input.merchantUserId, recorded.transactionId, recorded.challenge);
    if (recorded.event) await tellPaymentEvent(deps, trx, paymentEvent(recorded.event, payment, input), input.onEvent);
    await input.audit?.(trx, { payment });
    // Last: the merchant's credit, to one of its wallet's slots, locked from here to the commit only (writePosting).
    await recorded.moveBalances();
    return payment;
  });
}

/** The amount, the attempt (the merchant's own) and the channel (the merchant's, of the door's type, its store Active). */
async function checkChargeTarget(db: Queryable, input: ChargeInput): Promise<void> {
  if (input.amountMinor <= 0n) fail('AMOUNT_NOT_POSITIVE');
  const target = await repository.findChargeTarget(db, input);
  if (!target || target.attemptMerchantUserId !== input.merchantUserId) fail('ATTEMPT_NOT_FOUND');
  const { channel } = target;
  if (!channel) fail('CHANNEL_NOT_FOUND');
  if (channel.type !== CHANNEL_TYPE_OF_KIND[input.kind]) fail('CHANNEL_TYPE_MISMATCH');
  if (channel.store_status !== STORE_ACTIVE) fail('STORE_NOT_ACTIVE');
  if (channel.status !== CHANNEL_ACTIVE) fail('CHANNEL_INACTIVE');
}

interface PricedCharge {
  currency: { id: number; code: string };
  scheme: { id: number; code: string };
  fee: { feeMinor: bigint; vatMinor: bigint };
}

/** The currency, the card's scheme and the fee; a refusal is logged on the attempt ('Payment refused'). */
async function priceCharge(deps: Deps, input: ChargeInput): Promise<PricedCharge> {
  try {
    const price = await findCardPrice(deps.db, {
      merchantUserId: input.merchantUserId,
      currency: input.currency.trim().toUpperCase(),
      scheme: { brand: input.card.brand },
    });
    if (!price) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
    const { currency, scheme } = price;
    if (!scheme) fail('CARD_SCHEME_NOT_SUPPORTED');
    if (input.allowedSchemeIds && !input.allowedSchemeIds.includes(scheme.id)) fail('CARD_SCHEME_NOT_ALLOWED');
    if (!price.fee) fail('CARD_SCHEME_NOT_SUPPORTED');
    const fee = merchantFeeOf(input.amountMinor, price.fee, BigInt(deps.config.vatBps));
    if (fee.netMinor <= 0n) fail('CHARGES_EXCEED_AMOUNT');
    return { currency, scheme, fee };
  } catch (error) {
    if (error instanceof AppError) {
      await logStep(deps.db, input.attemptId, input.ip, 'Payment refused', { reason: error.reason, message: error.message });
    }
    throw error;
  }
}

/** Everything the charge knows once it holds the merchant's wallet, before the acquirer answers. */
interface ChargeDraft extends PricedCharge {
  input: ChargeInput;
  wallet: WalletWithCurrency;
  customerId: bigint;
}

/**
 * What the acquirer's answer left: the transaction, the payment's state, the event it raises
 * (none while 3-D Secure waits), and the move of the merchant's balance, made last (nothing to
 * move unless the payment was captured at once).
 */
interface Recorded {
  transactionId: bigint;
  state: MerchantPaymentState;
  capturedMinor: bigint;
  challenge: string | null;
  event: PaymentEventType | null;
  /** What the attempt's log says after 'Acquirer answered' (written with it, by one insert). */
  steps: AttemptStep[];
  moveBalances(): Promise<void>;
}

async function recordAuthorization(
  deps: Deps,
  trx: Transaction<Database>,
  draft: ChargeDraft,
  authorization: AuthorizeResult,
): Promise<Recorded> {
  switch (authorization.outcome) {
    case 'approved':
      return recordApproved(trx, draft, authorization);
    case 'challenge':
      if (draft.input.threeDSecure === 'refuse') return recordFailed(trx, draft, THREE_DS_REFUSED_REASON, '3ds_not_available');
      return recordChallenge(deps, trx, draft, authorization.gatewayReference);
    case 'declined':
      return recordFailed(trx, draft, declineMessage(authorization.reason), authorization.reason);
    default:
      return assertNever(authorization);
  }
}

/**
 * The fee and VAT a charge carries: the price's while it may still move money; none once it
 * failed, since a failed payment moved nothing (every screen, export, callback and webhook reads
 * these stored values, so they are zero where they are written).
 */
function chargedFee(draft: ChargeDraft, state: MerchantPaymentState | 'succeeded'): { feeMinor: bigint; vatMinor: bigint } {
  return state === 'failed' ? { feeMinor: 0n, vatMinor: 0n } : { feeMinor: draft.fee.feeMinor, vatMinor: draft.fee.vatMinor };
}

/** The transactions row of the charge, in the status given. */
function movement(
  draft: ChargeDraft,
  status: number,
  extra: Pick<PostingTransaction, 'gatewayReferenceId' | 'approvalCode' | 'failureReason'>,
): PostingTransaction {
  const { input } = draft;
  const { card } = input;
  const { feeMinor, vatMinor } = chargedFee(draft, status === TRANSACTION_STATUS.FAILED ? 'failed' : 'succeeded');
  return {
    typeId: TYPE_OF_KIND[input.kind],
    status,
    currencyId: draft.currency.id,
    amountMinor: input.amountMinor,
    feeMinor,
    vatMinor,
    totalAmountMinor: input.amountMinor,
    receiver: partyOf(draft.wallet),
    paymentMethodId: draft.scheme.id,
    card: { holderName: card.holderName, maskedNumber: card.maskedNumber, brand: card.brand },
    channelId: input.channelId,
    merchantPayment: {
      customerId: draft.customerId,
      paymentLinkId: input.paymentLinkId ?? null,
      apiPaymentId: input.apiPaymentId ?? null,
      posDeviceId: input.posDeviceId ?? null,
      clientReference: input.clientReference ?? null,
      description: input.description ?? null,
      hostReference: extra.gatewayReferenceId ?? null,
    },
    ...extra,
  };
}

/**
 * Automatic capture posts at once; manual capture only authorises (nothing moves until the
 * capture). Either way the transaction keeps the acquirer's reference and approval code.
 */
async function recordApproved(
  trx: Transaction<Database>,
  draft: ChargeDraft,
  approved: Extract<AuthorizeResult, { outcome: 'approved' }>,
): Promise<Recorded> {
  const { input, fee } = draft;
  const gatewayReference = approved.gatewayReference;
  const reference = { gatewayReferenceId: gatewayReference, approvalCode: approved.approvalCode };
  if (input.capture === 'manual') {
    const { transactionId } = await recordUnpostedTransaction(trx, movement(draft, TRANSACTION_STATUS.PENDING, reference));
    return {
      transactionId,
      state: 'requires_capture',
      capturedMinor: 0n,
      challenge: null,
      event: 'payment.authorized',
      steps: [{ message: 'Authorised, waiting for capture', data: { amount: String(input.amountMinor) } }],
      moveBalances: NOTHING_TO_MOVE,
    };
  }
  const posting = paymentPosting(draft.wallet.id, draft.currency.code, chargesOf(input.amountMinor, fee.feeMinor, fee.vatMinor));
  const { transactionId, moveBalances } = await writePosting(
    trx,
    { ...movement(draft, TRANSACTION_STATUS.SUCCESS, reference), postingKey: authorisationPostingKey(gatewayReference) },
    posting.entries,
    posting.charges,
    { credits: 'spread' },
  );
  return {
    transactionId,
    state: 'succeeded',
    capturedMinor: input.amountMinor,
    challenge: null,
    event: 'payment.succeeded',
    steps: [{ message: 'Approved' }, { message: 'Posted', data: postedStep(input.amountMinor, fee.feeMinor, fee.vatMinor) }],
    moveBalances,
  };
}

/** Pending until the cardholder answers the 3-D Secure page, whose URL only this answer carries. */
async function recordChallenge(deps: Deps, trx: Transaction<Database>, draft: ChargeDraft, gatewayReference: string): Promise<Recorded> {
  const { transactionId } = await recordUnpostedTransaction(
    trx,
    movement(draft, TRANSACTION_STATUS.PENDING, { gatewayReferenceId: gatewayReference }),
  );
  const opened = await openChallenge(trx, { transactionId, walletId: draft.wallet.id });
  const challenge = challengeUrl(deps.config.publicUrl, opened.token);
  return {
    transactionId,
    state: 'requires_action',
    capturedMinor: 0n,
    challenge,
    event: null,
    steps: [{ message: '3-D Secure shown', data: { expires_at: opened.expiresAt.toISOString() } }],
    moveBalances: NOTHING_TO_MOVE,
  };
}

/** A declined card (or a challenge the door cannot show): status 2 with the reason, nothing moved. */
async function recordFailed(trx: Transaction<Database>, draft: ChargeDraft, reason: string, code: string): Promise<Recorded> {
  const { transactionId } = await recordUnpostedTransaction(trx, movement(draft, TRANSACTION_STATUS.FAILED, { failureReason: reason }));
  return {
    transactionId,
    state: 'failed',
    capturedMinor: 0n,
    challenge: null,
    event: 'payment.failed',
    steps: [{ message: 'Declined', data: { reason: code } }],
    moveBalances: NOTHING_TO_MOVE,
  };
}

function declineMessage(reason: DeclineReason): string {
  switch (reason) {
    case 'declined':
      return 'The card was declined.';
    case 'insufficient_funds':
      return 'The card has insufficient funds.';
    default:
      return assertNever(reason);
  }
}

async function insertPaymentRow(trx: Transaction<Database>, draft: ChargeDraft, recorded: Recorded): Promise<void> {
  const { input } = draft;
  const { card } = input;
  await repository.insertMerchantPayment(trx, {
    transactionId: recorded.transactionId,
    merchantUserId: input.merchantUserId,
    kind: input.kind,
    channelId: input.channelId,
    walletId: draft.wallet.id,
    attemptId: input.attemptId,
    schemeId: draft.scheme.id,
    state: recorded.state,
    captureMethod: input.capture,
    authorisedMinor: input.amountMinor,
    capturedMinor: recorded.capturedMinor,
    ...chargedFee(draft, recorded.state),
    cardBrand: card.brand,
    cardLast4: card.lastFour,
    cardMasked: card.maskedNumber,
    returnUrl: input.returnUrl ?? null,
    posStaffUserId: input.posStaffUserId ?? null,
  });
}
