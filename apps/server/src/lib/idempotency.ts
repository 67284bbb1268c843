// Idempotency keys: a client that sends a POST again (a timeout, a retry, a double click) with
// the same Idempotency-Key gets the first answer back, and nothing runs twice.
//
// - The first request with a key claims it (one atomic upsert: of 10 parallel requests exactly
//   one wins), runs the work, and stores the answer (HTTP status and JSON body) for 24 hours.
// - The same key with the same request (hashRequest: method, path, canonical body) answers the
//   stored answer, `replayed: true`, and runs nothing.
// - The same key with another request fails IDEMPOTENCY_KEY_REUSED (422).
// - A request arriving while the first still runs waits for it (polling, up to `waitMs`) and
//   answers its answer; past the wait it fails IDEMPOTENCY_KEY_IN_PROGRESS (409).
// - Work that throws keeps no answer: the key is released and the next request runs afresh.
//   So a transport stores a business refusal by returning it ({ status: 402, body }), and lets
//   only unexpected errors (and refusals before anything was written) throw.
// - Keys are scoped: the merchant API uses `merchant-api:<merchant id>`, so two merchants may use
//   the same key without meeting. A key whose 24 h ran out is claimed afresh.
// Queries are in lib/idempotency.repository.ts.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { fail } from '../transport/errors.ts';
import { toJson } from '../transport/json.ts';
import { claimKey, completeKey, deleteExpiredKeys, findLiveKey, releaseKey } from './idempotency.repository.ts';

/** How long a key and its answer are kept: 24 hours. */
export const IDEMPOTENCY_TTL_S = 24 * 60 * 60;
/** How long a duplicate waits for the first request of its key before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 30_000;
export const IDEMPOTENCY_KEY_MAX_CHARS = 255;

export interface IdempotencyInput {
  /** Whose keys: e.g. `merchant-api:<merchantUserId>`, `pos-api:<posDeviceId>`. At most 100 characters. */
  scope: string;
  /** The client's Idempotency-Key (check it with isValidIdempotencyKey first). */
  key: string;
  /** hashRequest(...) of the request: the same key with another hash is refused. */
  requestHash: string;
  /** How long a duplicate waits for the first request (default IDEMPOTENCY_WAIT_MS). */
  waitMs?: number;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `work` once per (scope, key): the same key with the same request body answers the stored
 * response (status + body) for 24 h and moves nothing more; another body with the same key fails
 * IDEMPOTENCY_KEY_REUSED (422); a concurrent duplicate waits for or answers the first.
 * `body` must be plain JSON (bigints are written as numbers): a replay answers it parsed back.
 */
export async function withIdempotency<T>(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'log'>>,
  input: IdempotencyInput,
  work: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const { db } = deps;
  const deadline = Date.now() + (input.waitMs ?? IDEMPOTENCY_WAIT_MS);
  let pauseMs = 20;
  for (;;) {
    if (await claimKey(db, { scope: input.scope, key: input.key, requestHash: input.requestHash, ttlS: IDEMPOTENCY_TTL_S })) {
      return runClaimed(deps, input, work);
    }
    const row = await findLiveKey(db, input.scope, input.key);
    // Released (the first request failed) or expired between the two statements: claim again.
    if (!row) continue;
    if (row.request_hash !== input.requestHash) fail('IDEMPOTENCY_KEY_REUSED');
    if (row.state === 'done' && row.response_status !== null && row.response_body !== null) {
      return { status: row.response_status, body: JSON.parse(row.response_body) as T, replayed: true };
    }
    if (Date.now() >= deadline) fail('IDEMPOTENCY_KEY_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, Math.min(pauseMs, Math.max(1, deadline - Date.now()))));
    pauseMs = Math.min(pauseMs * 2, 250);
  }
}

async function runClaimed<T>(
  deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'log'>>,
  input: IdempotencyInput,
  work: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  let answer: { status: number; body: T };
  try {
    answer = await work();
  } catch (error) {
    try {
      await releaseKey(deps.db, input.scope, input.key);
    } catch (releaseError) {
      deps.log?.error({ err: releaseError, scope: input.scope }, 'could not release an idempotency key');
    }
    throw error;
  }
  await completeKey(deps.db, { scope: input.scope, key: input.key, status: answer.status, body: toJson(answer.body) });
  return { status: answer.status, body: answer.body, replayed: false };
}

/** An Idempotency-Key a client may send: 1 to 255 printable ASCII characters, not blank. */
export function isValidIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= IDEMPOTENCY_KEY_MAX_CHARS && /^[\x20-\x7E]+$/.test(key) && key.trim() !== '';
}

/** The hash of a request for withIdempotency: method, path and the body as canonical JSON (keys sorted). */
export function hashRequest(request: { method: string; path: string; body: unknown }): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method.toUpperCase()}\n${request.path}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/** JSON with the keys of every object sorted, so `{a, b}` and `{b, a}` hash alike. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Deletes keys whose 24 h ran out, in batches of `batch`; answers how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db | Queryable, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredKeys(db, batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}
