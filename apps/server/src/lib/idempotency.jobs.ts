// The job of idempotency keys: deleting those whose 24 hours ran out, every hour. app.ts
// registers it with the queue (docs/jobs.md).
import { z } from 'zod';
import { defineJobKind } from '../jobs/job-kind.ts';
import type { JobRegistration } from '../jobs/queue.ts';
import { purgeExpiredIdempotencyKeys } from './idempotency.ts';

const IDEMPOTENCY_JOB_KINDS = {
  'prune-idempotency-keys': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => purgeExpiredIdempotencyKeys(deps.db),
    timeoutMs: 120_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  }),
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
