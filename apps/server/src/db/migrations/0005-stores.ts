// A merchant's organisation: stores, each with terminals, each with channels (online: payment
// links and the merchant API; pos: devices). Every merchant payment belongs to one channel, so
// lists filter store -> terminal -> channel. Each row carries its merchant, and the composite
// foreign keys make a terminal's store and a channel's terminal belong to the same merchant:
// the database itself refuses a channel under another merchant's terminal.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stores (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      name text NOT NULL,
      code text NOT NULL UNIQUE,
      -- 0 Deactive, 1 Active, 2 Request For Changes, 3 Pending Approval, 4 Draft
      status smallint NOT NULL DEFAULT 4 CHECK (status BETWEEN 0 AND 4),
      -- 0 the default store, 1 Sole Trader, 2 Registered Business
      type smallint NOT NULL DEFAULT 0 CHECK (type BETWEEN 0 AND 2),
      parent_entity text,
      reference text,
      email text,
      phone text,
      mcc_code text,
      address_line1 text,
      address_line2 text,
      city text,
      state text,
      post_code text,
      country text,
      website text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, merchant_user_id)
    );
    CREATE INDEX stores_merchant ON stores (merchant_user_id, id);

    CREATE TABLE terminals (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL,
      store_id bigint NOT NULL,
      name text NOT NULL,
      code text NOT NULL UNIQUE,
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (store_id, merchant_user_id) REFERENCES stores (id, merchant_user_id),
      UNIQUE (id, store_id, merchant_user_id)
    );
    CREATE INDEX terminals_store ON terminals (store_id, id);
    CREATE INDEX terminals_merchant ON terminals (merchant_user_id, id);

    CREATE TABLE channels (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      merchant_user_id bigint NOT NULL,
      store_id bigint NOT NULL,
      terminal_id bigint NOT NULL,
      name text NOT NULL,
      code text NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('online', 'pos')),
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (terminal_id, store_id, merchant_user_id) REFERENCES terminals (id, store_id, merchant_user_id)
    );
    CREATE INDEX channels_terminal ON channels (terminal_id, id);
    CREATE INDEX channels_merchant ON channels (merchant_user_id, id);

    ALTER TABLE transactions ADD COLUMN channel_id bigint REFERENCES channels(id);
    CREATE INDEX transactions_channel ON transactions (channel_id, id) WHERE channel_id IS NOT NULL;
  `.execute(db);
}
