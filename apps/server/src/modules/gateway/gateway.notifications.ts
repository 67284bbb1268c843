// The notifications of card payments, in the registry of notification types. A card deposit
// tells its owner how it ended, whether it ended at once or after the 3-D Secure page.
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

const zDeposit = z.object({
  transactionId: z.string(),
  amount: z.number().int(),
  currency: z.string().length(3),
  decimals: z.number().int().min(0),
});

export const DEPOSIT_SUCCEEDED = defineNotificationType({
  name: 'deposit-succeeded',
  data: zDeposit,
  message: (data) => `Your deposit of ${notifiedMoneyText(data)} was added to your wallet.`,
});

export const DEPOSIT_FAILED = defineNotificationType({
  name: 'deposit-failed',
  data: zDeposit.extend({ reason: z.string() }),
  message: (data) => `Your deposit of ${notifiedMoneyText(data)} did not go through: ${data.reason}`,
});
