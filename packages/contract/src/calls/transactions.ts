import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zPagination, zPaginationData } from '../rules.ts';

const ZParty = z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() });

export const ZTransactionRow = z.object({
  uuid: z.string(),
  transaction_type_id: z.number().int(),
  transaction_type: z.object({ name: z.string() }),
  status: z.number().int(),
  status_str: z.string(),
  settlement_status: z.number().int().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  total_amount: z.number().int(),
  currency: z.object({ code: z.string() }),
  /** +1 when the signed-in user received money, -1 when they paid. */
  direction: z.number().int(),
  sender_account_title: z.string().nullable(),
  sender_account_number: z.string().nullable(),
  receiver_account_title: z.string().nullable(),
  receiver_account_number: z.string().nullable(),
  card_number: z.string().nullable(),
  created_at: z.string(),
});
export const ZTransactionDetail = ZTransactionRow.extend({
  sender: ZParty.nullable(),
  receiver: ZParty.nullable(),
  settlement_date: z.string().nullable(),
  payment_method: z.object({ name: z.string() }).nullable(),
  failure_reason: z.string().nullable(),
  charges: z.array(z.object({ name: z.string(), type: z.string(), charges: z.number().int() })),
  supportEmail: z.string(),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;
export type TTransactionDetail = z.infer<typeof ZTransactionDetail>;

export const TRANSACTION_STATUS = { PENDING: 0, SUCCESS: 1, FAILED: 2, EXPIRED: 3 } as const;
export const TRANSACTION_STATUS_LABEL: Record<number, string> = { 0: 'Pending', 1: 'Success', 2: 'Failed', 3: 'Expired' };
export const SETTLEMENT_STATUS_LABEL: Record<number, string> = { 0: 'Pending', 1: 'Initiated', 2: 'Cancelled', 3: 'Done' };

/** The signed-in user's transactions; with transactionDetail=1 and transactionId, one in detail. */
export const getTransactions = defineCall({
  path: 'get-transactions',
  auth: 'user',
  request: z.object({
    ...zPagination,
    transactionDetail: z.coerce.number().int().min(0).max(1).optional(),
    transactionId: z.string().max(64).optional(),
    userAccountId: z.coerce.number().int().positive().optional(),
  }),
  response: z.union([
    z.object({ detail: ZTransactionDetail }),
    z.object({ data: z.array(ZTransactionRow), paginationData: zPaginationData }),
  ]),
});
