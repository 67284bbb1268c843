// The registry of job kinds, and enqueueJob: the one way to enqueue, typed by kind. A job is
// enqueued inside the business transaction that causes it, so it exists exactly when that commits.
//
// The queue knows none of the modules: each one declares its kinds (and schedules) beside its
// code, in a `*.jobs.ts` file that adds them to `AppJobKinds` (the types enqueueJob checks) and
// exports a registration, which app.ts hands to registerJobs when it builds the app (e-mail
// delivery too: lib/mailer.jobs.ts). Only the queue's own housekeeping is declared here. How to
// add a kind: docs/jobs.md. The lint rule in eslint.config.js keeps jobs/ free of module imports.
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../db/database.ts';
import { defineCleanupJobKind, enqueueJobOf, type EnqueueOptions, type JobKind, type JobKinds, type JobPayloadOf } from './job-kind.ts';
import { deleteFinishedJobs } from './queue.repository.ts';
import type { Schedule } from './schedules.ts';

/** Finished jobs are kept this long for inspection, then pruned. */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000;
export const FAILED_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;
export const PRUNE_BATCH_SIZE = 1_000;
export const PRUNE_BATCHES_PER_RUN_MAX = 20;

async function pruneFinishedJobs(db: Queryable): Promise<number> {
  let deleted = 0;
  for (const [state, keptMs] of [
    ['done', DONE_JOBS_KEPT_MS],
    ['failed', FAILED_JOBS_KEPT_MS],
  ] as const) {
    for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN_MAX; batch++) {
      const count = await deleteFinishedJobs(db, state, keptMs, PRUNE_BATCH_SIZE);
      deleted += count;
      if (count < PRUNE_BATCH_SIZE) break;
    }
  }
  return deleted;
}

/** The queue's own kind: the pruning of old jobs. */
const QUEUE_JOB_KINDS = {
  'prune-finished-jobs': defineCleanupJobKind(({ deps }) => pruneFinishedJobs(deps.db)),
};

/**
 * Every kind of the app, by name: what enqueueJob accepts and how it types the payload. A module
 * adds its kinds with a module augmentation in its `*.jobs.ts` file:
 *
 *     declare module '../../jobs/queue.ts' {
 *       interface AppJobKinds { 'generate-report': (typeof REPORT_JOB_KINDS)['generate-report'] }
 *     }
 */
export interface AppJobKinds {
  'prune-finished-jobs': (typeof QUEUE_JOB_KINDS)['prune-finished-jobs'];
}

export type AppJobKind = keyof AppJobKinds & string;
/** AppJobKinds as a plain object type (an interface has no index signature, so it is no JobKinds). */
export type AppJobKindMap = { [N in AppJobKind]: AppJobKinds[N] };

/** What a module hands to registerJobs: its kinds, and the schedules that enqueue them. */
export interface JobRegistration {
  kinds: Partial<AppJobKindMap>;
  schedules?: ReadonlyArray<Schedule<AppJobKindMap>>;
}

const kindRegistry: Record<string, JobKind> = {};
const scheduleRegistry = new Map<string, Schedule<AppJobKindMap>>();

/**
 * Adds a module's kinds and schedules to the registry. Registering the same definitions again
 * (every app a test builds does) changes nothing; another definition under a taken name is a
 * programmer error, as is a schedule of a kind nobody registered.
 */
export function registerJobs(registration: JobRegistration): void {
  for (const [name, kind] of Object.entries(registration.kinds) as Array<[string, JobKind | undefined]>) {
    if (kind === undefined) continue;
    assert(kindRegistry[name] === undefined || kindRegistry[name] === kind, `job kind '${name}' is defined twice`);
    kindRegistry[name] = kind;
  }
  for (const schedule of registration.schedules ?? []) {
    const known = scheduleRegistry.get(schedule.name);
    assert(known === undefined || known === schedule, `schedule '${schedule.name}' is defined twice`);
    assert(kindRegistry[schedule.kind] !== undefined, `schedule '${schedule.name}' enqueues the registered kind '${schedule.kind}'`);
    scheduleRegistry.set(schedule.name, schedule);
  }
}

/** The kinds registered so far (a runner built without its own kinds runs these). */
export function registeredJobKinds(): AppJobKindMap {
  return { ...kindRegistry } as AppJobKindMap;
}

/** The schedules registered so far (a runner built without its own kinds ticks these). */
export function registeredSchedules(): Array<Schedule<AppJobKindMap>> {
  return [...scheduleRegistry.values()];
}

registerJobs({
  kinds: QUEUE_JOB_KINDS,
  schedules: [{ name: 'prune-finished-jobs', kind: 'prune-finished-jobs', everyMs: 60 * 60_000, payload: {} }],
});

/**
 * Enqueues a job inside `trx`, the transaction of the change that causes it. Returns its id, or
 * undefined when `dedupeKey` already has a job. A kind whose module was not registered (app.ts)
 * is a programmer error and throws before anything is written.
 */
export function enqueueJob<N extends AppJobKind>(
  trx: Queryable,
  kind: N,
  payload: JobPayloadOf<AppJobKindMap, N>,
  options: EnqueueOptions = {},
): Promise<bigint | undefined> {
  return enqueueJobOf(kindRegistry as JobKinds as AppJobKindMap, trx, kind, payload, options);
}
