// The queries of the expiry of hosted API payments (api-payment-expiry.service.ts): which are
// due, and the stored expiry itself. A hosted payment is due when it is still Initiated (1) and
// its page time (created_at + exipres_in) ran out; a payer in the middle of paying (a live
// checkout claim, kept while 3-D Secure waits) keeps it open.
import { sql, type Transaction } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

const INITIATED = 1;
const EXPIRED = 3;

/** The moment a hosted payment's page stops taking payment. */
const expiresAt = sql<Date>`api_payments.created_at + make_interval(secs => api_payments.exipres_in)`;

/**
 * Hosted payments still Initiated whose page time ran out by `dueBy`, after `afterId`, by id (the
 * run's cursor). Claimed ones are listed too: the run skips them, and a later run finds them again.
 * Served by the partial index api_payments_open_hosted (migration 0020).
 */
export async function listDueHostedApiPayments(db: Queryable, dueBy: Date, afterId: bigint | null, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('api_payments')
    .select('id')
    .where('mode', '=', 'hosted')
    .where('status', '=', INITIATED)
    .where(expiresAt, '<=', dueBy)
    .$if(afterId !== null, (query) => query.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Locks an API payment's row (FOR UPDATE), as the checkout does before it claims the payment. */
export async function lockApiPaymentRow(trx: Transaction<Database>, id: bigint): Promise<boolean> {
  const row = await trx.selectFrom('api_payments').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores the expiry of a locked hosted payment: status 3 Expired and the API status 'expired',
 * as every reader derived it until now. Only if it is still Initiated, due by `dueBy`, and no
 * payer holds a live claim on it. Undefined when it was not expired (nothing written).
 */
export async function expireHostedApiPayment(
  trx: Transaction<Database>,
  id: bigint,
  dueBy: Date,
): Promise<{ uuid: string; merchant_user_id: bigint } | undefined> {
  return trx
    .updateTable('api_payments')
    .set({ status: EXPIRED, payment_status: 'expired', updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('mode', '=', 'hosted')
    .where('status', '=', INITIATED)
    .where(expiresAt, '<=', dueBy)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('checkout_claims')
            .select('checkout_claims.attempt_id')
            .whereRef('checkout_claims.api_payment_id', '=', 'api_payments.id')
            .where('checkout_claims.expires_at', '>', sql<Date>`now()`),
        ),
      ),
    )
    .returning(['uuid', 'merchant_user_id'])
    .executeTakeFirst();
}
