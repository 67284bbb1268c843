// The in-process job runner: periodic work started by main.ts after the server listens.
// Each job runs on its own timer, never overlaps itself, logs its failures and keeps going;
// its state lives in the database, so several nodes may run the same jobs side by side.
import type { Deps } from '../deps.ts';
import { expireStaleCardPayments } from '../modules/gateway/card-payments.service.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(deps: Deps): Promise<unknown>;
}

export const JOBS: readonly Job[] = [
  // A 3-D Secure challenge left unanswered for 15 minutes is expired within a minute after.
  { name: 'expire-stale-card-payments', everyMs: 60_000, run: (deps) => expireStaleCardPayments(deps) },
];

/**
 * Starts every job on its timer. The returned stop function clears the timers and resolves
 * once the runs in flight have finished, so the database can be closed after it.
 */
export function startJobs(deps: Deps, jobs: readonly Job[] = JOBS): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      const run = job
        .run(deps)
        .then(() => undefined)
        .catch((error: unknown) => deps.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
          inFlight.delete(run);
        });
      inFlight.add(run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(inFlight);
  };
}
