// The queries of batch runs (batch_runs, migration 0020; the mechanism is batch-runs.ts). Every
// change of a run a worker holds is fenced by (id, locked_by): a worker whose lease was taken
// over cannot move the cursor, count an item or finish the run. Times come from the database's
// clock. Row locks and SKIP LOCKED only, as in the job queue: no advisory locks.
import { sql, type Transaction } from 'kysely';
import type { Queryable } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A run as its worker holds it. */
export interface HeldRun {
  id: bigint;
  kind: string;
  period: string;
  cursor: string | null;
  itemsDone: number;
  itemsSkipped: number;
  itemsFailed: number;
}

interface RunRow {
  id: bigint;
  kind: string;
  period: string;
  cursor_key: string | null;
  items_done: number;
  items_skipped: number;
  items_failed: number;
}

function heldRun(row: RunRow): HeldRun {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    cursor: row.cursor_key,
    itemsDone: row.items_done,
    itemsSkipped: row.items_skipped,
    itemsFailed: row.items_failed,
  };
}

/** `now() + ms`, the number cast so PostgreSQL and CockroachDB pick the same operator. */
const nowPlusMs = (ms: number) => sql<Date>`now() + CAST(${ms} AS double precision) * interval '1 millisecond'`;

/** Opens the run of (kind, period) unless it exists; its id when this call opened it. */
export async function insertRun(db: Queryable, kind: string, period: string): Promise<bigint | undefined> {
  const row = await db
    .insertInto('batch_runs')
    .values({ kind, period })
    .onConflict((conflict) => conflict.columns(['kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findRun(db: Queryable, kind: string, period: string) {
  return db.selectFrom('batch_runs').selectAll().where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
}

/**
 * Takes the run's lease for `holder` if the run is still running and nobody holds a live lease.
 * A run whose row another worker has locked right now (an item in flight) is skipped, not
 * waited for. Undefined when the run is held, finished or missing.
 */
export async function claimRun(db: Queryable, kind: string, period: string, holder: string, leaseMs: number): Promise<HeldRun | undefined> {
  const free = sql<boolean>`(batch_runs.locked_until IS NULL OR batch_runs.locked_until < now())`;
  // A MATERIALIZED CTE, as in the job queue's claim: the locking SELECT runs once.
  const result = await sql<RunRow>`
    WITH run AS MATERIALIZED (
      SELECT id FROM batch_runs
       WHERE kind = ${kind} AND period = ${period} AND state = 'running' AND ${free}
       FOR UPDATE SKIP LOCKED
    )
    UPDATE batch_runs SET locked_by = ${holder}, locked_until = ${nowPlusMs(leaseMs)}, updated_at = now()
      FROM run
     WHERE batch_runs.id = run.id AND batch_runs.state = 'running' AND ${free}
    RETURNING batch_runs.id, batch_runs.kind, batch_runs.period, batch_runs.cursor_key,
              batch_runs.items_done, batch_runs.items_skipped, batch_runs.items_failed`.execute(db);
  const row = result.rows[0];
  return row && heldRun(row);
}

/**
 * The first statement of an item's transaction: renews the holder's lease and locks the run's
 * row until the item commits (a claim skips it meanwhile). Answers the committed cursor, or
 * undefined when the lease is no longer this holder's.
 */
export async function renewLease(
  trx: Transaction<Database>,
  runId: bigint,
  holder: string,
  leaseMs: number,
): Promise<{ cursor: string | null } | undefined> {
  const row = await trx
    .updateTable('batch_runs')
    .set({ locked_until: nowPlusMs(leaseMs), updated_at: sql`now()` })
    .where('id', '=', runId)
    .where('locked_by', '=', holder)
    .where('state', '=', 'running')
    .returning('cursor_key')
    .executeTakeFirst();
  return row && { cursor: row.cursor_key };
}

/** Moves the cursor past an item and counts it; false when the lease is not the holder's. */
export async function advanceRun(
  trx: Transaction<Database>,
  runId: bigint,
  holder: string,
  cursor: string,
  counted: 'done' | 'skipped' | 'failed',
  lastError: string | null = null,
): Promise<boolean> {
  const counts = {
    done: { items_done: sql<number>`items_done + 1` },
    skipped: { items_skipped: sql<number>`items_skipped + 1` },
    failed: { items_failed: sql<number>`items_failed + 1`, last_error: lastError },
  }[counted];
  const result = await trx
    .updateTable('batch_runs')
    .set({ cursor_key: cursor, updated_at: sql`now()`, ...counts })
    .where('id', '=', runId)
    .where('locked_by', '=', holder)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the run (no item left): done, lease released. The counts as stored; undefined if not held. */
export async function finishRun(trx: Transaction<Database>, runId: bigint, holder: string): Promise<HeldRun | undefined> {
  const row = await trx
    .updateTable('batch_runs')
    .set({ state: 'done', finished_at: sql`now()`, updated_at: sql`now()`, locked_by: null, locked_until: null })
    .where('id', '=', runId)
    .where('locked_by', '=', holder)
    .where('state', '=', 'running')
    .returning(['id', 'kind', 'period', 'cursor_key', 'items_done', 'items_skipped', 'items_failed'])
    .executeTakeFirst();
  return row && heldRun(row);
}

/** Gives the lease back with the run still running (its next job continues it); false if not held. */
export async function releaseRun(trx: Transaction<Database>, runId: bigint, holder: string): Promise<boolean> {
  const result = await trx
    .updateTable('batch_runs')
    .set({ locked_by: null, locked_until: null, updated_at: sql`now()` })
    .where('id', '=', runId)
    .where('locked_by', '=', holder)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
