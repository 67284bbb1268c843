// The job of the transaction list's rollup: folding the deltas the transactions triggers append
// into the compacted rows (db/rollups.ts). Reads are exact without it (they sum the deltas too);
// it keeps what a read sums small. app.ts registers it with the queue (docs/jobs.md).
import { defineCleanupJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { compactTransactionRollups } from './transactions.service.ts';

/** Between two compactions the deltas of a busy merchant stay a few thousand rows. */
export const TRANSACTION_ROLLUP_COMPACT_EVERY_MS = 15_000;

const TRANSACTION_JOB_KINDS = {
  // Bounded per run (ROLLUP_LIMITS); a backlog is finished by the next slots. Two runs on two
  // nodes take disjoint deltas (SKIP LOCKED), so a retry or an overlap never counts twice.
  'compact-transaction-rollups': defineCleanupJobKind(({ deps }) => compactTransactionRollups(deps)),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'compact-transaction-rollups': (typeof TRANSACTION_JOB_KINDS)['compact-transaction-rollups'];
  }
}

export const TRANSACTION_JOBS: JobRegistration = {
  kinds: TRANSACTION_JOB_KINDS,
  schedules: [
    { name: 'compact-transaction-rollups', kind: 'compact-transaction-rollups', everyMs: TRANSACTION_ROLLUP_COMPACT_EVERY_MS, payload: {} },
  ],
};
