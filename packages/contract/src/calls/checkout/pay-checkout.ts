import { z } from 'zod';
import { defineCall, PUBLIC } from '../../call.ts';
import { ZCheckoutCard, ZCheckoutCustomer, ZCheckoutPayment, zAttemptUuid, zCheckoutToken } from './common.ts';

/**
 * Pays a link from its hosted checkout page: the link is locked, checked (LINK_INACTIVE,
 * LINK_EXPIRED, LINK_ALREADY_PAID) and the card charged under the page's attempt. The answer
 * is the payment: succeeded, failed with its reason (the customer may try another card), or
 * requires_action with the 3-D Secure page to open.
 */
export const ZPayCheckoutRequest = z.object({
  token: zCheckoutToken,
  attemptUuid: zAttemptUuid,
  customer: ZCheckoutCustomer,
  card: ZCheckoutCard,
});
export const payCheckoutCall = defineCall({
  path: 'pay-checkout',
  ...PUBLIC,
  kind: 'money',
  audit: 'checkout.pay',
  request: ZPayCheckoutRequest,
  response: ZCheckoutPayment,
});
export type TPayCheckoutRequest = z.input<typeof ZPayCheckoutRequest>;
export type TPayCheckoutInput = z.output<typeof ZPayCheckoutRequest>;
