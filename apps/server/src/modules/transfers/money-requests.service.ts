// Request money (spec 1, screens 15-17, section 4): ask someone for an amount into one of your
// wallets; they pay it with send money (request_id) or reject it; you may cancel it while it
// is pending. PENDING is the only state that changes: CANCELED, ACCEPTED, REJECTED are final.
import type { z } from 'zod';
import {
  type TMoneyRequestStatus,
  type TMyMoneyRequest,
  type TReceivedMoneyRequest,
  type ZInitiateRequestMoneyRequest,
} from '@paywallet/contract';
import { assertNever, minorToWire, quoteCharges } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../transport/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { formatMoney, fullName } from '../../lib/display-text.ts';
import { getWallet } from '../wallets/wallets.service.ts';
import { REQUEST_FROM_SELF, resolveCounterparty } from './recipients.ts';
import { REQUEST_NOT_FOUND, chargesOrRefuse, ownPaymentWallet, transferMethodFor } from './transfers.service.ts';
import { getPerson } from './transfers.repository.ts';
import {
  closePendingRequest,
  countPendingRequestsOf,
  findRequestForRole,
  insertMoneyRequest,
  listRequests,
  type MoneyRequestRow,
  type RequestListRow,
  type RequestRole,
} from './money-requests.repository.ts';

/** Open requests one person may have waiting at once; more is refused until some close. */
export const PENDING_REQUESTS_MAX = 100;
export const TOO_MANY_PENDING = `You have ${PENDING_REQUESTS_MAX} pending requests. Cancel some before asking for more.`;
export const CANCEL_NOT_PENDING = 'Only a pending request can be canceled.';
export const REJECT_NOT_PENDING = 'Only a pending request can be rejected.';

type InitiateRequestInput = z.output<typeof ZInitiateRequestMoneyRequest>;

export function statusLabel(status: TMoneyRequestStatus): string {
  switch (status) {
    case 'PENDING':
      return 'Pending';
    case 'CANCELED':
      return 'Canceled';
    case 'ACCEPTED':
      return 'Accepted';
    case 'REJECTED':
      return 'Rejected';
    default:
      return assertNever(status);
  }
}

export async function initiateRequestMoney(deps: Deps, requesterUserId: bigint, input: InitiateRequestInput): Promise<{ id: number }> {
  const wallet = await ownPaymentWallet(deps.db, requesterUserId, BigInt(input.userAccountId));
  const payer = await resolveCounterparty(deps.db, requesterUserId, input.emailOrPhone, REQUEST_FROM_SELF);
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
  if ((await countPendingRequestsOf(deps.db, requesterUserId)) >= PENDING_REQUESTS_MAX) throw new ApiError(422, TOO_MANY_PENDING);

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
    const money = formatMoney(amountMinor, wallet.currency_code, wallet.currency_decimals);
    await notify(trx, payer.id, 'money-request-received', `${fullName(requester)} requested ${money} from you.`, {
      requestId: String(requestId),
      amount: minorToWire(amountMinor),
      currency: wallet.currency_code,
    });
    return requestId;
  });
  return { id: Number(id) };
}

export interface PageInput {
  page: number;
  perPage: number;
}

function pageOf(input: PageInput) {
  return { limit: input.perPage, offset: (input.page - 1) * input.perPage };
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
export async function listMyRequests(deps: Deps, userId: bigint, input: PageInput) {
  const { rows, total } = await listRequests(deps.db, userId, 'requester', pageOf(input));
  return { data: rows.map(myRequestView), paginationData: { total, perPage: input.perPage, currentPage: input.page } };
}

/** User Requests: what others asked of me, newest first. */
export async function listReceivedRequests(deps: Deps, userId: bigint, input: PageInput) {
  const { rows, total } = await listRequests(deps.db, userId, 'payer', pageOf(input));
  return { data: rows.map(receivedRequestView), paginationData: { total, perPage: input.perPage, currentPage: input.page } };
}

interface Closing {
  role: RequestRole;
  status: 'CANCELED' | 'REJECTED';
  notPending: string;
  /** Who hears about it, and what they read. */
  notice: (actorName: string, money: string) => string;
}

const CANCEL: Closing = {
  role: 'requester',
  status: 'CANCELED',
  notPending: CANCEL_NOT_PENDING,
  notice: (actorName, money) => `${actorName} canceled the request of ${money}.`,
};
const REJECT: Closing = {
  role: 'payer',
  status: 'REJECTED',
  notPending: REJECT_NOT_PENDING,
  notice: (actorName, money) => `${actorName} rejected your request of ${money}.`,
};

/** PENDING -> CANCELED or REJECTED in one conditional update, then the other party is told. */
async function closeRequest(deps: Deps, userId: bigint, requestId: bigint, closing: Closing) {
  return deps.db.transaction().execute(async (trx) => {
    const closed: MoneyRequestRow | undefined = await closePendingRequest(trx, requestId, userId, closing.role, closing.status);
    if (!closed) {
      const existing = await findRequestForRole(trx, requestId, userId, closing.role);
      if (!existing) throw new ApiError(404, REQUEST_NOT_FOUND);
      throw new ApiError(422, closing.notPending);
    }
    const actor = await getPerson(trx, userId);
    const wallet = await getWallet(trx, closed.requester_account_id);
    const otherUserId = closing.role === 'requester' ? closed.payer_user_id : closed.requester_user_id;
    const money = formatMoney(closed.amount, wallet.currency_code, wallet.currency_decimals);
    await notify(
      trx,
      otherUserId,
      closing.status === 'CANCELED' ? 'money-request-canceled' : 'money-request-rejected',
      closing.notice(fullName(actor), money),
      {
        requestId: String(closed.id),
        amount: minorToWire(closed.amount),
        currency: wallet.currency_code,
      },
    );
    return { id: Number(closed.id), status: closed.status, statusStr: statusLabel(closed.status) };
  });
}

export async function cancelRequest(deps: Deps, requesterUserId: bigint, requestId: bigint) {
  return closeRequest(deps, requesterUserId, requestId, CANCEL);
}

export async function rejectRequest(deps: Deps, payerUserId: bigint, requestId: bigint) {
  return closeRequest(deps, payerUserId, requestId, REJECT);
}
