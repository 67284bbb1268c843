// The transaction list reads a party's rows newest first from two index scans merged by id, one
// per side (transactions.repository `partyRows`, docs/lists.md "Why the source is a union"): the
// sides of a user are indexed since 0002 (`transactions_sender`, `transactions_receiver`), the
// sides of a wallet get theirs here. Partial: most rows have no sender wallet (a card payment
// comes from the gateway), and `sender_account_id = $1` implies the predicate, so the planner uses
// them for a parameter too.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX transactions_sender_account ON transactions (sender_account_id, id) WHERE sender_account_id IS NOT NULL;
    CREATE INDEX transactions_receiver_account ON transactions (receiver_account_id, id) WHERE receiver_account_id IS NOT NULL;
  `.execute(db);
}
