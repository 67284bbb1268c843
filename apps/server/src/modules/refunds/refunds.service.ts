// Refund requests of the back office and the console (spec 2 'Refund requests', DECISIONS 17,
// 18, 27, 32, 52). The money is the payments core's (merchant-payments/refund.service.ts): it
// opens a request under the payment's lock and posts an Initiated one once. This module decides:
//
//   create-refund-request  -> 0 Pending (openRefund)
//   cancel-refund-request  0 -> 3 Canceled (the merchant)
//   admin/process-refund   0 -> 1 Initiated, job 'process-refund' -> 2 Processed (postApprovedRefund)
//                          0 -> 4 Rejected, with the console's comment; the merchant is notified
//   the job, when the wallet cannot pay: 1 -> 4 Rejected, 'The balance is not enough ...'
//
// A decision is one conditional statement on a Pending row, so two at once (two approvals, an
// approval and a cancel) cannot both apply; each leaves its row in the status history.
import {
  errorMessage,
  REFUND_REQUEST_STATUS,
  REFUND_REQUEST_STATUS_LABEL,
  type TAdminGetRefundRequestsInput,
  type TAdminProcessRefundInput,
  type TAdminRefundRow,
  type TCancelRefundRequestInput,
  type TCreateRefundRequestInput,
  type TRefundAmountDetails,
  type TRefundFilters,
  type TRefundRow,
} from '@paywallet/contract';
import { assert, minorToWire, TransactionType } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { AppError, fail } from '../../transport/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCurrency } from '../merchant-payments/fees.service.ts';
import { openRefund, postApprovedRefund, recordRefundStatus, remainingRefundable } from '../merchant-payments/refund.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import {
  decideInitiatedRefund,
  decidePendingRefund,
  findMerchantPaymentByUuid,
  findPaymentAmounts,
  findRefundPaymentFacts,
  findRefundStatus,
  listRefundStatuses,
  refundListSource,
  type RefundDecisionRow,
  type RefundListParams,
  type RefundRow,
} from './refunds.repository.ts';
import { REFUND_REJECTED, REJECTION_REASON_MAX_CHARS } from './refunds.notifications.ts';

/** Types 8, 9 and 10 are refundable (DECISIONS 27). */
const REFUNDABLE_TYPES: readonly number[] = [TransactionType.PaymentLinkPayment, TransactionType.ApiPayment, TransactionType.PosPayment];
/** The step an approved refund's job writes on the payment's attempt. */
const JOB_IP = '0.0.0.0';

function statusLabel(status: number): string {
  const label = REFUND_REQUEST_STATUS_LABEL[status];
  assert(label !== undefined, `unknown refund status ${status}`);
  return label;
}

// ---- the list ---------------------------------------------------------------------------------

/** A refund request as the lists read it (the console's merchant included), before its history. */
export type RefundView = Omit<TRefundRow, 'details'> & { merchant: TAdminRefundRow['merchant'] };

function refundView(row: RefundRow): RefundView {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    transaction_id: Number(row.transaction_id),
    reference_id: row.reference_id,
    status: row.status,
    status_str: statusLabel(row.status),
    description: row.description,
    amount: minorToWire(row.amount),
    added_by: row.added_by === null ? null : Number(row.added_by),
    added_by_user: row.adder_first_name === null ? null : { first_name: row.adder_first_name, last_name: row.adder_last_name ?? '' },
    source: row.source,
    user_id: Number(row.merchant_user_id),
    refunded_transaction: {
      uuid: row.payment_uuid,
      currency: { code: row.currency_code.trim() },
      channel: row.channel_name === null ? null : { name: row.channel_name, code: row.channel_code ?? '' },
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    merchant: {
      id: Number(row.merchant_user_id),
      first_name: row.merchant_first_name,
      last_name: row.merchant_last_name,
      email: row.merchant_email,
      business_name: row.merchant_business_name,
    },
  };
}

/** The refund list: the merchant's screen pages it, the refunds report streams it, the console pages every merchant's. */
export const refundList = defineList({ source: refundListSource, view: refundView });

/** The list's params from the filters, after the store scope's checks (STORE_, TERMINAL_, CHANNEL_NOT_FOUND). */
export async function refundListParams(db: Queryable, merchantUserId: bigint, filters: TRefundFilters): Promise<RefundListParams> {
  const channels = await resolveStoreScope(db, merchantUserId, filters);
  return {
    merchantUserId,
    days: { fromDate: filters.fromDate, toDate: filters.toDate },
    channels,
    currencyId: filters.currencyId,
    status: filters.status,
    search: filters.search,
  };
}

/** Each row with its status history, oldest first (spec 2 'Refund status history row'). */
async function withDetails(db: Queryable, views: readonly RefundView[]): Promise<Array<RefundView & Pick<TRefundRow, 'details'>>> {
  const rows = await listRefundStatuses(
    db,
    views.map((view) => BigInt(view.id)),
  );
  const detailsOf = new Map<number, TRefundRow['details']>();
  for (const row of rows) {
    const list = detailsOf.get(Number(row.refund_request_id)) ?? [];
    list.push({ status: row.status, status_str: statusLabel(row.status), comment: row.comment, created_at: row.created_at.toISOString() });
    detailsOf.set(Number(row.refund_request_id), list);
  }
  return views.map((view) => ({ ...view, details: detailsOf.get(view.id) ?? [] }));
}

const merchantRow = ({ merchant: _merchant, ...row }: RefundView & Pick<TRefundRow, 'details'>): TRefundRow => row;

export async function getAllRefunds(deps: Deps, merchantUserId: bigint, input: TRefundFilters & { page: number; perPage: number }) {
  const page = await listPage(deps.db, refundList, await refundListParams(deps.db, merchantUserId, input), input);
  return { data: (await withDetails(deps.db, page.data)).map(merchantRow), paginationData: page.paginationData };
}

export async function getRefundRequestsForConsole(deps: Deps, input: TAdminGetRefundRequestsInput) {
  const params: RefundListParams = {
    merchantUserId: input.merchantId === undefined ? null : BigInt(input.merchantId),
    days: { fromDate: input.fromDate, toDate: input.toDate },
    channels: null,
    currencyId: input.currencyId,
    status: input.status,
    search: input.search,
  };
  // One merchant's queue is read with that merchant's search rules; the console's search also reads the merchant.
  const page = await listPage(deps.db, refundList, params, input);
  return { data: await withDetails(deps.db, page.data), paginationData: page.paginationData };
}

async function refundRowOf(db: Queryable, merchantUserId: bigint, requestId: bigint): Promise<TRefundRow> {
  const page = await listPage(db, refundList, { merchantUserId, days: {}, channels: null, onlyId: requestId }, { page: 1, perPage: 1 });
  const view = page.data[0];
  assert(view !== undefined && view.id === Number(requestId), 'a refund request just written is listed');
  return merchantRow((await withDetails(db, [view]))[0]!);
}

// ---- create -----------------------------------------------------------------------------------

/** The merchant's card payment a create names by uuid: not theirs is not found; not a payment of types 8, 9, 10 is not refundable. */
async function refundablePaymentId(db: Queryable, merchantUserId: bigint, uuid: string): Promise<bigint> {
  const found = await findMerchantPaymentByUuid(db, merchantUserId, uuid.toLowerCase());
  if (!found) fail('TRANSACTION_NOT_FOUND');
  if (!REFUNDABLE_TYPES.includes(found.transaction_type_id) || !found.is_card_payment) fail('TRANSACTION_NOT_REFUNDABLE');
  return found.id;
}

/**
 * A refund request from the back office, Pending until the console decides. A second identical
 * request of the same person on the same payment while the first is still Pending and less than
 * DUPLICATE_WINDOW_MS old answers the first and opens nothing (DECISIONS 4: a double click, a
 * retried request); the check runs under the payment's lock, so two at once open one.
 */
export async function createRefundRequest(
  deps: Deps,
  audit: AuditTrail,
  who: { merchantUserId: bigint; actorUserId: bigint },
  input: TCreateRefundRequestInput,
): Promise<TRefundRow> {
  const transactionId = await refundablePaymentId(deps.db, who.merchantUserId, input.transactionId);
  const partial = input.isPartial === 1;
  const amountMinor = input.amount === undefined ? undefined : BigInt(input.amount);
  const requestId = await deps.db.transaction().execute(async (trx) => {
    const opened = await openRefund(
      trx,
      {
        merchantUserId: who.merchantUserId,
        transactionId,
        ...(partial ? { amountMinor } : { wholeShownMinor: amountMinor }),
        source: 'merchant',
        description: input.description ?? null,
        addedBy: who.actorUserId,
        duplicateWindowMs: DUPLICATE_WINDOW_MS,
      },
      REFUND_REQUEST_STATUS.PENDING,
    );
    await audit.record(trx, {
      subject: { type: 'refund_request', id: opened.requestId },
      detail: { amount: minorToWire(opened.amountMinor), isPartial: input.isPartial, ...(opened.replayed ? { replayed: true } : {}) },
    });
    return opened.requestId;
  });
  return refundRowOf(deps.db, who.merchantUserId, requestId);
}

export const DUPLICATE_WINDOW_MS = 60_000;

// ---- decisions --------------------------------------------------------------------------------

/** The refusal of a decision that found no Pending row: another merchant's or unknown is not found. */
async function notPending(db: Queryable, requestId: bigint, merchantUserId: bigint | null): Promise<never> {
  const found = await findRefundStatus(db, requestId, merchantUserId);
  if (!found) fail('REFUND_NOT_FOUND');
  fail('REFUND_NOT_PENDING', { status: statusLabel(found.status) });
}

/** DECISIONS 18: only a Pending refund is canceled, and it becomes 3 Canceled. */
export async function cancelRefundRequest(
  deps: Deps,
  audit: AuditTrail,
  who: { merchantUserId: bigint; actorUserId: bigint },
  input: TCancelRefundRequestInput,
): Promise<{ status: number; status_str: string }> {
  const requestId = BigInt(input.refundId);
  return deps.db.transaction().execute(async (trx) => {
    const decided = await decidePendingRefund(trx, requestId, who.merchantUserId, REFUND_REQUEST_STATUS.CANCELED);
    if (!decided) return notPending(trx, requestId, who.merchantUserId);
    await recordRefundStatus(trx, { requestId, status: REFUND_REQUEST_STATUS.CANCELED, comment: null, actorUserId: who.actorUserId });
    await audit.record(trx, { subject: { type: 'refund_request', id: requestId } });
    return { status: decided.status, status_str: statusLabel(decided.status) };
  });
}

/**
 * The console's decision on a Pending refund: approve makes it Initiated and enqueues the job
 * that moves its money (in the same transaction: an approval is never left without its job);
 * reject makes it Rejected with the comment, and the merchant is told why.
 */
export async function processRefund(
  deps: Deps,
  audit: AuditTrail,
  adminUserId: bigint,
  input: TAdminProcessRefundInput,
): Promise<{ id: number; status: number; status_str: string }> {
  const requestId = BigInt(input.refundId);
  const approve = input.status === REFUND_REQUEST_STATUS.PROCESSED;
  const to = approve ? REFUND_REQUEST_STATUS.INITIATED : REFUND_REQUEST_STATUS.REJECTED;
  return deps.db.transaction().execute(async (trx) => {
    const decided = await decidePendingRefund(trx, requestId, null, to);
    if (!decided) return notPending(trx, requestId, null);
    await recordRefundStatus(trx, { requestId, status: to, comment: input.comment || null, actorUserId: adminUserId });
    if (approve) await enqueueJob(trx, 'process-refund', { refundRequestId: String(requestId) });
    else await notifyRejected(trx, decided, input.comment);
    await audit.record(trx, {
      subject: { type: 'refund_request', id: requestId },
      detail: { status: to, merchant: String(decided.merchant_user_id) },
    });
    return { id: Number(requestId), status: to, status_str: statusLabel(to) };
  });
}

async function notifyRejected(db: Queryable, refund: RefundDecisionRow, reason: string): Promise<void> {
  const facts = await findRefundPaymentFacts(db, refund.id);
  const currency = await findCurrency(db, facts.currency_code);
  assert(currency !== undefined, `the currency ${facts.currency_code} of refund ${refund.id} exists`);
  await notify(db, refund.merchant_user_id, REFUND_REJECTED, {
    refundId: refund.uuid,
    transactionId: facts.payment_uuid,
    amount: minorToWire(refund.amount),
    currency: currency.code,
    decimals: currency.decimals,
    reason: reason.slice(0, REJECTION_REASON_MAX_CHARS),
  });
}

/**
 * The job of an approved refund: posts it once (postApprovedRefund is a no-op for a request no
 * longer Initiated, and its posting key refuses a second posting). When the merchant's wallet
 * cannot pay it, the refund is Rejected with that reason and the merchant told; nothing moved.
 */
export async function runApprovedRefund(deps: Deps, requestId: bigint): Promise<'processed' | 'skipped' | 'rejected'> {
  try {
    const posted = await postApprovedRefund(deps, requestId, {
      ip: JOB_IP,
      audit: (trx, change) =>
        recordAudit(trx, {
          action: 'refund.post',
          actorUserId: null,
          actingAs: 'system',
          onBehalfOfUserId: change.payment.merchantUserId,
          impersonatorUserId: null,
          sessionId: null,
          ip: null,
          callPath: null,
          subjectType: 'refund_request',
          subjectId: String(requestId),
          detail: { amount: minorToWire(change.refund?.amountMinor ?? 0n), payment: change.payment.uuid },
        }),
    });
    return posted ? 'processed' : 'skipped';
  } catch (error) {
    if (!(error instanceof AppError) || error.reason !== 'REFUND_BALANCE_INSUFFICIENT') throw error;
    const reason = errorMessage('REFUND_BALANCE_INSUFFICIENT');
    return deps.db.transaction().execute(async (trx) => {
      const decided = await decideInitiatedRefund(trx, requestId, REFUND_REQUEST_STATUS.REJECTED);
      if (!decided) return 'skipped' as const;
      await recordRefundStatus(trx, { requestId, status: REFUND_REQUEST_STATUS.REJECTED, comment: reason, actorUserId: null });
      await notifyRejected(trx, decided, reason);
      return 'rejected' as const;
    });
  }
}

// ---- the refund amounts of one payment (get-transactions, refundAmountDetails=1) -----------------

/** transaction amount (captured), processed, pending (Pending and Initiated) and remaining refunds of the merchant's payment. */
export async function refundAmountDetails(
  db: Queryable,
  merchantUserId: bigint,
  paymentUuid: string | undefined,
): Promise<TRefundAmountDetails> {
  if (!paymentUuid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(paymentUuid)) fail('TRANSACTION_NOT_FOUND');
  const transactionId = await refundablePaymentId(db, merchantUserId, paymentUuid);
  const payment = await findPaymentAmounts(db, merchantUserId, transactionId);
  assert(payment !== undefined, 'a refundable payment has its state row');
  const { openMinor, remainingMinor } = await remainingRefundable(db, payment);
  return {
    transactionAmount: minorToWire(payment.captured_amount),
    processedRefundAmount: minorToWire(payment.refunded_amount),
    pendingRefundsAmount: minorToWire(openMinor),
    remainingRefundAmount: minorToWire(remainingMinor > 0n ? remainingMinor : 0n),
  };
}
