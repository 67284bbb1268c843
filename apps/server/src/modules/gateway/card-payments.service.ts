// 3-D Secure challenges: a card payment that waits for the cardholder's answer on the page the
// server hosts for the sandbox acquirer. The card_payments row is the state machine:
//
//   challenge --approve--> approved   (the pending transaction is posted: status 1)
//   challenge --decline--> declined   (status 2, nothing posted)
//   challenge --15 min---> expired    (status 3, nothing posted)
//
// Every answer locks the row first (FOR UPDATE) and acts only from 'challenge', so a repeated
// approve, a reload or a race between approve and expiry moves money at most once; the ledger
// adds a second guard (only a pending transaction takes entries).
import type { Transaction } from 'kysely';
import { assert, assertNever, formatMinor } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { CardPaymentsTable, Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import { closePendingTransaction, postPendingEntries } from '../ledger/ledger.service.ts';
import { cardPaymentPosting, notifyDepositOutcome } from './card-postings.ts';

export const CHALLENGE_LIFE_S = 15 * 60;
export const EXPIRY_BATCH_SIZE = 100;
export const EXPIRY_BATCHES_PER_RUN_MAX = 10;

export const CHALLENGE_DECLINED_REASON = 'The 3-D Secure check was declined.';
export const CHALLENGE_EXPIRED_REASON = 'The 3-D Secure check was not completed within 15 minutes.';

export type ChallengeState = CardPaymentsTable['state'];
export type ChallengeAction = 'view' | 'approve' | 'decline';

/** What the challenge page shows. */
export interface ChallengeView {
  state: ChallengeState;
  /** What the card is charged: amount + fee + VAT, formatted. */
  amountText: string;
  currency: string;
  maskedNumber: string;
  brand: string;
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
  await trx
    .insertInto('card_payments')
    .values({
      transaction_id: payment.transactionId,
      wallet_id: payment.walletId,
      challenge_token: sha256Hex(token),
      state: 'challenge',
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

export function challengeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/gateway/3ds/${encodeURIComponent(token)}`;
}

type CardPaymentRow = Pick<CardPaymentsTable, 'state' | 'transaction_id' | 'wallet_id'> & { id: bigint; expires_at: Date };

interface PaymentTransaction {
  id: bigint;
  uuid: string;
  transaction_type_id: number;
  status: number;
  receiver_user_id: bigint | null;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  total_amount: bigint;
  card_number: string | null;
  card_brand: string | null;
  currency_code: string;
  currency_decimals: number;
}

async function lockCardPaymentByToken(trx: Transaction<Database>, token: string): Promise<CardPaymentRow | undefined> {
  return trx
    .selectFrom('card_payments')
    .select(['id', 'state', 'transaction_id', 'wallet_id', 'expires_at'])
    .where('challenge_token', '=', sha256Hex(token))
    .forUpdate()
    .executeTakeFirst();
}

async function getPaymentTransaction(trx: Transaction<Database>, transactionId: bigint): Promise<PaymentTransaction> {
  const row = await trx
    .selectFrom('transactions')
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .select([
      'transactions.id',
      'transactions.uuid',
      'transactions.transaction_type_id',
      'transactions.status',
      'transactions.receiver_user_id',
      'transactions.amount',
      'transactions.fee',
      'transactions.vat',
      'transactions.total_amount',
      'transactions.card_number',
      'transactions.card_brand',
      'currencies.code as currency_code',
      'currencies.decimals as currency_decimals',
    ])
    .where('transactions.id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return { ...row, currency_code: row.currency_code.trim() };
}

async function setState(trx: Transaction<Database>, cardPaymentId: bigint, state: ChallengeState): Promise<void> {
  await trx.updateTable('card_payments').set({ state, updated_at: new Date() }).where('id', '=', cardPaymentId).execute();
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

async function approve(trx: Transaction<Database>, cardPayment: CardPaymentRow, payment: PaymentTransaction): Promise<void> {
  const posting = cardPaymentPosting({
    typeId: payment.transaction_type_id,
    walletId: cardPayment.wallet_id,
    currency: payment.currency_code,
    charges: { amountMinor: payment.amount, feeMinor: payment.fee, vatMinor: payment.vat, totalDebitMinor: payment.total_amount },
  });
  await postPendingEntries(trx, payment.id, TRANSACTION_STATUS.SUCCESS, posting.entries, posting.charges);
  await setState(trx, cardPayment.id, 'approved');
  await notifyDepositOutcome(trx, depositOf(payment), { ok: true });
}

/** Declined (2) or expired (3): the pending transaction is closed and nothing is posted. */
async function close(
  trx: Transaction<Database>,
  cardPayment: CardPaymentRow,
  payment: PaymentTransaction,
  state: 'declined' | 'expired',
): Promise<void> {
  const status = state === 'declined' ? TRANSACTION_STATUS.FAILED : TRANSACTION_STATUS.EXPIRED;
  const reason = state === 'declined' ? CHALLENGE_DECLINED_REASON : CHALLENGE_EXPIRED_REASON;
  const closed = await closePendingTransaction(trx, payment.id, status, reason);
  assert(closed, 'a card payment in challenge has a pending transaction');
  await setState(trx, cardPayment.id, state);
  await notifyDepositOutcome(trx, depositOf(payment), { ok: false, reason });
}

function viewOf(state: ChallengeState, payment: PaymentTransaction): ChallengeView {
  return {
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
    const cardPayment = await lockCardPaymentByToken(trx, token);
    if (!cardPayment) return undefined;
    const payment = await getPaymentTransaction(trx, cardPayment.transaction_id);
    if (cardPayment.state !== 'challenge') return viewOf(cardPayment.state, payment);
    if (new Date(cardPayment.expires_at).getTime() <= now.getTime()) {
      await close(trx, cardPayment, payment, 'expired');
      return viewOf('expired', payment);
    }
    switch (action) {
      case 'view':
        return viewOf('challenge', payment);
      case 'approve':
        await approve(trx, cardPayment, payment);
        return viewOf('approved', payment);
      case 'decline':
        await close(trx, cardPayment, payment, 'declined');
        return viewOf('declined', payment);
      default:
        return assertNever(action);
    }
  });
}

/**
 * Expires every challenge left unanswered past its 15 minutes (status 3, nothing posted).
 * Run by the job runner and safe on several nodes: rows another worker holds are skipped.
 * Returns how many were expired; at most EXPIRY_BATCH_SIZE x EXPIRY_BATCHES_PER_RUN_MAX a run.
 */
export async function expireStaleCardPayments(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  let expired = 0;
  for (let batch = 0; batch < EXPIRY_BATCHES_PER_RUN_MAX; batch++) {
    const count = await deps.db.transaction().execute(async (trx) => {
      const stale = await trx
        .selectFrom('card_payments')
        .select(['id', 'state', 'transaction_id', 'wallet_id', 'expires_at'])
        .where('state', '=', 'challenge')
        .where('expires_at', '<=', now)
        .orderBy('id')
        .limit(EXPIRY_BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const cardPayment of stale) {
        await close(trx, cardPayment, await getPaymentTransaction(trx, cardPayment.transaction_id), 'expired');
      }
      return stale.length;
    });
    expired += count;
    if (count < EXPIRY_BATCH_SIZE) break;
  }
  return expired;
}
