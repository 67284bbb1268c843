// The queue's queries. Every change of a claimed job is fenced by (id, locked_by, attempts):
// a runner whose lease ran out and whose job was claimed again cannot complete or fail the new
// attempt. Times come from the database's clock (now()), so the nodes' clocks need not agree.
// Row locks with SKIP LOCKED only, no advisory locks: CockroachDB runs the same SQL.
import { sql, type UpdateQueryBuilder } from 'kysely';
import type { Queryable } from '../db/database.ts';
import type { Database, JobState } from '../db/schema.ts';

/** A claimed job's lease is its timeout plus this, so a slow commit after the run still holds it. */
export const LEASE_GRACE_MS = 15_000;
export const JOB_ERROR_LENGTH_MAX = 2_000;
export const LEASE_EXPIRED_ERROR = 'The lease ran out before the job finished: its runner stopped or lost the database.';

export interface NewJob {
  kind: string;
  payloadJson: string;
  erasePayload: boolean;
  maxAttempts: number;
  timeoutMs: number;
  runAt: Date | undefined;
  dedupeKey: string | undefined;
}

/** A job as its runner holds it; `attempt` and `runnerId` are the fence of every later change. */
export interface ClaimedJob {
  id: bigint;
  kind: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  timeoutMs: number;
  runnerId: string;
}

export async function insertJob(db: Queryable, job: NewJob): Promise<bigint | undefined> {
  const insert = db.insertInto('jobs').values({
    kind: job.kind,
    payload: job.payloadJson,
    erase_payload: job.erasePayload,
    max_attempts: job.maxAttempts,
    timeout_ms: job.timeoutMs,
    dedupe_key: job.dedupeKey ?? null,
    ...(job.runAt ? { run_at: job.runAt } : {}),
  });
  const row =
    job.dedupeKey === undefined
      ? await insert.returning('id').executeTakeFirst()
      : await insert
          .onConflict((conflict) => conflict.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing())
          .returning('id')
          .executeTakeFirst();
  return row?.id;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `runnerId`, oldest first. Rows another
 * runner is claiming at this moment are skipped, not waited for, so runners never block each
 * other and never take the same row.
 */
export async function claimJobs(db: Queryable, runnerId: string, kinds: readonly string[], limit: number): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  // The locking SELECT is a MATERIALIZED CTE, run once. As `WHERE id IN (SELECT ... LIMIT n FOR
  // UPDATE SKIP LOCKED)` the planner may rescan the subquery for every row, and each rescan skips
  // the rows this statement has just updated and takes the next n: PGlite claimed all 200 rows
  // of a test batch with a limit of 5 that way.
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) =>
        qb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'queued')
          .where('run_at', '<=', sql<Date>`now()`)
          .where('kind', 'in', kinds)
          .orderBy('run_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
    )
    .updateTable('jobs')
    .from('due')
    .set({
      state: 'running',
      attempts: sql`jobs.attempts + 1`,
      locked_by: runnerId,
      locked_until: sql`now() + CAST(jobs.timeout_ms + ${LEASE_GRACE_MS} AS double precision) * interval '1 millisecond'`,
      updated_at: sql`now()`,
    })
    .whereRef('jobs.id', '=', 'due.id')
    // Checked again on the locked row: only a queued job is ever claimed, on any engine.
    .where('jobs.state', '=', 'queued')
    .returning(['jobs.id', 'jobs.kind', 'jobs.payload', 'jobs.attempts', 'jobs.max_attempts', 'jobs.timeout_ms'])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      timeoutMs: row.timeout_ms,
      runnerId,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** `now() + ms`, with the number cast so PostgreSQL and CockroachDB pick the same operator. */
const nowPlusMs = (ms: number) => sql<Date>`now() + CAST(${ms} AS double precision) * interval '1 millisecond'`;

function fenced<O>(query: UpdateQueryBuilder<Database, 'jobs', 'jobs', O>, job: ClaimedJob) {
  return query
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('locked_by', '=', job.runnerId)
    .where('attempts', '=', job.attempt);
}

/** Marks the attempt done. False when the lease was lost (the job belongs to another attempt now). */
export async function completeJob(db: Queryable, job: ClaimedJob): Promise<boolean> {
  const update = db.updateTable('jobs').set({
    state: 'done',
    finished_at: sql`now()`,
    updated_at: sql`now()`,
    locked_by: null,
    locked_until: null,
    payload: sql`CASE WHEN erase_payload THEN NULL ELSE payload END`,
  });
  const result = await fenced(update, job).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt: back to queued after `retryInMs`, or failed for good when
 * `retryInMs` is null. False when the lease was lost.
 */
export async function failJob(db: Queryable, job: ClaimedJob, error: string, retryInMs: number | null): Promise<boolean> {
  const final = retryInMs === null;
  const update = db.updateTable('jobs').set({
    state: final ? 'failed' : 'queued',
    run_at: final ? sql`run_at` : nowPlusMs(retryInMs),
    finished_at: final ? sql`now()` : null,
    payload: final ? sql`CASE WHEN erase_payload THEN NULL ELSE payload END` : sql`payload`,
    last_error: error.slice(0, JOB_ERROR_LENGTH_MAX),
    locked_by: null,
    locked_until: null,
    updated_at: sql`now()`,
  });
  const result = await fenced(update, job).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Jobs whose runner died (the lease ran out while running): queued again at once, or failed
 * for good when that was their last attempt. Bounded; rows being recovered elsewhere are skipped.
 */
export async function recoverExpiredLeases(
  db: Queryable,
  limit: number,
): Promise<Array<{ id: bigint; kind: string; state: JobState; attempts: number }>> {
  const last = sql<boolean>`jobs.attempts >= jobs.max_attempts`;
  // A MATERIALIZED CTE for the same reason as in claimJobs: the locking SELECT runs once.
  return db
    .with(
      (cte) => cte('expired').materialized(),
      (qb) =>
        qb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'running')
          .where('locked_until', '<', sql<Date>`now()`)
          .orderBy('locked_until')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
    )
    .updateTable('jobs')
    .from('expired')
    .set({
      state: sql`CASE WHEN ${last} THEN 'failed' ELSE 'queued' END`,
      finished_at: sql`CASE WHEN ${last} THEN now() END`,
      payload: sql`CASE WHEN ${last} AND jobs.erase_payload THEN NULL ELSE jobs.payload END`,
      run_at: sql`now()`,
      last_error: LEASE_EXPIRED_ERROR,
      locked_by: null,
      locked_until: null,
      updated_at: sql`now()`,
    })
    .whereRef('jobs.id', '=', 'expired.id')
    .where('jobs.state', '=', 'running')
    .where('jobs.locked_until', '<', sql<Date>`now()`)
    .returning(['jobs.id', 'jobs.kind', 'jobs.state', 'jobs.attempts'])
    .execute();
}

/** Deletes up to `limit` jobs that finished in the given state more than `olderThanMs` ago. */
export async function deleteFinishedJobs(db: Queryable, state: 'done' | 'failed', olderThanMs: number, limit: number): Promise<number> {
  const result = await db
    .with(
      (cte) => cte('old').materialized(),
      (qb) =>
        qb
          .selectFrom('jobs')
          .select('id')
          .where('finished_at', '<', nowPlusMs(-olderThanMs))
          .where('state', '=', state)
          .orderBy('finished_at')
          .limit(limit),
    )
    .deleteFrom('jobs')
    .where('id', 'in', (eb) => eb.selectFrom('old').select('old.id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
