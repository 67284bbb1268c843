// Queries of the idempotency keys (idempotency_keys, migration 0016). Claiming a key is one
// atomic upsert, so of many parallel requests with one key exactly one gets the row. Kysely
// only; `db` first.
import { sql } from 'kysely';
import type { Queryable } from '../db/database.ts';

export interface IdempotencyRow {
  request_hash: string;
  state: 'pending' | 'done';
  response_status: number | null;
  response_body: string | null;
}

/**
 * Claims (scope, key) for one request: inserts a pending row, or takes over a row whose 24 h
 * ran out. True when this caller holds the key now; false when another request holds it.
 */
export async function claimKey(db: Queryable, input: { scope: string; key: string; requestHash: string; ttlS: number }): Promise<boolean> {
  const result = await sql<{ claimed: boolean }>`
    INSERT INTO idempotency_keys (scope, key, request_hash, state, expires_at)
    VALUES (${input.scope}, ${input.key}, ${input.requestHash}, 'pending', now() + make_interval(secs => ${input.ttlS}))
    ON CONFLICT (scope, key) DO UPDATE SET
      request_hash = EXCLUDED.request_hash,
      state = 'pending',
      response_status = NULL,
      response_body = NULL,
      created_at = now(),
      expires_at = EXCLUDED.expires_at
    WHERE idempotency_keys.expires_at <= now()
    RETURNING true AS claimed`.execute(db);
  return result.rows.length === 1;
}

/** The row of a key still within its 24 h. */
export async function findLiveKey(db: Queryable, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Stores the answer of the request that holds the key. */
export async function completeKey(db: Queryable, input: { scope: string; key: string; status: number; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: input.status, response_body: input.body })
    .where('scope', '=', input.scope)
    .where('key', '=', input.key)
    .where('state', '=', 'pending')
    .execute();
}

/** Lets a key go (its request failed without an answer to keep): the next request runs afresh. */
export async function releaseKey(db: Queryable, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('state', '=', 'pending').execute();
}

/** Deletes up to `limit` keys whose 24 h ran out; answers how many. */
export async function deleteExpiredKeys(db: Queryable, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE expires_at <= now() ORDER BY expires_at LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
