// The 3-D Secure page of an API payment is a bearer secret: whoever has its URL answers the
// challenge. api_payments.next_action_url kept it in clear; from now on the merchant API stores
// it sealed under the credentials key (lib/sealed-secrets.ts, 'v1.<nonce>.<tag>.<ciphertext>'),
// like a client secret, and so does the stored answer of an Idempotency-Key. SQL cannot seal
// (the key is not in the database), so a URL written in clear before this migration is dropped:
// a challenge lives minutes, and a payment without the URL reads as waiting for 3-D Secure with
// no redirect, as it does once the challenge expired. Stored idempotent answers in clear run
// out within their 24 hours; new ones are sealed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE api_payments SET next_action_url = NULL WHERE next_action_url IS NOT NULL AND next_action_url NOT LIKE 'v1.%'`.execute(
    db,
  );
}
