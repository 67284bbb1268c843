import { z } from 'zod';

/** An amount in minor units as sent by the client (already multiplied by 100). */
export const zAmountMinor = z.coerce
  .number({ error: 'The amount field is required' })
  .refine((n) => Number.isFinite(n), 'The amount must be a number')
  .refine((n) => Number.isInteger(n), 'The amount may have at most 2 decimal places')
  .refine((n) => n > 0, 'The amount must be greater than 0')
  .refine((n) => n <= 1_000_000_000_00, 'The amount is too large');

export const zId = (field: string) =>
  z.coerce.number({ error: `The ${field} field is required` }).int(`The ${field} field is required`).positive(`The ${field} field is required`);

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
