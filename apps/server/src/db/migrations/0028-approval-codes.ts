// The approval (authorisation) code of a card payment (spec 2 Transaction field approval_code):
// what the acquirer answers when it approves an authorisation, six letters and digits as
// acquirers issue them. Written on the payment's transaction when the authorisation is approved
// (at once, or when the cardholder passes 3-D Secure); null on declines, on payments that never
// got that far and on every movement that is not a card payment. Rows written before this have
// none: the sandbox issued no code then, and none is invented afterwards.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE transactions ADD COLUMN approval_code text
      CHECK (approval_code IS NULL OR approval_code ~ '^[A-Za-z0-9]{6}$');
  `.execute(db);
}
