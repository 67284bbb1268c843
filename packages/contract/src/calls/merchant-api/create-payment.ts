// POST /api/merchant/v1/payments: charge a card now, or open a hosted checkout page for the
// customer (no card). Answers 201 with the payment; a declined card 402 with the failed payment.
import { z } from 'zod';
import { defineCall, httpRequest } from '../../call.ts';
import { zText } from '../../text.ts';
import { MERCHANT_API_CALL, ZCard, ZCustomer, ZPayment, zApiAmount, zApiPattern } from './common.ts';

const ZReturnUrl = z
  .string()
  .max(2000, { message: 'The return URL is too long', abort: true })
  .regex(/^https?:\/\/[^\s]+$/, 'The return URL must be an http or https URL');

export const ZCreatePaymentRequest = z
  .object({
    amount: zApiAmount.meta({ description: 'Amount in minor units (AED 10.50 is 1050).', example: 1050 }),
    currency: zApiPattern(3, /^[A-Z]{3}$/, 'The currency must be a 3-letter ISO code').meta({
      description: 'ISO 4217 code of a currency the merchant has a fee schedule in.',
      example: 'AED',
    }),
    card: ZCard.optional().meta({
      description: 'The card to charge now. Leave it out to get a hosted checkout page (nextAction.redirectUrl) for the customer.',
    }),
    captureMethod: z
      .enum(['automatic', 'manual'])
      .default('automatic')
      .meta({ description: 'automatic: charge at once; manual: authorise only, capture later with POST /payments/{id}/capture.' }),
    description: zText('description', 500).nullish(),
    clientReference: zText('client reference', 100)
      .nullish()
      .meta({ description: 'Your own reference (an order number).', example: 'order-1001' }),
    customer: ZCustomer.optional(),
    channelId: z
      .union([zApiPattern(18, /^[0-9]{1,18}$/, 'The channel id is invalid'), z.number().int().positive()])
      .optional()
      .meta({ description: "One of the merchant's online channels; default: the first online channel of an Active store." }),
    returnUrl: ZReturnUrl.nullish().meta({
      description: 'Where the customer goes after the hosted checkout or the 3-D Secure page.',
      example: 'https://shop.example/return',
    }),
    expiresIn: z
      .number()
      .int()
      .min(60, 'The expiry must be at least 60 seconds')
      .max(7 * 24 * 3600, 'The expiry may not be more than 7 days')
      .optional()
      .meta({ description: 'Hosted checkout only: seconds until the page stops taking payment (default 86400).' }),
  })
  .meta({ id: 'CreatePaymentRequest' });
export type TCreatePaymentRequest = z.input<typeof ZCreatePaymentRequest>;

const route = { method: 'POST', path: '/payments', status: 201, body: ZCreatePaymentRequest } as const;

export const apiCreatePaymentCall = defineCall({
  path: 'merchant-api/create-payment',
  ...MERCHANT_API_CALL,
  kind: 'money',
  audit: 'api-payment.create',
  http: route,
  request: httpRequest(route),
  response: ZPayment,
  errors: [
    'CARD_DECLINED',
    'CARD_INSUFFICIENT_FUNDS',
    'CURRENCY_NOT_SUPPORTED',
    'CARD_NUMBER_INVALID',
    'CARD_EXPIRED',
    'CARD_SCHEME_NOT_SUPPORTED',
    'CARD_SCHEME_NOT_ALLOWED',
    'API_NO_ONLINE_CHANNEL',
    'CHANNEL_NOT_FOUND',
    'CHANNEL_TYPE_MISMATCH',
    'CHANNEL_INACTIVE',
    'STORE_NOT_ACTIVE',
  ],
  summary: 'Create a payment',
  description:
    'With a card: charges it now (3-D Secure may answer requires_action with nextAction.redirectUrl). Without a card: answers requires_action with the hosted checkout page in nextAction.redirectUrl. A declined card answers 402 with the failed payment.',
});
export type TCreatePaymentInput = z.output<typeof apiCreatePaymentCall.request>;
