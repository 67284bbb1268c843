import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { NOTIFICATION_READERS } from './notifications.ts';

/** Marks every notification of the user read ('Read all notifications' in the bell). */
export const ZReadAllNotificationsResponse = z.object({ unreadCount: z.number().int() });
export const readAllNotificationsCall = defineCall({
  path: 'read-all-notifications',
  audience: NOTIFICATION_READERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: null,
  request: z.object({}).loose(),
  response: ZReadAllNotificationsResponse,
});
