// Schemas the money calls share: an amount in minor units, an e-mail or phone, a priced quote
// and a payment's other party.
import { z } from 'zod';
import { MESSAGES } from './rules.ts';

/**
 * The largest amount any call of any door takes, in minor units: one billion in major units.
 * The web app's money calls, the merchant server API and the POS API share it.
 */
export const AMOUNT_MINOR_MAX = 1_000_000_000_00;
/** Longer text is refused before any pattern runs: no amount needs more characters. */
const AMOUNT_TEXT_CHARS_MAX = 30;
/** Text longer than this is not even read: it is refused as too large at once. */
const AMOUNT_TEXT_CHARS_LIMIT = 100;
const AMOUNT_REQUIRED = MESSAGES.required('amount');
/** Digits with at most one decimal point (the decAmount rule of spec 1 section 5). */
const NUMERIC_TEXT = /^(\d+(\.\d*)?|\.\d+)$/;

/** A number as it is, text read by the decAmount rule; anything else is not numeric. */
function amountNumber(value: number | string, ctx: z.RefinementCtx): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text !== '' && text.length <= AMOUNT_TEXT_CHARS_MAX && NUMERIC_TEXT.test(text)) return Number(text);
  ctx.addIssue({ code: 'custom', message: amountTextProblem(text) });
  return z.NEVER;
}

function amountTextProblem(text: string): string {
  if (text === '') return AMOUNT_REQUIRED;
  // Only the first characters are looked at: a very long text is refused by its length.
  const head = text.slice(0, AMOUNT_TEXT_CHARS_MAX);
  if (text.length > AMOUNT_TEXT_CHARS_MAX && /^\d+$/.test(head)) return 'The amount is too large';
  return MESSAGES.decAmount;
}

/**
 * An amount in minor units as sent by the client (already multiplied by 100): a JSON number, or
 * its digits as text. Missing reads 'The amount field is required'; anything not numeric (letters,
 * a sign, true, an object) reads 'Only numeric characters are allowed' (the decAmount rule).
 */
export const zAmountMinor = z
  .union(
    [
      // Bounds on both members before anything else runs: no value needs more.
      z.number().min(-Number.MAX_SAFE_INTEGER, 'The amount must be greater than 0').max(Number.MAX_SAFE_INTEGER, 'The amount is too large'),
      z.string().max(AMOUNT_TEXT_CHARS_LIMIT, { message: 'The amount is too large', abort: true }),
    ],
    {
      error: (issue) => {
        if (issue.input === undefined || issue.input === null) return AMOUNT_REQUIRED;
        // A text refused by its length: a long run of digits is too large, anything else is not numeric.
        if (typeof issue.input === 'string') return amountTextProblem(issue.input.trim());
        if (typeof issue.input === 'number') return issue.input > 0 ? 'The amount is too large' : 'The amount must be greater than 0';
        return MESSAGES.decAmount;
      },
    },
  )
  .transform(amountNumber)
  .pipe(
    z
      .number()
      .refine((n) => Number.isFinite(n), MESSAGES.decAmount)
      .refine((n) => Number.isInteger(n), 'The amount may have at most 2 decimal places')
      .refine((n) => n > 0, 'The amount must be greater than 0')
      .refine((n) => n <= AMOUNT_MINOR_MAX, 'The amount is too large'),
  );

export const zEmailOrPhone = z
  .string({ error: 'The email or phone field is required' })
  .trim()
  .min(1, 'The email or phone field is required')
  .max(191, 'The email or phone may not be greater than 191 characters');

/** What a quote hash prices: shown on the confirm screens. */
export const ZQuote = z.object({
  hash: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  totalAmount: z.number().int(),
  receiveAmount: z.number().int(),
  currency: z.string(),
  expiresAt: z.string(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZRecipient = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type TRecipient = z.infer<typeof ZRecipient>;
