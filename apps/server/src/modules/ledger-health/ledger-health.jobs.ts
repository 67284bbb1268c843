// The ledger's health checks as jobs (docs/jobs.md, docs/ledger-health.md): the incremental
// check every minute, the full check every hour. app.ts registers them. Both are safe to run
// again: the incremental check's checkpoint moves only if no other check moved it first, and a
// breach already open is only seen again, never raised twice.
import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { runFullCheck, runIncrementalCheck } from './ledger-health.service.ts';

export const LEDGER_HEALTH_JOB_KINDS = {
  // One incremental check; a later slot's job does the work of one that failed, so no retry.
  'check-ledger-incremental': defineJobKind({
    payload: z.object({}).strict(),
    run: async (_payload, { deps }) => {
      await runIncrementalCheck(deps);
    },
    timeoutMs: 50_000,
    maxAttempts: 1,
    backoff: { baseDelayMs: 0, maxDelayMs: 0 },
  }),
  // One full check: reads the whole ledger, so it is given minutes; retried once after a failure.
  'check-ledger-full': defineJobKind({
    payload: z.object({}).strict(),
    run: async (_payload, { deps }) => {
      await runFullCheck(deps);
    },
    timeoutMs: 10 * 60_000,
    maxAttempts: 2,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
  }),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'check-ledger-incremental': (typeof LEDGER_HEALTH_JOB_KINDS)['check-ledger-incremental'];
    'check-ledger-full': (typeof LEDGER_HEALTH_JOB_KINDS)['check-ledger-full'];
  }
}

export const LEDGER_HEALTH_JOBS: JobRegistration = {
  kinds: LEDGER_HEALTH_JOB_KINDS,
  schedules: [
    { name: 'check-ledger-incremental', kind: 'check-ledger-incremental', everyMs: 60_000, payload: {} },
    { name: 'check-ledger-full', kind: 'check-ledger-full', everyMs: 60 * 60_000, payload: {} },
  ],
};
