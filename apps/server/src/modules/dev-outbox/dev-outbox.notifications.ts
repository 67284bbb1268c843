// The dev notice (development only): a notification a browser test can make arrive live in an
// app whose real paths cannot raise one without harm (the console's bell: an administrator is
// told only of ledger breaches, and a browser test must not break the ledger).
import { z } from 'zod';
import { defineNotificationType } from '../notifications/notification-types.ts';

export const DEV_NOTICE = defineNotificationType({
  name: 'dev-notice',
  data: z.object({ sequence: z.number().int().min(1) }),
  message: (data) => `Test notice ${data.sequence} from the development tools.`,
});
