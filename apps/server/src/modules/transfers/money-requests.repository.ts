// Queries of money requests. A status change is one conditional UPDATE ... WHERE status =
// 'PENDING', so a cancel, a reject and a payment racing on one request cannot both win.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { TMoneyRequestStatus } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import { defineListSource } from '../../db/lists.ts';

export interface MoneyRequestRow {
  id: bigint;
  requester_user_id: bigint;
  requester_account_id: bigint;
  payer_user_id: bigint;
  amount: bigint;
  notes: string;
  status: TMoneyRequestStatus;
}

const REQUEST_COLUMNS = ['id', 'requester_user_id', 'requester_account_id', 'payer_user_id', 'amount', 'notes', 'status'] as const;

export interface NewMoneyRequest {
  requesterUserId: bigint;
  requesterWalletId: bigint;
  payerUserId: bigint;
  email: string;
  phoneNumber: string | null;
  amountMinor: bigint;
  notes: string;
}

export async function insertMoneyRequest(trx: Queryable, request: NewMoneyRequest): Promise<bigint> {
  const row = await trx
    .insertInto('money_requests')
    .values({
      uuid: crypto.randomUUID(),
      requester_user_id: request.requesterUserId,
      requester_account_id: request.requesterWalletId,
      payer_user_id: request.payerUserId,
      email: request.email,
      phone_number: request.phoneNumber,
      amount: request.amountMinor,
      notes: request.notes,
      status: 'PENDING',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countPendingRequestsOf(db: Queryable, requesterUserId: bigint): Promise<number> {
  const row = await db
    .selectFrom('money_requests')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('requester_user_id', '=', requesterUserId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The request if this user is its payer (the one asked to pay). */
export async function findRequestForPayer(db: Queryable, requestId: bigint, payerUserId: bigint): Promise<MoneyRequestRow | undefined> {
  return db
    .selectFrom('money_requests')
    .select(REQUEST_COLUMNS)
    .where('id', '=', requestId)
    .where('payer_user_id', '=', payerUserId)
    .executeTakeFirst();
}

/** The request a payment answers, locked until the payment commits or rolls back. */
export async function lockRequestForPayer(
  trx: Transaction<Database>,
  requestId: bigint,
  payerUserId: bigint,
): Promise<MoneyRequestRow | undefined> {
  return trx
    .selectFrom('money_requests')
    .select(REQUEST_COLUMNS)
    .where('id', '=', requestId)
    .where('payer_user_id', '=', payerUserId)
    .forUpdate()
    .executeTakeFirst();
}

/** PENDING -> ACCEPTED with the paying transaction; false if the request was no longer pending. */
export async function acceptPendingRequest(trx: Transaction<Database>, requestId: bigint, transactionId: bigint): Promise<boolean> {
  const result = await trx
    .updateTable('money_requests')
    .set({ status: 'ACCEPTED', transaction_id: transactionId, updated_at: new Date() })
    .where('id', '=', requestId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type RequestRole = 'requester' | 'payer';

/**
 * PENDING -> `status` for a request where the user plays `role`. Returns the updated row, or
 * undefined when nothing changed (not theirs, or no longer pending).
 */
export async function closePendingRequest(
  trx: Queryable,
  requestId: bigint,
  userId: bigint,
  role: RequestRole,
  status: 'CANCELED' | 'REJECTED',
): Promise<MoneyRequestRow | undefined> {
  return trx
    .updateTable('money_requests')
    .set({ status, updated_at: new Date() })
    .where('id', '=', requestId)
    .where(role === 'requester' ? 'requester_user_id' : 'payer_user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .returning(REQUEST_COLUMNS)
    .executeTakeFirst();
}

export async function findRequestForRole(
  db: Queryable,
  requestId: bigint,
  userId: bigint,
  role: RequestRole,
): Promise<MoneyRequestRow | undefined> {
  return db
    .selectFrom('money_requests')
    .select(REQUEST_COLUMNS)
    .where('id', '=', requestId)
    .where(role === 'requester' ? 'requester_user_id' : 'payer_user_id', '=', userId)
    .executeTakeFirst();
}

export interface RequestListRow {
  id: bigint;
  email: string | null;
  phone_number: string | null;
  amount: bigint;
  notes: string;
  status: TMoneyRequestStatus;
  created_at: Date;
  currency_code: string;
  requester_email: string;
  requester_first_name: string;
  requester_last_name: string;
}

export interface RequestListParams {
  userId: bigint;
}

/**
 * The requests where the user plays `role`, newest first: 'requester' for My Requests (what
 * they asked of others), 'payer' for User Requests (what others asked of them).
 */
export const requestListSource = (role: RequestRole) =>
  defineListSource({
    name: `money-requests-${role}`,
    key: 'money_requests.id',
    filtered: (db: Queryable, params: RequestListParams) =>
      db
        .selectFrom('money_requests')
        .where(role === 'requester' ? 'money_requests.requester_user_id' : 'money_requests.payer_user_id', '=', params.userId),
    columns: (query) => ({
      execute: async () => {
        const rows = await query
          .innerJoin('wallets', 'wallets.id', 'money_requests.requester_account_id')
          .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
          .innerJoin('users', 'users.id', 'money_requests.requester_user_id')
          .select([
            'money_requests.id',
            'money_requests.email',
            'money_requests.phone_number',
            'money_requests.amount',
            'money_requests.notes',
            'money_requests.status',
            'money_requests.created_at',
            'currencies.code as currency_code',
            'users.email as requester_email',
            'users.first_name as requester_first_name',
            'users.last_name as requester_last_name',
          ])
          .execute();
        return rows.map((row): RequestListRow => ({ ...row, currency_code: row.currency_code.trim() }));
      },
    }),
    keyOf: (row: RequestListRow) => row.id,
  });
