// Withdrawals (issue 16, spec 2 'Withdrawals'): the catalogue's fields of each withdrawal method
// (payment methods of type WITHDRAWAL), a merchant's own methods with their details, and the
// withdrawal requests with one detail row per state they took.
//
//   request W (0 Pending): posting withdrawal:<uuid>           available -W, on hold +W
//   paid      (1 Paid):    posting withdrawal-paid:<uuid>      on hold -W, payouts +W
//   rejected  (2 Rejected): posting withdrawal-rejected:<uuid> on hold -W, available +W
//
// A request names the posting that held its money, and a processed one the posting that settled
// it (only a processed one does: a request is settled at most once).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_fields (
      id serial PRIMARY KEY,
      payment_method_id integer NOT NULL REFERENCES payment_methods(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      type text NOT NULL DEFAULT 'text' CHECK (type IN ('text')),
      rule text NOT NULL DEFAULT 'text' CHECK (rule IN ('text', 'iban', 'bic')),
      required boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      UNIQUE (payment_method_id, name)
    );

    CREATE TABLE user_withdrawal_methods (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      payment_method_id integer NOT NULL REFERENCES payment_methods(id),
      -- The wallet it was added for; NULL: any wallet whose currency offers the method.
      user_account_id bigint REFERENCES wallets(id),
      details jsonb NOT NULL,
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      added_by bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_withdrawal_methods_user ON user_withdrawal_methods (user_id, id);

    CREATE TABLE withdrawal_requests (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id),
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      user_withdrawal_method_id bigint NOT NULL REFERENCES user_withdrawal_methods(id),
      amount bigint NOT NULL CHECK (amount > 0),
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
      hold_transaction_id bigint NOT NULL UNIQUE REFERENCES transactions(id),
      settle_transaction_id bigint UNIQUE REFERENCES transactions(id),
      reference_id text CHECK (reference_id IS NULL OR length(reference_id) <= 100),
      added_by bigint REFERENCES users(id),
      processed_by bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT withdrawal_requests_settled_once CHECK ((status = 0) = (settle_transaction_id IS NULL)),
      CONSTRAINT withdrawal_requests_paid_has_reference CHECK (status <> 1 OR reference_id IS NOT NULL)
    );
    CREATE INDEX withdrawal_requests_user ON withdrawal_requests (user_id, id);
    -- The console's queue reads by status, newest first.
    CREATE INDEX withdrawal_requests_status ON withdrawal_requests (status, id);

    CREATE TABLE withdrawal_request_details (
      id bigserial PRIMARY KEY,
      withdrawal_request_id bigint NOT NULL REFERENCES withdrawal_requests(id),
      status smallint NOT NULL CHECK (status IN (0, 1, 2)),
      comments text CHECK (comments IS NULL OR length(comments) <= 2000),
      source_reference_id text CHECK (source_reference_id IS NULL OR length(source_reference_id) <= 100),
      actor_user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX withdrawal_request_details_request ON withdrawal_request_details (withdrawal_request_id, id);
  `.execute(db);
}
