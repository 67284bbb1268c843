// The job runner: one per node (tests start several on one database). It polls the queue, keeps
// up to `concurrency` claimed jobs running, each under its timeout, records each attempt's
// outcome, and enqueues the schedules' slots. Stopping waits for the jobs in flight, so the
// database can be closed right after. Nothing here needs to know about other nodes: the
// claim's SKIP LOCKED and the leases in the database keep them apart.
import crypto from 'node:crypto';
import os from 'node:os';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../deps.ts';
import type { JobKinds } from './job-kind.ts';
import { retryDelayMs } from './job-kind.ts';
import { claimJobs, completeJob, failJob, recoverExpiredLeases, type ClaimedJob } from './queue.repository.ts';
import { registeredJobKinds, registeredSchedules, type AppJobKindMap } from './queue.ts';
import { enqueueDueSchedules, type Schedule } from './schedules.ts';

export const JOB_POLL_INTERVAL_MS = 1_000;
export const JOB_CONCURRENCY = 8;
export const JOB_CONCURRENCY_MAX = 100;
export const LEASE_RECOVERY_BATCH_SIZE = 100;
/** drain() stops after this many rounds even if jobs keep coming (a job that enqueues itself). */
export const DRAIN_ROUNDS_MAX = 1_000;
/** Slots remembered per runner; older ones are past and never asked for again. */
const REMEMBERED_SLOTS_MAX = 100;

export class JobTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The job did not finish within its timeout of ${timeoutMs} ms.`);
    this.name = 'JobTimeoutError';
  }
}

export interface JobRunnerOptions<K extends JobKinds> {
  /** Unique per runner; it is written into the rows it holds (locked_by). */
  runnerId?: string;
  kinds?: K;
  schedules?: ReadonlyArray<Schedule<K>>;
  concurrency?: number;
  pollIntervalMs?: number;
}

/** What one attempt came to, for the log and for tests. */
export type AttemptOutcome = 'done' | 'retry' | 'failed' | 'lease-lost';

export class JobRunner<K extends JobKinds = AppJobKindMap> {
  readonly id: string;
  private readonly kinds: K;
  private readonly kindNames: string[];
  private readonly schedules: ReadonlyArray<Schedule<K>>;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly inFlight = new Set<Promise<AttemptOutcome>>();
  private readonly enqueuedSlots = new Set<string>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeRequested = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: Deps,
    options: JobRunnerOptions<K> = {},
  ) {
    this.id = options.runnerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
    // Without kinds of its own, the runner takes the app's as registered so far: app.ts registers
    // them when it builds the app, before main.ts or a test builds a runner.
    this.kinds = options.kinds ?? (registeredJobKinds() as unknown as K);
    this.kindNames = Object.keys(this.kinds);
    this.schedules = options.schedules ?? (options.kinds ? [] : (registeredSchedules() as unknown as ReadonlyArray<Schedule<K>>));
    this.concurrency = options.concurrency ?? JOB_CONCURRENCY;
    this.pollIntervalMs = options.pollIntervalMs ?? JOB_POLL_INTERVAL_MS;
    assert(this.concurrency >= 1 && this.concurrency <= JOB_CONCURRENCY_MAX, 'a runner runs 1 to 100 jobs at once');
    assert(this.pollIntervalMs > 0, 'a runner waits between polls');
  }

  /** Starts polling in the background. */
  start(): this {
    assert(!this.loop, 'a runner starts once');
    this.loop = this.pollUntilStopped();
    return this;
  }

  /** Stops polling and resolves once every job in flight has finished (or timed out). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  /**
   * Runs due jobs in rounds (claim up to `concurrency`, run them, wait for all) until none is
   * due. Tests use it to run the queue now instead of waiting for the poll.
   */
  async drain(roundsMax = DRAIN_ROUNDS_MAX): Promise<AttemptOutcome[]> {
    const outcomes: AttemptOutcome[] = [];
    for (let round = 0; round < roundsMax; round++) {
      await recoverExpiredLeases(this.deps.db, LEASE_RECOVERY_BATCH_SIZE);
      const jobs = await claimJobs(this.deps.db, this.id, this.kindNames, this.concurrency);
      if (jobs.length === 0) break;
      outcomes.push(...(await Promise.all(jobs.map((job) => this.attempt(job)))));
    }
    return outcomes;
  }

  /** Enqueues the current slot of every schedule this runner has not enqueued yet. */
  async tickSchedules(now = new Date()): Promise<void> {
    const slots = await enqueueDueSchedules(this.deps.db, this.kinds, this.schedules, now, this.enqueuedSlots);
    for (const slot of slots) this.enqueuedSlots.add(slot.dedupeKey);
    for (const key of this.enqueuedSlots) {
      if (this.enqueuedSlots.size <= REMEMBERED_SLOTS_MAX) break;
      this.enqueuedSlots.delete(key);
    }
  }

  private async pollUntilStopped(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.poll();
      } catch (error) {
        // A lost database connection: log it and poll again later, like any other failure.
        this.deps.log.error({ err: errorText(error), runner: this.id }, 'job runner poll failed');
      }
      await this.sleep(this.pollIntervalMs);
    }
  }

  /** One poll: schedules, then leases that ran out, then claim as many jobs as there are free slots. */
  private async poll(): Promise<void> {
    await this.tickSchedules();
    const recovered = await recoverExpiredLeases(this.deps.db, LEASE_RECOVERY_BATCH_SIZE);
    for (const job of recovered) {
      this.deps.log.warn({ jobId: String(job.id), kind: job.kind, attempts: job.attempts, state: job.state }, 'job lease ran out');
    }
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0 || this.stopping) return;
    const jobs = await claimJobs(this.deps.db, this.id, this.kindNames, free);
    for (const job of jobs) {
      const run = this.attempt(job).finally(() => {
        this.inFlight.delete(run);
        this.wakeUp();
      });
      this.inFlight.add(run);
    }
    // A full claim means more may be due: poll again at once rather than after the interval.
    if (jobs.length === free) this.wakeUp();
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested || this.stopping) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Ends the current sleep, or the next one if the runner is busy polling. */
  private wakeUp(): void {
    if (this.wake) this.wake();
    else this.wakeRequested = true;
  }

  /** Runs one claimed job under its timeout and records the outcome. Never throws. */
  private async attempt(job: ClaimedJob): Promise<AttemptOutcome> {
    const kind = this.kinds[job.kind];
    assert(kind !== undefined, 'a runner claims only kinds it knows');
    const parsed = kind.payload.safeParse(job.payload);
    // A payload its kind no longer accepts fails the same way every time: no retries.
    if (!parsed.success) return this.recordFailure(job, new Error(`The payload does not match its kind: ${parsed.error.message}`), true);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      // Rejects before it aborts: a handler that obeys the signal by returning at once must still
      // count as timed out, not as done.
      timer = setTimeout(() => {
        reject(new JobTimeoutError(job.timeoutMs));
        controller.abort();
      }, job.timeoutMs);
    });
    try {
      const context = {
        deps: this.deps,
        signal: controller.signal,
        jobId: job.id,
        runnerId: this.id,
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
      };
      // The handler runs on after a timeout (JavaScript cannot kill it); the signal asks it to stop.
      await Promise.race([kind.run(parsed.data, context), timedOut]);
      if (controller.signal.aborted) throw new JobTimeoutError(job.timeoutMs);
    } catch (error) {
      return this.recordFailure(job, error);
    } finally {
      clearTimeout(timer);
    }
    try {
      if (await completeJob(this.deps.db, job)) return 'done';
      this.deps.log.warn({ jobId: String(job.id), kind: job.kind, attempt: job.attempt }, 'job finished after its lease was lost');
      return 'lease-lost';
    } catch (error) {
      // The work is done but not recorded: the lease runs out and the job runs again (at least once).
      this.deps.log.error({ jobId: String(job.id), kind: job.kind, err: errorText(error) }, 'job done but not recorded');
      return 'lease-lost';
    }
  }

  private async recordFailure(job: ClaimedJob, error: unknown, hopeless = false): Promise<AttemptOutcome> {
    const kind = this.kinds[job.kind]!;
    const final = hopeless || job.attempt >= job.maxAttempts;
    const retryInMs = final ? null : retryDelayMs(kind.backoff, job.attempt);
    const message = errorText(error);
    // The payload is never logged: it may hold a mail body or another secret.
    const fields = { jobId: String(job.id), kind: job.kind, attempt: job.attempt, maxAttempts: job.maxAttempts, err: message, retryInMs };
    if (final) this.deps.log.error(fields, 'job failed for good');
    else this.deps.log.warn(fields, 'job attempt failed; it will be retried');
    try {
      if (await failJob(this.deps.db, job, message, retryInMs)) return final ? 'failed' : 'retry';
      return 'lease-lost';
    } catch (recordError) {
      this.deps.log.error({ jobId: String(job.id), kind: job.kind, err: errorText(recordError) }, 'job failure not recorded');
      return 'lease-lost';
    }
  }
}

/** The error's message only: error objects can carry request data (a mail's envelope, a body). */
function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
