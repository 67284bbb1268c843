// The hosted checkout's queries: the attempts its pages opened, the payments they made, the claim
// of a single-use link while its payment is under way, and a currency's decimals.
import type { Queryable } from '../../db/database.ts';

export async function insertCheckoutAttempt(
  db: Queryable,
  row: { attemptUuid: string; attemptId: bigint; paymentLinkId: bigint },
): Promise<void> {
  await db
    .insertInto('checkout_attempts')
    .values({ attempt_uuid: row.attemptUuid, attempt_id: row.attemptId, payment_link_id: row.paymentLinkId })
    .execute();
}

/** The attempt of this uuid, only when it was opened on this link's page. */
export async function findCheckoutAttempt(
  db: Queryable,
  attemptUuid: string,
  paymentLinkId: bigint,
): Promise<{ attempt_id: bigint } | undefined> {
  return db
    .selectFrom('checkout_attempts')
    .select('attempt_id')
    .where('attempt_uuid', '=', attemptUuid)
    .where('payment_link_id', '=', paymentLinkId)
    .executeTakeFirst();
}

export async function insertCheckoutPayment(
  db: Queryable,
  row: { transactionId: bigint; paymentLinkId: bigint; attemptId: bigint; token: string },
): Promise<void> {
  await db
    .insertInto('checkout_payments')
    .values({ transaction_id: row.transactionId, payment_link_id: row.paymentLinkId, attempt_id: row.attemptId, token: row.token })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .execute();
}

export async function findCheckoutPayment(
  db: Queryable,
  transactionId: bigint,
): Promise<{ attempt_id: bigint; token: string; payment_link_id: bigint } | undefined> {
  return db
    .selectFrom('checkout_payments')
    .select(['attempt_id', 'token', 'payment_link_id'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The newest payment an attempt made. */
export async function latestPaymentOfAttempt(db: Queryable, attemptId: bigint): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('checkout_payments')
    .select('transaction_id')
    .where('attempt_id', '=', attemptId)
    .orderBy('transaction_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.transaction_id;
}

export async function findClaim(db: Queryable, paymentLinkId: bigint): Promise<{ attempt_id: bigint; expires_at: Date } | undefined> {
  return db
    .selectFrom('checkout_link_claims')
    .select(['attempt_id', 'expires_at'])
    .where('payment_link_id', '=', paymentLinkId)
    .executeTakeFirst();
}

/** Claims a link for one attempt (replacing a claim that has run out: the caller checked it under the link's lock). */
export async function putClaim(db: Queryable, row: { paymentLinkId: bigint; attemptId: bigint; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('checkout_link_claims')
    .values({ payment_link_id: row.paymentLinkId, attempt_id: row.attemptId, expires_at: row.expiresAt })
    .onConflict((oc) =>
      oc
        .column('payment_link_id')
        .doUpdateSet({ attempt_id: row.attemptId, transaction_id: null, expires_at: row.expiresAt, created_at: new Date() }),
    )
    .execute();
}

/** The claim now waits for this payment's 3-D Secure answer, until `expiresAt`. */
export async function attachClaimPayment(
  db: Queryable,
  row: { paymentLinkId: bigint; attemptId: bigint; transactionId: bigint; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('checkout_link_claims')
    .set({ transaction_id: row.transactionId, expires_at: row.expiresAt })
    .where('payment_link_id', '=', row.paymentLinkId)
    .where('attempt_id', '=', row.attemptId)
    .execute();
}

/** Gives back the claim this attempt holds (its payment ended, or never started). */
export async function releaseClaimOfAttempt(db: Queryable, paymentLinkId: bigint, attemptId: bigint): Promise<void> {
  await db.deleteFrom('checkout_link_claims').where('payment_link_id', '=', paymentLinkId).where('attempt_id', '=', attemptId).execute();
}

/** Gives back the claim that waited for this payment. */
export async function releaseClaimOfPayment(db: Queryable, paymentLinkId: bigint, transactionId: bigint): Promise<void> {
  await db
    .deleteFrom('checkout_link_claims')
    .where('payment_link_id', '=', paymentLinkId)
    .where('transaction_id', '=', transactionId)
    .execute();
}

export async function currencyDecimals(db: Queryable, code: string): Promise<number> {
  const row = await db.selectFrom('currencies').select('decimals').where('code', '=', code).executeTakeFirst();
  return row?.decimals ?? 2;
}

// ---- hosted API payments (merchant API): their attempts and payments live in the core's rows ----

/** The attempt of this uuid, only when it was opened on this hosted API payment's page. */
export async function findApiCheckoutAttempt(
  db: Queryable,
  attemptUuid: string,
  apiPaymentId: bigint,
): Promise<{ attempt_id: bigint } | undefined> {
  return db
    .selectFrom('payment_attempts')
    .select('id as attempt_id')
    .where('uuid', '=', attemptUuid)
    .where('api_payment_id', '=', apiPaymentId)
    .executeTakeFirst();
}

/**
 * Whether a payment of the hosted API payment is under way (its claim, read from what the page
 * already writes): a card submitted since `cardSince` whose charge has not yet made a payment nor
 * been given up (`givenUp` logged after it), or a payment of it waiting for 3-D Secure, made since
 * `challengeSince`. The caller holds the API payment's row lock, so the answer stays true until
 * it commits.
 */
export async function apiPaymentInProgress(
  db: Queryable,
  input: { apiPaymentId: bigint; submitted: string; givenUp: string; cardSince: Date; challengeSince: Date },
): Promise<boolean> {
  const challenged = await db
    .selectFrom('transactions')
    .innerJoin('merchant_payments', 'merchant_payments.transaction_id', 'transactions.id')
    .select('transactions.id')
    .where('transactions.api_payment_id', '=', input.apiPaymentId)
    .where('merchant_payments.state', '=', 'requires_action')
    .where('merchant_payments.created_at', '>', input.challengeSince)
    .limit(1)
    .executeTakeFirst();
  if (challenged) return true;
  const submitted = await db
    .selectFrom('payment_attempt_logs as step')
    .innerJoin('payment_attempts', 'payment_attempts.id', 'step.attempt_id')
    .select('step.id')
    .where('payment_attempts.api_payment_id', '=', input.apiPaymentId)
    .where('step.message', '=', input.submitted)
    .where('step.created_at', '>', input.cardSince)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('merchant_payments')
            .select('merchant_payments.transaction_id')
            .whereRef('merchant_payments.attempt_id', '=', 'step.attempt_id')
            .whereRef('merchant_payments.created_at', '>=', 'step.created_at'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_attempt_logs as later')
            .select('later.id')
            .whereRef('later.attempt_id', '=', 'step.attempt_id')
            .whereRef('later.id', '>', 'step.id')
            .where('later.message', '=', input.givenUp),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return submitted !== undefined;
}
