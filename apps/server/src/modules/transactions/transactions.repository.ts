// Queries of the transaction history: an account holder sees the transactions they sent or
// received. The list is a list definition's source (db/lists.ts): its filters select, its
// display joins only add columns, so the count of a page never pays for the display.
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { TransactionType } from '@paywallet/ledger';
import { dayRangeBounds } from '@paywallet/contract';
import type { Db, Queryable } from '../../db/database.ts';
import type { Database, TransactionsTable } from '../../db/schema.ts';
import {
  defineListSource,
  inChannels,
  likePattern,
  rolledExpression,
  withinDays,
  type ChannelFilter,
  type DayRange,
  type FilteredQuery,
  type KeyOrder,
  type ListRollup,
} from '../../db/lists.ts';
import { compactRollup, type RollupTables } from '../../db/rollups.ts';

/** A charge (fee or VAT) of the movement, as the display subquery reads it (JSON numbers). */
export interface ChargeJson {
  name: string;
  type: 'fee' | 'vat';
  charges: number | string;
}

/** On a refund: the payment it gave money back for, as the display subquery reads it. */
export interface RefundedJson {
  uuid: string;
  amount: number | string;
  fee: number | string;
  vat: number | string;
  created_at: string;
}

export type TransactionRow = Selectable<TransactionsTable> & {
  currency_code: string;
  payment_method_name: string | null;
  payment_method_code: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_country: string | null;
  charges_json: ChargeJson[];
  refunded_json: RefundedJson | null;
};

export interface PartyRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

/** The columns a transaction row shows, with the joins only the display needs. */
function withDisplayColumns(query: FilteredQuery<'transactions'>) {
  return query
    .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
    .leftJoin('payment_methods', 'payment_methods.id', 'transactions.payment_method_id')
    .leftJoin('customers', 'customers.id', 'transactions.customer_id')
    .selectAll('transactions')
    .select([
      'currencies.code as currency_code',
      'payment_methods.name as payment_method_name',
      'payment_methods.code as payment_method_code',
      'customers.name as customer_name',
      'customers.email as customer_email',
      'customers.phone as customer_phone',
      'customers.country as customer_country',
    ])
    .select((eb) => [
      // The row's charges and, on a refund, the payment it refunded: one subquery each, per
      // row of the page only (an index lookup each), so the list never joins the charges' rows.
      sql<
        ChargeJson[]
      >`(SELECT COALESCE(json_agg(json_build_object('name', c.name, 'type', c.type, 'charges', c.charges) ORDER BY c.id), '[]'::json)
          FROM transaction_charges AS c WHERE c.transaction_id = transactions.id)`.as('charges_json'),
      sql<RefundedJson | null>`(SELECT json_build_object('uuid', o.uuid, 'amount', o.amount, 'fee', o.fee, 'vat', o.vat, 'created_at', o.created_at)
          FROM refund_requests AS r INNER JOIN transactions AS o ON o.id = r.transaction_id
          WHERE ${eb.ref('transactions.transaction_type_id')} = ${TransactionType.Refund} AND r.refund_transaction_id = transactions.id
          LIMIT 1)`.as('refunded_json'),
    ]);
}

function trimmed(row: TransactionRow): TransactionRow {
  return { ...row, currency_code: row.currency_code.trim() };
}

/** The transaction id search: a whole uuid matches exactly (its unique index), else a prefix. */
export type TransactionIdSearch = { exact: string } | { prefix: string };

/** What the transaction list selects; every filter but the party is optional, all ANDed. */
export interface TransactionListParams {
  /** The account holder: each row was sent or received by them. */
  userId: bigint;
  /** Only the movements of this wallet (already checked to be the account holder's). */
  walletId?: bigint | undefined;
  status?: number | undefined;
  typeId?: number | undefined;
  transactionId?: TransactionIdSearch | undefined;
  /** The customer (of this merchant) who paid: their e-mail, lower-cased. */
  customerEmail?: string | undefined;
  /** created_at within these GMT days. */
  days: DayRange;
  /** The store -> terminal -> channel scope, checked by the stores service. */
  channels: ChannelFilter;
}

/**
 * The transactions the account holder (or one of their wallets) sent or received, as a derived
 * table named `transactions`, so every filter, order and column reads it as it would the table.
 * A UNION ALL of the two sides rather than `sender = p OR receiver = p`: PostgreSQL answers the
 * OR with a bitmap of all the party's rows and a sort, whereas each side here is a scan of its
 * `(side, id)` index (migrations 0002, 0029) and `ORDER BY id LIMIT n` merges the two scans and
 * stops after n rows (docs/lists.md "Why the transaction source is a union"). Each side is
 * ordered in the order the rows will be read: a side with its own WHERE stays a subquery that
 * PostgreSQL plans alone, and it keeps an ordered scan only when it is asked for one. The
 * receiver side leaves out the rows the sender side gave (the party on both sides: a transfer
 * between one's own wallets), so each transaction appears once, as it did under the OR.
 */
function partyRows(db: Queryable, params: TransactionListParams, readOrder: KeyOrder | undefined): FilteredQuery<'transactions'> {
  const [sender, receiver, party] =
    params.walletId === undefined
      ? (['sender_user_id', 'receiver_user_id', params.userId] as const)
      : (['sender_account_id', 'receiver_account_id', params.walletId] as const);
  const sent = db.selectFrom('transactions').selectAll('transactions').where(`transactions.${sender}`, '=', party);
  const receivedOnly = db
    .selectFrom('transactions')
    .selectAll('transactions')
    .where(`transactions.${receiver}`, '=', party)
    .where(sql<boolean>`${sql.ref(`transactions.${sender}`)} IS DISTINCT FROM ${party}`);
  // An ordered side is wrapped (SELECT * FROM (... ORDER BY id) AS side): UNION ALL takes no ORDER BY of its own sides.
  const inOrder = (side: typeof sent, name: string) =>
    readOrder === undefined ? side : db.selectFrom(side.orderBy('transactions.id', readOrder).as(name)).selectAll(name as never);
  // The derived table has the table's columns under the table's name; Kysely types it as a
  // selected row rather than the table, so it is named back as the table the filters expect.
  return db.selectFrom(
    inOrder(sent, 'sent').unionAll(inOrder(receivedOnly, 'received')).as('transactions'),
  ) as unknown as FilteredQuery<'transactions'>;
}

/** The payments of the merchant's customers with this e-mail (a customer is the merchant's own). */
function customerEmailFilter(userId: bigint, email: string) {
  return (eb: ExpressionBuilder<Database, 'transactions'>) =>
    eb(
      'transactions.customer_id',
      'in',
      eb
        .selectFrom('customers')
        .select('customers.id')
        .where('customers.merchant_user_id', '=', userId)
        .where(sql<string>`lower(customers.email)`, '=', email),
    );
}

function transactionIdFilter(search: TransactionIdSearch) {
  return (eb: ExpressionBuilder<Database, 'transactions'>) =>
    'exact' in search
      ? eb('transactions.uuid', '=', search.exact)
      : eb(sql<string>`transactions.uuid::text`, 'like', likePattern(search.prefix, 'prefix'));
}

// ---- the rollup: daily sums per party side (migration 0027, docs/lists.md "Rollups") -----

/** The transaction rollup's tables, as its compaction folds them. */
export const TRANSACTION_ROLLUP_TABLES: RollupTables = {
  compacted: 'transaction_rollups',
  constraint: 'transaction_rollups_key',
  deltas: 'transaction_rollup_deltas',
  keys: ['user_id', 'wallet_id', 'day', 'transaction_type_id', 'status', 'channel_id', 'country', 'incoming', 'for_user', 'for_wallet'],
  sums: ['count', 'amount'],
};

/** The rollup's rows of one table that stand for the list's rows the params select. */
function rollupRowsOf(db: Queryable, table: 'transaction_rollups' | 'transaction_rollup_deltas', params: TransactionListParams) {
  const { from, before } = dayRangeBounds(params.days);
  const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
  return db
    .selectFrom(table)
    .select(['user_id', 'wallet_id', 'day', 'transaction_type_id', 'status', 'channel_id', 'country', 'incoming', 'count', 'amount'])
    .$if(params.walletId === undefined, (query) => query.where('for_user', '=', true).where('user_id', '=', params.userId))
    .$if(params.walletId !== undefined, (query) => query.where('for_wallet', '=', true).where('wallet_id', '=', params.walletId!))
    .$if(params.status !== undefined, (query) => query.where('status', '=', params.status!))
    .$if(params.typeId !== undefined, (query) => query.where('transaction_type_id', '=', params.typeId!))
    .$if(from !== undefined, (query) => query.where('day', '>=', sql<Date>`${dayOf(from!)}::date`))
    .$if(before !== undefined, (query) => query.where('day', '<', sql<Date>`${dayOf(before!)}::date`))
    .where(inChannels('channel_id', params.channels));
}

/**
 * The transaction list's rollup: the compacted rows and the deltas not folded yet, summed in one
 * statement (one snapshot, so a compaction committing meanwhile is seen whole or not at all). It
 * keeps the party, status, type, GMT days and channel scope; a transaction id or customer e-mail
 * search is selective and counts the rows instead.
 */
const transactionRollup: ListRollup<TransactionListParams> = {
  filtered: (db, params) => {
    if (params.transactionId !== undefined || params.customerEmail !== undefined) return undefined;
    const both = rollupRowsOf(db, 'transaction_rollups', params).unionAll(rollupRowsOf(db, 'transaction_rollup_deltas', params));
    return db.selectFrom(both.as('rollup'));
  },
  count: sql.ref('rollup.count'),
};

/**
 * What the transaction list can be grouped by and summed, over its rows and over its rollup.
 * Days are GMT, as the list's date filter reads them.
 */
export const TRANSACTION_DIMENSIONS = {
  status: rolledExpression<TransactionListParams, 'transactions'>('transactions.status', sql.ref('rollup.status')),
  typeId: rolledExpression<TransactionListParams, 'transactions'>(
    'transactions.transaction_type_id',
    sql.ref('rollup.transaction_type_id'),
  ),
  year: rolledExpression<TransactionListParams, 'transactions'>(
    sql<number>`extract(year from transactions.created_at at time zone 'UTC')::int`,
    sql<number>`extract(year from rollup.day)::int`,
  ),
  month: rolledExpression<TransactionListParams, 'transactions'>(
    sql<number>`extract(month from transactions.created_at at time zone 'UTC')::int`,
    sql<number>`extract(month from rollup.day)::int`,
  ),
  /** The paying customer's country (kept on the row from customers.country by migration 0027's triggers). */
  country: rolledExpression<TransactionListParams, 'transactions'>('transactions.customer_country', sql.ref('rollup.country')),
  /** Whether the money came to the list's party (the wallet it is filtered by, else the account holder); false, never null. */
  incoming: rolledExpression<TransactionListParams, 'transactions'>(
    (params) =>
      params.walletId === undefined
        ? sql<boolean>`(transactions.receiver_user_id IS NOT DISTINCT FROM ${params.userId})`
        : sql<boolean>`(transactions.receiver_account_id IS NOT DISTINCT FROM ${params.walletId})`,
    sql.ref('rollup.incoming'),
  ),
} as const;

export const TRANSACTION_SUMS = {
  amount: rolledExpression<TransactionListParams, 'transactions'>('transactions.amount', sql.ref('rollup.amount')),
} as const;

/** Folds the rollup's deltas into its compacted rows (db/rollups.ts); answers how many were folded. */
export async function compactTransactionRollups(db: Db, batchRows?: number): Promise<number> {
  return compactRollup(db, TRANSACTION_ROLLUP_TABLES, batchRows);
}

/** The account holder's transactions (spec 2, Transactions), newest first, with its filters. */
export const transactionListSource = defineListSource({
  name: 'transactions',
  key: 'transactions.id',
  filtered: (db: Queryable, params: TransactionListParams, readOrder?: KeyOrder) =>
    partyRows(db, params, readOrder)
      .$if(params.status !== undefined, (query) => query.where('transactions.status', '=', params.status!))
      .$if(params.typeId !== undefined, (query) => query.where('transactions.transaction_type_id', '=', params.typeId!))
      .$if(params.transactionId !== undefined, (query) => query.where(transactionIdFilter(params.transactionId!)))
      .$if(params.customerEmail !== undefined, (query) => query.where(customerEmailFilter(params.userId, params.customerEmail!)))
      .where(withinDays('transactions.created_at', params.days))
      .where(inChannels('transactions.channel_id', params.channels)),
  columns: (query) => ({ execute: async () => (await withDisplayColumns(query).execute()).map(trimmed) }),
  keyOf: (row: TransactionRow) => row.id,
  rollup: transactionRollup,
});

/** The transaction if the user is its sender or its receiver; undefined for anyone else. */
export async function findTransactionForParty(db: Queryable, userId: bigint, uuid: string): Promise<TransactionRow | undefined> {
  const row = await withDisplayColumns(db.selectFrom('transactions'))
    .where('transactions.uuid', '=', uuid)
    .where((eb) => eb.or([eb('transactions.sender_user_id', '=', userId), eb('transactions.receiver_user_id', '=', userId)]))
    .executeTakeFirst();
  return row && trimmed(row);
}

export async function findParty(db: Queryable, userId: bigint | null): Promise<PartyRow | undefined> {
  if (userId === null) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
