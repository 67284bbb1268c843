// Several nodes on one database (issue 17): the money path takes row locks only, no advisory
// locks, so it stays within what a distributed PostgreSQL-compatible engine runs.
//
// - customer_contact_locks: one row per merchant and customer contact (the e-mail, else the
//   phone) that ever paid. A payment inserts the row if it is missing (ON CONFLICT DO NOTHING)
//   and locks it FOR UPDATE, so two first payments of one contact side by side make one
//   customer, not two; other contacts never wait. It replaces pg_advisory_xact_lock on a hash
//   of the same key.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer_contact_locks (
      merchant_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      contact text NOT NULL CHECK (length(contact) BETWEEN 1 AND 254),
      PRIMARY KEY (merchant_user_id, contact)
    );
  `.execute(db);
}
