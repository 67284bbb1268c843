// The hosted checkout's claim serves merchant API payments too (docs/checkout.md, "API payments
// on the page"). A hosted API payment is single use like a single-use link, so two payers at once
// must be kept apart the same way: a row claimed (under the payable thing's row lock) before the
// card is charged, kept while 3-D Secure waits, given back when the payment fails, not counted
// after expires_at. Until now an API payment's claim was guessed from its attempts' step names and
// timestamps; this makes it a row.
//
// Why one table rather than a new checkout_api_payment_claims: the claim is the same thing for
// both (same columns, same life), and one table lets the same repository functions serve both,
// chosen by a column, instead of two copies of every query. The table is renamed checkout_claims,
// since it no longer holds links only. A claim names exactly one payable thing (the CHECK), and
// one claim per link or API payment (a unique index on each, partial because the other column is
// null). checkout_attempts and checkout_payments stay for links only: an API payment's attempts
// and payments are already tied to it in the core's rows (payment_attempts.api_payment_id,
// transactions.api_payment_id), so the page has nothing to add there.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE checkout_link_claims DROP CONSTRAINT checkout_link_claims_pkey;
    ALTER TABLE checkout_link_claims RENAME TO checkout_claims;
    ALTER TABLE checkout_claims ALTER COLUMN payment_link_id DROP NOT NULL;
    ALTER TABLE checkout_claims ADD COLUMN api_payment_id bigint REFERENCES api_payments(id);
    ALTER TABLE checkout_claims
      ADD CONSTRAINT checkout_claims_one_payable CHECK (num_nonnulls(payment_link_id, api_payment_id) = 1);
    CREATE UNIQUE INDEX checkout_claims_link ON checkout_claims (payment_link_id) WHERE payment_link_id IS NOT NULL;
    CREATE UNIQUE INDEX checkout_claims_api_payment ON checkout_claims (api_payment_id) WHERE api_payment_id IS NOT NULL;
  `.execute(db);
}
