// The app's job kinds, and enqueueJob: the one way to enqueue, typed by kind. A job is enqueued
// inside the business transaction that causes it, so it exists exactly when that commits.
// How to add a kind: docs/jobs.md.
import { z } from 'zod';
import type { Queryable } from '../db/database.ts';
import { expireStaleCardPayments } from '../modules/gateway/card-payments.service.ts';
import { removeExpiredReports, runReportJob } from '../modules/reports/reports.service.ts';
import { deliverWebhookEvent } from '../modules/webhooks/webhooks.service.ts';
import { defineJobKind, enqueueJobOf, type EnqueueOptions, type JobPayloadOf } from './job-kind.ts';
import { deleteFinishedJobs } from './queue.repository.ts';
import { purgeExpiredIdempotencyKeys } from '../lib/idempotency.ts';

/** Finished jobs are kept this long for inspection, then pruned. */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000;
export const FAILED_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;
export const PRUNE_BATCH_SIZE = 1_000;
export const PRUNE_BATCHES_PER_RUN_MAX = 20;

/** An e-mail waiting for SMTP. Its body is erased from the row once the job finishes. */
export const ZQueuedMail = z.object({
  /** The outbox_emails row that records the delivery (without the body). */
  outboxEmailId: z.string().regex(/^\d{1,19}$/),
  to: z.string().min(3).max(320),
  subject: z.string().max(500),
  text: z.string().max(20_000),
  html: z.string().max(40_000).optional(),
  /** A mail past this is not sent any more (a one-time code that has expired). */
  deliverBy: z.iso.datetime().optional(),
});
export type TQueuedMail = z.output<typeof ZQueuedMail>;

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

export const JOB_KINDS = {
  // Expires 3-D Secure challenges left unanswered past their 15 minutes (bounded per run; a
  // backlog larger than one run is finished by the next minute's run).
  'expire-stale-card-payments': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => expireStaleCardPayments(deps),
    timeoutMs: 50_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 30_000 },
  }),
  // Delivers one e-mail over SMTP. The mailer's own timeouts end a hung connection well
  // before the job's; about ten minutes of retries in all, the life of a one-time code.
  'send-email': defineJobKind({
    payload: ZQueuedMail,
    run: (mail, { deps }) => deps.mailer.deliver(mail),
    timeoutMs: 60_000,
    maxAttempts: 8,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 5 * 60_000 },
    erasePayload: true,
  }),
  'prune-finished-jobs': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => pruneFinishedJobs(deps.db),
    timeoutMs: 120_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  }),
  // Writes one export's file (modules/reports). A run that fails for a cause of ours is retried
  // from the start; a report whose filters no longer pass fails at once.
  'generate-report': defineJobKind({
    payload: z.object({ reportId: z.string().regex(/^\d{1,19}$/) }),
    run: (payload, { deps, signal, attempt, maxAttempts }) =>
      runReportJob(deps, BigInt(payload.reportId), { signal, attempt, maxAttempts }),
    timeoutMs: 9 * 60_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 60_000 },
  }),
  // Removes export files past their day (bounded per run; a backlog is finished by the next runs).
  'remove-expired-reports': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => removeExpiredReports(deps),
    timeoutMs: 120_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  }),
  // Deletes idempotency keys (lib/idempotency.ts) whose 24 hours ran out.
  'prune-idempotency-keys': defineJobKind({
    payload: z.object({}).strict(),
    run: (_payload, { deps }) => purgeExpiredIdempotencyKeys(deps.db),
    timeoutMs: 120_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 },
  }),
  // Delivers one webhook event (modules/webhooks): one signed POST per attempt, each recorded.
  // Retries after 30 s, 1, 2, 4, 8, 16, 32, 64, 128 min, then every 4 h: 12 attempts over
  // about 12.5 hours. The request's own timeout (10 s) ends well before the job's.
  'deliver-webhook': defineJobKind({
    payload: z.object({ webhookEventId: z.string().regex(/^\d{1,19}$/) }).strict(),
    run: (payload, { deps, attempt, maxAttempts, signal }) =>
      deliverWebhookEvent(deps, BigInt(payload.webhookEventId), { attempt, maxAttempts, signal }),
    timeoutMs: 30_000,
    maxAttempts: 12,
    backoff: { baseDelayMs: 30_000, maxDelayMs: 4 * 60 * 60_000 },
  }),
};

export type AppJobKinds = typeof JOB_KINDS;
export type AppJobKind = keyof AppJobKinds;

/**
 * Enqueues a job inside `trx`, the transaction of the change that causes it. Returns its id, or
 * undefined when `dedupeKey` already has a job.
 */
export function enqueueJob<N extends AppJobKind>(
  trx: Queryable,
  kind: N,
  payload: JobPayloadOf<AppJobKinds, N>,
  options: EnqueueOptions = {},
): Promise<bigint | undefined> {
  return enqueueJobOf(JOB_KINDS, trx, kind, payload, options);
}
