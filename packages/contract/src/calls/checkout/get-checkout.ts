import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { CHECKOUT_STATES, ZCheckoutPayment, zAttemptUuid, zCheckoutToken } from './common.ts';

/**
 * The hosted checkout page (/pay/<token>): what the customer is asked to pay, to whom, and
 * whether the link takes a payment now. Opening a payable link opens an attempt (logged 'page
 * opened') whose uuid the page keeps and sends with the payment. Coming back from 3-D Secure,
 * the page sends that uuid again: no new attempt is opened, and the answer carries the
 * attempt's latest payment.
 */
export const ZGetCheckoutRequest = z.object({
  token: zCheckoutToken,
  attemptUuid: zAttemptUuid.optional(),
});
export const ZCheckout = z.object({
  token: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** Digits after the decimal point of `currency`. */
  decimals: z.number().int(),
  description: z.string().nullable(),
  receiptNo: z.string().nullable(),
  /** Prefilled customer fields, from the link (e-mail, phone) or the API payment's customer (name too). */
  customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** The card schemes the link accepts. */
  schemes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  state: z.enum(CHECKOUT_STATES),
  /** What the page says when the link takes no payment; null while payable. */
  stateMessage: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The attempt of this page open: null when the link takes no payment. */
  attemptUuid: z.string().nullable(),
  /** The attempt's latest payment, when an attempt was given and it has one. */
  payment: ZCheckoutPayment.nullable(),
});
export type TCheckout = z.infer<typeof ZCheckout>;
export const getCheckoutCall = defineCall({
  path: 'get-checkout',
  ...PUBLIC,
  kind: 'read',
  audit: null,
  request: ZGetCheckoutRequest,
  response: ZCheckout,
});
export type TGetCheckoutRequest = z.input<typeof ZGetCheckoutRequest>;
export type TGetCheckoutInput = z.output<typeof ZGetCheckoutRequest>;
