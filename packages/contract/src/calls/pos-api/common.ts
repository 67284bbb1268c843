// What the POS device API's calls (/api/pos/v1, one file per call beside this one) share: the
// card, the customer, the transaction a device reads back (also the POS webhook's body) and the
// door's error body. Amounts are integers in minor units; a transaction is named by its uuid.
import { z } from 'zod';
import { AMOUNT_MINOR_MAX } from '../../money.ts';
import type { TErrorName } from '../../errors.ts';
import { TERMINAL_SPECIFICATION_NAMES } from '../pos/common.ts';

export const POS_API_LIMITS = {
  /** The largest amount one operation takes, in minor units: the platform's one maximum. */
  amountMinorMax: AMOUNT_MINOR_MAX,
  usernameMaxChars: 64,
  passwordMaxChars: 200,
  deviceIdMaxChars: 64,
} as const;

export const POS_TRANSACTION_TYPES = ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] as const;
export type TPosTransactionType = (typeof POS_TRANSACTION_TYPES)[number];
export const POS_TRANSACTION_STATUSES = ['CREATED', 'AUTHORIZED', 'CAPTURED', 'REFUNDED', 'VOIDED', 'FAILED'] as const;
export type TPosTransactionStatus = (typeof POS_TRANSACTION_STATUSES)[number];

const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required` })
    .max(max, `The ${field} may not be greater than ${max} characters`)
    .min(1, `The ${field} field is required`);

export const ZPosLoginRequest = z.object({
  deviceId: text('device id', POS_API_LIMITS.deviceIdMaxChars),
  username: text('username', POS_API_LIMITS.usernameMaxChars),
  password: text('password', POS_API_LIMITS.passwordMaxChars),
});
export type TPosLoginRequest = z.input<typeof ZPosLoginRequest>;

export const ZPosLoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  device: z.object({
    id: z.string(),
    name: z.string(),
    storeName: z.string(),
    terminalName: z.string(),
    channelName: z.string(),
  }),
  operations: z.array(z.enum(TERMINAL_SPECIFICATION_NAMES)),
});
export type TPosLoginResponse = z.infer<typeof ZPosLoginResponse>;

/** GET /session: the signed-in device and what its login may run now. */
export const ZPosSessionResponse = ZPosLoginResponse.pick({ device: true, operations: true });
export type TPosSessionResponse = z.infer<typeof ZPosSessionResponse>;

/** An amount in minor units: a whole number above zero. */
export const zPosAmount = z
  .number({ error: 'The amount must be a whole number of minor units' })
  .int('The amount must be a whole number of minor units')
  .min(1, 'The amount must be at least 1')
  .max(POS_API_LIMITS.amountMinorMax, 'The amount is too large');

export const ZPosCard = z.object({
  holderName: z
    .string({ error: 'The card holder name field is required' })
    .trim()
    .min(2, 'The card holder name field is required')
    .max(100, 'The card holder name may not be greater than 100 characters'),
  number: z
    .string({ error: 'The card number field is required' })
    .max(40, 'The card number must be between 12 and 19 digits')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'The card number must be between 12 and 19 digits')),
  expMonth: z
    .number({ error: 'The exp month must be a number' })
    .int()
    .min(1, 'The exp month must be between 1 and 12')
    .max(12, 'The exp month must be between 1 and 12'),
  /** The four-digit year (2031). */
  expYear: z
    .number({ error: 'The exp year must be a number' })
    .int()
    .min(2000, 'The exp year must have four digits')
    .max(2099, 'The exp year must have four digits'),
  cvc: z
    .string({ error: 'The cvc field is required' })
    .max(4, { message: 'The cvc must be between 3 and 4 digits', abort: true })
    .regex(/^\d{3,4}$/, 'The cvc must be between 3 and 4 digits'),
});

export const ZPosCustomer = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The customer name field is required')
    .max(100, 'The customer name may not be greater than 100 characters'),
  email: z
    .string()
    .max(150, { message: 'The customer email must be a valid email address', abort: true })
    .pipe(z.email('The customer email must be a valid email address'))
    .nullish(),
  phone: z
    .string()
    .max(21, { message: 'The customer phone must be a valid phone number', abort: true })
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'The customer phone must be a valid phone number')
    .nullish(),
});

export const ZPosChargeRequest = z.object({
  amount: zPosAmount,
  currency: z
    .string({ error: 'The currency field is required' })
    .max(3, { message: 'The currency must be a three-letter code', abort: true })
    .regex(/^[A-Za-z]{3}$/, 'The currency must be a three-letter code')
    .transform((value) => value.toUpperCase()),
  card: ZPosCard,
  customer: ZPosCustomer.optional(),
});
export type TPosChargeRequest = z.input<typeof ZPosChargeRequest>;
export type TPosChargeInput = z.output<typeof ZPosChargeRequest>;

export const zPosTransactionId = z
  .string({ error: 'The transaction id field is required' })
  .max(36, { message: 'The transaction id is invalid', abort: true })
  .regex(/^[0-9a-fA-F-]{36}$/, 'The transaction id is invalid')
  .transform((value) => value.toLowerCase());

export const ZPosCaptureRequest = z.object({ transactionId: zPosTransactionId, amount: zPosAmount });
export type TPosCaptureRequest = z.input<typeof ZPosCaptureRequest>;
export const ZPosRefundRequest = z.object({ transactionId: zPosTransactionId, amount: zPosAmount });
export type TPosRefundRequest = z.input<typeof ZPosRefundRequest>;
export const ZPosVoidRequest = z.object({ transactionId: zPosTransactionId });
export type TPosVoidRequest = z.input<typeof ZPosVoidRequest>;

export const ZPosMoney = z.object({ value: z.number().int(), currency: z.string() });

/**
 * The POS webhook body of spec 2 (POS Webhook Settings), also the answer of every operation
 * (without eventId, with failureReason). Amounts are minor units.
 */
export const ZPosTransaction = z.object({
  storeId: z.number().int(),
  terminalId: z.number().int(),
  channelId: z.number().int(),
  /** The device's registered device id (what it signs in with). */
  posId: z.string(),
  transactionType: z.enum(POS_TRANSACTION_TYPES),
  transactionStatus: z.enum(POS_TRANSACTION_STATUSES),
  /** The payment's transaction uuid: the id capture, refund and void take. */
  transactionId: z.string(),
  feesAmount: ZPosMoney,
  vatAmount: ZPosMoney,
  transactionAmount: ZPosMoney,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  channelName: z.string(),
  hostReferenceNumber: z.string().nullable(),
  /** The card issuer's authorisation code (six letters or digits), for the receipt; null until authorised. */
  approvalCode: z.string().nullable(),
  storeName: z.string(),
  transactionTime: z.string(),
  refundAmount: ZPosMoney.optional(),
  remainingAmountFromOriginalTx: ZPosMoney.optional(),
  captureAmount: ZPosMoney.optional(),
  originalAmount: ZPosMoney.optional(),
});
export type TPosTransaction = z.infer<typeof ZPosTransaction>;

export const ZPosWebhookBody = ZPosTransaction.extend({ eventId: z.string() });
export type TPosWebhookBody = z.infer<typeof ZPosWebhookBody>;

export const ZPosOperationResponse = ZPosTransaction.extend({ failureReason: z.string().nullable() });
export type TPosOperationResponse = z.infer<typeof ZPosOperationResponse>;

/** Every refusal of the door: `{ error: { code, message } }`, with the field messages of a validation failure. */
export const ZPosError = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
export type TPosError = z.infer<typeof ZPosError>;

/** What every call of the door shares: a device's own door, a merchant's account behind it. */
export const POS_API_CALL = { door: 'pos-api', audience: ['merchant'], feature: null } as const;

/** What a sale or a pre-authorisation may be refused with. */
export const POS_CHARGE_ERRORS = [
  'POS_OPERATION_NOT_ALLOWED',
  'CURRENCY_NOT_SUPPORTED',
  'CARD_NUMBER_INVALID',
  'CARD_EXPIRED',
  'CARD_SCHEME_NOT_SUPPORTED',
  'CARD_SCHEME_NOT_ALLOWED',
  'CHANNEL_INACTIVE',
  'STORE_NOT_ACTIVE',
] as const satisfies readonly TErrorName[];
