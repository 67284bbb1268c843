// What the merchant server API's calls (/api/merchant/v1, one file per call beside this one)
// share: the card, the customer, the payment and the refund as a merchant's server reads them,
// and the door's error body. Amounts are integers in minor units (AED 10.50 is 1050); ids are
// strings. `.meta()` names the schemas and gives their descriptions and examples to the OpenAPI
// document the server generates from these calls (zod's own metadata: nothing of zod-openapi
// reaches the web app's bundle).
import { z } from 'zod';
import type { TErrorName } from '../../errors.ts';
import { AMOUNT_MINOR_MAX } from '../../money.ts';
import { zText } from '../../text.ts';

/**
 * Text of at most `maxChars` that must also match a pattern: the limit runs first and stops the
 * pattern on a longer value (no pattern ever reads a megabyte), saying what the pattern says.
 */
export const zApiPattern = (maxChars: number, pattern: RegExp, message: string) =>
  z.string().max(maxChars, { message, abort: true }).regex(pattern, message);

/** What every call of the door shares: a merchant's server acting as the merchant's main account. */
export const MERCHANT_API_CALL = { door: 'merchant-api', audience: ['merchant'], feature: null, session: 'full' } as const;

/**
 * The door answers a charge the card's issuer declined with 402 Payment Required and the failed
 * payment in `payment`: the payment exists, it just did not pay. Every other refusal answers the
 * status of its name.
 */
export const MERCHANT_API_STATUS_OF: Partial<Record<TErrorName, 402>> = {
  CARD_DECLINED: 402,
  CARD_INSUFFICIENT_FUNDS: 402,
};

export const ZPaymentId = z
  .string()
  .max(100)
  .meta({ description: 'The payment id (a UUID), or the uuid of its transaction.', example: '0f6e6a1c-3f5d-4a57-9f8e-6b3e7a1c2d4e' });

/** The path of a call on one payment: `/payments/{id}/...`. */
export const ZPaymentParams = z.object({ id: ZPaymentId });

export const zApiAmount = z
  .number()
  .int('The amount must be an integer number of minor units')
  .positive('The amount must be greater than 0')
  .max(AMOUNT_MINOR_MAX, 'The amount is too large');

export const ZCard = z
  .object({
    holderName: zText('card holder name', 100).min(1, 'The card holder name is required'),
    number: zApiPattern(23, /^[0-9 ]{12,23}$/, 'The card number is invalid').meta({ example: '4242424242424242' }),
    expMonth: z.number().int().min(1, 'The expiry month is invalid').max(12, 'The expiry month is invalid').meta({ example: 12 }),
    expYear: z.number().int().min(2000, 'The expiry year is invalid').max(2100, 'The expiry year is invalid').meta({ example: 2030 }),
    cvc: zApiPattern(4, /^[0-9]{3,4}$/, 'The CVC is invalid').meta({ example: '123' }),
  })
  .meta({ id: 'Card', description: 'The card to charge. The CVC is never stored; only the brand, first six and last four digits are.' });

export const ZCustomer = z
  .object({
    name: zText('customer name', 100).min(1, 'The customer name is required'),
    email: z
      .string()
      .max(255, { message: 'The customer email is invalid', abort: true })
      .pipe(z.email('The customer email is invalid'))
      .nullish(),
    phone: zApiPattern(32, /^\+?[0-9 ()-]{4,31}$/, 'The customer phone is invalid').nullish(),
  })
  .meta({ id: 'Customer', description: 'Who pays: recorded under the merchant as a customer.' });

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
export type TApiPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ZPayment = z
  .object({
    id: z.string(),
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
    card: z
      .object({ brand: z.string().meta({ description: 'The card scheme, lower case: visa, mastercard ...' }), last4: z.string() })
      .nullable(),
    approvalCode: z
      .string()
      .nullable()
      .meta({ description: "The card issuer's authorisation code (six letters or digits), once the card is authorised; for receipts." }),
    nextAction: z
      .object({ type: z.literal('redirect'), redirectUrl: z.string() })
      .nullable()
      .meta({ description: 'Set while status is requires_action: send the customer to redirectUrl.' }),
    transactionId: z.string().nullable().meta({ description: 'The uuid of the card transaction, once there is one.' }),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    expiresAt: z.string().nullable().meta({ description: 'Hosted checkout: when the page stops taking payment.' }),
  })
  .meta({ id: 'Payment' });
export type TPayment = z.output<typeof ZPayment>;

export const ZRefund = z
  .object({
    id: z.string(),
    object: z.literal('refund'),
    paymentId: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['succeeded', 'pending']),
    payment: ZPayment,
  })
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
  .meta({ id: 'PaymentList' });
export type TPaymentList = z.output<typeof ZPaymentList>;

/** Every refusal of the door; a declined charge carries the failed payment. */
export const ZApiError = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'The error name, e.g. CARD_DECLINED, VALIDATION_FAILED, API_CREDENTIALS_INVALID.' }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'VALIDATION_FAILED: one message per field.' }),
    }),
    payment: ZPayment.optional().meta({ description: 'A charge that was declined: the failed payment.' }),
  })
  .meta({ id: 'Error' });
export type TApiError = z.output<typeof ZApiError>;
