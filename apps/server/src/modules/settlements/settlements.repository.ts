// Settlements' queries (docs/settlements.md): the configurations, the items a settlement run
// works (a merchant's wallet and channel with payments to settle), the claim of those payments
// under their row locks, the settlements and rolling reserves, and the lists the screens and
// exports read.
import { sql, type Transaction } from 'kysely';
import { ROLLING_RESERVE_STATUS, TRANSACTION_STATUS, WALLET_KIND } from '@paywallet/contract';
import { TransactionType } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { defineListSource, inChannels, type ChannelFilter } from '../../db/lists.ts';

/** The merchant payments a settlement takes: payment link, merchant API and POS payments. */
export const SETTLED_PAYMENT_TYPES = [TransactionType.PaymentLinkPayment, TransactionType.ApiPayment, TransactionType.PosPayment];

// ---- configurations ------------------------------------------------------------------------

export async function isMerchant(db: Queryable, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('type', '=', 'merchant')
    .where('parent_user_id', '=', 0n)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isMerchantChannel(db: Queryable, merchantUserId: bigint, channelId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('channels')
    .select('id')
    .where('id', '=', channelId)
    .where('merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ConfigValues {
  merchantUserId: bigint;
  channelId: bigint | null;
  type: number;
  schedule: 'daily';
  delayDays: number;
  reserveBps: number;
  reserveHoldSeconds: number;
}

/** Creates the merchant's (or the channel's) configuration, or replaces it: one row each (unique indexes). */
export async function upsertConfig(trx: Transaction<Database>, values: ConfigValues): Promise<bigint> {
  const row = {
    merchant_user_id: values.merchantUserId,
    channel_id: values.channelId,
    type: values.type,
    schedule: values.schedule,
    delay_days: values.delayDays,
    reserve_bps: values.reserveBps,
    reserve_hold_seconds: values.reserveHoldSeconds,
  };
  const changed = {
    type: values.type,
    schedule: values.schedule,
    delay_days: values.delayDays,
    reserve_bps: values.reserveBps,
    reserve_hold_seconds: values.reserveHoldSeconds,
    updated_at: new Date(),
  };
  const inserted = await trx
    .insertInto('settlement_configs')
    .values(row)
    .onConflict((oc) =>
      values.channelId === null
        ? oc.column('merchant_user_id').where('channel_id', 'is', null).doUpdateSet(changed)
        : oc.column('channel_id').where('channel_id', 'is not', null).doUpdateSet(changed),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Deletes a channel's own configuration; answers its id, or undefined when the channel has none. */
export async function deleteChannelConfig(
  trx: Transaction<Database>,
  merchantUserId: bigint,
  channelId: bigint,
): Promise<bigint | undefined> {
  const deleted = await trx
    .deleteFrom('settlement_configs')
    .where('merchant_user_id', '=', merchantUserId)
    .where('channel_id', '=', channelId)
    .returning('id')
    .executeTakeFirst();
  return deleted?.id;
}

export interface ConfigRow {
  id: bigint;
  merchant_user_id: bigint;
  channel_id: bigint | null;
  type: number;
  schedule: 'daily';
  delay_days: number;
  reserve_bps: number;
  reserve_hold_seconds: number;
  created_at: Date;
  updated_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  business_name: string | null;
  channel_name: string | null;
  channel_code: string | null;
}

function configQuery(db: Queryable) {
  return db
    .selectFrom('settlement_configs')
    .innerJoin('users', 'users.id', 'settlement_configs.merchant_user_id')
    .leftJoin('channels', 'channels.id', 'settlement_configs.channel_id')
    .select([
      'settlement_configs.id',
      'settlement_configs.merchant_user_id',
      'settlement_configs.channel_id',
      'settlement_configs.type',
      'settlement_configs.schedule',
      'settlement_configs.delay_days',
      'settlement_configs.reserve_bps',
      'settlement_configs.reserve_hold_seconds',
      'settlement_configs.created_at',
      'settlement_configs.updated_at',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.business_name',
      'channels.name as channel_name',
      'channels.code as channel_code',
    ]);
}

export async function getConfig(db: Queryable, id: bigint): Promise<ConfigRow> {
  return (await configQuery(db).where('settlement_configs.id', '=', id).executeTakeFirstOrThrow()) as ConfigRow;
}

export async function listConfigs(
  db: Queryable,
  merchantUserId: bigint | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ConfigRow[]; total: number }> {
  const rows = await configQuery(db)
    .$if(merchantUserId !== undefined, (query) => query.where('settlement_configs.merchant_user_id', '=', merchantUserId!))
    .orderBy('settlement_configs.merchant_user_id', 'desc')
    .orderBy(sql`settlement_configs.channel_id IS NOT NULL`)
    .orderBy('settlement_configs.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('settlement_configs')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .$if(merchantUserId !== undefined, (query) => query.where('merchant_user_id', '=', merchantUserId!))
    .executeTakeFirstOrThrow();
  return { rows: rows as ConfigRow[], total: Number(count.total) };
}

/** The configuration that applies to a channel's payments: the channel's own, else its merchant's. */
export async function findEffectiveConfig(
  db: Queryable,
  channelId: bigint,
): Promise<{ id: bigint; type: number; delay_days: number; reserve_bps: number; reserve_hold_seconds: number } | undefined> {
  return db
    .selectFrom('channels')
    .innerJoin('settlement_configs', (join) =>
      join.on((eb) =>
        eb.or([
          eb('settlement_configs.channel_id', '=', eb.ref('channels.id')),
          eb.and([
            eb('settlement_configs.merchant_user_id', '=', eb.ref('channels.merchant_user_id')),
            eb('settlement_configs.channel_id', 'is', null),
          ]),
        ]),
      ),
    )
    .select([
      'settlement_configs.id',
      'settlement_configs.type',
      'settlement_configs.delay_days',
      'settlement_configs.reserve_bps',
      'settlement_configs.reserve_hold_seconds',
    ])
    .where('channels.id', '=', channelId)
    .orderBy(sql`settlement_configs.channel_id IS NULL`)
    .limit(1)
    .executeTakeFirst();
}

// ---- a settlement run's items --------------------------------------------------------------

/** Which payments a run may settle: made before `cutoff` (a run by hand), or before the day's cut-off less each configuration's delay. */
export type CutoffRule = { kind: 'fixed'; cutoff: Date } | { kind: 'day'; dayStart: Date };

export interface SettlementItemRow {
  wallet_id: bigint;
  channel_id: bigint;
  merchant_user_id: bigint;
}

/**
 * The (wallet, channel) pairs with payments to settle under `rule`, after `after` in
 * (wallet, channel) order: successful merchant payments no settlement took, of a merchant (or
 * `merchantUserId`) with a configuration for the channel.
 */
export async function listSettlementItems(
  db: Queryable,
  rule: CutoffRule,
  merchantUserId: bigint | null,
  after: { walletId: bigint; channelId: bigint } | null,
  limit: number,
): Promise<SettlementItemRow[]> {
  const cutoff =
    rule.kind === 'fixed'
      ? sql`${rule.cutoff}::timestamptz`
      : sql`${rule.dayStart}::timestamptz - make_interval(days => coalesce(cc.delay_days, mc.delay_days) - 1)`;
  const result = await sql<SettlementItemRow>`
    SELECT t.receiver_account_id AS wallet_id, t.channel_id, ch.merchant_user_id
    FROM transactions t
    JOIN channels ch ON ch.id = t.channel_id
    LEFT JOIN settlement_configs cc ON cc.channel_id = t.channel_id
    LEFT JOIN settlement_configs mc ON mc.merchant_user_id = ch.merchant_user_id AND mc.channel_id IS NULL
    WHERE t.settlement_id IS NULL
      AND t.status = ${TRANSACTION_STATUS.SUCCESS}
      AND t.transaction_type_id IN (${sql.join(SETTLED_PAYMENT_TYPES)})
      AND t.receiver_account_id IS NOT NULL
      AND (cc.id IS NOT NULL OR mc.id IS NOT NULL)
      AND t.created_at < ${cutoff}
      ${merchantUserId === null ? sql`` : sql`AND ch.merchant_user_id = ${merchantUserId}`}
      ${after === null ? sql`` : sql`AND (t.receiver_account_id, t.channel_id) > (${after.walletId}::bigint, ${after.channelId}::bigint)`}
    GROUP BY t.receiver_account_id, t.channel_id, ch.merchant_user_id
    ORDER BY t.receiver_account_id, t.channel_id
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    wallet_id: BigInt(row.wallet_id),
    channel_id: BigInt(row.channel_id),
    merchant_user_id: BigInt(row.merchant_user_id),
  }));
}

export interface ClaimablePayment {
  id: bigint;
  fee: bigint;
  vat: bigint;
  created_at: Date;
}

/**
 * Locks the wallet's and channel's payments a settlement may take, made before `cutoff` and not
 * taken yet, in id order. Under the row lock the condition is read again: a payment another
 * settlement took meanwhile (and committed) is no longer returned.
 */
export async function lockClaimablePayments(
  trx: Transaction<Database>,
  walletId: bigint,
  channelId: bigint,
  cutoff: Date,
): Promise<ClaimablePayment[]> {
  return trx
    .selectFrom('transactions')
    .select(['id', 'fee', 'vat', 'created_at'])
    .where('receiver_account_id', '=', walletId)
    .where('channel_id', '=', channelId)
    .where('settlement_id', 'is', null)
    .where('status', '=', TRANSACTION_STATUS.SUCCESS)
    .where('transaction_type_id', 'in', SETTLED_PAYMENT_TYPES)
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * The refunds (type 6) of these payments that were paid from the wallet's on-hold balance and no
 * settlement took yet, locked: they took from on hold what the payments had left there.
 */
export async function lockOnHoldRefundsOf(trx: Transaction<Database>, walletId: bigint, paymentIds: readonly bigint[]): Promise<bigint[]> {
  if (paymentIds.length === 0) return [];
  const rows = await trx
    .selectFrom('refund_requests')
    .innerJoin('transactions', 'transactions.id', 'refund_requests.refund_transaction_id')
    .select('transactions.id')
    .where('refund_requests.transaction_id', 'in', paymentIds)
    .where('transactions.settlement_id', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_entries')
          .select('ledger_entries.id')
          .whereRef('ledger_entries.transaction_id', '=', 'transactions.id')
          .where('ledger_entries.wallet_id', '=', walletId)
          .where('ledger_entries.bucket', '=', 'on_hold'),
      ),
    )
    .orderBy('transactions.id')
    .forUpdate(['transactions'])
    .execute();
  return rows.map((row) => row.id);
}

/** What these transactions moved on the wallet's on-hold balance (payments +, refunds −). */
export async function onHoldMovedBy(db: Queryable, walletId: bigint, transactionIds: readonly bigint[]): Promise<bigint> {
  if (transactionIds.length === 0) return 0n;
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
    .where('transaction_id', 'in', transactionIds)
    .where('wallet_id', '=', walletId)
    .where('bucket', '=', 'on_hold')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function findReserveWallet(db: Queryable, merchantUserId: bigint, currencyId: number): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', merchantUserId)
    .where('currency_id', '=', currencyId)
    .where('is_default', '=', WALLET_KIND.ROLLING_RESERVE)
    .executeTakeFirst();
  return row?.id;
}

export interface NewSettlement {
  uuid: string;
  merchantUserId: bigint;
  walletId: bigint;
  currencyId: number;
  channelId: bigint;
  type: number;
  fromDate: string;
  toDate: string;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  transactionsCount: number;
  cutoff: Date;
  batchRunId: bigint | null;
}

export async function insertSettlement(trx: Transaction<Database>, settlement: NewSettlement): Promise<bigint> {
  const row = await trx
    .insertInto('settlements')
    .values({
      uuid: settlement.uuid,
      merchant_user_id: settlement.merchantUserId,
      wallet_id: settlement.walletId,
      currency_id: settlement.currencyId,
      channel_id: settlement.channelId,
      type: settlement.type,
      from_date: settlement.fromDate,
      to_date: settlement.toDate,
      amount: settlement.amount,
      fee: settlement.fee,
      vat: settlement.vat,
      transactions_count: settlement.transactionsCount,
      cutoff: settlement.cutoff,
      batch_run_id: settlement.batchRunId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the claimed transactions as this settlement's; only those no settlement took (the count says how many). */
export async function claimTransactions(
  trx: Transaction<Database>,
  settlementId: bigint,
  transactionIds: readonly bigint[],
  settlementStatus: number,
  at: Date,
): Promise<number> {
  if (transactionIds.length === 0) return 0;
  const result = await trx
    .updateTable('transactions')
    .set({ settlement_id: settlementId, settlement_status: settlementStatus, settlement_date: at })
    .where('id', 'in', transactionIds)
    .where('settlement_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setSettlementTransaction(trx: Transaction<Database>, settlementId: bigint, transactionId: bigint): Promise<void> {
  await trx
    .updateTable('settlements')
    .set({ transaction_id: transactionId, updated_at: new Date() })
    .where('id', '=', settlementId)
    .execute();
}

export interface NewReserve {
  uuid: string;
  settlementId: bigint;
  merchantUserId: bigint;
  walletId: bigint;
  reserveWalletId: bigint;
  amount: bigint;
  percent: number;
  timeInterval: number;
  releaseAt: Date;
}

export async function insertReserve(trx: Transaction<Database>, reserve: NewReserve): Promise<bigint> {
  const row = await trx
    .insertInto('rolling_reserves')
    .values({
      uuid: reserve.uuid,
      settlement_id: reserve.settlementId,
      merchant_user_id: reserve.merchantUserId,
      wallet_id: reserve.walletId,
      reserve_wallet_id: reserve.reserveWalletId,
      amount: reserve.amount,
      percent: reserve.percent,
      time_interval: reserve.timeInterval,
      release_at: reserve.releaseAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- reserve releases ----------------------------------------------------------------------

/** Pending reserves due at `at`, after the cursor (an id), by id. */
export async function listDueReserves(db: Queryable, at: Date, afterId: bigint | null, limit: number): Promise<Array<{ id: bigint }>> {
  return db
    .selectFrom('rolling_reserves')
    .select('id')
    .where('status', '=', ROLLING_RESERVE_STATUS.PENDING)
    .where('release_at', '<=', at)
    .$if(afterId !== null, (query) => query.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface LockedReserve {
  id: bigint;
  uuid: string;
  merchant_user_id: bigint;
  wallet_id: bigint;
  reserve_wallet_id: bigint;
  amount: bigint;
  status: number;
  release_at: Date;
  settlement_uuid: string;
}

export async function lockReserve(trx: Transaction<Database>, id: bigint): Promise<LockedReserve | undefined> {
  return trx
    .selectFrom('rolling_reserves')
    .innerJoin('settlements', 'settlements.id', 'rolling_reserves.settlement_id')
    .select([
      'rolling_reserves.id',
      'rolling_reserves.uuid',
      'rolling_reserves.merchant_user_id',
      'rolling_reserves.wallet_id',
      'rolling_reserves.reserve_wallet_id',
      'rolling_reserves.amount',
      'rolling_reserves.status',
      'rolling_reserves.release_at',
      'settlements.uuid as settlement_uuid',
    ])
    .where('rolling_reserves.id', '=', id)
    .forUpdate(['rolling_reserves'])
    .executeTakeFirst();
}

export async function markReserveReleased(trx: Transaction<Database>, id: bigint, transactionId: bigint, status: number): Promise<void> {
  await trx
    .updateTable('rolling_reserves')
    .set({ status, release_transaction_id: transactionId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

// ---- who hears of a settlement ---------------------------------------------------------------

export async function currencyOf(db: Queryable, currencyId: number): Promise<{ code: string; decimals: number }> {
  return db.selectFrom('currencies').select(['code', 'decimals']).where('id', '=', currencyId).executeTakeFirstOrThrow();
}

// ---- the lists -------------------------------------------------------------------------------

export interface SettlementListParams {
  merchantUserId: bigint;
  /** 1 aggregate, 2 direct; undefined with onlyId. */
  type?: number | undefined;
  channels: ChannelFilter;
  onlyId?: bigint | undefined;
}

export interface SettlementListRow {
  id: bigint;
  uuid: string;
  type: number;
  from_date: string;
  to_date: string;
  status: number;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  transactions_count: number;
  created_at: Date;
  wallet_id: bigint;
  reference: string | null;
  currency_code: string;
  channel_name: string | null;
  channel_code: string | null;
  reserve_uuid: string | null;
  reserve_amount: bigint | null;
  reserve_percent: number | null;
  reserve_status: number | null;
  reserve_time_interval: number | null;
  reserve_release_at: Date | null;
  reserve_release_uuid: string | null;
  reserve_updated_at: Date | null;
  reserve_created_at: Date | null;
}

export const settlementListSource = defineListSource({
  name: 'settlements',
  key: 'settlements.id',
  filtered: (db: Queryable, params: SettlementListParams) =>
    db
      .selectFrom('settlements')
      .where('settlements.merchant_user_id', '=', params.merchantUserId)
      .$if(params.type !== undefined, (query) => query.where('settlements.type', '=', params.type!))
      .$if(params.channels !== null, (query) => query.where(inChannels('settlements.channel_id', params.channels)))
      .$if(params.onlyId !== undefined, (query) => query.where('settlements.id', '=', params.onlyId!)),
  columns: (query) =>
    query
      .innerJoin('currencies', 'currencies.id', 'settlements.currency_id')
      .leftJoin('channels', 'channels.id', 'settlements.channel_id')
      .leftJoin('transactions as posting', 'posting.id', 'settlements.transaction_id')
      .leftJoin('rolling_reserves', 'rolling_reserves.settlement_id', 'settlements.id')
      .leftJoin('transactions as release', 'release.id', 'rolling_reserves.release_transaction_id')
      .select([
        'settlements.id',
        'settlements.uuid',
        'settlements.type',
        sql<string>`to_char(settlements.from_date, 'YYYY-MM-DD')`.as('from_date'),
        sql<string>`to_char(settlements.to_date, 'YYYY-MM-DD')`.as('to_date'),
        'settlements.status',
        'settlements.amount',
        'settlements.fee',
        'settlements.vat',
        'settlements.transactions_count',
        'settlements.created_at',
        'settlements.wallet_id',
        sql<string | null>`posting.uuid::text`.as('reference'),
        'currencies.code as currency_code',
        'channels.name as channel_name',
        'channels.code as channel_code',
        sql<string | null>`rolling_reserves.uuid::text`.as('reserve_uuid'),
        'rolling_reserves.amount as reserve_amount',
        'rolling_reserves.percent as reserve_percent',
        'rolling_reserves.status as reserve_status',
        'rolling_reserves.time_interval as reserve_time_interval',
        'rolling_reserves.release_at as reserve_release_at',
        sql<string | null>`release.uuid::text`.as('reserve_release_uuid'),
        'rolling_reserves.updated_at as reserve_updated_at',
        'rolling_reserves.created_at as reserve_created_at',
      ]),
  keyOf: (row: SettlementListRow) => row.id,
});

export interface SettlementTransactionParams {
  settlementId: bigint;
  walletId: bigint;
}

export interface SettlementTransactionRow {
  id: bigint;
  uuid: string;
  sender_account_title: string | null;
  sender_account_number: string | null;
  receiver_account_title: string | null;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  transaction_type_id: number;
  sender_user_id: bigint | null;
  reference_id: string | null;
  created_at: Date;
  settled_amount: string | null;
  currency_code: string;
  refunded_uuid: string | null;
  refunded_amount: bigint | null;
  refunded_fee: bigint | null;
  refunded_vat: bigint | null;
  refunded_created_at: Date | null;
}

export const settlementTransactionSource = defineListSource({
  name: 'settlement-transactions',
  key: 'transactions.id',
  filtered: (db: Queryable, params: SettlementTransactionParams) =>
    db.selectFrom('transactions').where('transactions.settlement_id', '=', params.settlementId),
  columns: (query) =>
    query
      .innerJoin('currencies', 'currencies.id', 'transactions.currency_id')
      .leftJoin('refund_requests', 'refund_requests.refund_transaction_id', 'transactions.id')
      .leftJoin('transactions as refunded', 'refunded.id', 'refund_requests.transaction_id')
      .select([
        'transactions.id',
        sql<string>`transactions.uuid::text`.as('uuid'),
        'transactions.sender_account_title',
        'transactions.sender_account_number',
        'transactions.receiver_account_title',
        'transactions.amount',
        'transactions.fee',
        'transactions.vat',
        'transactions.transaction_type_id',
        'transactions.sender_user_id',
        'transactions.reference_id',
        'transactions.created_at',
        sql<string | null>`(SELECT sum(le.amount) FROM ledger_entries le WHERE le.transaction_id = transactions.id
          AND le.wallet_id = (SELECT s.wallet_id FROM settlements s WHERE s.id = transactions.settlement_id) AND le.bucket = 'on_hold')`.as(
          'settled_amount',
        ),
        'currencies.code as currency_code',
        sql<string | null>`refunded.uuid::text`.as('refunded_uuid'),
        'refunded.amount as refunded_amount',
        'refunded.fee as refunded_fee',
        'refunded.vat as refunded_vat',
        'refunded.created_at as refunded_created_at',
      ]),
  keyOf: (row: SettlementTransactionRow) => row.id,
});

/** The merchant's settlement with this id; undefined for another merchant's or an unknown one. */
export async function findMerchantSettlement(
  db: Queryable,
  merchantUserId: bigint,
  settlementId: bigint,
): Promise<{ id: bigint; wallet_id: bigint } | undefined> {
  return db
    .selectFrom('settlements')
    .select(['id', 'wallet_id'])
    .where('id', '=', settlementId)
    .where('merchant_user_id', '=', merchantUserId)
    .executeTakeFirst();
}

// ---- runs ------------------------------------------------------------------------------------

export interface RunRow {
  id: bigint;
  period: string;
  state: 'running' | 'done';
  items_done: number;
  items_skipped: number;
  items_failed: number;
  last_error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export async function findRunById(db: Queryable, kind: string, period: string): Promise<RunRow | undefined> {
  return db
    .selectFrom('batch_runs')
    .select(['id', 'period', 'state', 'items_done', 'items_skipped', 'items_failed', 'last_error', 'started_at', 'finished_at'])
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
}

export async function listRuns(
  db: Queryable,
  kind: string,
  merchantUserId: bigint | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: RunRow[]; total: number }> {
  const base = db
    .selectFrom('batch_runs')
    .where('batch_runs.kind', '=', kind)
    .$if(merchantUserId !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('batch_runs.period', 'like', `%:m${merchantUserId!}`),
          eb.exists(
            eb
              .selectFrom('settlements')
              .select('settlements.id')
              .whereRef('settlements.batch_run_id', '=', 'batch_runs.id')
              .where('settlements.merchant_user_id', '=', merchantUserId!),
          ),
        ]),
      ),
    );
  const rows = await base
    .select([
      'batch_runs.id',
      'batch_runs.period',
      'batch_runs.state',
      'batch_runs.items_done',
      'batch_runs.items_skipped',
      'batch_runs.items_failed',
      'batch_runs.last_error',
      'batch_runs.started_at',
      'batch_runs.finished_at',
    ])
    .orderBy('batch_runs.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}

export interface RunSettlementRow {
  id: bigint;
  uuid: string;
  type: number;
  merchant_user_id: bigint;
  batch_run_id: bigint | null;
  currency_code: string;
  channel_name: string | null;
  channel_code: string | null;
  amount: bigint;
  fee: bigint;
  vat: bigint;
  reserve_amount: bigint | null;
  transactions_count: number;
  created_at: Date;
}

export async function listSettlementsOfRuns(
  db: Queryable,
  runIds: readonly bigint[],
  merchantUserId?: bigint,
): Promise<RunSettlementRow[]> {
  if (runIds.length === 0) return [];
  return db
    .selectFrom('settlements')
    .innerJoin('currencies', 'currencies.id', 'settlements.currency_id')
    .leftJoin('channels', 'channels.id', 'settlements.channel_id')
    .leftJoin('rolling_reserves', 'rolling_reserves.settlement_id', 'settlements.id')
    .select([
      'settlements.id',
      sql<string>`settlements.uuid::text`.as('uuid'),
      'settlements.type',
      'settlements.merchant_user_id',
      'settlements.batch_run_id',
      'currencies.code as currency_code',
      'channels.name as channel_name',
      'channels.code as channel_code',
      'settlements.amount',
      'settlements.fee',
      'settlements.vat',
      'rolling_reserves.amount as reserve_amount',
      'settlements.transactions_count',
      'settlements.created_at',
    ])
    .where('settlements.batch_run_id', 'in', runIds)
    .$if(merchantUserId !== undefined, (query) => query.where('settlements.merchant_user_id', '=', merchantUserId!))
    .orderBy('settlements.id')
    .execute();
}
