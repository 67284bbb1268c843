// The merchant server API (issue 10): idempotency keys and API payments.
//
// idempotency_keys: one row per (scope, key) a client sent with a POST (lib/idempotency.ts). A
// row is claimed 'pending' before the work runs and holds the first answer (HTTP status and
// JSON body, kept as text so a replay is byte for byte the first answer) once it is 'done'.
// The hash of the request (method, path, canonical body) tells a retry from a reuse of the key
// with another body. A key lives 24 hours; after that the same key starts afresh.
//
// api_payments (DECISIONS 31): a card-less POST /api/merchant/v1/payments is paid on our hosted
// checkout page (PUBLIC_URL/pay/<token>): the row holds what the page needs (merchant, channel,
// amount, currency, description, client reference) and its state: 1 Initiated, 2 Paid,
// 3 Expired, 4 Failed. The token is unguessable (256 bits, url-safe). A payment with a card
// (charged in the API call) is an API payment too, without token or expiry (DECISIONS 31): its
// transactions are its attempts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 100),
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
      request_hash text NOT NULL CHECK (length(request_hash) BETWEEN 1 AND 128),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
      response_status smallint,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (scope, key),
      CHECK (state = 'pending' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

    CREATE TABLE api_payments (
      id bigserial PRIMARY KEY,
      -- the payment's id in the API
      uuid uuid NOT NULL UNIQUE,
      -- the hosted page's token (PUBLIC_URL/pay/<token>); none for a card payment
      token text UNIQUE CHECK (length(token) BETWEEN 20 AND 100),
      -- 'card': charged in the API call; 'hosted': paid by the customer on the checkout page
      mode text NOT NULL CHECK (mode IN ('card', 'hosted')),
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      channel_id bigint NOT NULL,
      -- always 'online': part of the foreign key, so only an online channel of the merchant takes it
      channel_type text NOT NULL DEFAULT 'online' CHECK (channel_type = 'online'),
      currency_id integer NOT NULL REFERENCES currencies(id),
      amount bigint NOT NULL CHECK (amount > 0),
      -- 1 Initiated, 2 Paid, 3 Expired, 4 Failed (a card payment whose charge failed)
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
      -- the API status of its payment (requires_action, succeeded, ...), kept by the payment events
      payment_status text NOT NULL DEFAULT 'requires_action',
      -- the transaction that stands for the payment: the paid one, else the latest attempt
      transaction_id bigint REFERENCES transactions(id),
      -- the 3-D Secure page of a card payment while it requires action (given to the merchant already)
      next_action_url text CHECK (length(next_action_url) <= 2000),
      capture_method text NOT NULL DEFAULT 'automatic' CHECK (capture_method IN ('automatic', 'manual')),
      description text CHECK (length(description) <= 500),
      client_reference text CHECK (length(client_reference) <= 100),
      customer_name text CHECK (length(customer_name) <= 100),
      customer_email text CHECK (length(customer_email) <= 255),
      customer_phone text CHECK (length(customer_phone) <= 32),
      return_url text CHECK (length(return_url) <= 2000),
      -- seconds from created_at; the hosted page refuses payment after it (none for a card payment)
      exipres_in integer CHECK (exipres_in > 0),
      added_by bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (channel_id, merchant_user_id, channel_type) REFERENCES channels (id, merchant_user_id, type),
      UNIQUE (id, merchant_user_id),
      CHECK (mode = 'card' OR (token IS NOT NULL AND exipres_in IS NOT NULL))
    );
    CREATE INDEX api_payments_merchant ON api_payments (merchant_user_id, id DESC);
    CREATE INDEX api_payments_transaction ON api_payments (transaction_id) WHERE transaction_id IS NOT NULL;

    -- the core's columns (0012) that point at an API payment
    ALTER TABLE transactions ADD CONSTRAINT transactions_api_payment_fk FOREIGN KEY (api_payment_id) REFERENCES api_payments(id);
    ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_api_payment_fk FOREIGN KEY (api_payment_id) REFERENCES api_payments(id);
  `.execute(db);
}
