// Customers of a merchant and their cards (masked only: DECISIONS-style rule that no full card
// number exists anywhere), and the single-use tickets that open the live notification stream
// (GET /api/events) from a browser's EventSource, which cannot send the accessToken header.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customers (
      id bigserial PRIMARY KEY,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      email text CHECK (email IS NULL OR length(email) <= 254),
      phone text CHECK (phone IS NULL OR length(phone) <= 30),
      country text CHECK (country IS NULL OR length(country) <= 100),
      city text CHECK (city IS NULL OR length(city) <= 100),
      -- The channel of the customer's first payment, when known: one of this merchant's channels.
      channel_id bigint,
      transactions_count integer NOT NULL DEFAULT 0 CHECK (transactions_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (channel_id) REFERENCES channels (id),
      UNIQUE (id, merchant_user_id)
    );
    CREATE INDEX customers_merchant ON customers (merchant_user_id, id);
    CREATE INDEX customers_channel ON customers (channel_id, id) WHERE channel_id IS NOT NULL;

    -- A channel of another merchant can never be a customer's: the trigger compares owners.
    CREATE FUNCTION customers_channel_is_the_merchants() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.channel_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM channels WHERE id = NEW.channel_id AND merchant_user_id = NEW.merchant_user_id
      ) THEN
        RAISE EXCEPTION 'a customer''s channel belongs to the customer''s merchant';
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER customers_channel_owner BEFORE INSERT OR UPDATE ON customers
      FOR EACH ROW EXECUTE FUNCTION customers_channel_is_the_merchants();

    CREATE TABLE customer_cards (
      id bigserial PRIMARY KEY,
      customer_id bigint NOT NULL REFERENCES customers(id),
      card_holder_name text NOT NULL CHECK (length(card_holder_name) BETWEEN 1 AND 200),
      -- Masked only: the first six and the last four digits, asterisks between (13 to 19 in all).
      card_number text NOT NULL CHECK (card_number ~ '^[0-9]{6}[*]{3,9}[0-9]{4}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX customer_cards_customer ON customer_cards (customer_id, id);

    CREATE TABLE events_tickets (
      id bigserial PRIMARY KEY,
      session_id bigint NOT NULL REFERENCES sessions(id),
      user_id bigint NOT NULL REFERENCES users(id),
      ticket_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX events_tickets_expiry ON events_tickets (expires_at);

    CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
  `.execute(db);
}
