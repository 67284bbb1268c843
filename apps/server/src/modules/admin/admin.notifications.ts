// What the operations console tells the people whose things it reviewed: a merchant that its
// store's status changed (the comment is in View Comments), a user that their identity
// verification was decided.
import { z } from 'zod';
import { defineNotificationType } from '../notifications/notification-types.ts';

export const STORE_REVIEWED = defineNotificationType({
  name: 'store-reviewed',
  data: z.object({ storeId: z.string(), storeName: z.string(), status: z.number().int(), statusLabel: z.string() }),
  message: (data) => `Your store ${data.storeName} is now ${data.statusLabel}. The reviewer's comment is in View Comments.`,
});

export const KYC_REVIEWED = defineNotificationType({
  name: 'kyc-reviewed',
  data: z.object({ approved: z.boolean() }),
  message: (data) =>
    data.approved
      ? 'Your identity verification was approved: your account is active.'
      : 'Your identity verification was not approved and your account is suspended. Please contact support.',
});
