// Postings that can be retried (docs/posting-keys.md) and batch runs on the job queue
// (docs/jobs.md, "Batch runs").
//
// transactions.posting_key: a posting may carry a key naming what it settles, unique in the
// ledger (a partial unique index: most rows have none). posting_digest is the sha256 of the
// posting's canonical form (packages/ledger posting-keys.ts), kept beside the key, so a second
// posting with the key is told apart as the same movement (answered with the first) or another
// one (refused) by comparing two strings. A keyed row always moved money: only a posting sets it.
//
// batch_runs: one row per (kind, period) of bulk work (expiring hosted API payments, then
// settlements and reserve releases): its cursor (the key of the last item committed; each
// item's own transaction moves it with the counts), the counts, its state, and a lease
// (locked_by, locked_until) that one worker holds while it works, as the job queue's rows do.
// The unique (kind, period) makes a second run of a period impossible; the lease keeps a
// second worker off the one run. Row locks and SKIP LOCKED only: no advisory locks.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE transactions
      ADD COLUMN posting_key text CHECK (length(posting_key) BETWEEN 1 AND 200),
      ADD COLUMN posting_digest text CHECK (posting_digest ~ '^[0-9a-f]{64}$'),
      ADD CONSTRAINT transactions_posting_key_digest CHECK ((posting_key IS NULL) = (posting_digest IS NULL)),
      ADD CONSTRAINT transactions_posting_key_posted CHECK (posting_key IS NULL OR status <> 0);
    CREATE UNIQUE INDEX transactions_posting_key ON transactions (posting_key) WHERE posting_key IS NOT NULL;

    CREATE TABLE batch_runs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,59}$'),
      -- what the run covers: a day ('2026-11-26'), a schedule's slot (its start, ISO 8601)
      period text NOT NULL CHECK (length(period) BETWEEN 1 AND 40),
      state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
      -- the key of the last item committed, in the kind's order; NULL before the first
      cursor_key text CHECK (length(cursor_key) BETWEEN 1 AND 100),
      items_done integer NOT NULL DEFAULT 0 CHECK (items_done >= 0),
      items_skipped integer NOT NULL DEFAULT 0 CHECK (items_skipped >= 0),
      items_failed integer NOT NULL DEFAULT 0 CHECK (items_failed >= 0),
      last_error text CHECK (length(last_error) <= 2000),
      locked_by text CHECK (length(locked_by) <= 200),
      locked_until timestamptz,
      started_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE (kind, period),
      CHECK ((state = 'done') = (finished_at IS NOT NULL)),
      CHECK (state = 'running' OR locked_by IS NULL),
      CHECK ((locked_by IS NULL) = (locked_until IS NULL))
    );
    -- Runs still to finish, per kind (a worker looks for its run's lease among them).
    CREATE INDEX batch_runs_open ON batch_runs (kind, period) WHERE state = 'running';

    -- The expiry's scan: hosted API payments still open, by id (the run's cursor).
    CREATE INDEX api_payments_open_hosted ON api_payments (id) WHERE mode = 'hosted' AND status = 1;
  `.execute(db);
}
