// Payment links (spec 3 section 2.1): a merchant's link to a hosted checkout page, for an amount
// in a currency, taken on one of the merchant's online channels with the card schemes it allows.
// The token is the link's public name (PUBLIC_URL/pay/<token>): random, url-safe, 192 bits.
// Each row carries its merchant; a trigger refuses a channel of another merchant.
// Payments made through a link point at it (transactions.payment_link_id, added by 0012 when
// present, else here; its foreign key is added here either way).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_links (
      id bigserial PRIMARY KEY,
      token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{22,64}$'),
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      channel_id bigint NOT NULL REFERENCES channels(id),
      currency_id integer NOT NULL REFERENCES currencies(id),
      -- minor units
      amount bigint NOT NULL CHECK (amount > 0),
      -- 0 single use, 1 multiple use
      type smallint NOT NULL CHECK (type IN (0, 1)),
      -- 1 active, 2 inactive; other values are pending (spec 3 section 4)
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 9),
      -- lifetime in seconds from created_at, spelt as the spec spells it; NULL: no expiry
      exipres_in integer CHECK (exipres_in IS NULL OR exipres_in > 0),
      redirect_url text CHECK (redirect_url IS NULL OR length(redirect_url) <= 2048),
      callback_url text CHECK (callback_url IS NULL OR length(callback_url) <= 2048),
      receipt_no text CHECK (receipt_no IS NULL OR length(receipt_no) <= 100),
      email text CHECK (email IS NULL OR length(email) <= 254),
      phone text CHECK (phone IS NULL OR length(phone) <= 30),
      description text CHECK (description IS NULL OR length(description) <= 500),
      -- who created it: the merchant or one of its staff
      added_by bigint NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, merchant_user_id)
    );
    CREATE INDEX payment_links_merchant ON payment_links (merchant_user_id, id);

    CREATE FUNCTION payment_links_channel_is_the_merchants() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM channels WHERE id = NEW.channel_id AND merchant_user_id = NEW.merchant_user_id) THEN
        RAISE EXCEPTION 'a payment link''s channel belongs to the link''s merchant';
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER payment_links_channel_owner BEFORE INSERT OR UPDATE OF channel_id, merchant_user_id ON payment_links
      FOR EACH ROW EXECUTE FUNCTION payment_links_channel_is_the_merchants();

    -- The card schemes (payment_methods of type CARD_SCHEME) a link accepts: at least one.
    CREATE TABLE payment_link_schemes (
      payment_link_id bigint NOT NULL REFERENCES payment_links(id),
      payment_method_id integer NOT NULL REFERENCES payment_methods(id),
      PRIMARY KEY (payment_link_id, payment_method_id)
    );

    ALTER TABLE transactions ADD COLUMN IF NOT EXISTS payment_link_id bigint;
    ALTER TABLE transactions ADD CONSTRAINT transactions_payment_link_fk FOREIGN KEY (payment_link_id) REFERENCES payment_links(id);
    CREATE INDEX IF NOT EXISTS transactions_payment_link ON transactions (payment_link_id, id) WHERE payment_link_id IS NOT NULL;
  `.execute(db);
}
