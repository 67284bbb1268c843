// What the merchant is told about a refund request the console decided: a rejection, with the
// reason. An approved refund is told when its money moves, as every refund is (the payments
// core's `payment.refunded` event: merchant-payment-refunded).
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

/** How much of the console's comment a notice keeps, so that the message stays within its limit. */
export const REJECTION_REASON_MAX_CHARS = 300;

export const REFUND_REJECTED = defineNotificationType({
  name: 'refund-rejected',
  data: z.object({
    refundId: z.string(),
    transactionId: z.string(),
    amount: z.number().int(),
    currency: z.string().length(3),
    decimals: z.number().int().min(0),
    reason: z.string().max(REJECTION_REASON_MAX_CHARS),
  }),
  message: (data) => `Your refund of ${notifiedMoneyText(data)} was rejected: ${data.reason}`,
});
