// An administrator's "log in as merchant" session ends with the administrator's own session
// (DECISIONS 52): the impersonation names the session it was opened from, and a session is live
// only while that one is (modules/auth/sessions.ts `sessionScopes`, one query with a join).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN impersonator_session_id bigint REFERENCES sessions(id);
    -- Impersonations opened before this name no administrator session, so nothing could end
    -- them with it: they end now (the administrator logs in as the merchant again).
    UPDATE sessions SET revoked_at = now() WHERE impersonator_user_id IS NOT NULL AND revoked_at IS NULL;
    -- Every impersonation from now on names both the administrator and their session. NOT VALID
    -- leaves the old rows, all revoked above, as they are; every new or changed row is checked.
    ALTER TABLE sessions ADD CONSTRAINT sessions_impersonator_session
      CHECK ((impersonator_session_id IS NULL) = (impersonator_user_id IS NULL)) NOT VALID;
  `.execute(db);
}
