// Merchant payments (issue 10): card schemes as payment methods, each merchant's fee schedule
// per scheme and currency, the attempts of a payment and their step logs, the state of a card
// payment to a merchant (authorised, captured, refunded), refund requests, and the columns a
// merchant payment adds to its transactions row (customer, link, API payment, POS device,
// references). payment_link_id and api_payment_id get their foreign keys from 0013 and 0016.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_type_check;
    ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_type_check
      CHECK (type IN ('DEPOSIT', 'TRANSFER', 'WITHDRAWAL', 'CARD_SCHEME'));

    -- What the platform charges a merchant on a card payment of one scheme in one currency:
    -- fee = percentage of the amount + fixed; VAT on the fee at the platform's VAT rate.
    CREATE TABLE merchant_fees (
      id bigserial PRIMARY KEY,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      payment_method_id integer NOT NULL REFERENCES payment_methods(id),
      currency_id integer NOT NULL REFERENCES currencies(id),
      percentage_bps integer NOT NULL CHECK (percentage_bps BETWEEN 0 AND 10000),
      fixed_minor bigint NOT NULL CHECK (fixed_minor >= 0),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_user_id, payment_method_id, currency_id)
    );

    ALTER TABLE transactions
      ADD COLUMN customer_id bigint REFERENCES customers(id),
      ADD COLUMN payment_link_id bigint,
      ADD COLUMN api_payment_id bigint,
      ADD COLUMN pos_device_id bigint REFERENCES pos_devices(id),
      ADD COLUMN client_reference text CHECK (client_reference IS NULL OR length(client_reference) <= 200),
      ADD COLUMN description text CHECK (description IS NULL OR length(description) <= 1000),
      ADD COLUMN host_reference text;
    CREATE INDEX transactions_customer ON transactions (customer_id, id) WHERE customer_id IS NOT NULL;
    CREATE INDEX transactions_payment_link ON transactions (payment_link_id, id) WHERE payment_link_id IS NOT NULL;
    CREATE INDEX transactions_api_payment ON transactions (api_payment_id, id) WHERE api_payment_id IS NOT NULL;

    -- One try to pay: the first step (message, ip, data) is on the row, the later steps in
    -- payment_attempt_logs. transaction_id once a charge created one.
    CREATE TABLE payment_attempts (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      payment_link_id bigint,
      api_payment_id bigint,
      payment_token text NOT NULL CHECK (length(payment_token) BETWEEN 1 AND 200),
      ip text NOT NULL,
      message text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      transaction_id bigint REFERENCES transactions(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_attempts_merchant ON payment_attempts (merchant_user_id, id);
    CREATE INDEX payment_attempts_link ON payment_attempts (payment_link_id, id) WHERE payment_link_id IS NOT NULL;
    CREATE INDEX payment_attempts_api_payment ON payment_attempts (api_payment_id, id) WHERE api_payment_id IS NOT NULL;
    CREATE INDEX payment_attempts_transaction ON payment_attempts (transaction_id) WHERE transaction_id IS NOT NULL;

    CREATE TABLE payment_attempt_logs (
      id bigserial PRIMARY KEY,
      attempt_id bigint NOT NULL REFERENCES payment_attempts(id),
      message text NOT NULL,
      ip text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_attempt_logs_attempt ON payment_attempt_logs (attempt_id, id);

    -- The state of a card payment to a merchant, keyed by its transaction. Money moves only on
    -- capture (captured_amount) and refund (refunded_amount); authorised_amount is what the card
    -- holder agreed to pay. fee and vat are those of the captured amount.
    CREATE TABLE merchant_payments (
      transaction_id bigint PRIMARY KEY REFERENCES transactions(id),
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('link', 'api', 'pos')),
      channel_id bigint NOT NULL REFERENCES channels(id),
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      attempt_id bigint REFERENCES payment_attempts(id),
      scheme_id integer NOT NULL REFERENCES payment_methods(id),
      state text NOT NULL CHECK (state IN ('requires_action', 'requires_capture', 'succeeded', 'failed', 'voided', 'expired')),
      capture_method text NOT NULL CHECK (capture_method IN ('automatic', 'manual')),
      authorised_amount bigint NOT NULL CHECK (authorised_amount > 0),
      captured_amount bigint NOT NULL DEFAULT 0 CHECK (captured_amount >= 0 AND captured_amount <= authorised_amount),
      refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= captured_amount),
      fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
      vat bigint NOT NULL DEFAULT 0 CHECK (vat >= 0),
      card_brand text,
      card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
      card_masked text CHECK (card_masked IS NULL OR card_masked ~ '^[0-9]{6}[*]{3,9}[0-9]{4}$'),
      return_url text,
      pos_staff_user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX merchant_payments_merchant ON merchant_payments (merchant_user_id, transaction_id);

    -- Spec 2 entity 'Refund request'. status: 0 Pending, 1 Initiated, 2 Processed, 3 Canceled, 4 Rejected.
    CREATE TABLE refund_requests (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      transaction_id bigint NOT NULL REFERENCES transactions(id),
      reference_id text,
      status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
      description text CHECK (description IS NULL OR length(description) <= 1000),
      amount bigint NOT NULL CHECK (amount > 0),
      added_by bigint REFERENCES users(id),
      source text NOT NULL CHECK (source IN ('merchant', 'api', 'pos', 'console')),
      refund_transaction_id bigint REFERENCES transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refund_requests_merchant ON refund_requests (merchant_user_id, id);
    CREATE INDEX refund_requests_transaction ON refund_requests (transaction_id);
  `.execute(db);
}
