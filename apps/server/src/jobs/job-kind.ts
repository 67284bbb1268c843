// What a job kind is: its payload schema, its handler and its limits (timeout, attempts, backoff).
// The app's kinds are declared by their modules (*.jobs.ts) and registered in queue.ts; tests
// build registries of their own with the same function, so the queue is exercised with real
// handlers that fail, hang or count their runs.
import { z } from 'zod';
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { insertJob } from './queue.repository.ts';

/** A job never runs longer than this, whatever its kind says: leases must stay short. */
export const JOB_TIMEOUT_MS_MAX = 10 * 60_000;
export const JOB_ATTEMPTS_MAX = 25;
export const JOB_RETRY_DELAY_MS_MAX = 24 * 60 * 60_000;
/** A payload is a handful of ids and strings; a larger one belongs in a table of its own. */
export const JOB_PAYLOAD_BYTES_MAX = 64 * 1024;
export const JOB_KIND_NAME_LENGTH_MAX = 100;
export const JOB_DEDUPE_KEY_LENGTH_MAX = 200;

export interface JobContext {
  deps: Deps;
  /** Aborted when the job's timeout passes: a handler that can stop early should. */
  signal: AbortSignal;
  jobId: bigint;
  runnerId: string;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Delay before retry n+1 after attempt n failed: baseDelayMs x 2^(n-1), at most maxDelayMs. */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface JobKind<S extends z.ZodType = z.ZodType> {
  /** The payload is stored as JSON as given (the schema's input) and parsed before each run. */
  payload: S;
  run(payload: z.output<S>, context: JobContext): Promise<unknown>;
  timeoutMs: number;
  maxAttempts: number;
  backoff: Backoff;
  /**
   * The payload holds something that must not stay readable (a mail body with a one-time
   * code): it is erased when the job finishes, delivered or finally failed.
   */
  erasePayload?: boolean;
}

export type JobKinds = Record<string, JobKind>;

/** Checks a kind's limits once, where it is declared. */
export function defineJobKind<S extends z.ZodType>(kind: JobKind<S>): JobKind<S> {
  assert(Number.isInteger(kind.timeoutMs) && kind.timeoutMs > 0 && kind.timeoutMs <= JOB_TIMEOUT_MS_MAX, 'a job timeout is 1 ms to 10 min');
  assert(Number.isInteger(kind.maxAttempts) && kind.maxAttempts >= 1 && kind.maxAttempts <= JOB_ATTEMPTS_MAX, 'a job has 1 to 25 attempts');
  assert(kind.backoff.baseDelayMs >= 0 && kind.backoff.baseDelayMs <= kind.backoff.maxDelayMs, 'backoff base is at most its maximum');
  assert(kind.backoff.maxDelayMs <= JOB_RETRY_DELAY_MS_MAX, 'a retry waits at most a day');
  return kind;
}

/**
 * A periodic clean-up (old jobs, expired files, spent keys): no payload, bounded work per run, at
 * most two minutes, three attempts a minute to ten minutes apart. A run that leaves a backlog
 * leaves it to the schedule's next slot.
 */
export function defineCleanupJobKind(run: (context: JobContext) => Promise<unknown>) {
  return defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, context) => run(context),
    timeoutMs: 120_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  });
}

/** How long to wait after the failed attempt number `attempt` (1-based) before the next one. */
export function retryDelayMs(backoff: Backoff, attempt: number): number {
  assert(attempt >= 1, 'attempts count from 1');
  // Past 2^40 the product only overflows towards the cap anyway.
  const factor = 2 ** Math.min(attempt - 1, 40);
  return Math.min(backoff.baseDelayMs * factor, backoff.maxDelayMs);
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one job per key while its row is kept: a second enqueue with the key does nothing. */
  dedupeKey?: string;
}

export type JobKindName<K extends JobKinds> = keyof K & string;
export type JobPayloadOf<K extends JobKinds, N extends JobKindName<K>> = z.input<K[N]['payload']>;

/**
 * Enqueues a job of a kind of `kinds`, inside the caller's transaction: the job exists only if
 * that transaction commits. Returns the job's id, or undefined when the dedupe key was taken.
 * An invalid payload is a programmer error and throws here, before anything is written.
 */
export async function enqueueJobOf<K extends JobKinds, N extends JobKindName<K>>(
  kinds: K,
  trx: Queryable,
  kind: N,
  payload: JobPayloadOf<K, N>,
  options: EnqueueOptions = {},
): Promise<bigint | undefined> {
  const definition = kinds[kind];
  assert(definition !== undefined, `job kind ${kind} is registered`);
  assert(kind.length <= JOB_KIND_NAME_LENGTH_MAX, 'a job kind name is short');
  assert(options.dedupeKey === undefined || options.dedupeKey.length <= JOB_DEDUPE_KEY_LENGTH_MAX, 'a dedupe key is short');
  definition.payload.parse(payload);
  const json = JSON.stringify(payload);
  assert(Buffer.byteLength(json) <= JOB_PAYLOAD_BYTES_MAX, 'a job payload is at most 64 KiB');
  return insertJob(trx, {
    kind,
    payloadJson: json,
    erasePayload: definition.erasePayload ?? false,
    maxAttempts: definition.maxAttempts,
    timeoutMs: definition.timeoutMs,
    runAt: options.runAt,
    dedupeKey: options.dedupeKey,
  });
}
