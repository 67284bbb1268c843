// The only writes to the notifications table (a lint rule keeps it so).
import type { Queryable } from '../../db/database.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import { defineListSource } from '../../db/lists.ts';
import type { NotificationData } from './notification-types.ts';

export interface NotificationRow {
  userId: bigint;
  type: string;
  message: string;
  data: NotificationData;
}

/** Several rows in one insert (both parties of a transfer). */
export async function insertNotifications(db: Queryable, rows: readonly NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One text whatever the number of rows (json-rows.ts), in the order given.
  const values = rows.map((row) => ({ user_id: row.userId, type: row.type, message: row.message, data: row.data }));
  await insertJsonRowsSql('notifications', values).execute(db);
}

// ---- reading and marking read (the bell, the all-notification page, the live stream) ------

export interface NotificationListRow {
  id: bigint;
  user_id: bigint;
  type: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

const LIST_COLUMNS = [
  'notifications.id',
  'notifications.user_id',
  'notifications.type',
  'notifications.message',
  'notifications.read_at',
  'notifications.created_at',
] as const;

/** One user's notifications, newest first (the load-more list). */
export const notificationListSource = defineListSource({
  name: 'notifications',
  key: 'notifications.id',
  filtered: (db: Queryable, params: { userId: bigint }) =>
    db.selectFrom('notifications').where('notifications.user_id', '=', params.userId),
  columns: (query) => query.select(LIST_COLUMNS),
  keyOf: (row: NotificationListRow) => row.id,
});

export async function countUnread(db: Queryable, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export async function markAllRead(db: Queryable, userId: bigint, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}

/** The newest notification id of a user (0 when none): where a new live stream starts. */
export async function latestNotificationId(db: Queryable, userId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0n;
}

/**
 * The notifications of these users above `afterId`, and those written since `since` whatever
 * their id (a row whose transaction committed after a later id was read), oldest first.
 */
export async function listLiveNotifications(
  db: Queryable,
  userIds: readonly bigint[],
  afterId: bigint,
  since: Date,
  limitRows: number,
): Promise<NotificationListRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('notifications')
    .select(LIST_COLUMNS)
    .where('notifications.user_id', 'in', userIds)
    .where((eb) => eb.or([eb('notifications.id', '>', afterId), eb('notifications.created_at', '>', since)]))
    .orderBy('notifications.id')
    .limit(limitRows)
    .execute();
}

// ---- tickets of the live stream -------------------------------------------------------------

export async function insertEventsTicket(
  db: Queryable,
  ticket: { sessionId: bigint; userId: bigint; ticketSha256: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('events_tickets')
    .values({ session_id: ticket.sessionId, user_id: ticket.userId, ticket_hash: ticket.ticketSha256, expires_at: ticket.expiresAt })
    .execute();
}

/** Forgets tickets that expired before `before` (used or not): they can never open anything. */
export async function deleteExpiredEventsTickets(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('events_tickets').where('expires_at', '<', before).execute();
}

/**
 * Consumes a ticket: marks it used if it is unused and unexpired and its session is live, in one
 * statement, so two requests with one ticket cannot both open a stream.
 */
export async function consumeEventsTicket(
  db: Queryable,
  ticketSha256: string,
  now: Date,
): Promise<{ user_id: bigint; session_id: bigint; impersonator_user_id: bigint | null } | undefined> {
  return db
    .updateTable('events_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', ticketSha256)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.id', '=', 'events_tickets.session_id')
          .where('sessions.revoked_at', 'is', null)
          .where('sessions.expires_at', '>', now)
          .where('sessions.stage', '=', 'user'),
      ),
    )
    .returning((eb) => [
      'user_id',
      'session_id',
      // The administrator behind the ticket's session, if it is an impersonation (it is audited).
      eb
        .selectFrom('sessions')
        .select('sessions.impersonator_user_id')
        .whereRef('sessions.id', '=', 'events_tickets.session_id')
        .as('impersonator_user_id'),
    ])
    .executeTakeFirst();
}
