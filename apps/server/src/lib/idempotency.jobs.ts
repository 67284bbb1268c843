// The job of idempotency keys: deleting those whose 24 hours ran out, every hour. app.ts
// registers it with the queue (docs/jobs.md).
import { defineCleanupJobKind } from '../jobs/job-kind.ts';
import type { JobRegistration } from '../jobs/queue.ts';
import { purgeExpiredIdempotencyKeys } from './idempotency.ts';

const IDEMPOTENCY_JOB_KINDS = {
  'prune-idempotency-keys': defineCleanupJobKind(({ deps }) => purgeExpiredIdempotencyKeys(deps.db)),
};

declare module '../jobs/queue.ts' {
  interface AppJobKinds {
    'prune-idempotency-keys': (typeof IDEMPOTENCY_JOB_KINDS)['prune-idempotency-keys'];
  }
}

export const IDEMPOTENCY_JOBS: JobRegistration = {
  kinds: IDEMPOTENCY_JOB_KINDS,
  schedules: [{ name: 'prune-idempotency-keys', kind: 'prune-idempotency-keys', everyMs: 60 * 60_000, payload: {} }],
};
