// The job of webhooks: delivering one event. app.ts registers it with the queue (docs/jobs.md);
// the service enqueues deliver-webhook by name.
import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { deliverWebhookEvent } from './webhooks.service.ts';

export const WEBHOOK_JOB_KINDS = {
  // Delivers one webhook event: one signed POST per attempt, each recorded. Retries after 30 s,
  // 1, 2, 4, 8, 16, 32, 64, 128 min, then every 4 h: 12 attempts over about 12.5 hours. The
  // request's own timeout (10 s) ends well before the job's.
  'deliver-webhook': defineJobKind({
    payload: z.object({ webhookEventId: z.string().regex(/^\d{1,19}$/) }).strict(),
    run: (payload, { deps, attempt, maxAttempts, signal }) =>
      deliverWebhookEvent(deps, BigInt(payload.webhookEventId), { attempt, maxAttempts, signal }),
    timeoutMs: 30_000,
    maxAttempts: 12,
    backoff: { baseDelayMs: 30_000, maxDelayMs: 4 * 60 * 60_000 },
  }),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'deliver-webhook': (typeof WEBHOOK_JOB_KINDS)['deliver-webhook'];
  }
}

export const WEBHOOK_JOBS: JobRegistration = { kinds: WEBHOOK_JOB_KINDS };
