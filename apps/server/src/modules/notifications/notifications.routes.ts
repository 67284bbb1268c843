import { getEventsTicketCall, notificationsCall, readAllNotificationsCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { createEventsTicket, listNotifications, notificationOwnerOf, readAllNotifications } from './notifications.service.ts';

// The bell and the all-notification page read the session's own notifications
// (notificationOwnerOf: a staff member's own, otherwise the account holder's).
export function registerNotificationCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(notificationsCall, async (input, ctx) => ({
    data: await listNotifications(deps.db, notificationOwnerOf(ctx.scope), input),
  }));
  dispatcher.register(readAllNotificationsCall, async (_input, ctx) => ({
    data: await readAllNotifications(deps.db, notificationOwnerOf(ctx.scope)),
    message: 'All notifications are marked as read.',
  }));
  dispatcher.register(getEventsTicketCall, async (_input, ctx) => ({
    data: await createEventsTicket(deps.db, ctx.scope.sessionId, notificationOwnerOf(ctx.scope)),
  }));
}
