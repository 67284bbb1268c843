// The refund forms type the amount as text in major units (zAmountInput: the decAmount rule,
// 'Only numeric characters are allowed'); the request sends minor units (x100).
import { z } from 'zod';
import { REFUND_LIMITS, type TCreateRefundRequestRequest } from '@paywallet/contract';
import { zAmountInput } from '../../lib/amount-input.ts';

const zDescription = z
  .string()
  .trim()
  .max(REFUND_LIMITS.descriptionMaxChars, `The description may not be greater than ${REFUND_LIMITS.descriptionMaxChars} characters`);

/** Add refund request: Transaction Id and Amount (and a description). */
export const ZAddRefundForm = z.object({
  transactionId: z.string().trim().min(1, 'The transaction id field is required'),
  amount: zAmountInput,
  description: zDescription,
});
export type TAddRefundFormOut = z.output<typeof ZAddRefundForm>;

export function toAddRefundRequest(values: TAddRefundFormOut): TCreateRefundRequestRequest {
  return { transactionId: values.transactionId, amount: values.amount, description: values.description || null, isPartial: 1 };
}

/** The Create Refund modal: the amount counts only with Partial; otherwise the whole remaining amount. */
export const ZCreateRefundForm = z.discriminatedUnion('partial', [
  z.object({ partial: z.literal(true), amount: zAmountInput, description: zDescription }),
  z.object({ partial: z.literal(false), amount: z.string(), description: zDescription }),
]);
export type TCreateRefundFormOut = z.output<typeof ZCreateRefundForm>;

export function toCreateRefundRequest(
  transactionId: string,
  remainingMinor: number,
  values: TCreateRefundFormOut,
): TCreateRefundRequestRequest {
  return values.partial
    ? { transactionId, amount: values.amount, description: values.description || null, isPartial: 1 }
    : { transactionId, amount: remainingMinor, description: values.description || null, isPartial: 0 };
}
