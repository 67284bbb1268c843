import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { MESSAGES, zId } from '../../rules.ts';
import { ZPaymentMethod } from './common.ts';

/**
 * The payment methods of a currency, for two screens (one path, as spec 1 and spec 3 name it):
 *  - type DEPOSIT (spec 1 screen 18): the deposit methods with their charges and limits; the
 *    feature deposit-money.
 *  - type PAYMENT_LINK (spec 3 section 2.1): the card schemes a payment link in this currency on
 *    this channel (required) may accept; merchants only, the feature payment-link. A scheme's
 *    `currency_payment_method` is empty: its price is the merchant's fee schedule.
 * The feature is checked by the handler per type, so the policy names none.
 */
export const ALLOWED_PAYMENT_METHOD_TYPES = ['DEPOSIT', 'PAYMENT_LINK'] as const;
export const ZGetAllowedPaymentMethodsRequest = z
  .object({
    type: z.enum(ALLOWED_PAYMENT_METHOD_TYPES, { error: 'The selected type is invalid' }),
    currencyId: zId('currency', 'int'),
    channelId: zId('channel').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'PAYMENT_LINK' && value.channelId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['channelId'], message: MESSAGES.required('channel') });
    }
  });
export const getAllowedPaymentMethodsCall = defineCall({
  path: 'get-allowed-payment-methods',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZGetAllowedPaymentMethodsRequest,
  response: z.array(ZPaymentMethod),
});
export type TGetAllowedPaymentMethodsRequest = z.input<typeof ZGetAllowedPaymentMethodsRequest>;
export type TGetAllowedPaymentMethodsInput = z.output<typeof ZGetAllowedPaymentMethodsRequest>;
