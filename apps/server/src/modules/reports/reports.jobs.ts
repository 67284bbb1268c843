// The jobs of exports: writing a report's file, and removing files past their day. app.ts
// registers them with the queue (docs/jobs.md); the service enqueues generate-report by name.
import { z } from 'zod';
import { defineCleanupJobKind, defineJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { removeExpiredReports, runReportJob } from './reports.service.ts';

const REPORT_JOB_KINDS = {
  // Writes one export's file. A run that fails for a cause of ours is retried from the start; a
  // report whose filters no longer pass fails at once.
  'generate-report': defineJobKind({
    payload: z.object({ reportId: z.string().regex(/^\d{1,19}$/) }),
    run: (payload, { deps, signal, attempt, maxAttempts }) =>
      runReportJob(deps, BigInt(payload.reportId), { signal, attempt, maxAttempts }),
    timeoutMs: 9 * 60_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 60_000 },
  }),
  // Removes export files past their day (bounded per run; a backlog is finished by the next runs).
  'remove-expired-reports': defineCleanupJobKind(({ deps }) => removeExpiredReports(deps)),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'generate-report': (typeof REPORT_JOB_KINDS)['generate-report'];
    'remove-expired-reports': (typeof REPORT_JOB_KINDS)['remove-expired-reports'];
  }
}

export const REPORT_JOBS: JobRegistration = {
  kinds: REPORT_JOB_KINDS,
  schedules: [{ name: 'remove-expired-reports', kind: 'remove-expired-reports', everyMs: 10 * 60_000, payload: {} }],
};
