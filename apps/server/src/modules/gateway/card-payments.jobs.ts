// The job of card payments: expiring 3-D Secure challenges left unanswered. app.ts registers it
// with the queue (docs/jobs.md), with the schedule that runs it every minute.
import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { expireStaleCardPayments } from './card-payments.service.ts';

const CARD_PAYMENT_JOB_KINDS = {
  // Expires 3-D Secure challenges left unanswered past their 15 minutes (bounded per run; a
  // backlog larger than one run is finished by the next minute's run).
  'expire-stale-card-payments': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => expireStaleCardPayments(deps),
    timeoutMs: 50_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 30_000 },
  }),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'expire-stale-card-payments': (typeof CARD_PAYMENT_JOB_KINDS)['expire-stale-card-payments'];
  }
}

export const CARD_PAYMENT_JOBS: JobRegistration = {
  kinds: CARD_PAYMENT_JOB_KINDS,
  schedules: [{ name: 'expire-stale-card-payments', kind: 'expire-stale-card-payments', everyMs: 60_000, payload: {} }],
};
