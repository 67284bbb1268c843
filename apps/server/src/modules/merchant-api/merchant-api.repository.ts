// Queries of API payments (api_payments, migration 0016) and the channels the merchant API picks
// from. Every read of a merchant's payment filters by the merchant's id. Kysely only; `db` first.
import { sql } from 'kysely';
import { API_PAYMENT_STATUS } from '@paywallet/contract';
import {
  defineListSource,
  inChannels,
  likePattern,
  withinDays,
  type ChannelFilter,
  type DayRange,
  type FilteredQuery,
} from '../../db/lists.ts';
import type { Queryable } from '../../db/database.ts';

const STORE_ACTIVE = 1;
const CHANNEL_ACTIVE = 1;

/** The merchant's first online channel (by id) of an Active store, itself active. */
export async function findDefaultOnlineChannel(db: Queryable, merchantUserId: bigint): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('channels')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select('channels.id')
    .where('channels.merchant_user_id', '=', merchantUserId)
    .where('channels.type', '=', 'online')
    .where('channels.status', '=', CHANNEL_ACTIVE)
    .where('stores.status', '=', STORE_ACTIVE)
    .orderBy('channels.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** A channel of the merchant (any type, any state): undefined for another merchant's. */
export async function findMerchantChannel(
  db: Queryable,
  merchantUserId: bigint,
  channelId: bigint,
): Promise<{ id: bigint; type: string; active: boolean; store_active: boolean } | undefined> {
  const row = await db
    .selectFrom('channels')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select(['channels.id', 'channels.type', 'channels.status', 'stores.status as store_status'])
    .where('channels.merchant_user_id', '=', merchantUserId)
    .where('channels.id', '=', channelId)
    .executeTakeFirst();
  return row && { id: row.id, type: row.type, active: row.status === CHANNEL_ACTIVE, store_active: row.store_status === STORE_ACTIVE };
}

export interface NewApiPayment {
  uuid: string;
  token: string | null;
  mode: 'card' | 'hosted';
  merchant_user_id: bigint;
  channel_id: bigint;
  currency_id: number;
  amount: bigint;
  capture_method: 'automatic' | 'manual';
  description: string | null;
  client_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  return_url: string | null;
  exipres_in: number | null;
  added_by: bigint | null;
}

export async function insertApiPayment(db: Queryable, row: NewApiPayment): Promise<bigint> {
  const inserted = await db.insertInto('api_payments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export interface ApiPaymentRow {
  id: bigint;
  uuid: string;
  token: string | null;
  mode: 'card' | 'hosted';
  merchant_user_id: bigint;
  channel_id: bigint;
  currency_id: number;
  currency_code: string;
  amount: bigint;
  status: number;
  payment_status: string;
  transaction_id: bigint | null;
  next_action_url: string | null;
  capture_method: 'automatic' | 'manual';
  description: string | null;
  client_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  return_url: string | null;
  exipres_in: number | null;
  created_at: Date;
  /** created_at + exipres_in, when it has an expiry. */
  expires_at: Date | null;
  /** The expiry has passed (the database's clock). */
  expired: boolean;
}

/** An API payment's columns (the merchant API's view reads them), with its currency's code. */
function withApiPaymentColumns(query: FilteredQuery<'api_payments'>) {
  return query
    .innerJoin('currencies', 'currencies.id', 'api_payments.currency_id')
    .select([
      'api_payments.id',
      'api_payments.uuid',
      'api_payments.token',
      'api_payments.mode',
      'api_payments.merchant_user_id',
      'api_payments.channel_id',
      'api_payments.currency_id',
      'currencies.code as currency_code',
      'api_payments.amount',
      'api_payments.status',
      'api_payments.payment_status',
      'api_payments.transaction_id',
      'api_payments.next_action_url',
      'api_payments.capture_method',
      'api_payments.description',
      'api_payments.client_reference',
      'api_payments.customer_name',
      'api_payments.customer_email',
      'api_payments.customer_phone',
      'api_payments.return_url',
      'api_payments.exipres_in',
      'api_payments.created_at',
      sql<Date | null>`api_payments.created_at + make_interval(secs => api_payments.exipres_in)`.as('expires_at'),
      sql<boolean>`coalesce(api_payments.created_at + make_interval(secs => api_payments.exipres_in) <= now(), false)`.as('expired'),
    ]);
}

function apiPayments(db: Queryable) {
  return withApiPaymentColumns(db.selectFrom('api_payments'));
}

export async function findApiPaymentByUuid(db: Queryable, merchantUserId: bigint, uuid: string): Promise<ApiPaymentRow | undefined> {
  return apiPayments(db)
    .where('api_payments.merchant_user_id', '=', merchantUserId)
    .where('api_payments.uuid', '=', uuid)
    .executeTakeFirst();
}

export async function findApiPaymentById(db: Queryable, merchantUserId: bigint, id: bigint): Promise<ApiPaymentRow | undefined> {
  return apiPayments(db).where('api_payments.merchant_user_id', '=', merchantUserId).where('api_payments.id', '=', id).executeTakeFirst();
}

/**
 * Any merchant's API payment by id, locked for update (the payment events and the checkout), in
 * one read: a row locked after a wait is read as the transaction that held it left it. Only the
 * payment's row is locked, not its currency's.
 */
export async function lockApiPayment(db: Queryable, id: bigint): Promise<ApiPaymentRow | undefined> {
  return apiPayments(db).where('api_payments.id', '=', id).forUpdate('api_payments').executeTakeFirst();
}

export interface PayableRow extends ApiPaymentRow {
  merchant_name: string;
  store_name: string;
}

function payable(db: Queryable) {
  return apiPayments(db)
    .innerJoin('users', 'users.id', 'api_payments.merchant_user_id')
    .innerJoin('channels', 'channels.id', 'api_payments.channel_id')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select([
      sql<string>`coalesce(nullif(users.business_name, ''), users.first_name || ' ' || users.last_name)`.as('merchant_name'),
      'stores.name as store_name',
    ]);
}

/** A hosted API payment by its token, any merchant (the public checkout page). */
export async function findPayableByToken(db: Queryable, token: string): Promise<PayableRow | undefined> {
  return payable(db).where('api_payments.token', '=', token).where('api_payments.mode', '=', 'hosted').executeTakeFirst();
}

export async function findPayableById(db: Queryable, id: bigint): Promise<PayableRow | undefined> {
  return payable(db).where('api_payments.id', '=', id).where('api_payments.mode', '=', 'hosted').executeTakeFirst();
}

export async function updateApiPayment(
  db: Queryable,
  id: bigint,
  changes: { status?: number; payment_status?: string; transaction_id?: bigint | null; next_action_url?: string | null },
): Promise<void> {
  await db
    .updateTable('api_payments')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes an API payment nothing points at yet (its charge was refused before any transaction). */
export async function deleteUnusedApiPayment(db: Queryable, id: bigint): Promise<void> {
  await db.deleteFrom('api_payments').where('id', '=', id).where('transaction_id', 'is', null).execute();
}

/** The API status of a row: a hosted payment not paid in time reads 'expired'. */
const apiStatus = sql<string>`CASE WHEN api_payments.mode = 'hosted' AND api_payments.status = ${API_PAYMENT_STATUS.INITIATED}
    AND api_payments.payment_status = 'requires_action'
    AND api_payments.created_at + make_interval(secs => api_payments.exipres_in) <= now()
  THEN 'expired' ELSE api_payments.payment_status END`;

/** What the merchant API's payment list (GET /payments) selects. */
export interface MerchantApiPaymentListParams extends DayRange {
  merchantUserId: bigint;
  /** The API status, as `apiStatus` reads it ('expired' included). */
  status?: string | undefined;
}

/** The merchant's API payments for the merchant API's own list, newest first, paged by the list pipeline. */
export const merchantApiPaymentListSource = defineListSource({
  name: 'merchant-api-payments',
  key: 'api_payments.id',
  filtered: (db: Queryable, params: MerchantApiPaymentListParams) =>
    db
      .selectFrom('api_payments')
      .where('api_payments.merchant_user_id', '=', params.merchantUserId)
      .$if(params.status !== undefined, (query) => query.where(apiStatus, '=', params.status!))
      .where(withinDays('api_payments.created_at', params)),
  columns: withApiPaymentColumns,
  keyOf: (row: ApiPaymentRow) => row.id,
});

// ---- the back-office list (get-api-payments) -------------------------------------------------------

export interface ApiPaymentListParams extends DayRange {
  merchantUserId: bigint;
  channels: ChannelFilter;
  /** A whole uuid (exact) or its beginning: the API payment's own or one of its transactions'. */
  transactionId?: { exact: string } | { prefix: string } | undefined;
  currencyId?: number | undefined;
  /** A transaction type other than 9 (API) selects nothing. */
  nothing?: boolean;
}

export interface ApiPaymentListRow {
  id: bigint;
  uuid: string;
  token: string | null;
  mode: 'card' | 'hosted';
  status: number;
  payment_status: string;
  expired: boolean;
  created_at: Date;
  exipres_in: number | null;
  amount: bigint;
  currency_id: number;
  currency_code: string;
  channel_id: bigint;
  channel_name: string;
  client_reference: string | null;
  description: string | null;
  added_by_first_name: string | null;
  added_by_last_name: string | null;
}

export const apiPaymentListSource = defineListSource({
  name: 'api-payments',
  key: 'api_payments.id',
  filtered: (db: Queryable, params: ApiPaymentListParams) =>
    db
      .selectFrom('api_payments')
      .where('api_payments.merchant_user_id', '=', params.merchantUserId)
      .where(withinDays('api_payments.created_at', params))
      .$if(params.channels !== null, (query) => query.where(inChannels('api_payments.channel_id', params.channels)))
      .$if(params.currencyId !== undefined, (query) => query.where('api_payments.currency_id', '=', params.currencyId!))
      .$if(params.nothing === true, (query) => query.where(sql<boolean>`false`))
      .$if(params.transactionId !== undefined, (query) => {
        const search = params.transactionId!;
        const ownMatch =
          'exact' in search
            ? sql<boolean>`api_payments.uuid = ${search.exact}::uuid`
            : sql<boolean>`api_payments.uuid::text LIKE ${likePattern(search.prefix, 'prefix')}`;
        const transactionMatch =
          'exact' in search
            ? sql<boolean>`transactions.uuid = ${search.exact}::uuid`
            : sql<boolean>`transactions.uuid::text LIKE ${likePattern(search.prefix, 'prefix')}`;
        return query.where((eb) =>
          eb.or([
            ownMatch,
            eb.exists(
              eb
                .selectFrom('transactions')
                .select('transactions.id')
                .whereRef('transactions.api_payment_id', '=', 'api_payments.id')
                .where(transactionMatch),
            ),
          ]),
        );
      }),
  columns: (query) =>
    query
      .innerJoin('currencies', 'currencies.id', 'api_payments.currency_id')
      .innerJoin('channels', 'channels.id', 'api_payments.channel_id')
      .leftJoin('users as added_by', 'added_by.id', 'api_payments.added_by')
      .select([
        'api_payments.id',
        'api_payments.uuid',
        'api_payments.token',
        'api_payments.mode',
        'api_payments.status',
        'api_payments.payment_status',
        sql<boolean>`coalesce(api_payments.created_at + make_interval(secs => api_payments.exipres_in) <= now(), false)`.as('expired'),
        'api_payments.created_at',
        'api_payments.exipres_in',
        'api_payments.amount',
        'api_payments.currency_id',
        'currencies.code as currency_code',
        'api_payments.channel_id',
        'channels.name as channel_name',
        'api_payments.client_reference',
        'api_payments.description',
        'added_by.first_name as added_by_first_name',
        'added_by.last_name as added_by_last_name',
      ]),
  keyOf: (row: ApiPaymentListRow) => row.id,
});

export interface ApiPaymentTransactionRow {
  api_payment_id: bigint;
  uuid: string;
  amount: bigint;
  status: number;
  failure_reason: string | null;
  card_number: string | null;
  created_at: Date;
}

/** The transactions (attempts) of these API payments of the merchant, oldest first. */
export async function listTransactionsOfApiPayments(
  db: Queryable,
  merchantUserId: bigint,
  apiPaymentIds: readonly bigint[],
): Promise<ApiPaymentTransactionRow[]> {
  if (apiPaymentIds.length === 0) return [];
  const rows = await db
    .selectFrom('transactions')
    .innerJoin('api_payments', 'api_payments.id', 'transactions.api_payment_id')
    .select([
      'api_payments.id as api_payment_id',
      'transactions.uuid',
      'transactions.amount',
      'transactions.status',
      'transactions.failure_reason',
      'transactions.card_number',
      'transactions.created_at',
    ])
    .where('api_payments.merchant_user_id', '=', merchantUserId)
    .where('api_payments.id', 'in', apiPaymentIds)
    .orderBy('transactions.id')
    .execute();
  return rows;
}
