// The lean send-money path (issue 17): the daily limit of send money reads a running row instead
// of summing the day's transfers.
//
// - daily_send_usage: what a payer sent in a currency on a UTC day, counted as the limit counts
//   it (the amount they entered). Confirming a send adds its amount in the posting's transaction
//   by one upsert that also refuses to pass the limit, so a refused or rolled-back send leaves
//   the row as it was. Today's row is backfilled from today's transfers (the sum it replaces);
//   rows of earlier days are history and nothing reads them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE daily_send_usage (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      currency_id integer NOT NULL REFERENCES currencies(id),
      day date NOT NULL,
      sent_minor bigint NOT NULL CHECK (sent_minor >= 0),
      PRIMARY KEY (user_id, currency_id, day)
    );
  `.execute(db);
  // Transfer (3) and request payment (4) that succeeded (1) since midnight UTC, as the sum counted them.
  await sql`
    INSERT INTO daily_send_usage (user_id, currency_id, day, sent_minor)
    SELECT t.sender_user_id, t.currency_id, (now() AT TIME ZONE 'UTC')::date,
           SUM(COALESCE((q.payload->>'enteredMinor')::bigint, t.total_amount))
      FROM transactions t
      LEFT JOIN quotes q ON q.transaction_id = t.id
     WHERE t.transaction_type_id IN (3, 4)
       AND t.status = 1
       AND t.sender_user_id IS NOT NULL
       AND t.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
     GROUP BY t.sender_user_id, t.currency_id;
  `.execute(db);
}
