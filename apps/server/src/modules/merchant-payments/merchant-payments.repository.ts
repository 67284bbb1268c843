// Queries of card payments to merchants: the channel a payment comes through (with its store),
// the merchant_payments state rows (locked while captured, voided or refunded), the view of a
// payment, and refund requests. Every read names the merchant.
import { REFUND_REQUEST_STATUS } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { MerchantPaymentState, MerchantPaymentsTable } from '../../db/schema.ts';

export interface PaymentChannelRow {
  id: bigint;
  type: 'online' | 'pos';
  status: number;
  store_status: number;
}

/**
 * What a charge checks before it prices (chargeCard), in one read: the attempt's merchant, and
 * the merchant's channel with its store's status (undefined for another merchant's channel, or
 * one whose store is another's). Undefined for an unknown attempt.
 */
export async function findChargeTarget(
  db: Queryable,
  input: { attemptId: bigint; merchantUserId: bigint; channelId: bigint },
): Promise<{ attemptMerchantUserId: bigint; channel: PaymentChannelRow | undefined } | undefined> {
  const row = await db
    .selectFrom('payment_attempts as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('channels')
          .innerJoin('stores', 'stores.id', 'channels.store_id')
          .select(['channels.id', 'channels.type', 'channels.status', 'stores.status as store_status'])
          .where('channels.id', '=', input.channelId)
          .where('channels.merchant_user_id', '=', input.merchantUserId)
          .where('stores.merchant_user_id', '=', input.merchantUserId)
          .as('ch'),
      (join) => join.onTrue(),
    )
    .select(['a.merchant_user_id', 'ch.id', 'ch.type', 'ch.status', 'ch.store_status'])
    .where('a.id', '=', input.attemptId)
    .executeTakeFirst();
  if (!row) return undefined;
  const channel =
    row.id === null || row.type === null || row.status === null || row.store_status === null
      ? undefined
      : { id: row.id, type: row.type, status: row.status, store_status: row.store_status };
  return { attemptMerchantUserId: row.merchant_user_id, channel };
}

export interface NewMerchantPayment {
  transactionId: bigint;
  merchantUserId: bigint;
  kind: MerchantPaymentsTable['kind'];
  channelId: bigint;
  walletId: bigint;
  attemptId: bigint | null;
  schemeId: number;
  state: MerchantPaymentState;
  captureMethod: 'automatic' | 'manual';
  authorisedMinor: bigint;
  capturedMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  cardBrand: string;
  cardLast4: string;
  cardMasked: string;
  returnUrl: string | null;
  posStaffUserId: bigint | null;
}

export async function insertMerchantPayment(db: Queryable, p: NewMerchantPayment): Promise<void> {
  await db
    .insertInto('merchant_payments')
    .values({
      transaction_id: p.transactionId,
      merchant_user_id: p.merchantUserId,
      kind: p.kind,
      channel_id: p.channelId,
      wallet_id: p.walletId,
      attempt_id: p.attemptId,
      scheme_id: p.schemeId,
      state: p.state,
      capture_method: p.captureMethod,
      authorised_amount: p.authorisedMinor,
      captured_amount: p.capturedMinor,
      fee: p.feeMinor,
      vat: p.vatMinor,
      card_brand: p.cardBrand,
      card_last4: p.cardLast4,
      card_masked: p.cardMasked,
      return_url: p.returnUrl,
      pos_staff_user_id: p.posStaffUserId,
    })
    .execute();
}

export interface LockedPayment {
  transaction_id: bigint;
  merchant_user_id: bigint;
  kind: MerchantPaymentsTable['kind'];
  channel_id: bigint;
  wallet_id: bigint;
  attempt_id: bigint | null;
  scheme_id: number;
  state: MerchantPaymentState;
  capture_method: 'automatic' | 'manual';
  authorised_amount: bigint;
  captured_amount: bigint;
  refunded_amount: bigint;
  return_url: string | null;
}

const LOCK_COLUMNS = [
  'transaction_id',
  'merchant_user_id',
  'kind',
  'channel_id',
  'wallet_id',
  'attempt_id',
  'scheme_id',
  'state',
  'capture_method',
  'authorised_amount',
  'captured_amount',
  'refunded_amount',
  'return_url',
] as const;

/** The merchant's payment state row, locked (FOR UPDATE) until the transaction ends. */
export async function lockMerchantPayment(
  db: Queryable,
  merchantUserId: bigint,
  transactionId: bigint,
): Promise<LockedPayment | undefined> {
  return db
    .selectFrom('merchant_payments')
    .select(LOCK_COLUMNS)
    .where('transaction_id', '=', transactionId)
    .where('merchant_user_id', '=', merchantUserId)
    .forUpdate()
    .executeTakeFirst();
}

/** Any merchant's payment state row by its transaction, locked: for the 3-D Secure answer. */
export async function lockMerchantPaymentOfTransaction(db: Queryable, transactionId: bigint): Promise<LockedPayment | undefined> {
  return db.selectFrom('merchant_payments').select(LOCK_COLUMNS).where('transaction_id', '=', transactionId).forUpdate().executeTakeFirst();
}

export async function updateMerchantPayment(
  db: Queryable,
  transactionId: bigint,
  set: Partial<{ state: MerchantPaymentState; captured_amount: bigint; refunded_amount: bigint; fee: bigint; vat: bigint }>,
): Promise<void> {
  await db
    .updateTable('merchant_payments')
    .set({ ...set, updated_at: new Date() })
    .where('transaction_id', '=', transactionId)
    .execute();
}

export interface PaymentViewRow {
  transaction_id: bigint;
  uuid: string;
  kind: MerchantPaymentsTable['kind'];
  state: MerchantPaymentState;
  merchant_user_id: bigint;
  channel_id: bigint;
  currency_id: number;
  currency_code: string;
  currency_decimals: number;
  authorised_amount: bigint;
  captured_amount: bigint;
  refunded_amount: bigint;
  fee: bigint;
  vat: bigint;
  failure_reason: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_masked: string | null;
  customer_id: bigint | null;
  payment_link_id: bigint | null;
  api_payment_id: bigint | null;
  pos_device_id: bigint | null;
  client_reference: string | null;
  description: string | null;
  host_reference: string | null;
  approval_code: string | null;
  created_at: Date;
}

function paymentViewQuery(db: Queryable, merchantUserId: bigint) {
  return db
    .selectFrom('merchant_payments')
    .innerJoin('transactions', 'transactions.id', 'merchant_payments.transaction_id')
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .select([
      'merchant_payments.transaction_id',
      'transactions.uuid',
      'merchant_payments.kind',
      'merchant_payments.state',
      'merchant_payments.merchant_user_id',
      'merchant_payments.channel_id',
      'transactions.currency_id',
      'currencies.code as currency_code',
      'currencies.decimals as currency_decimals',
      'merchant_payments.authorised_amount',
      'merchant_payments.captured_amount',
      'merchant_payments.refunded_amount',
      'merchant_payments.fee',
      'merchant_payments.vat',
      'transactions.failure_reason',
      'merchant_payments.card_brand',
      'merchant_payments.card_last4',
      'merchant_payments.card_masked',
      'transactions.customer_id',
      'transactions.payment_link_id',
      'transactions.api_payment_id',
      'transactions.pos_device_id',
      'transactions.client_reference',
      'transactions.description',
      'transactions.host_reference',
      'transactions.approval_code',
      'merchant_payments.created_at',
    ])
    .where('merchant_payments.merchant_user_id', '=', merchantUserId);
}

export async function findPaymentView(db: Queryable, merchantUserId: bigint, transactionId: bigint): Promise<PaymentViewRow | undefined> {
  const row = await paymentViewQuery(db, merchantUserId).where('merchant_payments.transaction_id', '=', transactionId).executeTakeFirst();
  return row && { ...row, currency_code: row.currency_code.trim() };
}

export async function findPaymentViewByUuid(db: Queryable, merchantUserId: bigint, uuid: string): Promise<PaymentViewRow | undefined> {
  const row = await paymentViewQuery(db, merchantUserId).where('transactions.uuid', '=', uuid).executeTakeFirst();
  return row && { ...row, currency_code: row.currency_code.trim() };
}

/** The merchant's transaction id of a uuid (any type), for calls that name a transaction by uuid. */
export async function findMerchantTransactionId(db: Queryable, merchantUserId: bigint, uuid: string): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('uuid', '=', uuid)
    .where((eb) => eb.or([eb('receiver_user_id', '=', merchantUserId), eb('sender_user_id', '=', merchantUserId)]))
    .executeTakeFirst();
  return row?.id;
}

// ---- refund requests ------------------------------------------------------------------------

/** Refunds of a payment still pending or initiated: they count against what is left. */
export async function sumOpenRefunds(db: Queryable, transactionId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('refund_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint | string>('amount'), eb.val(0)).as('total'))
    .where('transaction_id', '=', transactionId)
    .where('status', 'in', [REFUND_REQUEST_STATUS.PENDING, REFUND_REQUEST_STATUS.INITIATED])
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export interface NewRefundRequest {
  uuid: string;
  merchantUserId: bigint;
  transactionId: bigint;
  referenceId: string | null;
  status: number;
  description: string | null;
  amountMinor: bigint;
  addedBy: bigint | null;
  source: 'merchant' | 'api' | 'pos' | 'console';
}

export async function insertRefundRequest(db: Queryable, r: NewRefundRequest): Promise<bigint> {
  const row = await db
    .insertInto('refund_requests')
    .values({
      uuid: r.uuid,
      merchant_user_id: r.merchantUserId,
      transaction_id: r.transactionId,
      reference_id: r.referenceId,
      status: r.status,
      description: r.description,
      amount: r.amountMinor,
      added_by: r.addedBy,
      source: r.source,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Initiated -> Processed with its refund transaction; answers how many rows moved (0 or 1). */
export async function setRefundProcessed(db: Queryable, refundRequestId: bigint, refundTransactionId: bigint): Promise<number> {
  const result = await db
    .updateTable('refund_requests')
    .set({ status: REFUND_REQUEST_STATUS.PROCESSED, refund_transaction_id: refundTransactionId, updated_at: new Date() })
    .where('id', '=', refundRequestId)
    .where('status', '=', REFUND_REQUEST_STATUS.INITIATED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface RefundRequestRow {
  id: bigint;
  uuid: string;
  merchant_user_id: bigint;
  transaction_id: bigint;
  status: number;
  amount: bigint;
  description: string | null;
}

const REFUND_REQUEST_COLUMNS = ['id', 'uuid', 'merchant_user_id', 'transaction_id', 'status', 'amount', 'description'] as const;

/** Any merchant's refund request by id (the job reads whose it is). */
export async function findRefundRequest(db: Queryable, refundRequestId: bigint): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').select(REFUND_REQUEST_COLUMNS).where('id', '=', refundRequestId).executeTakeFirst();
}

/** The refund request, locked: take its payment's lock first (the order every refund path keeps). */
export async function lockRefundRequest(db: Queryable, refundRequestId: bigint): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').select(REFUND_REQUEST_COLUMNS).where('id', '=', refundRequestId).forUpdate().executeTakeFirst();
}

export interface RefundTwin {
  transactionId: bigint;
  addedBy: bigint | null;
  source: string;
  /** Absent: a whole refund, whatever its amount. */
  amountMinor: bigint | undefined;
  description: string | null;
  since: Date;
}

/** The newest Pending request identical to `twin`, made since `twin.since`. */
export async function findRecentTwinRefund(db: Queryable, twin: RefundTwin): Promise<RefundRequestRow | undefined> {
  return db
    .selectFrom('refund_requests')
    .select(REFUND_REQUEST_COLUMNS)
    .where('transaction_id', '=', twin.transactionId)
    .where('status', '=', REFUND_REQUEST_STATUS.PENDING)
    .where('source', '=', twin.source as 'merchant')
    .where('created_at', '>=', twin.since)
    .where((eb) => (twin.addedBy === null ? eb('added_by', 'is', null) : eb('added_by', '=', twin.addedBy)))
    .where((eb) => (twin.description === null ? eb('description', 'is', null) : eb('description', '=', twin.description)))
    .$if(twin.amountMinor !== undefined, (query) => query.where('amount', '=', twin.amountMinor!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One row of a refund request's status history. */
export async function insertRefundStatus(
  db: Queryable,
  row: { requestId: bigint; status: number; comment: string | null; actorUserId: bigint | null },
): Promise<void> {
  await db
    .insertInto('refund_request_details')
    .values({ refund_request_id: row.requestId, status: row.status, comment: row.comment, actor_user_id: row.actorUserId })
    .execute();
}
