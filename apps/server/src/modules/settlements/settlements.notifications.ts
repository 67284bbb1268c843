// What the merchant is told about settlements: a settlement done (what left the on-hold balance,
// and where it went), and a rolling reserve released to the available balance.
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

const zMoney = {
  amount: z.number().int(),
  currency: z.string().length(3),
  decimals: z.number().int().min(0),
};

/** A settlement was made: `amount` left on hold; `reserve` of it was held back (aggregate only). */
export const SETTLEMENT_COMPLETED = defineNotificationType({
  name: 'settlement-completed',
  data: z.object({
    settlementId: z.string(),
    type: z.enum(['aggregate', 'direct']),
    ...zMoney,
    reserve: z.number().int().min(0),
  }),
  message: (data) => {
    const settled = notifiedMoneyText(data);
    if (data.type === 'direct') return `Your settlement of ${settled} was paid out to your bank account.`;
    if (data.reserve === 0) return `Your settlement of ${settled} was added to your available balance.`;
    const reserve = notifiedMoneyText({ ...data, amount: data.reserve });
    const available = notifiedMoneyText({ ...data, amount: data.amount - data.reserve });
    return `Your settlement of ${settled} was made: ${available} was added to your available balance and ${reserve} is held as a rolling reserve.`;
  },
});

/** A rolling reserve was released to the available balance. */
export const ROLLING_RESERVE_RELEASED = defineNotificationType({
  name: 'rolling-reserve-released',
  data: z.object({ reserveId: z.string(), settlementId: z.string(), ...zMoney }),
  message: (data) => `Your rolling reserve of ${notifiedMoneyText(data)} was released to your available balance.`,
});
