// The audit log becomes append-only and says who acted how (user, staff, administrator,
// administrator logged in as a merchant, API key, system), for whom, in which session, through
// which call, on what subject. Sessions record the administrator behind an impersonation.
// Staff members are granted menu features one by one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_log RENAME COLUMN user_id TO actor_user_id;
    ALTER TABLE audit_log RENAME COLUMN actor TO acting_as;
    ALTER TABLE audit_log
      ADD COLUMN on_behalf_of_user_id bigint,
      ADD COLUMN impersonator_user_id bigint,
      ADD COLUMN session_id bigint,
      ADD COLUMN call_path text,
      ADD COLUMN subject_type text,
      ADD COLUMN subject_id text;
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_acting_as
      CHECK (acting_as IN ('user', 'staff', 'admin', 'impersonation', 'api-key', 'system'));
    CREATE INDEX audit_log_actor ON audit_log (actor_user_id, id);
    CREATE INDEX audit_log_on_behalf_of ON audit_log (on_behalf_of_user_id, id);

    -- What happened stays as it happened: rows are never changed or removed.
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only';
    END;
    $$;
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

    ALTER TABLE sessions ADD COLUMN impersonator_user_id bigint REFERENCES users(id);
    ALTER TABLE sessions ADD CONSTRAINT sessions_impersonation
      CHECK (admin_login = (impersonator_user_id IS NOT NULL));
    CREATE INDEX sessions_token ON sessions (token_hash) WHERE revoked_at IS NULL;

    CREATE INDEX users_parent ON users (parent_user_id) WHERE parent_user_id <> 0;

    CREATE TABLE staff_features (
      user_id bigint NOT NULL REFERENCES users(id),
      feature_id integer NOT NULL REFERENCES features(id),
      granted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, feature_id)
    );
  `.execute(db);
}
