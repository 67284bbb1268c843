import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zStoreScope } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { TRANSACTION_STATUS } from '../../statuses.ts';
import { ZRefundAmountDetails } from '../refunds/common.ts';

const ZParty = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
});

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
  /** +1 when the account holder received money, -1 when they paid. */
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

const TRANSACTION_STATUS_VALUES = Object.values(TRANSACTION_STATUS) as number[];

/** The list's filters (spec 2, Transactions): all optional, combined with AND. */
export const ZTransactionFilters = z.object({
  ...zDateRange,
  ...zStoreScope,
  status: z.coerce
    .number()
    .int()
    .refine((value) => TRANSACTION_STATUS_VALUES.includes(value), 'The selected status is invalid')
    .optional(),
  transactionTypeId: z.coerce
    .number()
    .int()
    .min(1, 'The selected transaction type is invalid')
    .max(14, 'The selected transaction type is invalid')
    .optional(),
  userAccountId: zOptionalId('account'),
  /** The free-text search: a transaction id, or its beginning. */
  transactionId: z.string().trim().max(64).optional(),
});

/**
 * The account holder's transactions; with transactionDetail=1 and transactionId, one in detail.
 */
export const ZGetTransactionsRequest = ZTransactionFilters.extend({
  ...zPage,
  transactionDetail: z.coerce.number().int().min(0).max(1).optional(),
  /** With transactionId (a payment's uuid): its refund amounts (refunds module). */
  refundAmountDetails: z.coerce.number().int().min(0).max(1).optional(),
}).superRefine(dateRangeOrdered);
export const getTransactionsCall = defineCall({
  path: 'get-transactions',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'transactions',
  kind: 'read',
  audit: null,
  request: ZGetTransactionsRequest,
  response: z.union([z.object({ detail: ZTransactionDetail }), zPageOf(ZTransactionRow), ZRefundAmountDetails]),
});
export type TGetTransactionsRequest = z.input<typeof ZGetTransactionsRequest>;
export type TGetTransactionsInput = z.output<typeof ZGetTransactionsRequest>;
export type TTransactionFilters = z.output<typeof ZTransactionFilters>;
