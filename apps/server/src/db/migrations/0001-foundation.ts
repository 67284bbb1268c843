// Users, sessions, one-time codes, rate limits, e-mail outbox, keys, currencies, wallets,
// dashboard features and KYC. Money columns are bigint minor units.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE server_keys (
      name text PRIMARY KEY,
      public_pem text NOT NULL,
      private_pem text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('merchant', 'consumer', 'admin')),
      first_name text NOT NULL,
      last_name text NOT NULL,
      business_name text,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      carrier_code text,
      phone_number text,
      password_hash text NOT NULL,
      passcode_hash text,
      passcode_failed_attempts integer NOT NULL DEFAULT 0 CHECK (passcode_failed_attempts >= 0),
      passcode_locked_at timestamptz,
      status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
      parent_user_id bigint NOT NULL DEFAULT 0,
      avatar text,
      kyc_status smallint NOT NULL DEFAULT 0 CHECK (kyc_status BETWEEN 0 AND 3),
      device_token text,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_phone_unique ON users (phone_number) WHERE phone_number IS NOT NULL;

    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      token_hash text NOT NULL UNIQUE,
      stage text NOT NULL CHECK (stage IN ('passcode', 'user')),
      admin_login boolean NOT NULL DEFAULT false,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user ON sessions (user_id);

    CREATE TABLE otps (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('sign-in', 'reset-password', 'reset-passcode')),
      code_hash text NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      burned_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otps_email ON otps (email, purpose, created_at);

    -- An e-mail proven by a one-time code may register or sign in for a short while.
    CREATE TABLE email_verifications (
      email text PRIMARY KEY,
      verified_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_started_at timestamptz NOT NULL
    );

    CREATE TABLE bot_check_uses (
      signature text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE outbox_emails (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
      sent_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbox_emails_to ON outbox_emails (to_address, id);

    CREATE TABLE currencies (
      id serial PRIMARY KEY,
      code char(3) NOT NULL UNIQUE,
      name text NOT NULL,
      decimals smallint NOT NULL DEFAULT 2,
      active boolean NOT NULL DEFAULT true
    );

    CREATE TABLE wallets (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      currency_id integer NOT NULL REFERENCES currencies(id),
      account_number text NOT NULL UNIQUE,
      is_default smallint NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1, 2)),
      available_balance bigint NOT NULL DEFAULT 0 CHECK (available_balance >= 0),
      balance_on_hold bigint NOT NULL DEFAULT 0 CHECK (balance_on_hold >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX wallets_user_currency_kind ON wallets (user_id, currency_id, (is_default = 2));
    CREATE UNIQUE INDEX wallets_one_default ON wallets (user_id) WHERE is_default = 1;

    CREATE TABLE feature_groups (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE features (
      id serial PRIMARY KEY,
      group_id integer NOT NULL REFERENCES feature_groups(id),
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      web_icon text NOT NULL DEFAULT '',
      audience text NOT NULL CHECK (audience IN ('merchant', 'consumer', 'all')),
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE kyc_inputs (
      id serial PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('text', 'checkbox', 'radio', 'file')),
      required boolean NOT NULL DEFAULT false,
      options jsonb,
      sort integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true
    );

    CREATE TABLE kyc_files (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      input_id integer NOT NULL REFERENCES kyc_inputs(id),
      storage_key text NOT NULL,
      original_name text NOT NULL,
      mime_type text NOT NULL,
      size_bytes integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE kyc_submissions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      answers jsonb NOT NULL,
      status smallint NOT NULL DEFAULT 1,
      reviewed_by bigint,
      review_comment text,
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz
    );

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      user_id bigint,
      actor text NOT NULL,
      action text NOT NULL,
      detail jsonb,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
