// Fixed-window counters kept in the database, so every node sees the same count.
import type { Db } from '../db/database.ts';
import { fail } from '../transport/errors.ts';
import { countHit, deleteWindow, findWindow, uncountHit } from './rate-limit.repository.ts';

/** The refusals a limit answers with (429 and Retry-After). */
export type LimitRefusal =
  | 'TOO_MANY_SIGN_IN_ATTEMPTS'
  | 'CODE_RESEND_TOO_SOON'
  | 'TOO_MANY_CODES'
  | 'API_RATE_LIMITED'
  | 'TOO_MANY_CHECKOUT_REQUESTS'
  | 'POS_RATE_LIMITED';

function refuse(refusal: LimitRefusal, retryAfterS: number): never {
  fail(refusal, { data: { retryAfter: retryAfterS }, headers: { 'Retry-After': String(retryAfterS) } });
}

export interface Limit {
  key: string;
  max: number;
  windowS: number;
}

/** Counts one hit; throws 429 with Retry-After when the window already holds `max` hits. */
export async function hitLimit(db: Db, limit: Limit, refusal: LimitRefusal): Promise<void> {
  const windowS = limit.windowS;
  const current = await countHit(db, limit.key, windowS);
  if (current && current.hits > limit.max) {
    const endsAtMs = new Date(current.window_started_at).getTime() + windowS * 1000;
    const retryAfterS = Math.max(1, Math.ceil((endsAtMs - Date.now()) / 1000));
    refuse(refusal, retryAfterS);
  }
}

/** Reads without counting: is the key over its limit now? */
export async function checkLimit(db: Db, limit: Limit, refusal: LimitRefusal): Promise<void> {
  const row = await findWindow(db, limit.key);
  if (!row) return;
  const endsAtMs = new Date(row.window_started_at).getTime() + limit.windowS * 1000;
  if (endsAtMs > Date.now() && row.hits >= limit.max) {
    refuse(refusal, Math.max(1, Math.ceil((endsAtMs - Date.now()) / 1000)));
  }
}

/** Gives one counted hit back (a try that turned out to be legitimate). */
export async function forgiveHit(db: Db, key: string): Promise<void> {
  await uncountHit(db, key);
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await deleteWindow(db, key);
}
