// Fixed-window counters kept in the database, so every node sees the same count.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from '../transport/errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowS: number;
}

/** Counts one hit; throws 429 with Retry-After when the window already holds `max` hits. */
export async function hitLimit(db: Db, limit: Limit, message?: string): Promise<void> {
  const windowS = limit.windowS;
  const row = await sql<{ hits: number; window_started_at: Date }>`
    INSERT INTO rate_limits (key, hits, window_started_at) VALUES (${limit.key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowS})
                  THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowS})
                  THEN now() ELSE rate_limits.window_started_at END
    RETURNING hits, window_started_at`.execute(db);
  const current = row.rows[0];
  if (current && current.hits > limit.max) {
    const endsAtMs = new Date(current.window_started_at).getTime() + windowS * 1000;
    const retryAfterS = Math.max(1, Math.ceil((endsAtMs - Date.now()) / 1000));
    throw tooManyRequests(retryAfterS, message);
  }
}

/** Reads without counting: is the key over its limit now? */
export async function checkLimit(db: Db, limit: Limit, message?: string): Promise<void> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_started_at'])
    .where('key', '=', limit.key)
    .executeTakeFirst();
  if (!row) return;
  const endsAtMs = new Date(row.window_started_at).getTime() + limit.windowS * 1000;
  if (endsAtMs > Date.now() && row.hits >= limit.max) {
    throw tooManyRequests(Math.max(1, Math.ceil((endsAtMs - Date.now()) / 1000)), message);
  }
}

/** Gives one counted hit back (a try that turned out to be legitimate). */
export async function forgiveHit(db: Db, key: string): Promise<void> {
  await db.updateTable('rate_limits').set((eb) => ({ hits: eb('hits', '-', 1) })).where('key', '=', key).where('hits', '>', 0).execute();
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
