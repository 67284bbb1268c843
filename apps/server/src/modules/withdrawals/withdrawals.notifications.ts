// What the merchant is told when the console processes a withdrawal: paid (with the bank's
// reference) or rejected (with the reason; the money is back in available). Both move money,
// so an open app reads its balances again (web hooks/money-moved.ts lists both).
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

/** How much of the console's comment a notice keeps, so that the message stays within its limit. */
export const WITHDRAWAL_REASON_MAX_CHARS = 300;

export const WITHDRAWAL_PAID = defineNotificationType({
  name: 'withdrawal-paid',
  data: z.object({
    withdrawalId: z.string(),
    amount: z.number().int(),
    currency: z.string().length(3),
    decimals: z.number().int().min(0),
    reference: z.string().max(100),
  }),
  message: (data) => `Your withdrawal of ${notifiedMoneyText(data)} was paid to your bank (reference ${data.reference}).`,
});

export const WITHDRAWAL_REJECTED = defineNotificationType({
  name: 'withdrawal-rejected',
  data: z.object({
    withdrawalId: z.string(),
    amount: z.number().int(),
    currency: z.string().length(3),
    decimals: z.number().int().min(0),
    reason: z.string().max(WITHDRAWAL_REASON_MAX_CHARS),
  }),
  message: (data) =>
    `Your withdrawal of ${notifiedMoneyText(data)} was rejected: ${data.reason} The amount is back in your available balance.`,
});

export const MAIL_SUBJECT: Readonly<Record<string, string>> = {
  [WITHDRAWAL_PAID.name]: 'Withdrawal paid',
  [WITHDRAWAL_REJECTED.name]: 'Withdrawal rejected',
};
