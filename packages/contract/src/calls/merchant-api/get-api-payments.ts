import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dateRangeOrdered, zDateRange, zPage, zPageOf, zStoreScope } from '../../lists.ts';
import { zOptionalId } from '../../rules.ts';
import { ZFailureReason } from '../transactions/get-transactions.ts';

/**
 * One transaction (attempt) of an API payment. Spec 2 gives the list no shape of its own, so its
 * failure reason is the transaction's: `failureReason{reason}` (DECISIONS 34), null unless failed.
 */
export const ZApiPaymentTransaction = z.object({
  uuid: z.string(),
  amount: z.number().int(),
  status: z.number().int(),
  failureReason: ZFailureReason,
  card_number: z.string().nullable(),
  created_at: z.string(),
});

/**
 * An API payment as listed (spec 2 entity 'Payment link or API payment', DECISIONS 31): status 1
 * Initiated, 2 Paid, 3 Expired, 4 Failed; `token` and `exipres_in` only for a hosted (card-less)
 * payment; `payment_status` is the merchant API's status of the payment.
 */
export const ZApiPaymentRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  token: z.string().nullable(),
  mode: z.enum(['card', 'hosted']),
  status: z.number().int(),
  status_str: z.string(),
  payment_status: z.string(),
  created_at: z.string(),
  exipres_in: z.number().int().nullable(),
  amount: z.number().int(),
  currency: z.object({ code: z.string() }),
  schemas: z.array(z.object({ name: z.string() })),
  added_by_user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  client_reference: z.string().nullable(),
  description: z.string().nullable(),
  channel: z.object({ name: z.string() }),
  payment_url: z.string().nullable(),
  transactions: z.array(ZApiPaymentTransaction),
});
export type TApiPaymentRow = z.infer<typeof ZApiPaymentRow>;

/** The filters of spec 2 (v1/get-api-payments): the store scope, a transaction id, its type, the account. */
export const ZApiPaymentFilters = z.object({
  ...zDateRange,
  ...zStoreScope,
  /** An API payment that has a transaction with this uuid (or the API payment's own uuid). */
  transactionId: z.string().trim().max(64).optional(),
  /** API payments are type 9: any other type selects nothing. */
  transactionTypeId: z.coerce
    .number()
    .int()
    .min(1, 'The selected transaction type is invalid')
    .max(14, 'The selected transaction type is invalid')
    .optional(),
  /** The merchant's wallet: its currency's API payments. */
  userAccountId: zOptionalId('account'),
});
export const ZGetApiPaymentsRequest = ZApiPaymentFilters.extend({ ...zPage }).superRefine(dateRangeOrdered);
export const getApiPaymentsCall = defineCall({
  path: 'get-api-payments',
  audience: ['merchant'],
  session: 'full',
  feature: 'api-payment',
  kind: 'read',
  audit: null,
  request: ZGetApiPaymentsRequest,
  response: zPageOf(ZApiPaymentRow),
});
export type TGetApiPaymentsRequest = z.input<typeof ZGetApiPaymentsRequest>;
export type TGetApiPaymentsInput = z.output<typeof ZGetApiPaymentsRequest>;
export type TGetApiPaymentsResponse = z.output<typeof getApiPaymentsCall.response>;
