import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { PAYMENT_LINK_MESSAGES } from './common.ts';

/** Switches a link between Active (1) and Inactive (2); an expired link is refused. */
export const ZUpdatePaymentLinkRequest = z.object({
  paymentLinkId: zId('payment link'),
  status: z.coerce
    .number({ error: PAYMENT_LINK_MESSAGES.statusInvalid })
    .int(PAYMENT_LINK_MESSAGES.statusInvalid)
    .min(1, PAYMENT_LINK_MESSAGES.statusInvalid)
    .max(2, PAYMENT_LINK_MESSAGES.statusInvalid),
});
export const ZUpdatePaymentLinkResponse = z.object({ id: z.number().int(), status: z.number().int(), status_str: z.string() });
export const updatePaymentLinkCall = defineCall({
  path: 'update-payment-link',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'write',
  audit: 'payment-link.update',
  request: ZUpdatePaymentLinkRequest,
  response: ZUpdatePaymentLinkResponse,
});
export type TUpdatePaymentLinkRequest = z.input<typeof ZUpdatePaymentLinkRequest>;
export type TUpdatePaymentLinkInput = z.output<typeof ZUpdatePaymentLinkRequest>;
export type TUpdatePaymentLinkResponse = z.output<typeof ZUpdatePaymentLinkResponse>;
