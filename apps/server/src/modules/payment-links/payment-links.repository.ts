// Queries of payment links. Every query a merchant's call reaches names the merchant, so another
// merchant's link is never read or changed whatever id a request carries; the public ones
// (by token, for the hosted checkout) name the token, which is unguessable.
import { sql } from 'kysely';
import { TRANSACTION_STATUS, type TPaymentLinkType } from '@paywallet/contract';
import { TransactionType } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import { defineListSource, likePattern, withinDays, type DayRange, type FilteredQuery } from '../../db/lists.ts';

// ---- one link, as the checkout and the service read it ------------------------------------------

export interface LinkRow {
  id: bigint;
  token: string;
  merchant_user_id: bigint;
  merchant_business_name: string | null;
  merchant_first_name: string;
  merchant_last_name: string;
  store_name: string;
  channel_id: bigint;
  currency_id: number;
  currency_code: string;
  amount: bigint;
  type: number;
  status: number;
  exipres_in: number | null;
  redirect_url: string | null;
  callback_url: string | null;
  receipt_no: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  created_at: Date;
}

// The joins and columns of a link (its merchant, store and currency), shared by every read of one
// link and by the list, which adds only what its rows show besides.
function withLinkColumns(query: FilteredQuery<'payment_links'>) {
  return query
    .innerJoin('users', 'users.id', 'payment_links.merchant_user_id')
    .innerJoin('channels', 'channels.id', 'payment_links.channel_id')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .innerJoin('currencies', 'currencies.id', 'payment_links.currency_id')
    .select([
      'payment_links.id',
      'payment_links.token',
      'payment_links.merchant_user_id',
      'users.business_name as merchant_business_name',
      'users.first_name as merchant_first_name',
      'users.last_name as merchant_last_name',
      'stores.name as store_name',
      'payment_links.channel_id',
      'payment_links.currency_id',
      'currencies.code as currency_code',
      'payment_links.amount',
      'payment_links.type',
      'payment_links.status',
      'payment_links.exipres_in',
      'payment_links.redirect_url',
      'payment_links.callback_url',
      'payment_links.receipt_no',
      'payment_links.email',
      'payment_links.phone',
      'payment_links.description',
      'payment_links.created_at',
    ]);
}

function linkQuery(db: Queryable) {
  return withLinkColumns(db.selectFrom('payment_links'));
}

/** A link by its token, whoever its merchant (the public checkout). */
export async function findLinkByToken(db: Queryable, token: string): Promise<LinkRow | undefined> {
  return linkQuery(db).where('payment_links.token', '=', token).executeTakeFirst();
}

/** The URL a link's payments are called back at (null when none is set); undefined for an unknown link. */
export async function findLinkCallbackUrl(db: Queryable, linkId: bigint): Promise<string | null | undefined> {
  const row = await db.selectFrom('payment_links').select('callback_url').where('id', '=', linkId).executeTakeFirst();
  return row?.callback_url;
}

/** A link of this merchant by id. */
export async function findMerchantLink(db: Queryable, merchantUserId: bigint, linkId: bigint): Promise<LinkRow | undefined> {
  return linkQuery(db)
    .where('payment_links.id', '=', linkId)
    .where('payment_links.merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
}

/**
 * A link by id, whoever its merchant, its row locked until the transaction ends (payments of one
 * link take turns), in one read: a row locked after a wait is read as the transaction that held
 * it left it. Only the link's row is locked, not the rows joined to it.
 */
export async function lockLinkById(trx: Queryable, linkId: bigint): Promise<LinkRow | undefined> {
  return linkQuery(trx).where('payment_links.id', '=', linkId).forUpdate('payment_links').executeTakeFirst();
}

/** Locks a link of this merchant and reads what a status change needs. */
export async function lockMerchantLink(
  trx: Queryable,
  merchantUserId: bigint,
  linkId: bigint,
): Promise<{ id: bigint; status: number; exipres_in: number | null; created_at: Date } | undefined> {
  return trx
    .selectFrom('payment_links')
    .select(['id', 'status', 'exipres_in', 'created_at'])
    .where('id', '=', linkId)
    .where('merchant_user_id', '=', merchantUserId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setLinkStatus(trx: Queryable, linkId: bigint, status: number): Promise<void> {
  await trx.updateTable('payment_links').set({ status, updated_at: new Date() }).where('id', '=', linkId).execute();
}

export interface LinkSchemeRow {
  payment_link_id: bigint;
  id: number;
  name: string;
}

/** The card schemes of these links, in the catalogue's order. */
export async function listSchemesOfLinks(db: Queryable, linkIds: readonly bigint[]): Promise<LinkSchemeRow[]> {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom('payment_link_schemes')
    .innerJoin('payment_methods', 'payment_methods.id', 'payment_link_schemes.payment_method_id')
    .select(['payment_link_schemes.payment_link_id', 'payment_methods.id', 'payment_methods.name'])
    .where('payment_link_schemes.payment_link_id', 'in', linkIds)
    .orderBy('payment_link_schemes.payment_link_id')
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id')
    .execute();
}

/** Payments (type 8) through each of these links; with `onlySucceeded`, those with status 1 only. */
async function countLinkPayments(db: Queryable, linkIds: readonly bigint[], onlySucceeded: boolean): Promise<Map<bigint, number>> {
  const counts = new Map<bigint, number>();
  if (linkIds.length === 0) return counts;
  const rows = await db
    .selectFrom('transactions')
    .select((eb) => ['transactions.payment_link_id', eb.fn.countAll<string | number>().as('total')])
    .where('transactions.payment_link_id', 'in', linkIds)
    .where('transactions.transaction_type_id', '=', TransactionType.PaymentLinkPayment)
    .$if(onlySucceeded, (query) => query.where('transactions.status', '=', TRANSACTION_STATUS.SUCCESS))
    .groupBy('transactions.payment_link_id')
    .execute();
  for (const row of rows) if (row.payment_link_id !== null) counts.set(row.payment_link_id, Number(row.total));
  return counts;
}

/** Successful payments (type 8, status 1) through each of these links. */
export async function countPaidOfLinks(db: Queryable, linkIds: readonly bigint[]): Promise<Map<bigint, number>> {
  return countLinkPayments(db, linkIds, true);
}

/** Every payment through each of these links, whatever its state (the list's transactions_count). */
export async function countTransactionsOfLinks(db: Queryable, linkIds: readonly bigint[]): Promise<Map<bigint, number>> {
  return countLinkPayments(db, linkIds, false);
}

// ---- creating a link ---------------------------------------------------------------------------

export interface NewLink {
  token: string;
  merchantUserId: bigint;
  channelId: bigint;
  currencyId: number;
  amount: bigint;
  type: TPaymentLinkType;
  status: number;
  exipresIn: number | null;
  redirectUrl: string | null;
  callbackUrl: string | null;
  receiptNo: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  addedBy: bigint;
  schemeIds: readonly number[];
  createdAt?: Date;
}

export async function insertLink(trx: Queryable, link: NewLink): Promise<bigint> {
  const row = await trx
    .insertInto('payment_links')
    .values({
      token: link.token,
      merchant_user_id: link.merchantUserId,
      channel_id: link.channelId,
      currency_id: link.currencyId,
      amount: link.amount,
      type: link.type,
      status: link.status,
      exipres_in: link.exipresIn,
      redirect_url: link.redirectUrl,
      callback_url: link.callbackUrl,
      receipt_no: link.receiptNo,
      email: link.email,
      phone: link.phone,
      description: link.description,
      added_by: link.addedBy,
      ...(link.createdAt ? { created_at: link.createdAt, updated_at: link.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (link.schemeIds.length > 0) {
    await trx
      .insertInto('payment_link_schemes')
      .values(link.schemeIds.map((schemeId) => ({ payment_link_id: row.id, payment_method_id: schemeId })))
      .execute();
  }
  return row.id;
}

/** The merchant's online channel under an Active store (what a link may be taken on), with its currency's id. */
export async function findLinkChannel(
  db: Queryable,
  merchantUserId: bigint,
  channelId: bigint,
): Promise<{ id: bigint; type: string; channel_status: number; store_status: number } | undefined> {
  return db
    .selectFrom('channels')
    .innerJoin('stores', 'stores.id', 'channels.store_id')
    .select(['channels.id', 'channels.type', 'channels.status as channel_status', 'stores.status as store_status'])
    .where('channels.id', '=', channelId)
    .where('channels.merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
}

// ---- the list ----------------------------------------------------------------------------------

export interface LinkListParams extends DayRange {
  merchantUserId: bigint;
  /** Part of the token, description, receipt number, e-mail or phone. */
  search?: string | undefined;
  /** One link by its whole token. */
  token?: string | undefined;
}

export interface LinkListRow extends LinkRow {
  channel_name: string;
  channel_code: string;
  added_by: bigint;
  added_by_email: string;
  added_by_first_name: string;
  added_by_last_name: string;
}

export const linkListSource = defineListSource({
  name: 'payment-links',
  key: 'payment_links.id',
  filtered: (db: Queryable, params: LinkListParams) =>
    db
      .selectFrom('payment_links')
      .where('payment_links.merchant_user_id', '=', params.merchantUserId)
      .where(withinDays('payment_links.created_at', params))
      .$if(params.token !== undefined, (query) => query.where('payment_links.token', '=', params.token!))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        return query.where((eb) =>
          eb.or([
            eb('payment_links.token', 'ilike', pattern),
            eb('payment_links.description', 'ilike', pattern),
            eb('payment_links.receipt_no', 'ilike', pattern),
            eb('payment_links.email', 'ilike', pattern),
            eb('payment_links.phone', 'ilike', pattern),
          ]),
        );
      }),
  columns: (query) =>
    withLinkColumns(query)
      .innerJoin('users as adder', 'adder.id', 'payment_links.added_by')
      .select([
        'channels.name as channel_name',
        'channels.code as channel_code',
        'payment_links.added_by',
        'adder.email as added_by_email',
        'adder.first_name as added_by_first_name',
        'adder.last_name as added_by_last_name',
      ]),
  keyOf: (row: LinkListRow) => row.id,
});

/** A link as its export reads it: the list's row with how many payments went through it. */
export interface LinkExportRow extends LinkListRow {
  transactions_count: number;
  paid_count: number;
}

/**
 * The link list for the payment_links export: the same filters and rows as the screen's list,
 * with the counts the screen reads for its page (every payment, the successful ones) read for
 * each batch the export streams.
 */
export const linkExportListSource = defineListSource({
  name: 'payment-links-export',
  key: 'payment_links.id',
  filtered: (db: Queryable, params: LinkListParams) => linkListSource.filtered(db, params),
  columns: (query, db) => ({
    async execute(): Promise<LinkExportRow[]> {
      const rows = await linkListSource.columns(query, db).execute();
      const ids = rows.map((row) => row.id);
      const [all, paid] = await Promise.all([countLinkPayments(db, ids, false), countLinkPayments(db, ids, true)]);
      return rows.map((row) => ({ ...row, transactions_count: all.get(row.id) ?? 0, paid_count: paid.get(row.id) ?? 0 }));
    },
  }),
  keyOf: (row: LinkExportRow) => row.id,
});

// ---- card schemes ------------------------------------------------------------------------------

/** Every active card scheme of the platform (payment methods of type CARD_SCHEME), in catalogue order. */
export async function listCardSchemes(db: Queryable): Promise<{ id: number; name: string; code: string }[]> {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'code'])
    .where('type', '=', 'CARD_SCHEME')
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// ---- the payments through a link -----------------------------------------------------------

export interface LinkTransactionRow {
  id: bigint;
  uuid: string;
  gateway_reference_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  amount: bigint;
  vat: bigint;
  fee: bigint;
  total_amount: bigint;
  receiver_account_title: string | null;
  sender_account_title: string | null;
  status: number;
  failure_reason: string | null;
  created_at: Date;
}

export interface LinkTransactionListParams {
  merchantUserId: bigint;
  linkId: bigint;
}

/** The payments (type 8) through a link of this merchant: the rows the view lists, totals and exports. */
function linkPayments(db: Queryable, params: LinkTransactionListParams) {
  return db
    .selectFrom('transactions')
    .innerJoin('payment_links', 'payment_links.id', 'transactions.payment_link_id')
    .where('transactions.payment_link_id', '=', params.linkId)
    .where('payment_links.merchant_user_id', '=', params.merchantUserId)
    .where('transactions.transaction_type_id', '=', TransactionType.PaymentLinkPayment);
}

export const linkTransactionListSource = defineListSource({
  name: 'payment-link-transactions',
  key: 'transactions.id',
  filtered: linkPayments,
  columns: (query) =>
    query
      // The customer as the link's merchant recorded it (customers are kept per merchant).
      .leftJoin('customers', (join) =>
        join
          .onRef('customers.id', '=', 'transactions.customer_id')
          .onRef('customers.merchant_user_id', '=', 'payment_links.merchant_user_id'),
      )
      .select([
        'transactions.id',
        'transactions.uuid',
        'transactions.gateway_reference_id',
        'customers.name as customer_name',
        'customers.email as customer_email',
        'transactions.amount',
        'transactions.vat',
        'transactions.fee',
        'transactions.total_amount',
        'transactions.receiver_account_title',
        'transactions.sender_account_title',
        'transactions.status',
        'transactions.failure_reason',
        'transactions.created_at',
      ]),
  keyOf: (row: LinkTransactionRow) => row.id,
});

/** The payments through a link of this merchant, newest first, at most `limit`. */
export async function listLinkTransactions(
  db: Queryable,
  merchantUserId: bigint,
  linkId: bigint,
  limit: number,
): Promise<LinkTransactionRow[]> {
  const source = linkTransactionListSource;
  return source.columns(source.filtered(db, { merchantUserId, linkId }).orderBy('transactions.id', 'desc').limit(limit), db).execute();
}

/** Sums of the successful payments (status 1) through a link of this merchant. */
export async function sumLinkTransactions(
  db: Queryable,
  merchantUserId: bigint,
  linkId: bigint,
): Promise<{ amount: bigint; vat: bigint; fee: bigint; total_amount: bigint; count: number }> {
  const row = await linkPayments(db, { merchantUserId, linkId })
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string | bigint>('transactions.amount'), sql<bigint>`0`).as('amount'),
      eb.fn.coalesce(eb.fn.sum<string | bigint>('transactions.vat'), sql<bigint>`0`).as('vat'),
      eb.fn.coalesce(eb.fn.sum<string | bigint>('transactions.fee'), sql<bigint>`0`).as('fee'),
      eb.fn.coalesce(eb.fn.sum<string | bigint>('transactions.total_amount'), sql<bigint>`0`).as('total_amount'),
      eb.fn.countAll<string | number>().as('count'),
    ])
    .where('transactions.status', '=', TRANSACTION_STATUS.SUCCESS)
    .executeTakeFirstOrThrow();
  return {
    amount: BigInt(row.amount),
    vat: BigInt(row.vat),
    fee: BigInt(row.fee),
    total_amount: BigInt(row.total_amount),
    count: Number(row.count),
  };
}
