// Queries of card payments: the 3-D Secure state machine's rows (card_payments) and the
// pending transaction each one answers for. Kysely only; `db` or `trx` first.
import type { Transaction } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { CardPaymentsTable, Database } from '../../db/schema.ts';

export type ChallengeState = CardPaymentsTable['state'];

export type CardPaymentRow = Pick<CardPaymentsTable, 'state' | 'transaction_id' | 'wallet_id'> & { id: bigint; expires_at: Date };

const CARD_PAYMENT_COLUMNS = ['id', 'state', 'transaction_id', 'wallet_id', 'expires_at'] as const;

/** The transaction a card payment charges, with its currency (code trimmed). */
export interface PaymentTransaction {
  id: bigint;
  uuid: string;
  transaction_type_id: number;
  status: number;
  /** The acquirer's reference of the authorisation (it completes the challenge by it). */
  gateway_reference_id: string | null;
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

export interface NewChallenge {
  transactionId: bigint;
  walletId: bigint;
  /** sha256 of the page's token: the token itself is never stored. */
  challengeTokenSha256: string;
  expiresAt: Date;
}

export async function insertChallenge(db: Queryable, challenge: NewChallenge): Promise<void> {
  await db
    .insertInto('card_payments')
    .values({
      transaction_id: challenge.transactionId,
      wallet_id: challenge.walletId,
      challenge_token: challenge.challengeTokenSha256,
      state: 'challenge',
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** The card payment of a challenge token, locked (FOR UPDATE) until the transaction ends. */
export async function lockCardPaymentByToken(trx: Transaction<Database>, tokenSha256: string): Promise<CardPaymentRow | undefined> {
  return trx
    .selectFrom('card_payments')
    .select(CARD_PAYMENT_COLUMNS)
    .where('challenge_token', '=', tokenSha256)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Up to `limit` challenges still open at `now` past their expiry, oldest first, locked. Rows
 * another worker holds are skipped (SKIP LOCKED), so several nodes can expire side by side.
 */
export async function lockStaleChallenges(trx: Transaction<Database>, now: Date, limit: number): Promise<CardPaymentRow[]> {
  return trx
    .selectFrom('card_payments')
    .select(CARD_PAYMENT_COLUMNS)
    .where('state', '=', 'challenge')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function setChallengeState(db: Queryable, cardPaymentId: bigint, state: ChallengeState): Promise<void> {
  await db.updateTable('card_payments').set({ state, updated_at: new Date() }).where('id', '=', cardPaymentId).execute();
}

export async function getPaymentTransaction(db: Queryable, transactionId: bigint): Promise<PaymentTransaction> {
  const row = await db
    .selectFrom('transactions')
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .select([
      'transactions.id',
      'transactions.uuid',
      'transactions.transaction_type_id',
      'transactions.status',
      'transactions.gateway_reference_id',
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
  // currencies.code is char(3): trim the padding once, here.
  return { ...row, currency_code: row.currency_code.trim() };
}
