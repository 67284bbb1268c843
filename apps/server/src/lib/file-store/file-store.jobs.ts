// The job of the file store: removing files whose writer died half way (a process killed or a
// connection lost during an export), every ten minutes. app.ts registers it with the queue
// (docs/jobs.md, docs/files.md).
import { defineCleanupJobKind } from '../../jobs/job-kind.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import type { Deps } from '../../deps.ts';

/**
 * How long a file may stay unfinished before it counts as abandoned: well past the longest writer
 * (an export's job gives up after 9 minutes), so a live writer is never swept.
 */
export const INCOMPLETE_FILE_AGE_MS = 60 * 60_000;
/** Files removed per run at most; a backlog is finished by the next runs. */
export const INCOMPLETE_FILES_PER_RUN_MAX = 200;

export function sweepIncompleteFiles(deps: Pick<Deps, 'files'>): Promise<number> {
  return deps.files.sweepIncomplete(INCOMPLETE_FILE_AGE_MS, INCOMPLETE_FILES_PER_RUN_MAX);
}

const FILE_STORE_JOB_KINDS = {
  'sweep-incomplete-files': defineCleanupJobKind(({ deps }) => sweepIncompleteFiles(deps)),
};

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'sweep-incomplete-files': (typeof FILE_STORE_JOB_KINDS)['sweep-incomplete-files'];
  }
}

export const FILE_STORE_JOBS: JobRegistration = {
  kinds: FILE_STORE_JOB_KINDS,
  schedules: [{ name: 'sweep-incomplete-files', kind: 'sweep-incomplete-files', everyMs: 10 * 60_000, payload: {} }],
};
