// The outbox_emails table: in dev-outbox mode the mail itself (the /dev/outbox page reads it);
// with SMTP only a delivery record, never the body.
import type { Queryable } from '../db/database.ts';

export const MAIL_ERROR_LENGTH_MAX = 1_000;

export interface OutboxRow {
  to: string;
  subject: string;
  /** Empty for an SMTP delivery record. */
  text: string;
  html: string | null;
  transport: 'outbox' | 'smtp';
}

export async function insertOutboxEmail(db: Queryable, row: OutboxRow): Promise<bigint> {
  const inserted = await db
    .insertInto('outbox_emails')
    .values({ to_address: row.to, subject: row.subject, text_body: row.text, html_body: row.html, transport: row.transport })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Records the outcome of the latest delivery attempt: sent (error null) or not (sent_at null). */
export async function recordDelivery(db: Queryable, id: bigint, outcome: { sent: true } | { sent: false; error: string }): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set(outcome.sent ? { sent_at: new Date(), error: null } : { sent_at: null, error: outcome.error.slice(0, MAIL_ERROR_LENGTH_MAX) })
    .where('id', '=', id)
    .execute();
}
