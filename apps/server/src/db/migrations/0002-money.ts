// The ledger: business transactions, append-only entries, charge rows; payment methods and
// their privileges; quotes (hashes consumed once); money requests; card payments; notifications.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_methods (
      id serial PRIMARY KEY,
      name text NOT NULL,
      code text NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('DEPOSIT', 'TRANSFER', 'WITHDRAWAL')),
      sort integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true
    );

    CREATE TABLE currency_payment_methods (
      id serial PRIMARY KEY,
      payment_method_id integer NOT NULL REFERENCES payment_methods(id),
      currency_id integer NOT NULL REFERENCES currencies(id),
      active boolean NOT NULL DEFAULT true,
      UNIQUE (payment_method_id, currency_id)
    );

    -- Charges and limits of one method in one currency. Percentages in basis points
    -- (250 = 2.5%), money in minor units; 0 means no maximum / no daily limit.
    CREATE TABLE privileges (
      id serial PRIMARY KEY,
      currency_payment_method_id integer NOT NULL UNIQUE REFERENCES currency_payment_methods(id),
      vp_percentage_bps integer NOT NULL DEFAULT 0 CHECK (vp_percentage_bps BETWEEN 0 AND 10000),
      gw_percentage_bps integer NOT NULL DEFAULT 0 CHECK (gw_percentage_bps BETWEEN 0 AND 10000),
      vp_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (vp_fixed_minor >= 0),
      gw_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (gw_fixed_minor >= 0),
      min_amount_minor bigint NOT NULL DEFAULT 1 CHECK (min_amount_minor >= 1),
      max_amount_minor bigint NOT NULL DEFAULT 0 CHECK (max_amount_minor >= 0),
      daily_limit_minor bigint NOT NULL DEFAULT 0 CHECK (daily_limit_minor >= 0)
    );

    CREATE TABLE transactions (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      transaction_type_id smallint NOT NULL CHECK (transaction_type_id BETWEEN 1 AND 14),
      status smallint NOT NULL CHECK (status BETWEEN 0 AND 3),
      settlement_status smallint,
      settlement_date timestamptz,
      currency_id integer NOT NULL REFERENCES currencies(id),
      amount bigint NOT NULL CHECK (amount >= 0),
      fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
      vat bigint NOT NULL DEFAULT 0 CHECK (vat >= 0),
      total_amount bigint NOT NULL CHECK (total_amount >= 0),
      sender_user_id bigint REFERENCES users(id),
      sender_account_id bigint REFERENCES wallets(id),
      sender_account_title text,
      sender_account_number text,
      receiver_user_id bigint REFERENCES users(id),
      receiver_account_id bigint REFERENCES wallets(id),
      receiver_account_title text,
      receiver_account_number text,
      payment_method_id integer REFERENCES payment_methods(id),
      reference_id text,
      refrence text,
      gateway_reference_id text,
      card_holder_name text,
      card_number text,
      card_brand text,
      notes text,
      failure_reason text,
      money_request_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX transactions_sender ON transactions (sender_user_id, id);
    CREATE INDEX transactions_receiver ON transactions (receiver_user_id, id);

    CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES transactions(id),
      wallet_id bigint REFERENCES wallets(id),
      system_account text CHECK (system_account IN ('gateway', 'fees', 'vat', 'payouts')),
      currency char(3) NOT NULL,
      bucket text NOT NULL CHECK (bucket IN ('available', 'on_hold')),
      amount bigint NOT NULL CHECK (amount <> 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((wallet_id IS NULL) <> (system_account IS NULL))
    );
    CREATE INDEX ledger_entries_wallet ON ledger_entries (wallet_id, id) WHERE wallet_id IS NOT NULL;
    CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
    CREATE INDEX ledger_entries_system ON ledger_entries (system_account, currency) WHERE system_account IS NOT NULL;

    -- Entries are facts: once written they are never changed or removed.
    CREATE FUNCTION ledger_entries_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger entries are append-only';
    END;
    $$;
    CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_append_only();
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_are_append_only();

    CREATE TABLE transaction_charges (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES transactions(id),
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('fee', 'vat')),
      charges bigint NOT NULL CHECK (charges >= 0)
    );
    CREATE INDEX transaction_charges_transaction ON transaction_charges (transaction_id);

    -- A priced offer the user confirms: the hash goes to the client, its sha256 is kept here.
    CREATE TABLE quotes (
      id bigserial PRIMARY KEY,
      hash_sha256 text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('send-money', 'deposit')),
      payload jsonb NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      transaction_id bigint REFERENCES transactions(id),
      result jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE money_requests (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      requester_user_id bigint NOT NULL REFERENCES users(id),
      requester_account_id bigint NOT NULL REFERENCES wallets(id),
      payer_user_id bigint NOT NULL REFERENCES users(id),
      email text,
      phone_number text,
      amount bigint NOT NULL CHECK (amount > 0),
      notes text NOT NULL DEFAULT '',
      status text NOT NULL CHECK (status IN ('PENDING', 'CANCELED', 'ACCEPTED', 'REJECTED')),
      transaction_id bigint REFERENCES transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX money_requests_requester ON money_requests (requester_user_id, id);
    CREATE INDEX money_requests_payer ON money_requests (payer_user_id, id);

    CREATE TABLE card_payments (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES transactions(id),
      wallet_id bigint NOT NULL REFERENCES wallets(id),
      challenge_token text UNIQUE,
      state text NOT NULL CHECK (state IN ('challenge', 'approved', 'declined', 'expired')),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE notifications (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      type text NOT NULL,
      message text NOT NULL,
      data jsonb,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user ON notifications (user_id, id);
  `.execute(db);
}
