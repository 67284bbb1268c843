// Notifications: a row per message for a user, written in the same database transaction as
// the change it tells about, so a rolled-back movement never leaves a message behind. Live
// delivery (Server-Sent Events, DECISIONS 14) reads these rows later.
import type { Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';

export const NOTIFICATION_MESSAGE_MAX_CHARS = 500;

export type NotificationType =
  'money-sent' | 'money-received' | 'money-request-received' | 'money-request-paid' | 'money-request-canceled' | 'money-request-rejected';

/** Plain JSON values only: amounts travel as minor-unit numbers, ids as strings. */
export type NotificationData = Record<string, string | number | boolean | null>;

export async function notify(
  trx: Db | Transaction<Database>,
  userId: bigint,
  type: NotificationType,
  message: string,
  data: NotificationData = {},
): Promise<void> {
  assert(message.length > 0 && message.length <= NOTIFICATION_MESSAGE_MAX_CHARS, 'a notification message is 1..500 characters');
  await trx
    .insertInto('notifications')
    .values({ user_id: userId, type, message, data: JSON.stringify(data) })
    .execute();
}

/** Several notifications in one insert (both parties of a transfer). */
export async function notifyEach(
  trx: Db | Transaction<Database>,
  notices: ReadonlyArray<{ userId: bigint; type: NotificationType; message: string; data?: NotificationData }>,
): Promise<void> {
  if (notices.length === 0) return;
  for (const notice of notices) {
    assert(
      notice.message.length > 0 && notice.message.length <= NOTIFICATION_MESSAGE_MAX_CHARS,
      'a notification message is 1..500 characters',
    );
  }
  await trx
    .insertInto('notifications')
    .values(notices.map((n) => ({ user_id: n.userId, type: n.type, message: n.message, data: JSON.stringify(n.data ?? {}) })))
    .execute();
}
