// Queries of refund requests for the merchant's list, the console's queue and the decisions on a
// Pending request. Opening and posting a refund (the money) is the payments core's
// (merchant-payments/refund.service.ts); this module decides and reads.
import { REFUND_REQUEST_STATUS } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, inChannels, likePattern, withinDays, type ChannelFilter, type DayRange } from '../../db/lists.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PREFIX_PATTERN = /^[0-9a-f-]{1,36}$/i;

export interface RefundListParams {
  /** The merchant whose requests are listed; null in the console (every merchant). */
  merchantUserId: bigint | null;
  days: DayRange;
  /** Checked to be the merchant's by stores.service (null: no scope). */
  channels: ChannelFilter;
  currencyId?: number | undefined;
  status?: number | undefined;
  search?: string | undefined;
  /** One request only: the answer of a create reads its row through the list. */
  onlyId?: bigint | undefined;
}

export interface RefundRow {
  id: bigint;
  uuid: string;
  merchant_user_id: bigint;
  transaction_id: bigint;
  reference_id: string | null;
  status: number;
  description: string | null;
  amount: bigint;
  added_by: bigint | null;
  source: 'merchant' | 'api' | 'pos' | 'console';
  created_at: Date;
  updated_at: Date;
  payment_uuid: string;
  currency_code: string;
  channel_name: string | null;
  channel_code: string | null;
  adder_first_name: string | null;
  adder_last_name: string | null;
  merchant_first_name: string;
  merchant_last_name: string;
  merchant_email: string;
  merchant_business_name: string | null;
}

function filteredRefunds(db: Queryable, params: RefundListParams) {
  return db
    .selectFrom('refund_requests')
    .innerJoin('transactions', 'transactions.id', 'refund_requests.transaction_id')
    .innerJoin('users', 'users.id', 'refund_requests.merchant_user_id')
    .$if(params.merchantUserId !== null, (query) => query.where('refund_requests.merchant_user_id', '=', params.merchantUserId!))
    .where(withinDays('refund_requests.created_at', params.days))
    .$if(params.channels !== null, (query) => query.where(inChannels('transactions.channel_id', params.channels)))
    .$if(params.currencyId !== undefined, (query) => query.where('transactions.currency_id', '=', params.currencyId!))
    .$if(params.status !== undefined, (query) => query.where('refund_requests.status', '=', params.status!))
    .$if(params.onlyId !== undefined, (query) => query.where('refund_requests.id', '=', params.onlyId!));
}

/** The refund requests, newest first: the merchant's (their screen, the export) or every merchant's (the console). */
export const refundListSource = defineListSource({
  name: 'refunds',
  key: 'refund_requests.id',
  filtered: (db: Queryable, params: RefundListParams) =>
    filteredRefunds(db, params).$if(Boolean(params.search), (query) =>
      // A whole uuid finds the refund or the payment exactly; hex and dashes, a uuid's beginning;
      // anything else, part of the description (and in the console, of the merchant).
      query.where((eb) => {
        const text = params.search!.toLowerCase();
        const words = likePattern(text, 'contains');
        const byText = [eb('refund_requests.description', 'ilike', words)];
        if (params.merchantUserId === null) {
          byText.push(eb('users.email', 'ilike', words), eb('users.business_name', 'ilike', words), eb('users.first_name', 'ilike', words));
        }
        if (UUID_PATTERN.test(text)) return eb.or([eb('refund_requests.uuid', '=', text), eb('transactions.uuid', '=', text), ...byText]);
        if (!UUID_PREFIX_PATTERN.test(text)) return eb.or(byText);
        const prefix = likePattern(text, 'prefix');
        return eb.or([
          eb(eb.cast('refund_requests.uuid', 'text'), 'like', prefix),
          eb(eb.cast('transactions.uuid', 'text'), 'like', prefix),
          ...byText,
        ]);
      }),
    ),
  columns: (query) =>
    query
      .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
      .leftJoin('channels', 'channels.id', 'transactions.channel_id')
      .leftJoin('users as adder', 'adder.id', 'refund_requests.added_by')
      .select([
        'refund_requests.id',
        'refund_requests.uuid',
        'refund_requests.merchant_user_id',
        'refund_requests.transaction_id',
        'refund_requests.reference_id',
        'refund_requests.status',
        'refund_requests.description',
        'refund_requests.amount',
        'refund_requests.added_by',
        'refund_requests.source',
        'refund_requests.created_at',
        'refund_requests.updated_at',
        'transactions.uuid as payment_uuid',
        'currencies.code as currency_code',
        'channels.name as channel_name',
        'channels.code as channel_code',
        'adder.first_name as adder_first_name',
        'adder.last_name as adder_last_name',
        'users.first_name as merchant_first_name',
        'users.last_name as merchant_last_name',
        'users.email as merchant_email',
        'users.business_name as merchant_business_name',
      ]),
  keyOf: (row: RefundRow) => row.id,
});

export interface RefundStatusRow {
  refund_request_id: bigint;
  status: number;
  comment: string | null;
  created_at: Date;
}

/** The status history of these requests, oldest first per request. */
export async function listRefundStatuses(db: Queryable, requestIds: readonly bigint[]): Promise<RefundStatusRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('refund_request_details')
    .select(['refund_request_id', 'status', 'comment', 'created_at'])
    .where('refund_request_id', 'in', requestIds)
    .orderBy('refund_request_id')
    .orderBy('id')
    .execute();
}

export interface RefundDecisionRow {
  id: bigint;
  uuid: string;
  merchant_user_id: bigint;
  transaction_id: bigint;
  amount: bigint;
  status: number;
}

/**
 * Moves a Pending request to `to` in one conditional statement: of two decisions at once (two
 * approvals, an approval and a cancel), one finds it Pending and the other finds nothing.
 * `merchantUserId` null: any merchant's (the console).
 */
export async function decidePendingRefund(
  db: Queryable,
  refundRequestId: bigint,
  merchantUserId: bigint | null,
  to: number,
): Promise<RefundDecisionRow | undefined> {
  return db
    .updateTable('refund_requests')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', refundRequestId)
    .where('status', '=', REFUND_REQUEST_STATUS.PENDING)
    .$if(merchantUserId !== null, (query) => query.where('merchant_user_id', '=', merchantUserId!))
    .returning(['id', 'uuid', 'merchant_user_id', 'transaction_id', 'amount', 'status'])
    .executeTakeFirst();
}

/** Initiated -> `to` (the job's rejection of a refund the wallet cannot pay), conditional like a decision. */
export async function decideInitiatedRefund(db: Queryable, refundRequestId: bigint, to: number): Promise<RefundDecisionRow | undefined> {
  return db
    .updateTable('refund_requests')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', refundRequestId)
    .where('status', '=', REFUND_REQUEST_STATUS.INITIATED)
    .returning(['id', 'uuid', 'merchant_user_id', 'transaction_id', 'amount', 'status'])
    .executeTakeFirst();
}

/** What a notice of a refund names: its payment's uuid and currency. */
export async function findRefundPaymentFacts(
  db: Queryable,
  refundRequestId: bigint,
): Promise<{ payment_uuid: string; currency_code: string }> {
  const row = await db
    .selectFrom('refund_requests')
    .innerJoin('transactions', 'transactions.id', 'refund_requests.transaction_id')
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .select(['transactions.uuid as payment_uuid', 'currencies.code as currency_code'])
    .where('refund_requests.id', '=', refundRequestId)
    .executeTakeFirstOrThrow();
  return { payment_uuid: row.payment_uuid, currency_code: row.currency_code.trim() };
}

/** A request's status, for the refusal of a decision on one that is not Pending. */
export async function findRefundStatus(
  db: Queryable,
  refundRequestId: bigint,
  merchantUserId: bigint | null,
): Promise<{ status: number } | undefined> {
  return db
    .selectFrom('refund_requests')
    .select('status')
    .where('id', '=', refundRequestId)
    .$if(merchantUserId !== null, (query) => query.where('merchant_user_id', '=', merchantUserId!))
    .executeTakeFirst();
}

/** A payment-like transaction of the merchant by uuid, with its type and state row when it is a card payment. */
export async function findMerchantPaymentByUuid(
  db: Queryable,
  merchantUserId: bigint,
  uuid: string,
): Promise<{ id: bigint; transaction_type_id: number; receiver_user_id: bigint | null; is_card_payment: boolean } | undefined> {
  const row = await db
    .selectFrom('transactions')
    .leftJoin('merchant_payments', 'merchant_payments.transaction_id', 'transactions.id')
    .select([
      'transactions.id',
      'transactions.transaction_type_id',
      'transactions.receiver_user_id',
      'merchant_payments.merchant_user_id as mp_merchant',
    ])
    .where('transactions.uuid', '=', uuid)
    .where((eb) =>
      eb.or([eb('transactions.receiver_user_id', '=', merchantUserId), eb('transactions.sender_user_id', '=', merchantUserId)]),
    )
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      transaction_type_id: row.transaction_type_id,
      receiver_user_id: row.receiver_user_id,
      is_card_payment: row.mp_merchant === merchantUserId,
    }
  );
}

/** A card payment of the merchant's (its state row), without a lock: what refundAmountDetails reads. */
export async function findPaymentAmounts(
  db: Queryable,
  merchantUserId: bigint,
  transactionId: bigint,
): Promise<{ transaction_id: bigint; captured_amount: bigint; refunded_amount: bigint } | undefined> {
  return db
    .selectFrom('merchant_payments')
    .select(['transaction_id', 'captured_amount', 'refunded_amount'])
    .where('transaction_id', '=', transactionId)
    .where('merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
}
