// Exports (docs/exports.md): one row per report a user asked for. The row is written with the
// job that fills it, in one transaction; the job records its progress here, then the file's
// key under the data directory. A download link is a random token whose hash and expiry are
// kept on the row (get-report mints a new one each time it answers a ready report, which
// replaces the last). Files are removed after expires_at by a schedule.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reports (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      -- Whose rows the report holds (the merchant's main account for its staff), and who asked.
      account_holder_id bigint NOT NULL REFERENCES users(id),
      requested_by_user_id bigint NOT NULL REFERENCES users(id),
      report_type text NOT NULL CHECK (length(report_type) BETWEEN 1 AND 60),
      format text NOT NULL CHECK (format IN ('excel', 'pdf')),
      -- The request's filters as validated, so the job builds the very params the screen used.
      filters jsonb NOT NULL,
      rows_max integer NOT NULL CHECK (rows_max >= 1),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'expired')),
      rows_written integer NOT NULL DEFAULT 0 CHECK (rows_written >= 0),
      rows_total integer CHECK (rows_total IS NULL OR rows_total >= 0),
      truncated boolean NOT NULL DEFAULT false,
      file_key text,
      file_name text,
      file_bytes bigint,
      token_hash text,
      token_expires_at timestamptz,
      -- When the file is removed (set when it is ready).
      expires_at timestamptz,
      error text CHECK (error IS NULL OR length(error) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CHECK ((status = 'ready') = (file_key IS NOT NULL)),
      CHECK ((token_hash IS NULL) = (token_expires_at IS NULL))
    );
    CREATE INDEX reports_holder ON reports (account_holder_id, id);
    -- The schedule that removes old files reads only ready reports past their time.
    CREATE INDEX reports_expiry ON reports (expires_at) WHERE status = 'ready';
    -- And the rows it forgets a month after they failed or expired.
    CREATE INDEX reports_finished ON reports (updated_at) WHERE status IN ('failed', 'expired');
    -- The cap on reports in progress per account.
    CREATE INDEX reports_in_progress ON reports (account_holder_id) WHERE status IN ('queued', 'running');
  `.execute(db);
}
