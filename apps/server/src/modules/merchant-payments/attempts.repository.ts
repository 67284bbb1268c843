// Queries of payment attempts and their step logs. Every read names the merchant.
import type { Queryable } from '../../db/database.ts';

export interface NewAttempt {
  uuid: string;
  merchantUserId: bigint;
  paymentLinkId: bigint | null;
  apiPaymentId: bigint | null;
  paymentToken: string;
  ip: string;
  message: string;
  data: Record<string, string>;
}

export async function insertAttempt(db: Queryable, attempt: NewAttempt): Promise<bigint> {
  const row = await db
    .insertInto('payment_attempts')
    .values({
      uuid: attempt.uuid,
      merchant_user_id: attempt.merchantUserId,
      payment_link_id: attempt.paymentLinkId,
      api_payment_id: attempt.apiPaymentId,
      payment_token: attempt.paymentToken,
      ip: attempt.ip,
      message: attempt.message,
      data: JSON.stringify(attempt.data),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Steps of one attempt, in one insert; their ids follow the order given (the timeline reads by id). */
export async function insertAttemptLogs(
  db: Queryable,
  logs: readonly { attemptId: bigint; message: string; ip: string; data: Record<string, string> }[],
): Promise<void> {
  if (logs.length === 0) return;
  await db
    .insertInto('payment_attempt_logs')
    .values(logs.map((log) => ({ attempt_id: log.attemptId, message: log.message, ip: log.ip, data: JSON.stringify(log.data) })))
    .execute();
}

export interface AttemptRow {
  id: bigint;
  uuid: string;
  merchant_user_id: bigint;
  payment_link_id: bigint | null;
  api_payment_id: bigint | null;
  payment_token: string;
  ip: string;
  message: string;
  data: Record<string, string>;
  transaction_id: bigint | null;
  transaction_uuid: string | null;
  created_at: Date;
}

function attemptQuery(db: Queryable, merchantUserId: bigint) {
  return db
    .selectFrom('payment_attempts')
    .leftJoin('transactions', 'transactions.id', 'payment_attempts.transaction_id')
    .select([
      'payment_attempts.id',
      'payment_attempts.uuid',
      'payment_attempts.merchant_user_id',
      'payment_attempts.payment_link_id',
      'payment_attempts.api_payment_id',
      'payment_attempts.payment_token',
      'payment_attempts.ip',
      'payment_attempts.message',
      'payment_attempts.data',
      'payment_attempts.transaction_id',
      'transactions.uuid as transaction_uuid',
      'payment_attempts.created_at',
    ])
    .where('payment_attempts.merchant_user_id', '=', merchantUserId);
}

export async function findAttemptById(db: Queryable, merchantUserId: bigint, attemptId: bigint): Promise<AttemptRow | undefined> {
  return attemptQuery(db, merchantUserId).where('payment_attempts.id', '=', attemptId).executeTakeFirst();
}

export async function findAttemptByUuid(db: Queryable, merchantUserId: bigint, uuid: string): Promise<AttemptRow | undefined> {
  return attemptQuery(db, merchantUserId).where('payment_attempts.uuid', '=', uuid).executeTakeFirst();
}

/** The attempts that made a transaction of the merchant (normally one), oldest first. */
export async function listAttemptsOfTransaction(db: Queryable, merchantUserId: bigint, transactionId: bigint): Promise<AttemptRow[]> {
  return attemptQuery(db, merchantUserId)
    .where('payment_attempts.transaction_id', '=', transactionId)
    .orderBy('payment_attempts.id')
    .execute();
}

/** Any attempt of any merchant, by id: for the payment service, which checks the merchant. */
export async function findAttemptOwner(
  db: Queryable,
  attemptId: bigint,
): Promise<{ merchant_user_id: bigint; transaction_id: bigint | null } | undefined> {
  return db.selectFrom('payment_attempts').select(['merchant_user_id', 'transaction_id']).where('id', '=', attemptId).executeTakeFirst();
}

export async function listAttemptLogs(
  db: Queryable,
  attemptId: bigint,
): Promise<{ message: string; ip: string; data: Record<string, string>; created_at: Date }[]> {
  return db
    .selectFrom('payment_attempt_logs')
    .select(['message', 'ip', 'data', 'created_at'])
    .where('attempt_id', '=', attemptId)
    .orderBy('id')
    .execute();
}

export async function listAttemptsOfLink(
  db: Queryable,
  merchantUserId: bigint,
  paymentLinkId: bigint,
): Promise<{ id: bigint; uuid: string; ip: string; created_at: Date }[]> {
  return db
    .selectFrom('payment_attempts')
    .select(['id', 'uuid', 'ip', 'created_at'])
    .where('merchant_user_id', '=', merchantUserId)
    .where('payment_link_id', '=', paymentLinkId)
    .orderBy('id', 'desc')
    .execute();
}

export async function setAttemptTransaction(db: Queryable, attemptId: bigint, transactionId: bigint): Promise<void> {
  await db.updateTable('payment_attempts').set({ transaction_id: transactionId }).where('id', '=', attemptId).execute();
}
