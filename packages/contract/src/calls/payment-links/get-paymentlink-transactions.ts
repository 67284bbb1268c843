import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZFailureReason } from '../transactions/get-transactions.ts';

/**
 * A payment through a link (spec 3 section 3, payment link transactions response). The spec's row
 * names no failure reason; ours is the transaction's `failureReason{reason}` (DECISIONS 34), null
 * unless the payment failed or expired.
 */
export const ZPaymentLinkTransaction = z.object({
  id: z.number().int(),
  uuid: z.string(),
  gateway_reference_id: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  amount: z.number().int(),
  vat: z.number().int(),
  fee: z.number().int(),
  total_amount: z.number().int(),
  receiver_account_title: z.string().nullable(),
  sender_account_title: z.string().nullable(),
  status: z.number().int(),
  status_str: z.string(),
  failureReason: ZFailureReason,
  created_at: z.string(),
});
export type TPaymentLinkTransaction = z.infer<typeof ZPaymentLinkTransaction>;

/**
 * A link and the payments made through it (spec 3 section 3, payment link transactions
 * response), oldest last; totals add the successful payments only: amount, VAT, fee and the
 * subtotal (their total amounts).
 */
export const ZGetPaymentlinkTransactionsRequest = z.object({ paymentLinkId: zId('payment link') });
export const ZGetPaymentlinkTransactionsResponse = z.object({
  id: z.number().int(),
  token: z.string(),
  exipres_in: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  status: z.number().int(),
  status_str: z.string(),
  /** Single use and already paid once; see ZPaymentLinkRow.paid. */
  paid: z.boolean(),
  payment_url: z.string(),
  type: z.number().int(),
  amount: z.number().int(),
  currency: z.object({ code: z.string() }),
  transactions_count: z.number().int(),
  transactions: z.array(ZPaymentLinkTransaction),
  totals: z.object({ amount: z.number().int(), vat: z.number().int(), fee: z.number().int(), subtotal: z.number().int() }),
  support_email: z.string(),
});
export const getPaymentlinkTransactionsCall = defineCall({
  path: 'get-paymentlink-transactions',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'read',
  audit: null,
  request: ZGetPaymentlinkTransactionsRequest,
  response: ZGetPaymentlinkTransactionsResponse,
});
export type TGetPaymentlinkTransactionsRequest = z.input<typeof ZGetPaymentlinkTransactionsRequest>;
export type TGetPaymentlinkTransactionsResponse = z.output<typeof ZGetPaymentlinkTransactionsResponse>;
