// Withdrawals (spec 2 'Withdrawals', ARCHITECTURE section 4, DECISIONS 52): the catalogue of
// withdrawal methods per currency, a merchant's own methods, and withdrawal requests that the
// console pays or rejects.
//
//   add-new-withdrawal          -> 0 Pending   posting withdrawal:<uuid>            available -W, on hold +W
//   admin/process-withdrawal    0 -> 1 Paid    posting withdrawal-paid:<uuid>       on hold -W, payouts +W
//                               0 -> 2 Rejected posting withdrawal-rejected:<uuid>  on hold -W, available +W
//
// The request's money is held in the same database transaction that writes the request: the
// ledger's conditional wallet update refuses to take available below zero, so parallel requests
// never hold more than the wallet has. A decision locks the request (FOR UPDATE) and applies only
// to a Pending one, so a request is settled once; its posting key is the ledger's guard behind it.
// Each state a request takes is a row of with_drawal_request_details, written in the same transaction.
import crypto from 'node:crypto';
import {
  TRANSACTION_STATUS,
  WALLET_KIND,
  WITHDRAWAL_METHOD_STATUS,
  WITHDRAWAL_STATUS,
  WITHDRAWAL_STATUS_LABEL,
  type TAddNewWithdrawalInput,
  type TAddWithdrawalMethodInput,
  type TDeleteWithdrawalMethodInput,
  type TDeleteWithdrawalMethodResponse,
  type TAdminGetWithdrawalsInput,
  type TAdminProcessWithdrawalInput,
  type TAdminWithdrawalRow,
  type TGetAllWithdrawalsInput,
  type TUserWithdrawalMethod,
  type TWithdrawalDetailRow,
  type TWithdrawalField,
  type TWithdrawalMethod,
  type TWithdrawalRow,
  type TFeatureSlug,
} from '@paywallet/contract';
import {
  assert,
  minorToWire,
  postingKey,
  TransactionType,
  withdrawalPaidEntries,
  withdrawalRejectedEntries,
  withdrawalRequestEntries,
} from '@paywallet/ledger';
import type { Transaction } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { fullName, formatMoney } from '../../lib/display-text.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import { postEntries, PostingRefused } from '../ledger/ledger.service.ts';
import { notifyMerchantTeam } from '../notifications/merchant-team.service.ts';
import { notice, type Notice } from '../notifications/notifications.service.ts';
import { findOwnWallet, getWallet, type WalletWithCurrency } from '../wallets/wallets.service.ts';
import { checkedDetails, maskedDetails } from './withdrawal-fields.ts';
import { MAIL_SUBJECT, WITHDRAWAL_PAID, WITHDRAWAL_REASON_MAX_CHARS, WITHDRAWAL_REJECTED } from './withdrawals.notifications.ts';
import * as repository from './withdrawals.repository.ts';

/** The feature whose staff members hear of their merchant's withdrawals. */
const WITHDRAWAL_FEATURE: TFeatureSlug = 'with-drawal';

function statusLabel(status: number): string {
  const label = WITHDRAWAL_STATUS_LABEL[status];
  assert(label !== undefined, `unknown withdrawal status ${status}`);
  return label;
}

// ---- the catalogue -----------------------------------------------------------------------------

function fieldView(row: repository.FieldRow): TWithdrawalField {
  return { type: row.type, Name: row.name, required: row.required, rule: row.rule };
}

/** The fields of each of these payment methods, in order. */
async function fieldsOf(db: Queryable, paymentMethodIds: readonly number[]): Promise<Map<number, TWithdrawalField[]>> {
  const byMethod = new Map<number, TWithdrawalField[]>();
  for (const row of await repository.listFields(db, [...new Set(paymentMethodIds)])) {
    const list = byMethod.get(row.payment_method_id) ?? [];
    list.push(fieldView(row));
    byMethod.set(row.payment_method_id, list);
  }
  return byMethod;
}

export async function getAllWithdrawalMethods(db: Queryable, currencyId: number): Promise<TWithdrawalMethod[]> {
  const methods = await repository.listCatalogueMethods(db, currencyId);
  const fields = await fieldsOf(
    db,
    methods.map((method) => method.id),
  );
  return methods.map((method) => ({ id: method.id, name: method.name, code: method.code, withdrawal_fields: fields.get(method.id) ?? [] }));
}

// ---- a merchant's own methods ------------------------------------------------------------------

async function userMethodViews(db: Queryable, rows: readonly repository.UserMethodRow[]): Promise<TUserWithdrawalMethod[]> {
  const fields = await fieldsOf(
    db,
    rows.map((row) => row.payment_method_id),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    payment_method_id: row.payment_method_id,
    payment_method: { name: row.payment_method_name },
    user_id: Number(row.user_id),
    user_account_id: row.user_account_id === null ? null : Number(row.user_account_id),
    currency: row.currency_id === null || row.currency_code === null ? null : { id: row.currency_id, code: row.currency_code.trim() },
    details: maskedDetails(fields.get(row.payment_method_id) ?? [], row.details),
    status: row.status,
    created_at: row.created_at.toISOString(),
  }));
}

export async function getUserWithdrawalMethods(
  db: Queryable,
  merchantUserId: bigint,
  flag: 'active' | 'all',
): Promise<TUserWithdrawalMethod[]> {
  return userMethodViews(db, await repository.listUserMethods(db, merchantUserId, flag === 'active'));
}

/** A wallet of the merchant's that money may leave: not another's, not the rolling reserve. */
async function withdrawableWallet(db: Queryable, merchantUserId: bigint, walletId: bigint): Promise<WalletWithCurrency> {
  const wallet = await findOwnWallet(db, merchantUserId, walletId);
  if (!wallet) fail('WALLET_NOT_FOUND');
  if (wallet.is_default === WALLET_KIND.ROLLING_RESERVE) fail('RESERVE_WALLET_REFUSED');
  return wallet;
}

export async function addWithdrawalMethod(
  deps: Deps,
  audit: AuditTrail,
  who: { merchantUserId: bigint; actorUserId: bigint },
  input: TAddWithdrawalMethodInput,
): Promise<TUserWithdrawalMethod> {
  const wallet =
    input.userAccountId === undefined ? null : await withdrawableWallet(deps.db, who.merchantUserId, BigInt(input.userAccountId));
  const method = wallet
    ? await repository.findOfferedMethod(deps.db, input.paymentMethodId, wallet.currency_id)
    : await repository.findActiveWithdrawalMethod(deps.db, input.paymentMethodId);
  if (!method) fail('WITHDRAWAL_METHOD_NOT_OFFERED');
  const fields = (await fieldsOf(deps.db, [method.id])).get(method.id) ?? [];
  const details = checkedDetails(fields, input.details);
  const methodId = await deps.db.transaction().execute(async (trx) => {
    const id = await repository.insertUserMethod(trx, {
      userId: who.merchantUserId,
      paymentMethodId: method.id,
      userAccountId: wallet?.id ?? null,
      details,
      addedBy: who.actorUserId,
    });
    await audit.record(trx, { subject: { type: 'withdrawal_method', id }, detail: { paymentMethod: method.code } });
    return id;
  });
  const row = await repository.findUserMethod(deps.db, who.merchantUserId, methodId);
  assert(row !== undefined, 'a method just written is found');
  return (await userMethodViews(deps.db, [row]))[0]!;
}

/**
 * Removes a method of the merchant's: deleted when no request names it, disabled (status 0, no
 * longer offered) when past requests do, so they still show it; refused while a Pending request
 * waits on it (the console pays to its details). Another merchant's method is not found. The
 * method's row is locked, and a new request locks it too (addNewWithdrawal), so the two take turns.
 */
export async function deleteWithdrawalMethod(
  deps: Deps,
  audit: AuditTrail,
  who: { merchantUserId: bigint; actorUserId: bigint },
  input: TDeleteWithdrawalMethodInput,
): Promise<TDeleteWithdrawalMethodResponse> {
  const methodId = BigInt(input.methodId);
  return deps.db.transaction().execute(async (trx) => {
    const method = await repository.lockUserMethod(trx, who.merchantUserId, methodId, 'update');
    if (!method) fail('WITHDRAWAL_METHOD_NOT_FOUND');
    const requests = await repository.countMethodRequests(trx, methodId);
    if (requests.pending > 0) fail('WITHDRAWAL_METHOD_IN_USE');
    const outcome = requests.all === 0 ? 'deleted' : 'disabled';
    if (outcome === 'deleted') await repository.deleteUserMethod(trx, methodId);
    else await repository.disableUserMethod(trx, methodId);
    await audit.record(trx, { subject: { type: 'withdrawal_method', id: methodId }, detail: { outcome, requests: requests.all } });
    return { id: Number(methodId), outcome };
  });
}

// ---- the list ----------------------------------------------------------------------------------

type WithdrawalView = Omit<TWithdrawalRow, 'with_drawal_request_details'> & { merchant: TAdminWithdrawalRow['merchant'] };

function withdrawalView(row: repository.WithdrawalListRow): WithdrawalView {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    amount: minorToWire(row.amount),
    status: row.status,
    status_str: statusLabel(row.status),
    user_id: Number(row.user_id),
    user_account_id: Number(row.wallet_id),
    currency: { code: row.currency_code.trim() },
    reference_id: row.reference_id,
    with_drawal_method: { id: Number(row.method_id), payment_method: { name: row.payment_method_name }, details: row.method_details },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    merchant: {
      id: Number(row.user_id),
      first_name: row.merchant_first_name,
      last_name: row.merchant_last_name,
      email: row.merchant_email,
      business_name: row.merchant_business_name,
    },
  };
}

export const withdrawalList = defineList({ source: repository.withdrawalListSource, view: withdrawalView });

/** Each row with its detail rows (oldest first) and its method's details masked. */
async function withDetails(db: Queryable, views: readonly WithdrawalView[]): Promise<TAdminWithdrawalRow[]> {
  const rows = await repository.listDetails(
    db,
    views.map((view) => BigInt(view.id)),
  );
  const detailsOf = new Map<number, TWithdrawalDetailRow[]>();
  for (const row of rows) {
    const list = detailsOf.get(Number(row.withdrawal_request_id)) ?? [];
    list.push({
      status: row.status,
      status_str: statusLabel(row.status),
      comments: row.comments,
      source_reference_id: row.source_reference_id,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    });
    detailsOf.set(Number(row.withdrawal_request_id), list);
  }
  // The catalogue's fields say which details to mask; one read for the page.
  const methods = await repository.listFieldsOfMethods(
    db,
    views.map((view) => BigInt(view.with_drawal_method.id)),
  );
  const fieldsByUserMethod = new Map<number, TWithdrawalField[]>();
  for (const row of methods) {
    const list = fieldsByUserMethod.get(Number(row.user_method_id)) ?? [];
    list.push(fieldView(row));
    fieldsByUserMethod.set(Number(row.user_method_id), list);
  }
  return views.map((view) => ({
    ...view,
    with_drawal_method: {
      ...view.with_drawal_method,
      details: maskedDetails(fieldsByUserMethod.get(view.with_drawal_method.id) ?? [], view.with_drawal_method.details),
    },
    with_drawal_request_details: detailsOf.get(view.id) ?? [],
  }));
}

const merchantRow = ({ merchant: _merchant, ...row }: TAdminWithdrawalRow): TWithdrawalRow => row;

export async function getAllWithdrawals(deps: Deps, merchantUserId: bigint, input: TGetAllWithdrawalsInput) {
  const params: repository.WithdrawalListParams = {
    merchantUserId,
    days: {},
    status: input.status,
    walletId: input.userAccountId === undefined ? undefined : BigInt(input.userAccountId),
  };
  const page = await listPage(deps.db, withdrawalList, params, input);
  return { data: (await withDetails(deps.db, page.data)).map(merchantRow), paginationData: page.paginationData };
}

export async function getWithdrawalsForConsole(deps: Deps, input: TAdminGetWithdrawalsInput) {
  const params: repository.WithdrawalListParams = {
    merchantUserId: input.merchantId === undefined ? null : BigInt(input.merchantId),
    days: { fromDate: input.fromDate, toDate: input.toDate },
    status: input.status,
    search: input.search,
  };
  const page = await listPage(deps.db, withdrawalList, params, input);
  return { data: await withDetails(deps.db, page.data), paginationData: page.paginationData };
}

async function withdrawalRowOf(db: Queryable, merchantUserId: bigint, requestId: bigint): Promise<TWithdrawalRow> {
  const page = await listPage(db, withdrawalList, { merchantUserId, days: {}, onlyId: requestId }, { page: 1, perPage: 1 });
  const view = page.data[0];
  assert(view !== undefined && view.id === Number(requestId), 'a withdrawal request just written is listed');
  return merchantRow((await withDetails(db, [view]))[0]!);
}

// ---- a request ---------------------------------------------------------------------------------

function walletParty(wallet: WalletWithCurrency) {
  return { userId: wallet.user_id, walletId: wallet.id, title: fullName(wallet), accountNumber: wallet.account_number };
}

/**
 * A withdrawal request: the amount leaves available for on hold at once, in the transaction that
 * writes the request (posting key withdrawal:<uuid>). The method must be the merchant's, active,
 * added for this wallet or for any, and offered in the wallet's currency.
 */
export async function addNewWithdrawal(
  deps: Deps,
  audit: AuditTrail,
  who: { merchantUserId: bigint; actorUserId: bigint },
  input: TAddNewWithdrawalInput,
): Promise<TWithdrawalRow> {
  const amountMinor = BigInt(input.amount);
  const walletId = BigInt(input.userAccountId);
  let requestId: bigint;
  try {
    requestId = await deps.db.transaction().execute(async (trx) => {
      const wallet = await withdrawableWallet(trx, who.merchantUserId, walletId);
      // Shared with other requests, exclusive of a removal (deleteWithdrawalMethod).
      await repository.lockUserMethod(trx, who.merchantUserId, BigInt(input.withdrawalMethodId), 'share');
      const method = await repository.findUserMethod(trx, who.merchantUserId, BigInt(input.withdrawalMethodId));
      if (!method || method.status !== WITHDRAWAL_METHOD_STATUS.ACTIVE) fail('WITHDRAWAL_METHOD_NOT_FOUND');
      if (method.user_account_id !== null && method.user_account_id !== wallet.id) fail('WITHDRAWAL_METHOD_CURRENCY_MISMATCH');
      if (!(await repository.findOfferedMethod(trx, method.payment_method_id, wallet.currency_id)))
        fail('WITHDRAWAL_METHOD_CURRENCY_MISMATCH');
      if (amountMinor > wallet.available_balance) refuseOverBalance(wallet, wallet.available_balance);
      const uuid = crypto.randomUUID();
      const posted = await postEntries(
        trx,
        {
          typeId: TransactionType.Withdrawal,
          status: TRANSACTION_STATUS.SUCCESS,
          currencyId: wallet.currency_id,
          amountMinor,
          feeMinor: 0n,
          vatMinor: 0n,
          totalAmountMinor: amountMinor,
          sender: walletParty(wallet),
          paymentMethodId: method.payment_method_id,
          referenceId: uuid,
          notes: 'Withdrawal requested: held until paid',
          postingKey: postingKey('withdrawal', uuid),
        },
        withdrawalRequestEntries({ walletId: String(wallet.id), currency: wallet.currency_code, withdrawalMinor: amountMinor }),
        [],
      );
      assert(posted.outcome === 'created', 'a new withdrawal’s key is new');
      const id = await repository.insertRequest(trx, {
        uuid,
        userId: who.merchantUserId,
        walletId: wallet.id,
        methodId: method.id,
        amountMinor,
        holdTransactionId: posted.transactionId,
        addedBy: who.actorUserId,
      });
      await repository.insertDetail(trx, {
        requestId: id,
        status: WITHDRAWAL_STATUS.PENDING,
        comments: null,
        sourceReferenceId: null,
        actorUserId: who.actorUserId,
      });
      await audit.record(trx, {
        subject: { type: 'withdrawal_request', id },
        detail: { amount: minorToWire(amountMinor), wallet: String(wallet.id) },
      });
      return id;
    });
  } catch (error) {
    // Another request took the balance first: the ledger refused, nothing was written.
    if (!(error instanceof PostingRefused)) throw error;
    const wallet = await getWallet(deps.db, walletId);
    refuseOverBalance(wallet, wallet.available_balance);
  }
  return withdrawalRowOf(deps.db, who.merchantUserId, requestId);
}

function refuseOverBalance(wallet: WalletWithCurrency, availableMinor: bigint): never {
  fail('WITHDRAWAL_EXCEEDS_BALANCE', { available: formatMoney(availableMinor, wallet.currency_code, wallet.currency_decimals) });
}

// ---- the console's decision --------------------------------------------------------------------

/**
 * Pays (on hold -> payouts, with the bank's reference) or rejects (on hold -> available, with the
 * reason) a Pending request, once: the request is locked, and one already processed is refused
 * WITHDRAWAL_NOT_PENDING. The merchant is told either way (the bell, the live stream, e-mail).
 */
export async function processWithdrawal(
  deps: Deps,
  audit: AuditTrail,
  adminUserId: bigint,
  input: TAdminProcessWithdrawalInput,
): Promise<{ id: number; status: number; status_str: string }> {
  const requestId = BigInt(input.withdrawalId);
  const paid = input.status === 'paid';
  const to = paid ? WITHDRAWAL_STATUS.PAID : WITHDRAWAL_STATUS.REJECTED;
  return deps.db.transaction().execute(async (trx) => {
    const request = await repository.lockRequest(trx, requestId);
    if (!request) fail('WITHDRAWAL_NOT_FOUND');
    if (request.status !== WITHDRAWAL_STATUS.PENDING) fail('WITHDRAWAL_NOT_PENDING', { status: statusLabel(request.status) });
    const wallet = await getWallet(trx, request.wallet_id);
    const entryInput = { walletId: String(wallet.id), currency: wallet.currency_code, withdrawalMinor: request.amount };
    const posted = await postEntries(
      trx,
      {
        typeId: TransactionType.Withdrawal,
        status: TRANSACTION_STATUS.SUCCESS,
        currencyId: wallet.currency_id,
        amountMinor: request.amount,
        feeMinor: 0n,
        vatMinor: 0n,
        totalAmountMinor: request.amount,
        ...(paid ? { sender: walletParty(wallet) } : { receiver: walletParty(wallet) }),
        referenceId: request.uuid,
        gatewayReferenceId: paid ? input.referenceId : null,
        notes: paid ? 'Withdrawal paid to the bank' : 'Withdrawal rejected: back to available',
        postingKey: postingKey(paid ? 'withdrawal-paid' : 'withdrawal-rejected', request.uuid),
      },
      paid ? withdrawalPaidEntries(entryInput) : withdrawalRejectedEntries(entryInput),
      [],
    );
    assert(posted.outcome === 'created', 'a Pending withdrawal held under lock has not been settled');
    const moved = await repository.settleRequest(trx, requestId, {
      to,
      settleTransactionId: posted.transactionId,
      referenceId: paid ? input.referenceId : null,
      processedBy: adminUserId,
    });
    assert(moved === 1, 'a Pending withdrawal held under lock is settled');
    await repository.insertDetail(trx, {
      requestId,
      status: to,
      comments: input.comment || null,
      sourceReferenceId: paid ? input.referenceId : null,
      actorUserId: adminUserId,
    });
    await tellMerchant(deps.mailer, trx, request, wallet, paid ? { paid: input.referenceId } : { rejected: input.comment });
    await audit.record(trx, {
      subject: { type: 'withdrawal_request', id: requestId },
      detail: { status: to, merchant: String(request.user_id), amount: minorToWire(request.amount) },
    });
    return { id: Number(requestId), status: to, status_str: statusLabel(to) };
  });
}

/** The bell and the live stream (a notification row each) and an e-mail to each recipient who switched e-mail on. */
async function tellMerchant(
  mailer: Mailer,
  trx: Transaction<Database>,
  request: repository.RequestLockRow,
  wallet: WalletWithCurrency,
  outcome: { paid: string } | { rejected: string },
): Promise<void> {
  const base = {
    withdrawalId: request.uuid,
    amount: minorToWire(request.amount),
    currency: wallet.currency_code,
    decimals: wallet.currency_decimals,
  };
  const noticeTo = (userId: bigint): Notice =>
    'paid' in outcome
      ? notice(userId, WITHDRAWAL_PAID, { ...base, reference: outcome.paid })
      : notice(userId, WITHDRAWAL_REJECTED, { ...base, reason: outcome.rejected.slice(0, WITHDRAWAL_REASON_MAX_CHARS) });
  await notifyMerchantTeam(mailer, trx, {
    merchantUserId: request.user_id,
    features: [WITHDRAWAL_FEATURE],
    noticeTo,
    mail: (sent) => ({ subject: MAIL_SUBJECT[sent.type] ?? 'Withdrawal', reference: `Withdrawal: ${request.uuid}` }),
  });
}

/**
 * What of a wallet's on-hold balance is free, under the wallet's row lock. On hold is also where
 * a withdrawal request keeps its amount until the console pays or rejects it: a refund that falls
 * back to on hold, and a settlement that moves on hold, must leave those amounts where they are,
 * or the console's decision would find less on hold than the request holds. A withdrawal's hold
 * and its decision change the on-hold balance and the pending holds by the same amount, so what
 * is free does not move with them; read under the lock every posting to the wallet takes, the
 * two readings are one.
 */
export async function lockFreeOnHold(trx: Transaction<Database>, walletId: bigint): Promise<bigint> {
  const { onHold, held } = await repository.lockOnHoldAndWithdrawalHolds(trx, walletId);
  return onHold - held;
}
