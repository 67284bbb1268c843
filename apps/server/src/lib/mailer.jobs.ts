// The job of e-mail: delivering one queued mail over SMTP. app.ts registers it with the queue
// (docs/jobs.md); the mailer enqueues send-email by name when SMTP_URL is set.
import { defineJobKind } from '../jobs/job-kind.ts';
import type { JobRegistration } from '../jobs/queue.ts';
import { ZQueuedMail } from './mail.ts';

const MAIL_JOB_KINDS = {
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
};

declare module '../jobs/queue.ts' {
  interface AppJobKinds {
    'send-email': (typeof MAIL_JOB_KINDS)['send-email'];
  }
}

export const MAIL_JOBS: JobRegistration = { kinds: MAIL_JOB_KINDS };
