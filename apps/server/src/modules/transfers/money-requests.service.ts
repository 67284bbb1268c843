// Request money (spec 1, screens 15-17, section 4): ask someone for an amount into one of your
// wallets; they pay it with send money (request_id) or reject it; you may cancel it while it
// is pending. PENDING is the only state that changes: CANCELED, ACCEPTED, REJECTED are final.
import {
  MONEY_REQUEST_STATUS_LABEL,
  type TInitiateRequestMoneyInput,
  type TMoneyRequestStatus,
  type TMyMoneyRequest,
  type TReceivedMoneyRequest,
} from '@paywallet/contract';
import { minorToWire, quoteCharges } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { defineList, listPage, type PageRequest } from '../../db/lists.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { notice, notify, notifyEach, type Notice } from '../notifications/notifications.service.ts';
import { fullName } from '../../lib/display-text.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { resolveCounterparty } from './recipients.ts';
import { MONEY_REQUEST_CANCELED, MONEY_REQUEST_RECEIVED, MONEY_REQUEST_REJECTED } from './transfers.notifications.ts';
import { chargesOrRefuse, ownPaymentWallet, transferMethodFor } from './transfers.service.ts';
import { getPerson } from './transfers.repository.ts';
import {
  closePendingRequest,
  countPendingRequestsOf,
  findRequestForRole,
  insertMoneyRequest,
  requestListSource,
  type MoneyRequestRow,
  type RequestListRow,
  type RequestRole,
} from './money-requests.repository.ts';

/** Open requests one person may have waiting at once; more is refused until some close. */
export const PENDING_REQUESTS_MAX = 100;

export function statusLabel(status: TMoneyRequestStatus): string {
  return MONEY_REQUEST_STATUS_LABEL[status];
}

export async function initiateRequestMoney(
  deps: Deps,
  audit: AuditTrail,
  requesterUserId: bigint,
  input: TInitiateRequestMoneyInput,
): Promise<{ id: number }> {
  const wallet = await ownPaymentWallet(deps.db, requesterUserId, BigInt(input.userAccountId));
  const payer = await resolveCounterparty(deps.db, requesterUserId, input.emailOrPhone, 'REQUEST_FROM_SELF');
  const amountMinor = BigInt(input.amount);
  // A request must be payable: the transfer method's minimum and maximum apply to it already.
  // The daily limit is the payer's and is checked when they pay.
  const method = await transferMethodFor(deps.db, wallet);
  const withoutDailyLimit = { ...method.privilege, dailyLimitMinor: 0n };
  chargesOrRefuse(
    quoteCharges({
      amountMinor,
      privilege: withoutDailyLimit,
      vatBps: BigInt(deps.config.vatBps),
      deductChargesFromAmount: false,
      usedTodayMinor: 0n,
    }),
    wallet,
    withoutDailyLimit,
    0n,
  );
  if ((await countPendingRequestsOf(deps.db, requesterUserId)) >= PENDING_REQUESTS_MAX) {
    fail('TOO_MANY_PENDING_REQUESTS', { max: PENDING_REQUESTS_MAX });
  }

  const requester = await getPerson(deps.db, requesterUserId);
  const id = await deps.db.transaction().execute(async (trx) => {
    const requestId = await insertMoneyRequest(trx, {
      requesterUserId,
      requesterWalletId: wallet.id,
      payerUserId: payer.id,
      email: payer.email,
      phoneNumber: payer.phone_number,
      amountMinor,
      notes: input.notes,
    });
    await notify(trx, payer.id, MONEY_REQUEST_RECEIVED, {
      requestId: String(requestId),
      amount: minorToWire(amountMinor),
      currency: wallet.currency_code,
      decimals: wallet.currency_decimals,
      requesterName: fullName(requester),
    });
    await audit.record(trx, { subject: { type: 'money_request', id: requestId } });
    return requestId;
  });
  return { id: Number(id) };
}

function myRequestView(row: RequestListRow): TMyMoneyRequest {
  return {
    id: Number(row.id),
    email: row.email,
    phone_number: row.phone_number,
    amount: minorToWire(row.amount),
    notes: row.notes,
    user_account: { currency: { code: row.currency_code } },
    status: row.status,
    statusStr: statusLabel(row.status),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function receivedRequestView(row: RequestListRow): TReceivedMoneyRequest {
  return {
    id: Number(row.id),
    user_account: {
      currency: { code: row.currency_code },
      user: { email: row.requester_email, first_name: row.requester_first_name, last_name: row.requester_last_name },
    },
    notes: row.notes,
    amount: minorToWire(row.amount),
    status: row.status,
    statusStr: statusLabel(row.status),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** My Requests: what I asked of others, newest first. */
export const myRequestList = defineList({ source: requestListSource('requester'), view: myRequestView });
/** User Requests: what others asked of me, newest first. */
export const receivedRequestList = defineList({ source: requestListSource('payer'), view: receivedRequestView });

export async function listMyRequests(deps: Deps, userId: bigint, page: PageRequest) {
  return listPage(deps.db, myRequestList, { userId }, page);
}

export async function listReceivedRequests(deps: Deps, userId: bigint, page: PageRequest) {
  return listPage(deps.db, receivedRequestList, { userId }, page);
}

interface Closing {
  role: RequestRole;
  status: 'CANCELED' | 'REJECTED';
  notPending: 'CANCEL_NOT_PENDING' | 'REJECT_NOT_PENDING';
  /** The notice to the other party, from the person who closed the request. */
  notice: (otherUserId: bigint, actorName: string, money: RequestMoney) => Notice;
}

/** A request's amount as its notifications carry it. */
interface RequestMoney {
  requestId: string;
  amount: number;
  currency: string;
  decimals: number;
}

const CANCEL: Closing = {
  role: 'requester',
  status: 'CANCELED',
  notPending: 'CANCEL_NOT_PENDING',
  notice: (otherUserId, actorName, money) => notice(otherUserId, MONEY_REQUEST_CANCELED, { ...money, requesterName: actorName }),
};
const REJECT: Closing = {
  role: 'payer',
  status: 'REJECTED',
  notPending: 'REJECT_NOT_PENDING',
  notice: (otherUserId, actorName, money) => notice(otherUserId, MONEY_REQUEST_REJECTED, { ...money, payerName: actorName }),
};

/** PENDING -> CANCELED or REJECTED in one conditional update, then the other party is told. */
async function closeRequest(deps: Deps, audit: AuditTrail, userId: bigint, requestId: bigint, closing: Closing) {
  return deps.db.transaction().execute(async (trx) => {
    const closed: MoneyRequestRow | undefined = await closePendingRequest(trx, requestId, userId, closing.role, closing.status);
    if (!closed) {
      const existing = await findRequestForRole(trx, requestId, userId, closing.role);
      if (!existing) fail('REQUEST_NOT_FOUND');
      fail(closing.notPending);
    }
    const actor = await getPerson(trx, userId);
    const wallet = await getWallet(trx, closed.requester_account_id);
    const otherUserId = closing.role === 'requester' ? closed.payer_user_id : closed.requester_user_id;
    const money = {
      requestId: String(closed.id),
      amount: minorToWire(closed.amount),
      currency: wallet.currency_code,
      decimals: wallet.currency_decimals,
    };
    await notifyEach(trx, [closing.notice(otherUserId, fullName(actor), money)]);
    await audit.record(trx, { subject: { type: 'money_request', id: closed.id } });
    return { id: Number(closed.id), status: closed.status, statusStr: statusLabel(closed.status) };
  });
}

export async function cancelRequest(deps: Deps, audit: AuditTrail, requesterUserId: bigint, requestId: bigint) {
  return closeRequest(deps, audit, requesterUserId, requestId, CANCEL);
}

export async function rejectRequest(deps: Deps, audit: AuditTrail, payerUserId: bigint, requestId: bigint) {
  return closeRequest(deps, audit, payerUserId, requestId, REJECT);
}
