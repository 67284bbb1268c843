// Notifications: a row per message for a user, written in the same database transaction as
// the change it tells about, so a rolled-back movement never leaves a message behind. Live
// delivery (Server-Sent Events, DECISIONS 14) reads these rows later.
//
// Every module sends through `notify` with a type from the registry (notification-types.ts);
// the type checks the data and writes the message, so no module writes the table itself.
import { assert } from '@paywallet/ledger';
import { EVENTS_TICKET_LIFE_S, type TNotification, type TNotificationsResponse } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import { defineList, listAfter } from '../../db/lists.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import type { Scope } from '../../transport/scope.ts';
import { listLiveSessionIds } from '../auth/sessions.ts';
import { isRegisteredNotificationType, type NotificationData, type NotificationType } from './notification-types.ts';
import {
  consumeEventsTicket,
  countUnread,
  deleteExpiredEventsTickets,
  insertEventsTicket,
  insertNotifications,
  markAllRead,
  notificationListSource,
  type NotificationListRow,
  type NotificationRow,
} from './notifications.repository.ts';

export const NOTIFICATION_MESSAGE_MAX_CHARS = 500;
/** The most rows one call writes: a movement tells its parties, never a crowd. */
export const NOTICES_PER_CALL_MAX = 10;

/** One notification, checked and written out, ready to insert (see `notice`). */
export type Notice = NotificationRow;

/** Builds the row of one notification: the data is checked against its type, the message written. */
export function notice<TData extends NotificationData>(userId: bigint, type: NotificationType<TData>, data: TData): Notice {
  assert(isRegisteredNotificationType(type), `notification type '${type.name}' is not in the registry`);
  const parsed = type.data.safeParse(data);
  assert(parsed.success, `the data of a '${type.name}' notification does not fit its type`);
  const message = type.message(parsed.data);
  assert(
    message.length > 0 && message.length <= NOTIFICATION_MESSAGE_MAX_CHARS,
    `a notification message is 1..${NOTIFICATION_MESSAGE_MAX_CHARS} characters`,
  );
  return { userId, type: type.name, message, data: parsed.data };
}

/** Tells `userId` about a change; pass the transaction of that change as `trx`. */
export async function notify<TData extends NotificationData>(
  trx: Queryable,
  userId: bigint,
  type: NotificationType<TData>,
  data: TData,
): Promise<void> {
  await insertNotifications(trx, [notice(userId, type, data)]);
}

/** Several notifications of one change in one insert: `notifyEach(trx, [notice(...), notice(...)])`. */
export async function notifyEach(trx: Queryable, notices: readonly Notice[]): Promise<void> {
  await notifyTogether(trx, [notices]);
}

/**
 * The notifications of several changes written in one transaction (send money's confirms written
 * together), in one insert: each change's, as notifyEach would write them.
 */
export async function notifyTogether(trx: Queryable, changes: readonly (readonly Notice[])[]): Promise<void> {
  for (const notices of changes) assert(notices.length <= NOTICES_PER_CALL_MAX, `at most ${NOTICES_PER_CALL_MAX} notifications at once`);
  await insertNotifications(trx, changes.flat());
}

// ---- the user's notifications: the bell, the all-notification page, read all ---------------

/**
 * Whose notifications a session reads: the account holder's (the consumer, the merchant's
 * owner, an administrator logged in as the merchant), except a staff member, who reads only
 * their own: a staff member is granted features one by one, and the merchant's notifications
 * tell of money movements a grant may not cover.
 */
export function notificationOwnerOf(scope: Scope): bigint {
  return scope.role === 'staff' ? scope.actorUserId : scope.accountHolderId;
}

/** A row as the API shows it (the list and the live stream). */
export function notificationView(row: NotificationListRow): TNotification {
  return {
    id: Number(row.id),
    type: row.type,
    message: row.message,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

const notificationList = defineList({ source: notificationListSource, view: notificationView });

export async function listNotifications(
  db: Queryable,
  userId: bigint,
  request: { perPage: number; cursor?: string | undefined },
): Promise<TNotificationsResponse> {
  const [page, unreadCount] = await Promise.all([
    listAfter(db, notificationList, { userId }, { cursor: request.cursor, perPage: request.perPage }),
    countUnread(db, userId),
  ]);
  return { ...page, unreadCount };
}

export async function readAllNotifications(db: Queryable, userId: bigint): Promise<{ unreadCount: number }> {
  await markAllRead(db, userId, new Date());
  return { unreadCount: await countUnread(db, userId) };
}

// ---- tickets of the live stream (GET /api/events?ticket=...) --------------------------------

/** A single-use ticket for the session's live stream; only its hash is stored. */
export async function createEventsTicket(db: Queryable, sessionId: bigint, userId: bigint): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = newSessionToken();
  const now = Date.now();
  // Tickets that expired a while ago are of no use to anyone: each new one sweeps them away.
  await deleteExpiredEventsTickets(db, new Date(now - 60 * 60 * 1000));
  await insertEventsTicket(db, {
    sessionId,
    userId,
    ticketSha256: sha256Hex(ticket),
    expiresAt: new Date(now + EVENTS_TICKET_LIFE_S * 1000),
  });
  return { ticket, expiresIn: EVENTS_TICKET_LIFE_S };
}

/**
 * Uses a ticket up: the user and session it opens a stream for, and the administrator behind
 * that session when it is an impersonation; undefined (unknown, used, expired, session over).
 */
export async function redeemEventsTicket(
  db: Queryable,
  ticket: string,
): Promise<{ userId: bigint; sessionId: bigint; impersonatorUserId: bigint | null } | undefined> {
  if (ticket.length === 0 || ticket.length > 100) return undefined;
  const now = new Date();
  const row = await consumeEventsTicket(db, sha256Hex(ticket), now);
  if (!row) return undefined;
  // The session must still be able to act, by the rule every call's session meets (an
  // impersonation whose administrator signed out, a blocked account): judged once more here,
  // so such a ticket opens nothing rather than a stream the next poll would end.
  const live = await listLiveSessionIds(db, [row.session_id], now);
  if (!live.includes(row.session_id)) return undefined;
  return { userId: row.user_id, sessionId: row.session_id, impersonatorUserId: row.impersonator_user_id ?? null };
}
