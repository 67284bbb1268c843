// POS devices and who may sign in on them. A device belongs to a merchant and takes payments on
// one of its POS channels: the composite key (channel, merchant) makes the database refuse a
// device on another merchant's channel, and the check on the channel's type (kept in the key
// through a generated column) refuses an online channel. Each person assigned to a device has a
// device login (pos_device_staff): a username unique on that device, the argon2 hash of the
// device password (null until the first Reset Password; the password itself is never stored)
// and the terminal specifications the login may run.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE channels ADD CONSTRAINT channels_id_merchant_type UNIQUE (id, merchant_user_id, type);

    CREATE TABLE pos_devices (
      id bigserial PRIMARY KEY,
      merchant_user_id bigint NOT NULL REFERENCES users(id),
      channel_id bigint NOT NULL,
      -- always 'pos': part of the foreign key, so only a POS channel can hold a device
      channel_type text NOT NULL DEFAULT 'pos' CHECK (channel_type = 'pos'),
      device_id text NOT NULL UNIQUE CHECK (length(device_id) BETWEEN 1 AND 64),
      serial_id text NOT NULL CHECK (length(serial_id) BETWEEN 1 AND 64),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      -- 0 Inactive, 1 Active
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (channel_id, merchant_user_id, channel_type) REFERENCES channels (id, merchant_user_id, type),
      UNIQUE (id, merchant_user_id)
    );
    CREATE INDEX pos_devices_merchant ON pos_devices (merchant_user_id, id);
    CREATE INDEX pos_devices_channel ON pos_devices (channel_id);

    CREATE TABLE pos_device_staff (
      id bigserial PRIMARY KEY,
      pos_device_id bigint NOT NULL,
      merchant_user_id bigint NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id),
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
      password_hash text,
      settings text[] NOT NULL DEFAULT '{}'
        CHECK (settings <@ ARRAY['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID']::text[]),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (pos_device_id, merchant_user_id) REFERENCES pos_devices (id, merchant_user_id) ON DELETE CASCADE,
      UNIQUE (pos_device_id, user_id),
      UNIQUE (pos_device_id, username)
    );
    CREATE INDEX pos_device_staff_user ON pos_device_staff (user_id);
  `.execute(db);
}
