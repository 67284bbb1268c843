// App Settings and webhooks (spec 2 App Settings, DECISIONS 20 and 28, ARCHITECTURE 6).
//
// merchant_app_settings: one row per merchant main account. The client secret is kept twice:
// sealed (AES-256-GCM under the server's credentials key, so the main account can be shown it
// again) and as the SHA-256 of the secret (a 256-bit random value, so a plain hash is enough),
// so authenticating an API client compares hashes and never decrypts. The webhook signing
// secret ('whsec_' + base64) is sealed too: the server needs it back to sign.
// merchant_notification_settings: the Notification tab, one row per signed-in user.
// webhook_events: each event to deliver (its body as sent), webhook_deliveries: one row per
// attempt (outcome, response code, duration, error).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE merchant_app_settings (
      merchant_user_id bigint PRIMARY KEY REFERENCES users(id),
      client_id text NOT NULL UNIQUE CHECK (length(client_id) BETWEEN 16 AND 64),
      client_secret_sealed text NOT NULL,
      client_secret_sha256 text NOT NULL CHECK (length(client_secret_sha256) = 64),
      -- 0 off, 1 on: the API accepts calls only from allowed_ips
      is_ip_check smallint NOT NULL DEFAULT 0 CHECK (is_ip_check IN (0, 1)),
      allowed_ips text[] NOT NULL DEFAULT '{}' CHECK (cardinality(allowed_ips) <= 50),
      webhook_url text CHECK (length(webhook_url) BETWEEN 1 AND 255),
      webhook_secret_sealed text NOT NULL,
      credentials_rotated_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE merchant_notification_settings (
      user_id bigint PRIMARY KEY REFERENCES users(id),
      email text CHECK (length(email) <= 255),
      phone_number text CHECK (length(phone_number) <= 20),
      sms_status smallint NOT NULL DEFAULT 1 CHECK (sms_status IN (0, 1)),
      email_status smallint NOT NULL DEFAULT 1 CHECK (email_status IN (0, 1)),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE webhook_events (
      id bigserial PRIMARY KEY,
      event_id text NOT NULL UNIQUE CHECK (length(event_id) BETWEEN 1 AND 100),
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      event_type text NOT NULL CHECK (length(event_type) BETWEEN 1 AND 64),
      url text NOT NULL CHECK (length(url) BETWEEN 1 AND 255),
      body jsonb NOT NULL,
      -- pending: waiting for its first or next attempt; delivered; failed: no attempts left
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_attempt_at timestamptz,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, merchant_user_id)
    );
    CREATE INDEX webhook_events_merchant ON webhook_events (merchant_user_id, id);

    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      webhook_event_id bigint NOT NULL,
      merchant_user_id bigint NOT NULL,
      attempt integer NOT NULL CHECK (attempt >= 1),
      status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
      response_code integer,
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      error text CHECK (length(error) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (webhook_event_id, merchant_user_id) REFERENCES webhook_events (id, merchant_user_id) ON DELETE CASCADE
    );
    CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_user_id, id);
    CREATE INDEX webhook_deliveries_event ON webhook_deliveries (webhook_event_id, id);
  `.execute(db);
}
