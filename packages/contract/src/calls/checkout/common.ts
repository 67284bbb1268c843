// What the hosted checkout's two public calls share: the link's token, the attempt's uuid, the
// customer and card fields of the checkout form, and the payment's result as the page shows it.
import { z } from 'zod';
import { MESSAGES, zPhone, zRequired } from '../../rules.ts';
import { limitFirst } from '../../text.ts';

/** A payment link's token: url-safe, unguessable (spec 3 section 2.1 payment_url). */
export const zCheckoutToken = z
  .string({ error: MESSAGES.required('token') })
  .max(200, { message: 'The token is invalid', abort: true })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'The token is invalid');

export const zAttemptUuid = z
  .string({ error: MESSAGES.required('attempt') })
  .max(64, { message: 'The attempt is invalid', abort: true })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The attempt is invalid');

/** The states a link's checkout page can show. */
export const CHECKOUT_STATES = ['payable', 'paid', 'inactive', 'expired'] as const;
export type TCheckoutState = (typeof CHECKOUT_STATES)[number];

/** What the page says, per state, when the link takes no payment. */
export const CHECKOUT_STATE_MESSAGES: Readonly<Record<Exclude<TCheckoutState, 'payable'>, string>> = {
  paid: 'This payment link has already been paid.',
  inactive: 'This payment link is no longer active.',
  expired: 'This payment link has expired.',
};

export const CHECKOUT_LIMITS = {
  nameMaxChars: 100,
  emailMaxChars: 191,
  placeMaxChars: 100,
  holderMaxChars: 100,
} as const;

const optionalText = (field: string, maxChars: number) =>
  z
    .string()
    .max(maxChars, limitFirst(field, maxChars))
    .trim()
    .optional()
    .transform((value) => (value ? value : null));

/** The customer's fields on the checkout form; name required, the rest optional. */
export const ZCheckoutCustomer = z.object({
  name: zRequired('name', CHECKOUT_LIMITS.nameMaxChars).min(2, 'The name must be at least 2 characters'),
  email: z
    .string()
    .max(CHECKOUT_LIMITS.emailMaxChars, limitFirst('email', CHECKOUT_LIMITS.emailMaxChars))
    .trim()
    .optional()
    .refine((value) => !value || z.email().safeParse(value).success, MESSAGES.emailInvalid)
    .transform((value) => (value ? value.toLowerCase() : null)),
  phone: zPhone.optional().transform((value) => (value ? value : null)),
  country: optionalText('country', CHECKOUT_LIMITS.placeMaxChars),
  city: optionalText('city', CHECKOUT_LIMITS.placeMaxChars),
});

const digits = (field: string, pattern: RegExp, message: string) =>
  z
    .string({ error: MESSAGES.required(field) })
    .max(40, { message, abort: true })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, MESSAGES.required(field)).regex(pattern, message));

/** The card on the checkout form. The month and year arrive as typed (MM, YY or YYYY) and leave as numbers, the year in four digits. */
export const ZCheckoutCard = z.object({
  holderName: zRequired('card holder name', CHECKOUT_LIMITS.holderMaxChars).min(2, 'The card holder name field is required'),
  number: digits('card number', /^\d{12,19}$/, 'The card number must be between 12 and 19 digits'),
  expMonth: digits('exp month', /^(0?[1-9]|1[0-2])$/, 'The exp month must be between 01 and 12').transform(Number),
  expYear: digits('exp year', /^(\d{2}|\d{4})$/, 'The exp year must be 2 or 4 digits').transform((value) =>
    value.length === 2 ? 2000 + Number(value) : Number(value),
  ),
  cvc: digits('cvc', /^\d{3,4}$/, 'The cvc must be between 3 and 4 digits'),
});

/** The outcome of a payment as the checkout page shows it. */
export const CHECKOUT_RESULT_STATUSES = ['succeeded', 'failed', 'requires_action', 'pending'] as const;
export const ZCheckoutPayment = z.object({
  /** The transaction's uuid: the id the merchant's site receives as `transactionId`. */
  transactionId: z.string(),
  status: z.enum(CHECKOUT_RESULT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  /** Why a failed payment failed, in words for the customer; null otherwise. */
  failureReason: z.string().nullable(),
  /** The 3-D Secure page to open, while `requires_action`. */
  challengeUrl: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Where the customer goes back to, with `status` and `transactionId`; null when the link has no redirect URL. */
  returnUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TCheckoutPayment = z.infer<typeof ZCheckoutPayment>;
