// The stored expiry of hosted API payments (DECISIONS 31): a hosted payment whose page time ran
// out becomes 3 Expired in its row, with an audit row as the system, instead of being expired
// only when read. It is a batch run (jobs/batch-runs.ts, docs/jobs.md "Batch runs") of the kind
// 'expire-hosted-api-payments': the period is a minute's start, its items the payments due by
// then, by id; the job of api-payments.jobs.ts starts one every minute with something to do.
//
// Every reader already treats a hosted payment past its time as Expired (payableOf and
// getApiPayments derive status 3, the merchant API derives 'expired'): the stored row says the
// same thing, status 3 with the API status 'expired', so nothing read changes when the job has run.
import type { Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { BatchItem, BatchItemContext, BatchItemOutcome } from '../../jobs/batch-runs.ts';
import { expireHostedApiPayment, listDueHostedApiPayments, lockApiPaymentRow } from './api-payment-expiry.repository.ts';

export const API_PAYMENT_EXPIRY_KIND = 'expire-hosted-api-payments';
export const API_PAYMENT_EXPIRY_EVERY_MS = 60_000;
export const API_PAYMENT_EXPIRY_PAGE_SIZE = 100;
export const API_PAYMENT_EXPIRY_ITEMS_PER_JOB_MAX = 2_000;

/** One hosted payment of a run; its id is the run's cursor (decimal digits). */
export interface ApiPaymentExpiryItem extends BatchItem {
  apiPaymentId: bigint;
}

/** The period of `now`: the start of its minute, ISO 8601 (the schedule's slot). */
export function expiryPeriodOf(now: Date): string {
  return new Date(Math.floor(now.getTime() / API_PAYMENT_EXPIRY_EVERY_MS) * API_PAYMENT_EXPIRY_EVERY_MS).toISOString();
}

/** The moment a period stands for: payments due by then are its items. */
function dueByOf(period: string): Date {
  const dueBy = new Date(period);
  assert(!Number.isNaN(dueBy.getTime()) && dueBy.toISOString() === period, `an expiry period is an ISO instant, got "${period}"`);
  return dueBy;
}

export async function listExpiryItems(
  db: Queryable,
  period: string,
  cursor: string | null,
  limit: number,
): Promise<ApiPaymentExpiryItem[]> {
  assert(cursor === null || /^\d{1,19}$/.test(cursor), 'the expiry cursor is an API payment id');
  const ids = await listDueHostedApiPayments(db, dueByOf(period), cursor === null ? null : BigInt(cursor), limit);
  return ids.map((id) => ({ cursor: String(id), apiPaymentId: id }));
}

/**
 * Expires one payment in the item's transaction: the row is locked first (a checkout that is
 * claiming it finishes before), then, in a statement that sees what that checkout committed,
 * stored as Expired if it is still Initiated, due and unclaimed. Otherwise (paid meanwhile, or a
 * payer in 3-D Secure) it is skipped, and a later run looks at it again.
 */
export async function expireApiPaymentItem(
  trx: Transaction<Database>,
  item: ApiPaymentExpiryItem,
  context: BatchItemContext,
): Promise<BatchItemOutcome> {
  if (!(await lockApiPaymentRow(trx, item.apiPaymentId))) return 'skipped';
  const expired = await expireHostedApiPayment(trx, item.apiPaymentId, dueByOf(context.run.period));
  if (!expired) return 'skipped';
  await context.audit(trx, {
    action: 'api-payment.expire',
    subject: { type: 'api_payment', id: expired.uuid },
    onBehalfOfUserId: expired.merchant_user_id,
  });
  return 'done';
}
