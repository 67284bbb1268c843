import { z } from 'zod';
import { defineCall, WALLET_HOLDERS, type TAudience } from '../../call.ts';
import { zLoadMore, zLoadMoreOf } from '../../lists.ts';

/**
 * Who reads their own notifications: the wallet holders, and administrators in their own session
 * (the ledger's health checks raise breaches to them; the console's bell reads them). Every
 * handler reads the caller's own rows (`notificationOwnerOf`), so widening the audience shows an
 * administrator their own notifications and nobody else's.
 */
export const NOTIFICATION_READERS = [...WALLET_HOLDERS, 'admin'] as const satisfies readonly TAudience[];

/** A notification (spec 3 section 3): its type, the message the user reads, and when. */
export const ZNotification = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** The user's notifications, newest first, a load-more page at a time, with the unread count. */
export const ZNotificationsRequest = z.object({ ...zLoadMore });
export const ZNotificationsResponse = zLoadMoreOf(ZNotification).extend({ unreadCount: z.number().int() });
export const notificationsCall = defineCall({
  path: 'notifications',
  audience: NOTIFICATION_READERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZNotificationsRequest,
  response: ZNotificationsResponse,
});
export type TNotificationsRequest = z.input<typeof ZNotificationsRequest>;
export type TNotificationsResponse = z.output<typeof ZNotificationsResponse>;

/** What GET /api/events sends as a `notification` event: the row, as the list shows it. */
export const ZNotificationEvent = ZNotification;
