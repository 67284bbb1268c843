// Card payments to a merchant (issue 10): a payment link's, the merchant API's or a POS
// device's (transaction types 8, 9, 10). One service for the three doors:
//
//   chargeCard     checks the channel (the merchant's, store Active, online for link/api, pos
//                  for pos), the card (Luhn, expiry, CVC), its scheme (a fee schedule, the
//                  link's schemes), prices the fee, asks the acquirer and records the outcome:
//                    approved, automatic -> posted at once (status 1): gateway -X; merchant
//                                           on hold +(X-F-V); fees +F; vat +V
//                    approved, manual    -> authorised only (status 0, requires_capture)
//                    challenge           -> status 0, requires_action, a 3-D Secure page; the
//                                           answer comes back through the gateway's handler
//                    declined            -> status 2 with the reason; nothing moves
//   capturePayment posts an authorisation for up to its amount (fee on what is captured)
//   voidPayment    ends an authorisation; nothing moves
//   refundPayment  a refund request approved at once and processed in the request (DECISIONS
//                  32): type 6, merchant (available, else on hold) -R, gateway +R; processed
//                  plus open refunds never exceed the captured amount (the payment row is
//                  locked while it is checked and written).
//
// Every step is logged under the payment's attempt, the customer is recorded under the
// merchant, and listeners (webhooks, callbacks) hear each state change inside the transaction.
// A door that audits its callers (the merchant API, the POS API) passes `audit`: the core writes
// that row inside the same transaction, so a change and its audit row commit together.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  assert,
  assertNever,
  formatMinor,
  merchantCardPaymentEntries,
  refundEntries,
  TransactionType,
  type Charges,
} from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database, MerchantPaymentState } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fullName } from '../../lib/display-text.ts';
import { AppError, fail } from '../../transport/errors.ts';
import {
  closePendingTransaction,
  postEntries,
  postPendingEntries,
  PostingRefused,
  recordUnpostedTransaction,
  type ChargeRow,
  type PartyRef,
  type PostingTransaction,
} from '../ledger/ledger.service.ts';
import { createAcquirer, type DeclineReason } from '../gateway/acquirer.ts';
import { PaymentCard } from '../gateway/card.ts';
import { challengeUrl, openChallenge, registerChallengeHandler } from '../gateway/card-payments.service.ts';
import { createWallet, findSpendingWallet, getWallet, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import { recordPaymentCustomer } from '../customers/customers.service.ts';
import { attemptOwner, linkAttemptToTransaction, logAttemptStep } from './attempts.service.ts';
import { findCurrency, quoteMerchantFee, schemeOfBrand } from './fees.service.ts';
import * as repository from './merchant-payments.repository.ts';

export type MerchantPaymentKind = 'link' | 'api' | 'pos';
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
export interface ChargeInput {
  merchantUserId: bigint;
  channelId: bigint;
  kind: MerchantPaymentKind;
  currency: string;
  amountMinor: bigint;
  card: CardInput;
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
  /** The caller's audit row of this charge, written inside the charge's transaction (any outcome recorded). */
  audit?: PaymentAuditWriter;
}
export type MerchantPaymentStatus =
  'requires_action' | 'requires_capture' | 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'voided' | 'expired';
export interface MerchantPayment {
  transactionId: bigint;
  uuid: string;
  kind: MerchantPaymentKind;
  status: MerchantPaymentStatus;
  merchantUserId: bigint;
  channelId: bigint;
  currency: string;
  amountMinor: bigint;
  amountCapturedMinor: bigint;
  amountRefundedMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  failureReason: string | null;
  /** Only from chargeCard while requires_action (the page's token is stored only as a hash). */
  challengeUrl: string | null;
  card: { brand: string; last4: string; masked: string } | null;
  customerId: bigint | null;
  paymentLinkId: bigint | null;
  apiPaymentId: bigint | null;
  posDeviceId: bigint | null;
  clientReference: string | null;
  description: string | null;
  hostReference: string | null;
  createdAt: Date;
}
export type PaymentEvent = {
  type:
    | 'payment.succeeded'
    | 'payment.failed'
    | 'payment.authorized'
    | 'payment.captured'
    | 'payment.voided'
    | 'payment.refunded'
    | 'payment.expired';
  payment: MerchantPayment;
  refund?: { uuid: string; amountMinor: bigint };
  captureAmountMinor?: bigint;
};
export type PaymentEventListener = (trx: Transaction<Database>, event: PaymentEvent) => Promise<void>;

/** What one core operation did, as its caller's audit writer sees it. */
export interface PaymentChange {
  payment: MerchantPayment;
  refund?: { uuid: string; amountMinor: bigint };
  captureAmountMinor?: bigint;
}
/**
 * Writes the calling door's audit row for a change. The core calls it inside the change's own
 * database transaction, after the change and before the commit: a crash cannot keep the change
 * without its row, and a refusal (which rolls the transaction back) leaves neither.
 */
export type PaymentAuditWriter = (trx: Transaction<Database>, change: PaymentChange) => Promise<void>;

export const TYPE_OF_KIND: Readonly<
  Record<
    MerchantPaymentKind,
    typeof TransactionType.PaymentLinkPayment | typeof TransactionType.ApiPayment | typeof TransactionType.PosPayment
  >
> = {
  link: TransactionType.PaymentLinkPayment,
  api: TransactionType.ApiPayment,
  pos: TransactionType.PosPayment,
};
const CHANNEL_TYPE_OF_KIND: Readonly<Record<MerchantPaymentKind, 'online' | 'pos'>> = { link: 'online', api: 'online', pos: 'pos' };

export const VOIDED_REASON = 'The authorisation was voided.';
export const THREE_DS_REFUSED_REASON = '3-D Secure is not available for this payment: the card needs it.';
export const MERCHANT_FEE_NAME = 'Merchant service fee';
export const VAT_NAME = 'VAT';
const STORE_ACTIVE = 1;
const CHANNEL_ACTIVE = 1;
const REFUND_STATUS = { INITIATED: 1, PROCESSED: 2 } as const;

// ---- events -----------------------------------------------------------------------------------

const listeners = new Set<PaymentEventListener>();

/**
 * Called (inside the transaction) whenever a payment reaches a new state. Register once at
 * start-up; the same function registered twice is called once.
 */
export function onPaymentEvent(listener: PaymentEventListener): void {
  listeners.add(listener);
}

async function emit(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  for (const listener of listeners) await listener(trx, event);
}

// ---- views ------------------------------------------------------------------------------------

function statusOf(state: MerchantPaymentState, captured: bigint, refunded: bigint): MerchantPaymentStatus {
  if (state === 'succeeded' && refunded > 0n) return refunded >= captured ? 'refunded' : 'partially_refunded';
  return state;
}

function paymentOf(row: repository.PaymentViewRow, challenge: string | null = null): MerchantPayment {
  return {
    transactionId: row.transaction_id,
    uuid: row.uuid,
    kind: row.kind,
    status: statusOf(row.state, row.captured_amount, row.refunded_amount),
    merchantUserId: row.merchant_user_id,
    channelId: row.channel_id,
    currency: row.currency_code,
    amountMinor: row.authorised_amount,
    amountCapturedMinor: row.captured_amount,
    amountRefundedMinor: row.refunded_amount,
    feeMinor: row.fee,
    vatMinor: row.vat,
    failureReason: row.failure_reason,
    challengeUrl: row.state === 'requires_action' ? challenge : null,
    card:
      row.card_brand !== null && row.card_last4 !== null && row.card_masked !== null
        ? { brand: row.card_brand, last4: row.card_last4, masked: row.card_masked }
        : null,
    customerId: row.customer_id,
    paymentLinkId: row.payment_link_id,
    apiPaymentId: row.api_payment_id,
    posDeviceId: row.pos_device_id,
    clientReference: row.client_reference,
    description: row.description,
    hostReference: row.host_reference,
    createdAt: new Date(row.created_at),
  };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getPayment(db: Queryable, merchantUserId: bigint, transactionId: bigint): Promise<MerchantPayment | undefined> {
  const row = await repository.findPaymentView(db, merchantUserId, transactionId);
  return row && paymentOf(row);
}

export async function getPaymentByUuid(db: Queryable, merchantUserId: bigint, uuid: string): Promise<MerchantPayment | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  const row = await repository.findPaymentViewByUuid(db, merchantUserId, uuid);
  return row && paymentOf(row);
}

/** The id of the merchant's transaction (any type) with this uuid; undefined for another's. */
export async function findMerchantTransactionId(db: Queryable, merchantUserId: bigint, uuid: string): Promise<bigint | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  return repository.findMerchantTransactionId(db, merchantUserId, uuid);
}

async function mustGetPayment(db: Queryable, merchantUserId: bigint, transactionId: bigint, challenge: string | null = null) {
  const row = await repository.findPaymentView(db, merchantUserId, transactionId);
  assert(row !== undefined, `merchant payment ${transactionId} exists`);
  return paymentOf(row, challenge);
}

// ---- helpers -----------------------------------------------------------------------------------

function gatewayCard(card: CardInput) {
  const year = card.expYear >= 100 ? card.expYear % 100 : card.expYear;
  return {
    holderName: card.holderName,
    number: card.number.replace(/[\s-]/g, ''),
    expMonth: String(card.expMonth).padStart(2, '0'),
    expYear: String(year).padStart(2, '0'),
    cvc: card.cvc,
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

function partyOf(wallet: WalletWithCurrency): PartyRef {
  return { userId: wallet.user_id, walletId: wallet.id, title: fullName(wallet), accountNumber: wallet.account_number };
}

/** The merchant's wallet in the currency, opened when it has none yet. */
async function merchantWallet(trx: Transaction<Database>, merchantUserId: bigint, currencyId: number): Promise<WalletWithCurrency> {
  const found = await findSpendingWallet(trx, merchantUserId, currencyId);
  if (found) return found;
  // Two first payments side by side: the second waits here and then finds the first's wallet.
  await repository.lockWalletOpening(trx, merchantUserId, currencyId);
  const opened = await findSpendingWallet(trx, merchantUserId, currencyId);
  if (opened) return opened;
  return getWallet(trx, await createWallet(trx, merchantUserId, currencyId, 0));
}

function chargesOf(amountMinor: bigint, feeMinor: bigint, vatMinor: bigint): Charges {
  return { amountMinor: amountMinor - feeMinor - vatMinor, feeMinor, vatMinor, totalDebitMinor: amountMinor };
}

function paymentPosting(
  walletId: bigint,
  currency: string,
  charges: Charges,
): { entries: ReturnType<typeof merchantCardPaymentEntries>; charges: ChargeRow[] } {
  return {
    entries: merchantCardPaymentEntries({ merchantWalletId: String(walletId), currency, charges }),
    charges: [
      { name: MERCHANT_FEE_NAME, type: 'fee', chargesMinor: charges.feeMinor },
      { name: VAT_NAME, type: 'vat', chargesMinor: charges.vatMinor },
    ],
  };
}

function withReturnParams(returnUrl: string | null, status: MerchantPaymentStatus, uuid: string): string | null {
  if (!returnUrl) return null;
  try {
    const url = new URL(returnUrl);
    url.searchParams.set('status', status);
    url.searchParams.set('transaction_id', uuid);
    return url.toString();
  } catch {
    return null;
  }
}

async function logStep(db: Queryable, attemptId: bigint | null, ip: string, message: string, data: Record<string, string> = {}) {
  if (attemptId !== null) await logAttemptStep(db, { attemptId, message, ip, data });
}

// ---- charge -----------------------------------------------------------------------------------

/**
 * Charges a card for a merchant. Refusals (named errors) write nothing but the attempt's log
 * (and nothing at all for a channel that is not the caller's); a declined card is not a refusal:
 * it answers a payment with status 'failed' and its failure reason.
 */
export async function chargeCard(deps: Deps, input: ChargeInput): Promise<MerchantPayment> {
  if (input.amountMinor <= 0n) fail('AMOUNT_NOT_POSITIVE');
  const owner = await attemptOwner(deps.db, input.attemptId);
  if (!owner || owner.merchantUserId !== input.merchantUserId) fail('ATTEMPT_NOT_FOUND');
  const channel = await repository.findPaymentChannel(deps.db, input.merchantUserId, input.channelId);
  if (!channel) fail('CHANNEL_NOT_FOUND');
  if (channel.type !== CHANNEL_TYPE_OF_KIND[input.kind]) fail('CHANNEL_TYPE_MISMATCH');
  if (channel.store_status !== STORE_ACTIVE) fail('STORE_NOT_ACTIVE');
  if (channel.status !== CHANNEL_ACTIVE) fail('CHANNEL_INACTIVE');

  const ip = input.ip;
  let checked;
  try {
    const currency = await findCurrency(deps.db, input.currency.trim().toUpperCase());
    if (!currency) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
    const check = PaymentCard.check(gatewayCard(input.card));
    if (!check.ok) fail(check.code);
    const card = check.card;
    const scheme = await schemeOfBrand(deps.db, card.brand);
    if (!scheme) fail('CARD_SCHEME_NOT_SUPPORTED');
    if (input.allowedSchemeIds && !input.allowedSchemeIds.includes(scheme.id)) fail('CARD_SCHEME_NOT_ALLOWED');
    const fee = await quoteMerchantFee(deps.db, {
      merchantUserId: input.merchantUserId,
      schemeId: scheme.id,
      currency: currency.code,
      amountMinor: input.amountMinor,
      vatBps: BigInt(deps.config.vatBps),
    });
    if (fee.netMinor <= 0n) fail('CHARGES_EXCEED_AMOUNT');
    checked = { currency, card, scheme, fee };
  } catch (error) {
    if (error instanceof AppError)
      await logStep(deps.db, input.attemptId, ip, 'Payment refused', { reason: error.reason, message: error.message });
    throw error;
  }
  const { currency, card, scheme, fee } = checked;
  await logStep(deps.db, input.attemptId, ip, 'Card checked', { brand: card.brand, card: card.maskedNumber, scheme: scheme.code });

  return deps.db.transaction().execute(async (trx) => {
    const wallet = await merchantWallet(trx, input.merchantUserId, currency.id);
    const customerId = await recordPaymentCustomer(trx, {
      merchantUserId: input.merchantUserId,
      channelId: input.channelId,
      ...input.customer,
      card: { holderName: card.holderName, maskedNumber: card.maskedNumber },
    });
    const acquirer = createAcquirer();
    const authorization = await acquirer.authorize(card, input.amountMinor, currency.code, `merchant-${input.kind}-${input.attemptId}`);
    await logStep(trx, input.attemptId, ip, 'Acquirer answered', {
      outcome: authorization.outcome,
      ...(authorization.outcome === 'declined' ? { reason: authorization.reason } : { reference: authorization.gatewayReference }),
    });
    const movement = (status: number, extra: Pick<PostingTransaction, 'gatewayReferenceId' | 'failureReason'>): PostingTransaction => ({
      typeId: TYPE_OF_KIND[input.kind],
      status,
      currencyId: currency.id,
      amountMinor: input.amountMinor,
      feeMinor: fee.feeMinor,
      vatMinor: fee.vatMinor,
      totalAmountMinor: input.amountMinor,
      receiver: partyOf(wallet),
      paymentMethodId: scheme.id,
      card: { holderName: card.holderName, maskedNumber: card.maskedNumber, brand: card.brand },
      channelId: input.channelId,
      merchantPayment: {
        customerId,
        paymentLinkId: input.paymentLinkId ?? null,
        apiPaymentId: input.apiPaymentId ?? null,
        posDeviceId: input.posDeviceId ?? null,
        clientReference: input.clientReference ?? null,
        description: input.description ?? null,
        hostReference: extra.gatewayReferenceId ?? null,
      },
      ...extra,
    });

    let transactionId: bigint;
    let state: MerchantPaymentState;
    let captured = 0n;
    let challenge: string | null = null;
    let event: PaymentEvent['type'] | null = null;
    switch (authorization.outcome) {
      case 'approved': {
        const reference = { gatewayReferenceId: authorization.gatewayReference };
        if (input.capture === 'automatic') {
          const posting = paymentPosting(wallet.id, currency.code, chargesOf(input.amountMinor, fee.feeMinor, fee.vatMinor));
          ({ transactionId } = await postEntries(trx, movement(TRANSACTION_STATUS.SUCCESS, reference), posting.entries, posting.charges));
          state = 'succeeded';
          captured = input.amountMinor;
          event = 'payment.succeeded';
          await logStep(trx, input.attemptId, ip, 'Approved', {});
          await logStep(trx, input.attemptId, ip, 'Posted', {
            amount: String(input.amountMinor),
            fee: String(fee.feeMinor),
            vat: String(fee.vatMinor),
          });
        } else {
          ({ transactionId } = await recordUnpostedTransaction(trx, movement(TRANSACTION_STATUS.PENDING, reference)));
          state = 'requires_capture';
          event = 'payment.authorized';
          await logStep(trx, input.attemptId, ip, 'Authorised, waiting for capture', { amount: String(input.amountMinor) });
        }
        break;
      }
      case 'challenge': {
        if (input.threeDSecure === 'refuse') {
          ({ transactionId } = await recordUnpostedTransaction(
            trx,
            movement(TRANSACTION_STATUS.FAILED, { failureReason: THREE_DS_REFUSED_REASON }),
          ));
          state = 'failed';
          event = 'payment.failed';
          await logStep(trx, input.attemptId, ip, 'Declined', { reason: '3ds_not_available' });
          break;
        }
        ({ transactionId } = await recordUnpostedTransaction(
          trx,
          movement(TRANSACTION_STATUS.PENDING, { gatewayReferenceId: authorization.gatewayReference }),
        ));
        const opened = await openChallenge(trx, { transactionId, walletId: wallet.id });
        challenge = challengeUrl(deps.config.publicUrl, opened.token);
        state = 'requires_action';
        await logStep(trx, input.attemptId, ip, '3-D Secure shown', { expires_at: opened.expiresAt.toISOString() });
        break;
      }
      case 'declined': {
        const reason = declineMessage(authorization.reason);
        ({ transactionId } = await recordUnpostedTransaction(trx, movement(TRANSACTION_STATUS.FAILED, { failureReason: reason })));
        state = 'failed';
        event = 'payment.failed';
        await logStep(trx, input.attemptId, ip, 'Declined', { reason: authorization.reason });
        break;
      }
      default:
        return assertNever(authorization);
    }
    await repository.insertMerchantPayment(trx, {
      transactionId,
      merchantUserId: input.merchantUserId,
      kind: input.kind,
      channelId: input.channelId,
      walletId: wallet.id,
      attemptId: input.attemptId,
      schemeId: scheme.id,
      state,
      captureMethod: input.capture,
      authorisedMinor: input.amountMinor,
      capturedMinor: captured,
      feeMinor: fee.feeMinor,
      vatMinor: fee.vatMinor,
      cardBrand: card.brand,
      cardLast4: card.lastFour,
      cardMasked: card.maskedNumber,
      returnUrl: input.returnUrl ?? null,
      posStaffUserId: input.posStaffUserId ?? null,
    });
    await linkAttemptToTransaction(trx, input.attemptId, transactionId);
    const payment = await mustGetPayment(trx, input.merchantUserId, transactionId, challenge);
    if (event) await emit(trx, { type: event, payment });
    await input.audit?.(trx, { payment });
    return payment;
  });
}

// ---- 3-D Secure answers (called by the gateway) -------------------------------------------------

async function lockChallenged(trx: Transaction<Database>, transactionId: bigint): Promise<repository.LockedPayment> {
  const locked = await repository.lockMerchantPaymentOfTransaction(trx, transactionId);
  assert(locked !== undefined && locked.state === 'requires_action', `merchant payment ${transactionId} waits for 3-D Secure`);
  return locked;
}

registerChallengeHandler([TransactionType.PaymentLinkPayment, TransactionType.ApiPayment, TransactionType.PosPayment], {
  async approve(trx, transactionId) {
    const locked = await lockChallenged(trx, transactionId);
    const view = await mustGetPayment(trx, locked.merchant_user_id, transactionId);
    if (locked.capture_method === 'automatic') {
      const posting = paymentPosting(locked.wallet_id, view.currency, chargesOf(locked.authorised_amount, view.feeMinor, view.vatMinor));
      await postPendingEntries(trx, transactionId, TRANSACTION_STATUS.SUCCESS, posting.entries, posting.charges);
      await repository.updateMerchantPayment(trx, transactionId, { state: 'succeeded', captured_amount: locked.authorised_amount });
      await logStep(trx, locked.attempt_id, 'gateway', '3-D Secure approved');
      await logStep(trx, locked.attempt_id, 'gateway', 'Posted', {
        amount: String(locked.authorised_amount),
        fee: String(view.feeMinor),
        vat: String(view.vatMinor),
      });
    } else {
      await repository.updateMerchantPayment(trx, transactionId, { state: 'requires_capture' });
      await logStep(trx, locked.attempt_id, 'gateway', '3-D Secure approved');
      await logStep(trx, locked.attempt_id, 'gateway', 'Authorised, waiting for capture', { amount: String(locked.authorised_amount) });
    }
    const payment = await mustGetPayment(trx, locked.merchant_user_id, transactionId);
    await emit(trx, { type: locked.capture_method === 'automatic' ? 'payment.succeeded' : 'payment.authorized', payment });
    return { redirectUrl: withReturnParams(locked.return_url, payment.status, payment.uuid) };
  },
  async close(trx, transactionId, state, reason) {
    const locked = await lockChallenged(trx, transactionId);
    const closed = await closePendingTransaction(
      trx,
      transactionId,
      state === 'declined' ? TRANSACTION_STATUS.FAILED : TRANSACTION_STATUS.EXPIRED,
      reason,
    );
    assert(closed, 'a merchant payment in challenge has a pending transaction');
    await repository.updateMerchantPayment(trx, transactionId, { state: state === 'declined' ? 'failed' : 'expired' });
    await logStep(trx, locked.attempt_id, 'gateway', state === 'declined' ? '3-D Secure declined' : '3-D Secure expired', { reason });
    const payment = await mustGetPayment(trx, locked.merchant_user_id, transactionId);
    await emit(trx, { type: state === 'declined' ? 'payment.failed' : 'payment.expired', payment });
    return { redirectUrl: withReturnParams(locked.return_url, payment.status, payment.uuid) };
  },
});

// ---- capture, void ------------------------------------------------------------------------------

export async function capturePayment(
  deps: Deps,
  input: { merchantUserId: bigint; transactionId: bigint; amountMinor?: bigint; ip: string; audit?: PaymentAuditWriter },
): Promise<MerchantPayment> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
    if (!locked) fail('PAYMENT_NOT_FOUND');
    if (locked.state !== 'requires_capture') fail('PAYMENT_NOT_CAPTURABLE');
    const view = await mustGetPayment(trx, input.merchantUserId, input.transactionId);
    const amount = input.amountMinor ?? locked.authorised_amount;
    if (amount <= 0n) fail('AMOUNT_NOT_POSITIVE');
    if (amount > locked.authorised_amount) {
      fail('CAPTURE_EXCEEDS_AUTHORISED', {
        authorised: `${view.currency} ${formatMinor(locked.authorised_amount, 2, { groupSeparator: ',' })}`,
      });
    }
    const fee = await quoteMerchantFee(trx, {
      merchantUserId: input.merchantUserId,
      schemeId: locked.scheme_id,
      currency: view.currency,
      amountMinor: amount,
      vatBps: BigInt(deps.config.vatBps),
    });
    if (fee.netMinor <= 0n) fail('CHARGES_EXCEED_AMOUNT');
    const posting = paymentPosting(locked.wallet_id, view.currency, chargesOf(amount, fee.feeMinor, fee.vatMinor));
    await postPendingEntries(trx, input.transactionId, TRANSACTION_STATUS.SUCCESS, posting.entries, posting.charges, {
      amountMinor: amount,
      feeMinor: fee.feeMinor,
      vatMinor: fee.vatMinor,
      totalAmountMinor: amount,
    });
    await repository.updateMerchantPayment(trx, input.transactionId, {
      state: 'succeeded',
      captured_amount: amount,
      fee: fee.feeMinor,
      vat: fee.vatMinor,
    });
    await logStep(trx, locked.attempt_id, input.ip, 'Captured', {
      amount: String(amount),
      fee: String(fee.feeMinor),
      vat: String(fee.vatMinor),
    });
    const payment = await mustGetPayment(trx, input.merchantUserId, input.transactionId);
    await emit(trx, { type: 'payment.captured', payment, captureAmountMinor: amount });
    await input.audit?.(trx, { payment, captureAmountMinor: amount });
    return payment;
  });
}

export async function voidPayment(
  deps: Deps,
  input: { merchantUserId: bigint; transactionId: bigint; ip: string; audit?: PaymentAuditWriter },
): Promise<MerchantPayment> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
    if (!locked) fail('PAYMENT_NOT_FOUND');
    if (locked.state !== 'requires_capture') fail('PAYMENT_NOT_VOIDABLE');
    const closed = await closePendingTransaction(trx, input.transactionId, TRANSACTION_STATUS.FAILED, VOIDED_REASON);
    assert(closed, 'an authorisation waiting for capture has a pending transaction');
    await repository.updateMerchantPayment(trx, input.transactionId, { state: 'voided' });
    await logStep(trx, locked.attempt_id, input.ip, 'Voided');
    const payment = await mustGetPayment(trx, input.merchantUserId, input.transactionId);
    await emit(trx, { type: 'payment.voided', payment });
    await input.audit?.(trx, { payment });
    return payment;
  });
}

// ---- refund -------------------------------------------------------------------------------------

export interface RefundResult {
  payment: MerchantPayment;
  refund: { uuid: string; amountMinor: bigint; status: number; transactionId: bigint | null };
}

export async function refundPayment(
  deps: Deps,
  input: {
    merchantUserId: bigint;
    transactionId: bigint;
    amountMinor?: bigint;
    source: 'api' | 'pos';
    description?: string | null;
    ip: string;
    actorUserId?: bigint | null;
    audit?: PaymentAuditWriter;
  },
): Promise<RefundResult> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const locked = await repository.lockMerchantPayment(trx, input.merchantUserId, input.transactionId);
      if (!locked) fail('PAYMENT_NOT_FOUND');
      if (locked.state !== 'succeeded' || locked.captured_amount <= 0n) fail('PAYMENT_NOT_REFUNDABLE');
      const view = await mustGetPayment(trx, input.merchantUserId, input.transactionId);
      const open = await repository.sumOpenRefunds(trx, input.transactionId);
      const remaining = locked.captured_amount - locked.refunded_amount - open;
      const amount = input.amountMinor ?? remaining;
      const remainingText = `${view.currency} ${formatMinor(remaining > 0n ? remaining : 0n, 2, { groupSeparator: ',' })}`;
      if (remaining <= 0n) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });
      if (amount <= 0n) fail('AMOUNT_NOT_POSITIVE');
      if (amount > remaining) fail('REFUND_EXCEEDS_REMAINING', { remaining: remainingText });

      const uuid = crypto.randomUUID();
      const description = input.description?.trim().slice(0, 1000) || null;
      const requestId = await repository.insertRefundRequest(trx, {
        uuid,
        merchantUserId: input.merchantUserId,
        transactionId: input.transactionId,
        referenceId: view.uuid,
        status: REFUND_STATUS.INITIATED,
        description,
        amountMinor: amount,
        addedBy: input.actorUserId ?? null,
        source: input.source,
      });
      const wallet = await getWallet(trx, locked.wallet_id);
      const fromBucket = wallet.available_balance >= amount ? 'available' : 'on_hold';
      const { transactionId: refundTransactionId } = await postEntries(
        trx,
        {
          typeId: TransactionType.Refund,
          status: TRANSACTION_STATUS.SUCCESS,
          currencyId: wallet.currency_id,
          amountMinor: amount,
          feeMinor: 0n,
          vatMinor: 0n,
          totalAmountMinor: amount,
          sender: partyOf(wallet),
          referenceId: view.uuid,
          channelId: locked.channel_id,
          notes: description,
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
        refundEntries({ merchantWalletId: String(wallet.id), currency: wallet.currency_code, refundMinor: amount, fromBucket }),
        [],
      );
      await repository.setRefundProcessed(trx, requestId, refundTransactionId);
      await repository.updateMerchantPayment(trx, input.transactionId, { refunded_amount: locked.refunded_amount + amount });
      await logStep(trx, locked.attempt_id, input.ip, 'Refunded', { amount: String(amount), refund: uuid, source: input.source });
      const payment = await mustGetPayment(trx, input.merchantUserId, input.transactionId);
      await emit(trx, { type: 'payment.refunded', payment, refund: { uuid, amountMinor: amount } });
      await input.audit?.(trx, { payment, refund: { uuid, amountMinor: amount } });
      return {
        payment,
        refund: { uuid, amountMinor: amount, status: REFUND_STATUS.PROCESSED, transactionId: refundTransactionId },
      };
    });
  } catch (error) {
    if (error instanceof PostingRefused) fail('REFUND_BALANCE_INSUFFICIENT');
    throw error;
  }
}
