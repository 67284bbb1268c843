// The console's settlement forms (settlement-configs-page.tsx, settlement-runs-page.tsx): what
// the administrator types, as text. They check only that the numbers are numbers; the ranges and
// the rules across fields are the server's, whose messages stand under the fields.
import { z } from 'zod';
import { MESSAGES } from '@paywallet/contract';

/** A whole number typed as text; the range is the server's to check (its message stands under the field). */
const wholeText = (field: string) =>
  z
    .string()
    .trim()
    .min(1, MESSAGES.required(field))
    .regex(/^\d{1,9}$/, `The ${field} must be a whole number`)
    .transform(Number);

/** A percentage with up to two decimals ('12.5' -> 1250 basis points). */
const percentText = z
  .string()
  .trim()
  .min(1, MESSAGES.required('rolling reserve'))
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The rolling reserve must be a number with at most 2 decimals')
  .transform((text) => Math.round(Number(text) * 100));

export const ZSettlementConfigForm = z.object({
  merchantId: wholeText('merchant'),
  channelId: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, 'The channel must be a whole number')
    .transform((text) => (text === '' ? undefined : Number(text))),
  type: z.enum(['aggregate', 'direct'], { error: 'The selected type is invalid' }),
  schedule: z.enum(['daily'], { error: 'The selected schedule is invalid' }),
  delayDays: wholeText('delay'),
  reservePercent: percentText,
  holdDays: wholeText('days'),
  holdHours: wholeText('hours'),
  holdMins: wholeText('mins'),
});

export const ZRunSettlementsForm = z.object({
  merchantUserId: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, 'The merchant must be a whole number')
    .transform((text) => (text === '' ? undefined : Number(text))),
  cutoff: z.string().trim().max(40, 'The cutoff must be a date and time'),
});
