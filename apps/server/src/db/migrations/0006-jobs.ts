// The job queue (docs/jobs.md): work that must happen after a business transaction commits
// (an e-mail, a webhook, an expiry) is a row here, written in that transaction, so a rollback
// leaves no job behind. Runners on any node claim due rows with FOR UPDATE SKIP LOCKED and
// hold them under a lease (locked_until); a runner that dies leaves a lease that runs out, and
// the job is claimed again. Plain row locks only: the same SQL runs on PGlite, PostgreSQL and
// CockroachDB (no advisory locks, no LISTEN/NOTIFY).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      -- NULL once erased: a kind whose payload holds a secret (a mail body with a one-time code)
      -- has it erased when the job finishes, delivered or finally failed.
      payload jsonb,
      erase_payload boolean NOT NULL DEFAULT false,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts integer NOT NULL CHECK (max_attempts >= 1),
      -- The kind's timeout when it was enqueued: a claim leases the row for this plus a grace.
      timeout_ms integer NOT NULL CHECK (timeout_ms > 0),
      last_error text,
      locked_by text,
      locked_until timestamptz,
      dedupe_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CHECK ((state = 'running') = (locked_until IS NOT NULL)),
      CHECK ((state IN ('done', 'failed')) = (finished_at IS NOT NULL))
    );
    -- One job per key, for as long as the row is kept: a schedule's slot, or an event that must
    -- not cause two jobs.
    CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (dedupe_key) WHERE dedupe_key IS NOT NULL;
    -- The claim: due queued jobs, oldest first.
    CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state = 'queued';
    -- Recovery of leases that ran out (a runner that died).
    CREATE INDEX jobs_leases ON jobs (locked_until) WHERE state = 'running';
    -- Pruning of finished jobs.
    CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL;
  `.execute(db);
}
