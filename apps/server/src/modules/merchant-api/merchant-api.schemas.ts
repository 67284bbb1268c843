// The merchant server API's wire shapes (/api/merchant/v1): what a merchant's server sends and
// receives, as zod schemas. The handlers parse requests with them and the OpenAPI document
// (merchant-api.openapi.ts) is generated from them, so the reference never drifts from the code.
// Amounts are integers in minor units (AED 10.50 is 1050); ids are strings.
import { z } from 'zod';
import 'zod-openapi';
import { zText } from '@paywallet/contract';

const MAX_AMOUNT_MINOR = 1_000_000_000_000;

export const ZId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'A payment id (a UUID)', example: '0f6e6a1c-3f5d-4a57-9f8e-6b3e7a1c2d4e' });

const ZAmount = z
  .number()
  .int('The amount must be an integer number of minor units')
  .positive('The amount must be greater than 0')
  .max(MAX_AMOUNT_MINOR, 'The amount is too large');

export const ZCard = z
  .object({
    holderName: zText('card holder name', 100).min(1, 'The card holder name is required'),
    number: z
      .string()
      .max(23, 'The card number is invalid')
      .regex(/^[0-9 ]{12,23}$/, 'The card number is invalid')
      .meta({ example: '4242424242424242' }),
    expMonth: z.number().int().min(1, 'The expiry month is invalid').max(12, 'The expiry month is invalid').meta({ example: 12 }),
    expYear: z.number().int().min(2000, 'The expiry year is invalid').max(2100, 'The expiry year is invalid').meta({ example: 2030 }),
    cvc: z
      .string()
      .regex(/^[0-9]{3,4}$/, 'The CVC is invalid')
      .meta({ example: '123' }),
  })
  .strict()
  .meta({ id: 'Card', description: 'The card to charge. The CVC is never stored; only the brand, first six and last four digits are.' });

export const ZCustomer = z
  .object({
    name: zText('customer name', 100).min(1, 'The customer name is required'),
    email: z.email('The customer email is invalid').max(255).nullish(),
    phone: z
      .string()
      .max(32, 'The customer phone is invalid')
      .regex(/^\+?[0-9 ()-]{4,31}$/, 'The customer phone is invalid')
      .nullish(),
  })
  .strict()
  .meta({ id: 'Customer', description: 'Who pays: recorded under the merchant as a customer.' });

const ZReturnUrl = z
  .string()
  .max(2000, 'The return URL is too long')
  .regex(/^https?:\/\/[^\s]+$/, 'The return URL must be an http or https URL');

export const ZCreatePaymentRequest = z
  .object({
    amount: ZAmount.meta({ description: 'Amount in minor units (AED 10.50 is 1050).', example: 1050 }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'The currency must be a 3-letter ISO code')
      .meta({ description: 'ISO 4217 code of a currency the merchant has a fee schedule in.', example: 'AED' }),
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
      .union([z.string().regex(/^[0-9]{1,18}$/, 'The channel id is invalid'), z.number().int().positive()])
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
  .strict()
  .meta({ id: 'CreatePaymentRequest' });
export type TCreatePaymentRequest = z.output<typeof ZCreatePaymentRequest>;

export const ZCaptureRequest = z
  .object({
    amount: ZAmount.optional().meta({ description: 'Minor units to capture; default: all that was authorised.', example: 500 }),
  })
  .strict()
  .meta({ id: 'CaptureRequest' });

/** A void takes nothing: the whole authorisation is released. An empty object (or no body) is the request. */
export const ZVoidRequest = z.object({}).strict().meta({ id: 'VoidRequest' });

export const ZRefundRequest = z
  .object({
    amount: ZAmount.optional().meta({ description: 'Minor units to refund; default: all that remains.', example: 300 }),
    description: zText('description', 500).nullish(),
  })
  .strict()
  .meta({ id: 'RefundRequest' });

export const PAYMENT_STATUSES = [
  'requires_action',
  'requires_capture',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
  'voided',
  'expired',
] as const;

export const ZPayment = z
  .object({
    id: ZId,
    object: z.literal('payment'),
    status: z.enum(PAYMENT_STATUSES).meta({
      description:
        'requires_action: the customer must complete nextAction (3-D Secure or the hosted page); requires_capture: authorised, waiting for capture; succeeded; failed (see failureReason); refunded; partially_refunded; voided; expired (the hosted page was not paid in time).',
    }),
    amount: z.number().int(),
    amountCaptured: z.number().int(),
    amountRefunded: z.number().int(),
    currency: z.string(),
    fee: z.number().int().meta({ description: 'Our fee, in minor units (0 until charged).' }),
    vat: z.number().int().meta({ description: 'VAT on the fee, in minor units.' }),
    captureMethod: z.enum(['automatic', 'manual']),
    failureReason: z.string().nullable(),
    description: z.string().nullable(),
    clientReference: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    nextAction: z
      .object({ type: z.literal('redirect'), redirectUrl: z.string() })
      .nullable()
      .meta({ description: 'Set while status is requires_action: send the customer to redirectUrl.' }),
    transactionId: z.string().nullable().meta({ description: 'The uuid of the card transaction, once there is one.' }),
    createdAt: z.string().meta({ description: 'ISO 8601', example: '2026-11-24T10:00:00.000Z' }),
    expiresAt: z.string().nullable().meta({ description: 'Hosted checkout: when the page stops taking payment.' }),
  })
  .strict()
  .meta({ id: 'Payment' });
export type TPayment = z.output<typeof ZPayment>;

export const ZRefund = z
  .object({
    id: z.string(),
    object: z.literal('refund'),
    paymentId: ZId,
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['succeeded', 'pending']),
    payment: ZPayment,
  })
  .strict()
  .meta({ id: 'Refund' });
export type TRefund = z.output<typeof ZRefund>;

export const ZPaymentList = z
  .object({
    object: z.literal('list'),
    data: z.array(ZPayment),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    lastPage: z.number().int(),
  })
  .strict()
  .meta({ id: 'PaymentList' });
export type TPaymentList = z.output<typeof ZPaymentList>;

export const ZListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
    status: z.enum(PAYMENT_STATUSES).optional(),
    fromDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The from date must be YYYY-MM-DD')
      .optional()
      .meta({ description: 'YYYY-MM-DD, inclusive (UTC)' }),
    toDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The to date must be YYYY-MM-DD')
      .optional()
      .meta({ description: 'YYYY-MM-DD, inclusive (UTC)' }),
  })
  .strict();
export type TListQuery = z.output<typeof ZListQuery>;

export const ZError = z
  .object({
    error: z.object({
      code: z
        .string()
        .meta({ description: 'The error name, e.g. CARD_DECLINED, VALIDATION_FAILED, API_CREDENTIALS_INVALID.', example: 'CARD_DECLINED' }),
      message: z.string().meta({ example: 'Your card was declined.' }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'VALIDATION_FAILED: one message per field.' }),
    }),
    payment: ZPayment.optional().meta({ description: 'A charge that failed: the failed payment.' }),
  })
  .meta({ id: 'Error' });
export type TApiError = z.output<typeof ZError>;
