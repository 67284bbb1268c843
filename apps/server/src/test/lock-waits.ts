// For concurrency tests on PostgreSQL: wait until the race a test arranged is really on, i.e.
// until sessions of this database are waiting on a row lock another session holds. A test then
// releases the holder knowing the waiter has already read what it read, instead of sleeping.
import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';

const POLL_STEP_MS = 10;
const WAIT_MAX_MS = 20_000;

/** Sessions of the current database waiting for a lock (pg_locks, not granted). */
export async function countLockWaiters(db: Queryable): Promise<number> {
  const result = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE NOT l.granted AND a.datname = current_database()`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Resolves once at least `count` sessions of this database wait on a lock; throws after 20 s. */
export async function waitForLockWaiters(db: Queryable, count: number): Promise<void> {
  const deadline = Date.now() + WAIT_MAX_MS;
  while ((await countLockWaiters(db)) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions waited on a lock within ${WAIT_MAX_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS));
  }
}

/** A promise the test resolves by hand: holds a transaction open until the race is arranged. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
