// The hosted checkout's queries: the attempts its pages opened, the payments they made, the claim
// of a single-use link or hosted API payment while its payment is under way, and a currency's
// decimals.
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

/**
 * What a claim is of: a single-use link or a hosted API payment (the checkout's source, which
 * has these two fields). A claim row names exactly one of them (migration 0019).
 */
export interface ClaimOf {
  kind: 'link' | 'api';
  id: bigint;
}

function claimColumn(of: ClaimOf): 'payment_link_id' | 'api_payment_id' {
  return of.kind === 'link' ? 'payment_link_id' : 'api_payment_id';
}

export async function findClaim(db: Queryable, of: ClaimOf): Promise<{ attempt_id: bigint; expires_at: Date } | undefined> {
  return db.selectFrom('checkout_claims').select(['attempt_id', 'expires_at']).where(claimColumn(of), '=', of.id).executeTakeFirst();
}

/** Claims a link or API payment for one attempt (replacing a claim that has run out: the caller checked it under the row's lock). */
export async function putClaim(db: Queryable, row: { of: ClaimOf; attemptId: bigint; expiresAt: Date }): Promise<void> {
  const column = claimColumn(row.of);
  await db
    .insertInto('checkout_claims')
    .values({
      payment_link_id: row.of.kind === 'link' ? row.of.id : null,
      api_payment_id: row.of.kind === 'api' ? row.of.id : null,
      attempt_id: row.attemptId,
      expires_at: row.expiresAt,
    })
    // The unique index of the column is partial (the other kind's rows have it null).
    .onConflict((oc) =>
      oc
        .column(column)
        .where(column, 'is not', null)
        .doUpdateSet({ attempt_id: row.attemptId, transaction_id: null, expires_at: row.expiresAt, created_at: new Date() }),
    )
    .execute();
}

/** The claim now waits for this payment's 3-D Secure answer, until `expiresAt`. */
export async function attachClaimPayment(
  db: Queryable,
  row: { of: ClaimOf; attemptId: bigint; transactionId: bigint; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('checkout_claims')
    .set({ transaction_id: row.transactionId, expires_at: row.expiresAt })
    .where(claimColumn(row.of), '=', row.of.id)
    .where('attempt_id', '=', row.attemptId)
    .execute();
}

/** Gives back the claim this attempt holds (its payment ended, or never started). */
export async function releaseClaimOfAttempt(db: Queryable, of: ClaimOf, attemptId: bigint): Promise<void> {
  await db.deleteFrom('checkout_claims').where(claimColumn(of), '=', of.id).where('attempt_id', '=', attemptId).execute();
}

/** Gives back the claim that waited for this payment. */
export async function releaseClaimOfPayment(db: Queryable, of: ClaimOf, transactionId: bigint): Promise<void> {
  await db.deleteFrom('checkout_claims').where(claimColumn(of), '=', of.id).where('transaction_id', '=', transactionId).execute();
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
