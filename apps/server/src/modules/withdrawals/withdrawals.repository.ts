// Queries of withdrawals: the catalogue's methods and fields, a merchant's own methods, the
// requests (the merchant's list and the console's queue) with their detail rows, and the one
// conditional statement that decides a Pending request.
import { sql, type Transaction } from 'kysely';
import { WITHDRAWAL_METHOD_STATUS, WITHDRAWAL_STATUS } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { defineListSource, likePattern, withinDays, type DayRange } from '../../db/lists.ts';

// ---- the catalogue -----------------------------------------------------------------------------

export interface CatalogueMethodRow {
  id: number;
  name: string;
  code: string;
}

/** The active withdrawal methods offered in a currency, in catalogue order. */
export async function listCatalogueMethods(db: Queryable, currencyId: number): Promise<CatalogueMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.payment_method_id', 'payment_methods.id')
    .select(['payment_methods.id', 'payment_methods.name', 'payment_methods.code'])
    .where('payment_methods.type', '=', 'WITHDRAWAL')
    .where('payment_methods.active', '=', true)
    .where('currency_payment_methods.active', '=', true)
    .where('currency_payment_methods.currency_id', '=', currencyId)
    .orderBy('payment_methods.sort')
    .orderBy('payment_methods.id')
    .execute();
}

/** A withdrawal method of the catalogue offered in the currency (active, both ways), or undefined. */
export async function findOfferedMethod(
  db: Queryable,
  paymentMethodId: number,
  currencyId: number,
): Promise<CatalogueMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .innerJoin('currency_payment_methods', 'currency_payment_methods.payment_method_id', 'payment_methods.id')
    .select(['payment_methods.id', 'payment_methods.name', 'payment_methods.code'])
    .where('payment_methods.id', '=', paymentMethodId)
    .where('payment_methods.type', '=', 'WITHDRAWAL')
    .where('payment_methods.active', '=', true)
    .where('currency_payment_methods.active', '=', true)
    .where('currency_payment_methods.currency_id', '=', currencyId)
    .executeTakeFirst();
}

/** An active withdrawal method of the catalogue in any currency (a method added without a wallet). */
export async function findActiveWithdrawalMethod(db: Queryable, paymentMethodId: number): Promise<CatalogueMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'code'])
    .where('id', '=', paymentMethodId)
    .where('type', '=', 'WITHDRAWAL')
    .where('active', '=', true)
    .executeTakeFirst();
}

export interface FieldRow {
  payment_method_id: number;
  name: string;
  type: 'text';
  rule: 'text' | 'iban' | 'bic';
  required: boolean;
}

export async function listFields(db: Queryable, paymentMethodIds: readonly number[]): Promise<FieldRow[]> {
  if (paymentMethodIds.length === 0) return [];
  return db
    .selectFrom('withdrawal_fields')
    .select(['payment_method_id', 'name', 'type', 'rule', 'required'])
    .where('payment_method_id', 'in', paymentMethodIds)
    .orderBy('payment_method_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// ---- a merchant's own methods ------------------------------------------------------------------

export interface UserMethodRow {
  id: bigint;
  user_id: bigint;
  payment_method_id: number;
  payment_method_name: string;
  user_account_id: bigint | null;
  currency_id: number | null;
  currency_code: string | null;
  details: Record<string, string>;
  status: number;
  created_at: Date;
}

function userMethodQuery(db: Queryable) {
  return db
    .selectFrom('user_withdrawal_methods')
    .innerJoin('payment_methods', 'payment_methods.id', 'user_withdrawal_methods.payment_method_id')
    .leftJoin('wallets', 'wallets.id', 'user_withdrawal_methods.user_account_id')
    .leftJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select([
      'user_withdrawal_methods.id',
      'user_withdrawal_methods.user_id',
      'user_withdrawal_methods.payment_method_id',
      'payment_methods.name as payment_method_name',
      'user_withdrawal_methods.user_account_id',
      'currencies.id as currency_id',
      'currencies.code as currency_code',
      'user_withdrawal_methods.details',
      'user_withdrawal_methods.status',
      'user_withdrawal_methods.created_at',
    ]);
}

export async function listUserMethods(db: Queryable, userId: bigint, onlyActive: boolean): Promise<UserMethodRow[]> {
  return userMethodQuery(db)
    .where('user_withdrawal_methods.user_id', '=', userId)
    .$if(onlyActive, (query) => query.where('user_withdrawal_methods.status', '=', WITHDRAWAL_METHOD_STATUS.ACTIVE))
    .orderBy('user_withdrawal_methods.id', 'desc')
    .execute();
}

/** The merchant's method by id (another merchant's is not found). */
export async function findUserMethod(db: Queryable, userId: bigint, methodId: bigint): Promise<UserMethodRow | undefined> {
  return userMethodQuery(db)
    .where('user_withdrawal_methods.id', '=', methodId)
    .where('user_withdrawal_methods.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertUserMethod(
  db: Queryable,
  row: { userId: bigint; paymentMethodId: number; userAccountId: bigint | null; details: Record<string, string>; addedBy: bigint },
): Promise<bigint> {
  const inserted = await db
    .insertInto('user_withdrawal_methods')
    .values({
      user_id: row.userId,
      payment_method_id: row.paymentMethodId,
      user_account_id: row.userAccountId,
      details: JSON.stringify(row.details),
      added_by: row.addedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Locks the merchant's method row: FOR UPDATE to remove it, FOR SHARE to ask for a request with
 * it. A removal and a new request on one method take turns, so a removal never misses a request
 * written meanwhile, and a request never uses a method removed meanwhile.
 */
export async function lockUserMethod(
  db: Queryable,
  userId: bigint,
  methodId: bigint,
  mode: 'update' | 'share',
): Promise<{ id: bigint; status: number } | undefined> {
  const query = db.selectFrom('user_withdrawal_methods').select(['id', 'status']).where('id', '=', methodId).where('user_id', '=', userId);
  return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
}

/** How many requests name the method, and how many of them are Pending. */
export async function countMethodRequests(db: Queryable, methodId: bigint): Promise<{ all: number; pending: number }> {
  const row = await db
    .selectFrom('withdrawal_requests')
    .select((eb) => [
      eb.fn.countAll<string>().as('all'),
      eb.fn.countAll<string>().filterWhere('status', '=', WITHDRAWAL_STATUS.PENDING).as('pending'),
    ])
    .where('user_withdrawal_method_id', '=', methodId)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), pending: Number(row.pending) };
}

export async function deleteUserMethod(db: Queryable, methodId: bigint): Promise<void> {
  await db.deleteFrom('user_withdrawal_methods').where('id', '=', methodId).execute();
}

export async function disableUserMethod(db: Queryable, methodId: bigint): Promise<void> {
  await db
    .updateTable('user_withdrawal_methods')
    .set({ status: WITHDRAWAL_METHOD_STATUS.INACTIVE, updated_at: new Date() })
    .where('id', '=', methodId)
    .execute();
}

// ---- requests ----------------------------------------------------------------------------------

export async function insertRequest(
  db: Queryable,
  row: {
    uuid: string;
    userId: bigint;
    walletId: bigint;
    methodId: bigint;
    amountMinor: bigint;
    holdTransactionId: bigint;
    addedBy: bigint;
  },
): Promise<bigint> {
  const inserted = await db
    .insertInto('withdrawal_requests')
    .values({
      uuid: row.uuid,
      user_id: row.userId,
      wallet_id: row.walletId,
      user_withdrawal_method_id: row.methodId,
      amount: row.amountMinor,
      hold_transaction_id: row.holdTransactionId,
      added_by: row.addedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertDetail(
  db: Queryable,
  row: { requestId: bigint; status: number; comments: string | null; sourceReferenceId: string | null; actorUserId: bigint | null },
): Promise<void> {
  await db
    .insertInto('withdrawal_request_details')
    .values({
      withdrawal_request_id: row.requestId,
      status: row.status,
      comments: row.comments,
      source_reference_id: row.sourceReferenceId,
      actor_user_id: row.actorUserId,
    })
    .execute();
}

export interface RequestLockRow {
  id: bigint;
  uuid: string;
  user_id: bigint;
  wallet_id: bigint;
  amount: bigint;
  status: number;
}

/** Locks a request (FOR UPDATE) for its decision: two decisions at once wait here, and the second finds it decided. */
export async function lockRequest(db: Queryable, requestId: bigint): Promise<RequestLockRow | undefined> {
  return db
    .selectFrom('withdrawal_requests')
    .select(['id', 'uuid', 'user_id', 'wallet_id', 'amount', 'status'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
}

/** Pending -> `to`, with the settling posting and the reference; answers how many rows moved (0 or 1). */
export async function settleRequest(
  db: Queryable,
  requestId: bigint,
  change: { to: number; settleTransactionId: bigint; referenceId: string | null; processedBy: bigint },
): Promise<number> {
  const result = await db
    .updateTable('withdrawal_requests')
    .set({
      status: change.to,
      settle_transaction_id: change.settleTransactionId,
      reference_id: change.referenceId,
      processed_by: change.processedBy,
      updated_at: new Date(),
    })
    .where('id', '=', requestId)
    .where('status', '=', WITHDRAWAL_STATUS.PENDING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface WithdrawalListParams {
  /** The merchant whose requests are listed; null in the console (every merchant). */
  merchantUserId: bigint | null;
  days: DayRange;
  status?: number | undefined;
  walletId?: bigint | undefined;
  onlyId?: bigint | undefined;
  /** Part of the merchant's business name or e-mail (the console). */
  search?: string | undefined;
}

export interface WithdrawalListRow {
  id: bigint;
  uuid: string;
  user_id: bigint;
  wallet_id: bigint;
  amount: bigint;
  status: number;
  reference_id: string | null;
  created_at: Date;
  updated_at: Date;
  currency_code: string;
  method_id: bigint;
  method_details: Record<string, string>;
  payment_method_name: string;
  merchant_first_name: string;
  merchant_last_name: string;
  merchant_email: string;
  merchant_business_name: string | null;
}

/** The withdrawal requests, newest first: the merchant's (their screen) or every merchant's (the console). */
export const withdrawalListSource = defineListSource({
  name: 'withdrawals',
  key: 'withdrawal_requests.id',
  filtered: (db: Queryable, params: WithdrawalListParams) =>
    db
      .selectFrom('withdrawal_requests')
      .$if(params.merchantUserId !== null, (query) => query.where('withdrawal_requests.user_id', '=', params.merchantUserId!))
      .where(withinDays('withdrawal_requests.created_at', params.days))
      .$if(params.status !== undefined, (query) => query.where('withdrawal_requests.status', '=', params.status!))
      .$if(params.walletId !== undefined, (query) => query.where('withdrawal_requests.wallet_id', '=', params.walletId!))
      .$if(params.onlyId !== undefined, (query) => query.where('withdrawal_requests.id', '=', params.onlyId!))
      .$if(Boolean(params.search), (query) => {
        const pattern = likePattern(params.search!, 'contains');
        // A subquery, not a join: the page's count stays on withdrawal_requests alone.
        return query.where('withdrawal_requests.user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('users.id')
            .where((inner) => inner.or([inner('users.email', 'ilike', pattern), inner('users.business_name', 'ilike', pattern)])),
        );
      }),
  columns: (query) =>
    query
      .innerJoin('wallets', 'wallets.id', 'withdrawal_requests.wallet_id')
      .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
      .innerJoin('user_withdrawal_methods', 'user_withdrawal_methods.id', 'withdrawal_requests.user_withdrawal_method_id')
      .innerJoin('payment_methods', 'payment_methods.id', 'user_withdrawal_methods.payment_method_id')
      .innerJoin('users', 'users.id', 'withdrawal_requests.user_id')
      .select([
        'withdrawal_requests.id',
        'withdrawal_requests.uuid',
        'withdrawal_requests.user_id',
        'withdrawal_requests.wallet_id',
        'withdrawal_requests.amount',
        'withdrawal_requests.status',
        'withdrawal_requests.reference_id',
        'withdrawal_requests.created_at',
        'withdrawal_requests.updated_at',
        'currencies.code as currency_code',
        'user_withdrawal_methods.id as method_id',
        'user_withdrawal_methods.details as method_details',
        'payment_methods.name as payment_method_name',
        'users.first_name as merchant_first_name',
        'users.last_name as merchant_last_name',
        'users.email as merchant_email',
        'users.business_name as merchant_business_name',
      ]),
  keyOf: (row: WithdrawalListRow) => row.id,
});

export interface DetailRow {
  withdrawal_request_id: bigint;
  status: number;
  comments: string | null;
  source_reference_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The detail rows of these requests, oldest first per request. */
export async function listDetails(db: Queryable, requestIds: readonly bigint[]): Promise<DetailRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('withdrawal_request_details')
    .select(['withdrawal_request_id', 'status', 'comments', 'source_reference_id', 'created_at', 'updated_at'])
    .where('withdrawal_request_id', 'in', requestIds)
    .orderBy('withdrawal_request_id')
    .orderBy('id')
    .execute();
}

// ---- who is told ---------------------------------------------------------------------------------

/** The catalogue fields of each of these merchant methods (to mask their details). */
export async function listFieldsOfMethods(
  db: Queryable,
  userMethodIds: readonly bigint[],
): Promise<Array<FieldRow & { user_method_id: bigint }>> {
  if (userMethodIds.length === 0) return [];
  return db
    .selectFrom('user_withdrawal_methods')
    .innerJoin('withdrawal_fields', 'withdrawal_fields.payment_method_id', 'user_withdrawal_methods.payment_method_id')
    .select([
      'user_withdrawal_methods.id as user_method_id',
      'withdrawal_fields.payment_method_id',
      'withdrawal_fields.name',
      'withdrawal_fields.type',
      'withdrawal_fields.rule',
      'withdrawal_fields.required',
    ])
    .where('user_withdrawal_methods.id', 'in', [...new Set(userMethodIds)])
    .orderBy('user_withdrawal_methods.id')
    .orderBy('withdrawal_fields.sort')
    .execute();
}

/**
 * Locks the wallet's row; its on-hold balance (its row and its credit slots: payments committing
 * meanwhile only add to it) and what pending withdrawals hold there (docs/withdrawals.md, "What
 * of on hold is free").
 */
export async function lockOnHoldAndWithdrawalHolds(
  trx: Transaction<Database>,
  walletId: bigint,
): Promise<{ onHold: bigint; held: bigint }> {
  await trx.selectFrom('wallets').select('id').where('id', '=', walletId).forUpdate().executeTakeFirstOrThrow();
  // Read after the lock, by a statement of its own: one statement that waited for the lock would
  // see the row as the fold that held it left it, but the slots as they were before that fold,
  // and count the folded credits twice.
  const wallet = await trx.selectFrom('wallet_balances').select('balance_on_hold').where('id', '=', walletId).executeTakeFirstOrThrow();
  const held = await trx
    .selectFrom('withdrawal_requests')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('held'))
    .where('wallet_id', '=', walletId)
    .where('status', '=', WITHDRAWAL_STATUS.PENDING)
    .executeTakeFirstOrThrow();
  return { onHold: BigInt(wallet.balance_on_hold), held: BigInt(held.held) };
}
