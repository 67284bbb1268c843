// Queries of the fixed-window counters (rate_limits). A hit is one atomic upsert, so parallel
// requests of one key each see their own count. Kysely only; `db` first.
import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';

export interface LimitWindow {
  hits: number;
  window_started_at: Date;
}

/** Counts one hit of `key`, opening a new window when the last one is `windowS` old. */
export async function countHit(db: Queryable, key: string, windowS: number): Promise<LimitWindow | undefined> {
  const result = await sql<LimitWindow>`
    INSERT INTO rate_limits (key, hits, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowS})
                  THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowS})
                  THEN now() ELSE rate_limits.window_started_at END
    RETURNING hits, window_started_at`.execute(db);
  return result.rows[0];
}

export async function findWindow(db: Queryable, key: string): Promise<LimitWindow | undefined> {
  return db.selectFrom('rate_limits').select(['hits', 'window_started_at']).where('key', '=', key).executeTakeFirst();
}

/** Takes one counted hit back, never below zero. */
export async function uncountHit(db: Queryable, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function deleteWindow(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
