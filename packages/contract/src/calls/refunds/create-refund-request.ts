import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zAmountMinor } from '../../money.ts';
import { zFreeText } from '../../text.ts';
import { REFUND_LIMITS, ZRefundRow } from './common.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A refund request on one of the merchant's successful payments (types 8, 9, 10: DECISIONS 27),
 * Pending until the console decides. isPartial 0 refunds all that remains (an amount sent with it
 * must be exactly that); isPartial 1 refunds `amount`, up to what remains.
 */
export const ZCreateRefundRequestRequest = z
  .object({
    /** The payment's uuid. */
    transactionId: z
      .string({ error: 'The transaction id field is required' })
      .max(64, { message: 'The selected transaction id is invalid', abort: true })
      .trim()
      .min(1, 'The transaction id field is required')
      .refine((value) => UUID_PATTERN.test(value), 'The selected transaction id is invalid'),
    amount: zAmountMinor.optional(),
    description: zFreeText('description', REFUND_LIMITS.descriptionMaxChars).nullish(),
    isPartial: z.coerce
      .number()
      .int()
      .min(0, 'The selected is partial is invalid')
      .max(1, 'The selected is partial is invalid')
      .optional()
      .default(0),
  })
  .superRefine((value, ctx) => {
    if (value.isPartial === 1 && value.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required' });
    }
  });
export const createRefundRequestCall = defineCall({
  path: 'create-refund-request',
  audience: ['merchant'],
  session: 'full',
  feature: 'refund',
  // A refund is money leaving the merchant: an administrator logged in as the merchant may not ask for one (DECISIONS 52).
  kind: 'money',
  audit: 'refund.create',
  request: ZCreateRefundRequestRequest,
  response: ZRefundRow,
});
export type TCreateRefundRequestRequest = z.input<typeof ZCreateRefundRequestRequest>;
export type TCreateRefundRequestInput = z.output<typeof ZCreateRefundRequestRequest>;
