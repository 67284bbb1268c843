// Device sessions of the POS device API (/api/pos/v1): a device login (pos_device_staff) signs in
// with the device id, its username and its device password and gets a random 256-bit token, of
// which only the SHA-256 is stored. A session lives 12 hours at most and ends earlier, in the
// database itself, when what it was opened on changes: the login is removed (the cascade), the
// login's password is reset, the device is made Inactive, or the person stops being Active.
// The service also checks the device and the person on every request, so a session can never
// outlive them even between a change and its trigger.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pos_device_sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
      pos_device_staff_id bigint NOT NULL REFERENCES pos_device_staff(id) ON DELETE CASCADE,
      pos_device_id bigint NOT NULL,
      merchant_user_id bigint NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id),
      ip text NOT NULL,
      user_agent text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      -- why it ended early: logout, password-reset, device-inactive, staff-inactive
      revoked_reason text,
      FOREIGN KEY (pos_device_id, merchant_user_id) REFERENCES pos_devices (id, merchant_user_id) ON DELETE CASCADE,
      CHECK (expires_at > created_at),
      CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
    );
    CREATE INDEX pos_device_sessions_login ON pos_device_sessions (pos_device_staff_id) WHERE revoked_at IS NULL;
    CREATE INDEX pos_device_sessions_device ON pos_device_sessions (pos_device_id) WHERE revoked_at IS NULL;
    CREATE INDEX pos_device_sessions_user ON pos_device_sessions (user_id) WHERE revoked_at IS NULL;

    CREATE FUNCTION pos_sessions_end_on_password_reset() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
        UPDATE pos_device_sessions SET revoked_at = now(), revoked_reason = 'password-reset'
          WHERE pos_device_staff_id = NEW.id AND revoked_at IS NULL;
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER pos_device_staff_password_reset AFTER UPDATE OF password_hash ON pos_device_staff
      FOR EACH ROW EXECUTE FUNCTION pos_sessions_end_on_password_reset();

    CREATE FUNCTION pos_sessions_end_on_device_inactive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 1 AND OLD.status = 1 THEN
        UPDATE pos_device_sessions SET revoked_at = now(), revoked_reason = 'device-inactive'
          WHERE pos_device_id = NEW.id AND revoked_at IS NULL;
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER pos_devices_inactive AFTER UPDATE OF status ON pos_devices
      FOR EACH ROW EXECUTE FUNCTION pos_sessions_end_on_device_inactive();

    CREATE FUNCTION pos_sessions_end_on_user_inactive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A staff member stops at anything but Active; a main account at Inactive or Suspended.
      IF NEW.status IS DISTINCT FROM OLD.status
         AND (NEW.status IN (2, 3) OR (NEW.parent_user_id <> 0 AND NEW.status <> 1)) THEN
        UPDATE pos_device_sessions SET revoked_at = now(), revoked_reason = 'staff-inactive'
          WHERE user_id = NEW.id AND revoked_at IS NULL;
      END IF;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER users_pos_sessions_inactive AFTER UPDATE OF status ON users
      FOR EACH ROW EXECUTE FUNCTION pos_sessions_end_on_user_inactive();
  `.execute(db);
}
