// Settlements (issue 16, docs/settlements.md): the configurations the console sets, the items a
// settlement run works and how one is settled, the release of rolling reserves, and the lists
// the merchant reads (the settlements of a type, one settlement's transactions and summary).
//
// A settlement item is one merchant wallet and channel with payments to settle. In one database
// transaction it locks the payments (and the refunds of them paid from on hold), claims them for
// a new settlement row, and posts what they left on hold under the key `settlement:<uuid>`:
// aggregate, on hold −S, available +(S−R), the rolling-reserve wallet +R; direct, on hold −S,
// payouts +S. The claim (`settlement_id IS NULL` read again under the row lock) is what keeps a
// payment in one settlement whatever runs at once; the key is the ledger's guard behind it.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  ROLLING_RESERVE_STATUS,
  ROLLING_RESERVE_STATUS_LABEL,
  SETTLEMENT_STATUS,
  SETTLEMENT_STATUS_LABEL,
  settlementTypeId,
  settlementTypeName,
  SETTLEMENT_TYPE,
  TRANSACTION_STATUS,
  WALLET_KIND,
  type TAdminGetSettlementConfigsInput,
  type TAdminRemoveSettlementConfigInput,
  type TAdminUpdateSettlementConfigInput,
  type TSettlementConfigRow,
  type TSettlementFilters,
  type TSettlementRow,
  type TSettlementsInput,
  type TSettlementSummary,
  type TSettlementTransaction,
} from '@paywallet/contract';
import {
  aggregateSettlementEntries,
  assert,
  directSettlementEntries,
  minorToWire,
  postingKey,
  rollingReserveReleaseEntries,
  TransactionType,
} from '@paywallet/ledger';
import type { Db, Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import type { BatchItem, BatchItemContext, BatchItemOutcome } from '../../jobs/batch-runs.ts';
import { fullName } from '../../lib/display-text.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import { postEntries, type PartyRef } from '../ledger/ledger.service.ts';
import { notifyMerchantTeam } from '../notifications/merchant-team.service.ts';
import { notice } from '../notifications/notifications.service.ts';
import type { NotificationData, NotificationType } from '../notifications/notification-types.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import { createWallet, getWallet, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import { lockFreeOnHold } from '../withdrawals/withdrawals.service.ts';
import * as repository from './settlements.repository.ts';
import { ROLLING_RESERVE_RELEASED, SETTLEMENT_COMPLETED } from './settlements.notifications.ts';

export const SETTLEMENT_RUN_KIND = 'settle-payments';
export const RESERVE_RELEASE_KIND = 'release-rolling-reserves';
/** The schedule starts the day's run once a day, at 00:00 GMT. */
export const SETTLEMENT_RUN_EVERY_MS = 24 * 60 * 60 * 1000;
/**
 * Due reserves are released within 15 seconds: the schedule looks every 15 s (one indexed read of
 * the Pending reserves due; a run is opened only when one is due), like the rollup compaction.
 */
export const RESERVE_RELEASE_EVERY_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---- periods ---------------------------------------------------------------------------------

/**
 * A run's period says which payments it settles. `day:<YYYY-MM-DD>`: the schedule's run of that
 * day, each configuration's payments up to the end of the day `delay_days` before (T+1: up to
 * the end of yesterday, GMT). `cut:<epoch ms>` (and `:m<merchant id>`): a run by hand, every
 * payment made before the instant, whatever the delay.
 */
export type SettlementPeriod = { kind: 'day'; day: string; dayStart: Date } | { kind: 'cut'; cutoff: Date; merchantUserId: bigint | null };

export function settlementPeriodOf(now: Date): string {
  return `day:${now.toISOString().slice(0, 10)}`;
}

/** The instant in milliseconds since the epoch, so that the period stays within 40 characters with any merchant id. */
export function manualPeriod(cutoff: Date, merchantUserId: bigint | null): string {
  const instant = String(cutoff.getTime());
  return merchantUserId === null ? `cut:${instant}` : `cut:${instant}:m${merchantUserId}`;
}

export function parseSettlementPeriod(period: string): SettlementPeriod {
  const day = /^day:(\d{4}-\d{2}-\d{2})$/.exec(period);
  if (day) return { kind: 'day', day: day[1]!, dayStart: new Date(`${day[1]!}T00:00:00Z`) };
  const cut = /^cut:(\d{1,15})(?::m(\d{1,19}))?$/.exec(period);
  assert(cut !== null, `a settlement period is day:<day> or cut:<epoch ms>[:m<id>], got "${period}"`);
  return { kind: 'cut', cutoff: new Date(Number(cut[1]!)), merchantUserId: cut[2] === undefined ? null : BigInt(cut[2]) };
}

function cutoffRule(period: SettlementPeriod): repository.CutoffRule {
  return period.kind === 'day' ? { kind: 'day', dayStart: period.dayStart } : { kind: 'fixed', cutoff: period.cutoff };
}

/** The cut-off of one configuration in a period: before it, a payment may be settled. */
function cutoffOf(period: SettlementPeriod, delayDays: number): Date {
  return period.kind === 'cut' ? period.cutoff : new Date(period.dayStart.getTime() - (delayDays - 1) * DAY_MS);
}

// ---- settling one item -----------------------------------------------------------------------

export interface SettlementItem extends BatchItem {
  walletId: string;
  channelId: string;
  merchantUserId: string;
}

export async function listSettlementItems(db: Queryable, period: string, cursor: string | null, limit: number): Promise<SettlementItem[]> {
  const parsed = parseSettlementPeriod(period);
  const after = cursor === null ? null : parseItemCursor(cursor);
  const rows = await repository.listSettlementItems(
    db,
    cutoffRule(parsed),
    parsed.kind === 'cut' ? parsed.merchantUserId : null,
    after,
    limit,
  );
  return rows.map((row) => ({
    cursor: `${row.wallet_id}:${row.channel_id}`,
    walletId: String(row.wallet_id),
    channelId: String(row.channel_id),
    merchantUserId: String(row.merchant_user_id),
  }));
}

function parseItemCursor(cursor: string): { walletId: bigint; channelId: bigint } {
  const match = /^(\d{1,19}):(\d{1,19})$/.exec(cursor);
  assert(match !== null, `a settlement cursor is <wallet>:<channel>, got "${cursor}"`);
  return { walletId: BigInt(match[1]!), channelId: BigInt(match[2]!) };
}

/** What a settlement moved, for its notice. */
interface Settled {
  settlementId: bigint;
  uuid: string;
  type: 'aggregate' | 'direct';
  settledMinor: bigint;
  reserveMinor: bigint;
  wallet: WalletWithCurrency;
}

/**
 * Settles one wallet's and channel's payments in `trx` (docs/settlements.md): 'skipped' when no
 * configuration applies any more or another settlement took them first.
 */
export async function settleItem(trx: Transaction<Database>, item: SettlementItem, context: BatchItemContext): Promise<BatchItemOutcome> {
  const period = parseSettlementPeriod(context.run.period);
  const walletId = BigInt(item.walletId);
  const channelId = BigInt(item.channelId);
  const config = await repository.findEffectiveConfig(trx, channelId);
  if (!config) return 'skipped';
  const cutoff = cutoffOf(period, config.delay_days);
  const settled = await settlePayments(trx, {
    walletId,
    channelId,
    cutoff,
    type: config.type,
    reserveBps: config.type === SETTLEMENT_TYPE.AGGREGATE ? config.reserve_bps : 0,
    reserveHoldSeconds: config.reserve_hold_seconds,
    batchRunId: context.run.id,
  });
  if (!settled) return 'skipped';
  await context.audit(trx, {
    action: 'settlement.post',
    subject: { type: 'settlement', id: String(settled.settlementId) },
    onBehalfOfUserId: settled.wallet.user_id,
    detail: { uuid: settled.uuid, settled: String(settled.settledMinor), reserve: String(settled.reserveMinor) },
  });
  await notifySettlement(context.deps, trx, settled);
  return 'done';
}

interface SettleRequest {
  walletId: bigint;
  channelId: bigint;
  cutoff: Date;
  type: number;
  reserveBps: number;
  reserveHoldSeconds: number;
  batchRunId: bigint | null;
}

async function settlePayments(trx: Transaction<Database>, request: SettleRequest): Promise<Settled | null> {
  // The payments first, then the wallet: the order a refund takes its locks in (payment, wallet).
  const payments = await repository.lockClaimablePayments(trx, request.walletId, request.channelId, request.cutoff);
  if (payments.length === 0) return null;
  const paymentIds = payments.map((payment) => payment.id);
  const refundIds = await repository.lockOnHoldRefundsOf(trx, request.walletId, paymentIds);
  // The wallet's lock, and what of its on hold is free: pending withdrawals keep their amounts there.
  const freeOnHold = await lockFreeOnHold(trx, request.walletId);
  const wallet = await getWallet(trx, request.walletId);

  // S: what the payments left on hold, less what their refunds took from on hold; never more than is free.
  const left = await repository.onHoldMovedBy(trx, request.walletId, [...paymentIds, ...refundIds]);
  let settledMinor = left < freeOnHold ? left : freeOnHold;
  if (settledMinor < 0n) settledMinor = 0n;
  const reserveMinor = (settledMinor * BigInt(request.reserveBps)) / 10_000n;
  const feeMinor = payments.reduce((sum, payment) => sum + payment.fee, 0n);
  const vatMinor = payments.reduce((sum, payment) => sum + payment.vat, 0n);
  const days = payments.map((payment) => payment.created_at.toISOString().slice(0, 10)).sort();

  const uuid = crypto.randomUUID();
  const now = new Date();
  const settlementId = await repository.insertSettlement(trx, {
    uuid,
    merchantUserId: wallet.user_id,
    walletId: wallet.id,
    currencyId: wallet.currency_id,
    channelId: request.channelId,
    type: request.type,
    fromDate: days[0]!,
    toDate: days[days.length - 1]!,
    // DECISIONS 3: the settlement amount is amount − fee − vat, which is S.
    amount: settledMinor + feeMinor + vatMinor,
    fee: feeMinor,
    vat: vatMinor,
    transactionsCount: payments.length,
    cutoff: request.cutoff,
    batchRunId: request.batchRunId,
  });
  const claimed = await repository.claimTransactions(trx, settlementId, [...paymentIds, ...refundIds], SETTLEMENT_STATUS.DONE, now);
  assert(claimed === paymentIds.length + refundIds.length, 'the locked payments and refunds are claimed by this settlement');

  const type = settlementTypeName(request.type);
  if (settledMinor > 0n) {
    const party = partyOf(wallet);
    const key = postingKey('settlement', uuid);
    const base = {
      status: TRANSACTION_STATUS.SUCCESS,
      currencyId: wallet.currency_id,
      amountMinor: settledMinor,
      feeMinor: 0n,
      vatMinor: 0n,
      totalAmountMinor: settledMinor,
      sender: party,
      referenceId: uuid,
      channelId: request.channelId,
      postingKey: key,
    };
    let posted;
    if (type === 'aggregate') {
      const reserveWalletId = reserveMinor > 0n ? await reserveWalletOf(trx, wallet) : null;
      posted = await postEntries(
        trx,
        { ...base, typeId: TransactionType.AggregateSettlement, receiver: party },
        aggregateSettlementEntries({
          merchantWalletId: String(wallet.id),
          // Without a reserve the ledger still wants a wallet that is not the merchant's: its entry is 0 and left out.
          reserveWalletId: reserveWalletId === null ? `${wallet.id}-no-reserve` : String(reserveWalletId),
          currency: wallet.currency_code,
          settledMinor,
          reserveMinor,
        }),
        [],
      );
      if (reserveWalletId !== null) {
        await repository.insertReserve(trx, {
          uuid: crypto.randomUUID(),
          settlementId,
          merchantUserId: wallet.user_id,
          walletId: wallet.id,
          reserveWalletId,
          amount: reserveMinor,
          percent: request.reserveBps,
          timeInterval: request.reserveHoldSeconds,
          releaseAt: new Date(now.getTime() + request.reserveHoldSeconds * 1000),
        });
      }
    } else {
      posted = await postEntries(
        trx,
        { ...base, typeId: TransactionType.DirectSettlement },
        directSettlementEntries({ merchantWalletId: String(wallet.id), currency: wallet.currency_code, settledMinor }),
        [],
      );
    }
    // The uuid is new in this transaction: its key cannot have been posted before.
    assert(posted.outcome === 'created', 'a new settlement posts its movement');
    await repository.setSettlementTransaction(trx, settlementId, posted.transactionId);
  }
  return { settlementId, uuid, type, settledMinor, reserveMinor, wallet };
}

function partyOf(wallet: WalletWithCurrency): PartyRef {
  return { userId: wallet.user_id, walletId: wallet.id, title: fullName(wallet), accountNumber: wallet.account_number };
}

/** The merchant's rolling-reserve wallet in the wallet's currency, opened when missing (under the merchant wallet's lock). */
async function reserveWalletOf(trx: Transaction<Database>, wallet: WalletWithCurrency): Promise<bigint> {
  const found = await repository.findReserveWallet(trx, wallet.user_id, wallet.currency_id);
  if (found !== undefined) return found;
  return createWallet(trx, wallet.user_id, wallet.currency_id, WALLET_KIND.ROLLING_RESERVE);
}

// ---- reserve releases -------------------------------------------------------------------------

export interface ReserveItem extends BatchItem {
  reserveId: string;
}

/** A release run covers the reserves due at the start of its 15 seconds. */
export function releasePeriodOf(now: Date): string {
  return new Date(Math.floor(now.getTime() / RESERVE_RELEASE_EVERY_MS) * RESERVE_RELEASE_EVERY_MS).toISOString();
}

export async function listReleaseItems(db: Queryable, period: string, cursor: string | null, limit: number): Promise<ReserveItem[]> {
  const at = new Date(period);
  assert(!Number.isNaN(at.getTime()), `a release period is an instant, got "${period}"`);
  const rows = await repository.listDueReserves(db, at, cursor === null ? null : BigInt(cursor), limit);
  return rows.map((row) => ({ cursor: String(row.id), reserveId: String(row.id) }));
}

/** Releases one due reserve to the merchant's available balance (type 14, key reserve-release:<uuid>); 'skipped' if no longer pending. */
export async function releaseReserveItem(
  trx: Transaction<Database>,
  item: ReserveItem,
  context: BatchItemContext,
): Promise<BatchItemOutcome> {
  const reserve = await repository.lockReserve(trx, BigInt(item.reserveId));
  if (
    !reserve ||
    reserve.status !== ROLLING_RESERVE_STATUS.PENDING ||
    reserve.release_at.getTime() > new Date(context.run.period).getTime()
  ) {
    return 'skipped';
  }
  const wallet = await getWallet(trx, reserve.wallet_id);
  const reserveWallet = await getWallet(trx, reserve.reserve_wallet_id);
  const posted = await postEntries(
    trx,
    {
      typeId: TransactionType.RollingReserveRelease,
      status: TRANSACTION_STATUS.SUCCESS,
      currencyId: wallet.currency_id,
      amountMinor: reserve.amount,
      feeMinor: 0n,
      vatMinor: 0n,
      totalAmountMinor: reserve.amount,
      sender: partyOf(reserveWallet),
      receiver: partyOf(wallet),
      referenceId: reserve.uuid,
      postingKey: postingKey('reserve-release', reserve.uuid),
    },
    rollingReserveReleaseEntries({
      merchantWalletId: String(wallet.id),
      reserveWalletId: String(reserveWallet.id),
      currency: wallet.currency_code,
      releasedMinor: reserve.amount,
    }),
    [],
  );
  await repository.markReserveReleased(trx, reserve.id, posted.transactionId, ROLLING_RESERVE_STATUS.COMPLETED);
  await context.audit(trx, {
    action: 'rolling-reserve.release',
    subject: { type: 'rolling_reserve', id: String(reserve.id) },
    onBehalfOfUserId: reserve.merchant_user_id,
    detail: { uuid: reserve.uuid, amount: String(reserve.amount) },
  });
  if (posted.outcome === 'created') {
    await notifyMerchant(context.deps, trx, reserve.merchant_user_id, ROLLING_RESERVE_RELEASED, 'Rolling reserve released', posted.uuid, {
      reserveId: reserve.uuid,
      settlementId: reserve.settlement_uuid,
      amount: minorToWire(reserve.amount),
      currency: wallet.currency_code,
      decimals: wallet.currency_decimals,
    });
  }
  return 'done';
}

// ---- notices ----------------------------------------------------------------------------------

async function notifySettlement(deps: Deps, trx: Transaction<Database>, settled: Settled): Promise<void> {
  if (settled.settledMinor === 0n) return;
  await notifyMerchant(deps, trx, settled.wallet.user_id, SETTLEMENT_COMPLETED, 'Settlement completed', settled.uuid, {
    settlementId: settled.uuid,
    type: settled.type,
    amount: minorToWire(settled.settledMinor),
    currency: settled.wallet.currency_code,
    decimals: settled.wallet.currency_decimals,
    reserve: minorToWire(settled.reserveMinor),
  });
}

/** The bell and the live stream of the main account and its staff granted settlements, and their e-mails where switched on. */
async function notifyMerchant<TData extends NotificationData>(
  deps: Deps,
  trx: Transaction<Database>,
  merchantUserId: bigint,
  type: NotificationType<TData>,
  subject: string,
  reference: string,
  data: TData,
): Promise<void> {
  await notifyMerchantTeam(deps.mailer, trx, {
    merchantUserId,
    features: ['settlements'],
    noticeTo: (userId) => notice(userId, type, data),
    mail: () => ({ subject, reference: `Reference: ${reference}` }),
  });
}

// ---- configurations (the console) ------------------------------------------------------------

function configView(row: repository.ConfigRow): TSettlementConfigRow {
  return {
    id: Number(row.id),
    merchant: {
      id: Number(row.merchant_user_id),
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      business_name: row.business_name,
    },
    channel: row.channel_id === null ? null : { id: Number(row.channel_id), name: row.channel_name ?? '', code: row.channel_code ?? '' },
    type: settlementTypeName(row.type),
    schedule: row.schedule,
    delay_days: row.delay_days,
    reserve_bps: row.reserve_bps,
    reserve_hold_seconds: row.reserve_hold_seconds,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getSettlementConfigs(deps: Deps, input: TAdminGetSettlementConfigsInput) {
  const merchantUserId = input.merchantId === undefined ? undefined : BigInt(input.merchantId);
  const { rows, total } = await repository.listConfigs(deps.db, merchantUserId, {
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  });
  return { data: rows.map(configView), paginationData: { total, perPage: input.perPage, currentPage: input.page } };
}

export async function updateSettlementConfig(
  deps: Deps,
  audit: AuditTrail,
  input: TAdminUpdateSettlementConfigInput,
): Promise<TSettlementConfigRow> {
  const merchantUserId = BigInt(input.merchantId);
  const channelId = input.channelId === undefined ? null : BigInt(input.channelId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repository.isMerchant(trx, merchantUserId))) fail('MERCHANT_NOT_FOUND');
    if (channelId !== null && !(await repository.isMerchantChannel(trx, merchantUserId, channelId))) fail('CHANNEL_NOT_FOUND');
    const id = await repository.upsertConfig(trx, {
      merchantUserId,
      channelId,
      type: settlementTypeId(input.type),
      schedule: input.schedule,
      delayDays: input.delayDays,
      reserveBps: input.reserveBps,
      reserveHoldSeconds: input.reserveHoldSeconds,
    });
    await audit.record(trx, {
      subject: { type: 'settlement_config', id },
      detail: {
        merchantId: String(merchantUserId),
        channelId: channelId === null ? null : String(channelId),
        type: input.type,
        delayDays: input.delayDays,
        reserveBps: input.reserveBps,
        reserveHoldSeconds: input.reserveHoldSeconds,
      },
    });
    return configView(await repository.getConfig(trx, id));
  });
}

/**
 * Removes a channel's configuration: its payments follow the merchant's own again (the next
 * run reads the configuration that applies then). The merchant's own configuration is never
 * removed: without it, the merchant would silently stop being settled.
 */
export async function removeSettlementConfig(
  deps: Deps,
  audit: AuditTrail,
  input: TAdminRemoveSettlementConfigInput,
): Promise<{ id: number }> {
  const merchantUserId = BigInt(input.merchantId);
  if (input.channelId === undefined) fail('SETTLEMENT_CONFIG_MERCHANT_WIDE');
  const channelId = BigInt(input.channelId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repository.isMerchant(trx, merchantUserId))) fail('MERCHANT_NOT_FOUND');
    if (!(await repository.isMerchantChannel(trx, merchantUserId, channelId))) fail('CHANNEL_NOT_FOUND');
    const id = await repository.deleteChannelConfig(trx, merchantUserId, channelId);
    if (id === undefined) fail('SETTLEMENT_CONFIG_NOT_FOUND');
    await audit.record(trx, {
      subject: { type: 'settlement_config', id },
      detail: { merchantId: String(merchantUserId), channelId: String(channelId) },
    });
    return { id: Number(id) };
  });
}

/** Sets a configuration without a call: the seed's demo merchant. */
export async function setSettlementConfig(db: Db, values: repository.ConfigValues): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repository.upsertConfig(trx, values);
  });
}

// ---- the merchant's lists ---------------------------------------------------------------------

function reserveView(row: repository.SettlementListRow): TSettlementRow['rolling_reserve'] {
  if (row.reserve_uuid === null) return null;
  const status = row.reserve_status ?? 0;
  return {
    uuid: row.reserve_uuid,
    amount: minorToWire(row.reserve_amount ?? 0n),
    rolling_reserve: row.reserve_percent ?? 0,
    status,
    status_str: ROLLING_RESERVE_STATUS_LABEL[status] ?? 'Pending',
    time_interval: row.reserve_time_interval ?? 0,
    release_at: (row.reserve_release_at ?? new Date(0)).toISOString(),
    release_transaction_uuid: row.reserve_release_uuid,
    updated_at: (row.reserve_updated_at ?? new Date(0)).toISOString(),
    created_at: (row.reserve_created_at ?? new Date(0)).toISOString(),
  };
}

export function settlementView(row: repository.SettlementListRow): TSettlementRow {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    type: settlementTypeName(row.type),
    from_date: row.from_date,
    to_date: row.to_date,
    reference: row.reference,
    status: row.status,
    status_str: SETTLEMENT_STATUS_LABEL[row.status] ?? 'Pending',
    amount: minorToWire(row.amount),
    fee: minorToWire(row.fee),
    vat: minorToWire(row.vat),
    settlement_amount: minorToWire(row.amount - row.fee - row.vat),
    transactions_count: row.transactions_count,
    created_at: row.created_at.toISOString(),
    channel: row.channel_name === null ? null : { name: row.channel_name, code: row.channel_code ?? '' },
    user_account: { id: Number(row.wallet_id), currency: { code: row.currency_code.trim() } },
    rolling_reserve: reserveView(row),
  };
}

export function settlementTransactionView(row: repository.SettlementTransactionRow): TSettlementTransaction & { currency_code: string } {
  return {
    uuid: row.uuid,
    sender_account_title: row.sender_account_title,
    sender_account_number: row.sender_account_number,
    receiver_account_title: row.receiver_account_title,
    amount: minorToWire(row.amount),
    vat: minorToWire(row.vat),
    fee: minorToWire(row.fee),
    settled_amount: minorToWire(BigInt(row.settled_amount ?? '0')),
    transaction_type_id: row.transaction_type_id,
    sender_user_id: row.sender_user_id === null ? null : Number(row.sender_user_id),
    reference_id: row.reference_id,
    created_at: row.created_at.toISOString(),
    refunded_transaction:
      row.refunded_uuid === null
        ? null
        : {
            uuid: row.refunded_uuid,
            amount: minorToWire(row.refunded_amount ?? 0n),
            fee: minorToWire(row.refunded_fee ?? 0n),
            vat: minorToWire(row.refunded_vat ?? 0n),
            created_at: (row.refunded_created_at ?? new Date(0)).toISOString(),
          },
    currency_code: row.currency_code.trim(),
  };
}

export type SettlementTransactionView = ReturnType<typeof settlementTransactionView>;

export const settlementList = defineList({ source: repository.settlementListSource, view: settlementView });
export const settlementTransactionList = defineList({ source: repository.settlementTransactionSource, view: settlementTransactionView });

/** The settlements list's params for the merchant, after the store scope's checks. */
export async function settlementListParams(
  db: Queryable,
  merchantUserId: bigint,
  filters: TSettlementFilters,
): Promise<repository.SettlementListParams> {
  const channels = await resolveStoreScope(db, merchantUserId, filters);
  return { merchantUserId, type: settlementTypeId(filters.type), channels };
}

/** One settlement's transactions, the merchant's only (SETTLEMENT_NOT_FOUND otherwise). */
export async function settlementTransactionParams(
  db: Queryable,
  merchantUserId: bigint,
  settlementId: number,
): Promise<repository.SettlementTransactionParams> {
  const settlement = await repository.findMerchantSettlement(db, merchantUserId, BigInt(settlementId));
  if (!settlement) fail('SETTLEMENT_NOT_FOUND');
  return { settlementId: settlement.id, walletId: settlement.wallet_id };
}

export function summaryOf(row: TSettlementRow): TSettlementSummary {
  const reserve = row.rolling_reserve;
  return {
    payable_amount: row.amount,
    fee: row.fee,
    vat: row.vat,
    settlement_amount: row.settlement_amount,
    reserve_percent: reserve ? reserve.rolling_reserve : null,
    reserve_amount: reserve ? reserve.amount : null,
    settlement_after_reserve: reserve ? row.settlement_amount - reserve.amount : null,
  };
}

export async function getSettlements(deps: Deps, merchantUserId: bigint, input: TSettlementsInput) {
  if (input.settlementId === undefined) {
    const page = await listPage(deps.db, settlementList, await settlementListParams(deps.db, merchantUserId, input), input);
    return { ...page, details: null };
  }
  const params = await settlementTransactionParams(deps.db, merchantUserId, input.settlementId);
  const header = await listPage(
    deps.db,
    settlementList,
    { merchantUserId, channels: null, onlyId: params.settlementId },
    { page: 1, perPage: 1 },
  );
  const settlement = header.data[0];
  assert(settlement !== undefined, 'the merchant settlement just found is listed');
  const transactions = await listPage(deps.db, settlementTransactionList, params, input);
  return {
    data: [settlement],
    paginationData: header.paginationData,
    details: {
      transactions: transactions.data.map(({ currency_code: _currency, ...row }) => row),
      paginationData: transactions.paginationData,
      summary: summaryOf(settlement),
    },
  };
}
