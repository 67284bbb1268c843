// The job of refunds: moving an approved refund's money (DECISIONS 32). app.ts registers it with
// the queue (docs/jobs.md); the console's approval enqueues it in the approval's transaction.
import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { runApprovedRefund } from './refunds.service.ts';

export const REFUND_JOB_KINDS = {
  // Posts one approved refund. Safe to run again: only an Initiated request is posted, under its
  // payment's lock, with the posting key refund:<uuid>. A database that is down fails the
  // attempt; retries after 10 s, 20 s, 40 s ... up to 10 min: 8 attempts over about 20 minutes.
  'process-refund': defineJobKind({
    payload: z.object({ refundRequestId: z.string().regex(/^\d{1,19}$/) }).strict(),
    run: async (payload, { deps }) => {
      await runApprovedRefund(deps, BigInt(payload.refundRequestId));
    },
    timeoutMs: 30_000,
    maxAttempts: 8,
    backoff: { baseDelayMs: 10_000, maxDelayMs: 10 * 60_000 },
  }),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'process-refund': (typeof REFUND_JOB_KINDS)['process-refund'];
  }
}

export const REFUND_JOBS: JobRegistration = { kinds: REFUND_JOB_KINDS };
