// The hosted checkout's own rows (issue 10):
// - checkout_link_claims: a single-use link's payment under way. Paying a single-use link first
//   claims it (one row per link, so of two payers at once only one goes on to the card), and the
//   claim stays while the payment waits for 3-D Secure; a failed payment gives it back, a paid
//   one keeps it. A claim left by a crash stops counting at expires_at.
// - checkout_attempts: the attempt each page open started (its uuid is what the page holds), so a
//   payment names its attempt by the uuid and the server finds the attempt of that link only.
// - checkout_payments: which page attempt made which link payment, so an outcome that arrives
//   later (3-D Secure answered, expired) is logged under its attempt.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE checkout_link_claims (
      payment_link_id bigint PRIMARY KEY REFERENCES payment_links(id),
      attempt_id bigint NOT NULL,
      transaction_id bigint REFERENCES transactions(id),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE checkout_attempts (
      attempt_uuid uuid PRIMARY KEY,
      attempt_id bigint NOT NULL UNIQUE,
      payment_link_id bigint NOT NULL REFERENCES payment_links(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE checkout_payments (
      transaction_id bigint PRIMARY KEY REFERENCES transactions(id),
      payment_link_id bigint NOT NULL REFERENCES payment_links(id),
      attempt_id bigint NOT NULL,
      token text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX checkout_payments_attempt ON checkout_payments (attempt_id, transaction_id);
  `.execute(db);
}
