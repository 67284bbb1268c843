// 3-D Secure challenges: a card payment that waits for the cardholder's answer on the page the
// server hosts for the sandbox acquirer. The card_payments row is the state machine:
//
//   challenge --approve--> approved   (the acquirer completes the authorisation: its approval
//                                      code is recorded, then the pending transaction is posted)
//   challenge --decline--> declined   (status 2, nothing posted)
//   challenge --15 min---> expired    (status 3, nothing posted)
//
// Every answer locks the row first (FOR UPDATE) and acts only from 'challenge', so a repeated
// approve, a reload or a race between approve and expiry moves money at most once; the ledger
// adds a second guard (only a pending transaction takes entries).
import type { Transaction } from 'kysely';
import { assert, assertNever, formatMinor, TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import { closePendingTransaction, postPendingEntries, recordApprovalCode } from '../ledger/ledger.service.ts';
import { APPROVAL_CODE_PATTERN, createAcquirer } from './acquirer.ts';
import type { ChallengeOutcomeHandler } from './challenge-handlers.ts';
import { cardApprovalPostingKey, cardPaymentPosting, notifyDepositOutcome } from './card-postings.ts';
import {
  getPaymentTransaction,
  insertChallenge,
  lockCardPaymentByToken,
  lockStaleChallenges,
  setChallengeState,
  type CardPaymentRow,
  type ChallengeState,
  type PaymentTransaction,
} from './gateway.repository.ts';

export const CHALLENGE_LIFE_S = 15 * 60;
export const EXPIRY_BATCH_SIZE = 100;
export const EXPIRY_BATCHES_PER_RUN_MAX = 10;

export const CHALLENGE_DECLINED_REASON = 'The 3-D Secure check was declined.';
export const CHALLENGE_EXPIRED_REASON = 'The 3-D Secure check was not completed within 15 minutes.';

export type { ChallengeState };

function handlerOf(deps: Pick<Deps, 'challengeHandlers'>, payment: PaymentTransaction): ChallengeOutcomeHandler | undefined {
  if (payment.transaction_type_id === TransactionType.Deposit) return undefined;
  const handler = deps.challengeHandlers.get(payment.transaction_type_id);
  assert(handler !== undefined, `no challenge handler for transactions of type ${payment.transaction_type_id}`);
  return handler;
}
export type ChallengeAction = 'view' | 'approve' | 'decline';

/** What the challenge page shows. */
export interface ChallengeView {
  state: ChallengeState;
  /** What the card is charged: amount + fee + VAT, formatted. */
  amountText: string;
  currency: string;
  maskedNumber: string;
  brand: string;
  /** Where the cardholder goes after answering (a merchant payment's return URL), or null. */
  redirectUrl: string | null;
}

/**
 * Opens a challenge for a pending card payment. The token goes into the page's URL once; the
 * database keeps only its sha256, like every other bearer secret.
 */
export async function openChallenge(
  trx: Transaction<Database>,
  payment: { transactionId: bigint; walletId: bigint },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_LIFE_S * 1000);
  await insertChallenge(trx, { ...payment, challengeTokenSha256: sha256Hex(token), expiresAt });
  return { token, expiresAt };
}

export function challengeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/gateway/3ds/${encodeURIComponent(token)}`;
}

function depositOf(payment: PaymentTransaction) {
  assert(payment.receiver_user_id !== null, 'a card payment credits someone');
  return {
    userId: payment.receiver_user_id,
    transactionUuid: payment.uuid,
    amountMinor: payment.amount,
    currency: payment.currency_code,
    decimals: payment.currency_decimals,
  };
}

/**
 * The cardholder passed: the acquirer completes the authorisation and its approval code goes on
 * the pending transaction, whoever answers the rest (a deposit here, a merchant payment's handler).
 */
async function completeAuthorisation(trx: Transaction<Database>, payment: PaymentTransaction): Promise<void> {
  assert(payment.gateway_reference_id !== null, 'a challenged card payment has the acquirer reference');
  const { approvalCode } = await createAcquirer().completeChallenge(payment.gateway_reference_id);
  assert(APPROVAL_CODE_PATTERN.test(approvalCode), 'the acquirer answers a six-character approval code');
  await recordApprovalCode(trx, payment.id, approvalCode);
}

async function approve(
  deps: Deps,
  trx: Transaction<Database>,
  cardPayment: CardPaymentRow,
  payment: PaymentTransaction,
): Promise<string | null> {
  await completeAuthorisation(trx, payment);
  const handler = handlerOf(deps, payment);
  if (handler) {
    const { redirectUrl } = await handler.approve(trx, payment.id);
    await setChallengeState(trx, cardPayment.id, 'approved');
    return redirectUrl;
  }
  const posting = cardPaymentPosting({
    typeId: payment.transaction_type_id,
    walletId: cardPayment.wallet_id,
    currency: payment.currency_code,
    charges: { amountMinor: payment.amount, feeMinor: payment.fee, vatMinor: payment.vat, totalDebitMinor: payment.total_amount },
  });
  const key = cardApprovalPostingKey(payment.uuid);
  await postPendingEntries(trx, payment.id, TRANSACTION_STATUS.SUCCESS, posting.entries, posting.charges, null, key);
  await setChallengeState(trx, cardPayment.id, 'approved');
  await notifyDepositOutcome(trx, depositOf(payment), { ok: true });
  return null;
}

/** Declined (2) or expired (3): the pending transaction is closed and nothing is posted. */
async function close(
  deps: Deps,
  trx: Transaction<Database>,
  cardPayment: CardPaymentRow,
  payment: PaymentTransaction,
  state: 'declined' | 'expired',
): Promise<string | null> {
  const status = state === 'declined' ? TRANSACTION_STATUS.FAILED : TRANSACTION_STATUS.EXPIRED;
  const reason = state === 'declined' ? CHALLENGE_DECLINED_REASON : CHALLENGE_EXPIRED_REASON;
  const handler = handlerOf(deps, payment);
  if (handler) {
    const { redirectUrl } = await handler.close(trx, payment.id, state, reason);
    await setChallengeState(trx, cardPayment.id, state);
    return redirectUrl;
  }
  const closed = await closePendingTransaction(trx, payment.id, status, reason);
  assert(closed, 'a card payment in challenge has a pending transaction');
  await setChallengeState(trx, cardPayment.id, state);
  await notifyDepositOutcome(trx, depositOf(payment), { ok: false, reason });
  return null;
}

function viewOf(state: ChallengeState, payment: PaymentTransaction, redirectUrl: string | null = null): ChallengeView {
  return {
    redirectUrl,
    state,
    amountText: formatMinor(payment.total_amount, payment.currency_decimals, { groupSeparator: ',' }),
    currency: payment.currency_code,
    maskedNumber: payment.card_number ?? '',
    brand: payment.card_brand ?? 'card',
  };
}

/**
 * Shows, approves or declines the challenge of `token`, in one database transaction. A stale
 * challenge is expired first (lazily, whatever the action), and an answered one only shows
 * its outcome. Undefined for an unknown token.
 */
export async function answerChallenge(
  deps: Deps,
  token: string,
  action: ChallengeAction,
  now = new Date(),
): Promise<ChallengeView | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const cardPayment = await lockCardPaymentByToken(trx, sha256Hex(token));
    if (!cardPayment) return undefined;
    const payment = await getPaymentTransaction(trx, cardPayment.transaction_id);
    if (cardPayment.state !== 'challenge') return viewOf(cardPayment.state, payment);
    if (new Date(cardPayment.expires_at).getTime() <= now.getTime()) {
      await close(deps, trx, cardPayment, payment, 'expired');
      return viewOf('expired', payment);
    }
    switch (action) {
      case 'view':
        return viewOf('challenge', payment);
      case 'approve':
        return viewOf('approved', payment, await approve(deps, trx, cardPayment, payment));
      case 'decline':
        return viewOf('declined', payment, await close(deps, trx, cardPayment, payment, 'declined'));
      default:
        return assertNever(action);
    }
  });
}

/**
 * Expires every challenge left unanswered past its 15 minutes (status 3, nothing posted).
 * Run by the expire-stale-card-payments job, which a schedule enqueues every minute (jobs/); safe
 * on several nodes: rows another worker holds are skipped.
 * Returns how many were expired; at most EXPIRY_BATCH_SIZE x EXPIRY_BATCHES_PER_RUN_MAX a run.
 */
export async function expireStaleCardPayments(deps: Deps, now = new Date()): Promise<number> {
  let expired = 0;
  for (let batch = 0; batch < EXPIRY_BATCHES_PER_RUN_MAX; batch++) {
    const count = await deps.db.transaction().execute(async (trx) => {
      const stale = await lockStaleChallenges(trx, now, EXPIRY_BATCH_SIZE);
      for (const cardPayment of stale) {
        await close(deps, trx, cardPayment, await getPaymentTransaction(trx, cardPayment.transaction_id), 'expired');
      }
      return stale.length;
    });
    expired += count;
    if (count < EXPIRY_BATCH_SIZE) break;
  }
  return expired;
}
