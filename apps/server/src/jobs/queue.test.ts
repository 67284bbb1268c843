// The job queue on a real database (PGlite, and PostgreSQL in the server-postgres project), with
// real handlers that count their runs, fail, or hang: the outbox (rollback means no job), retries
// with growing delays, timeouts, leases that run out, fencing of a runner that lost its lease,
// and schedules that enqueue at most one job per slot however many runners tick.
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { defineJobKind, enqueueJobOf, retryDelayMs } from './job-kind.ts';
import { completeJob, LEASE_EXPIRED_ERROR } from './queue.repository.ts';
import { enqueueJob, registeredJobKinds, registeredSchedules, registerJobs, type AppJobKindMap, type JobRegistration } from './queue.ts';
import { JobRunner } from './runner.ts';
import type { Schedule } from './schedules.ts';

const runs = new Map<string, number>();
let aborted = 0;
const ZTagged = z.object({ tag: z.string().min(1) });

const TEST_KINDS = {
  'test-count': defineJobKind({
    payload: ZTagged,
    run: async ({ tag }) => void runs.set(tag, (runs.get(tag) ?? 0) + 1),
    timeoutMs: 5_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 1_000, maxDelayMs: 60_000 },
  }),
  'test-fail': defineJobKind({
    payload: ZTagged,
    run: async ({ tag }, { attempt }) => {
      throw new Error(`attempt ${attempt} of ${tag} failed`);
    },
    timeoutMs: 5_000,
    maxAttempts: 4,
    backoff: { baseDelayMs: 1_000, maxDelayMs: 3_000 },
    erasePayload: true,
  }),
  'test-slow': defineJobKind({
    payload: ZTagged,
    // Would take 5 s; stops when its signal says the timeout has passed.
    run: (_payload, { signal }) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        signal.addEventListener('abort', () => {
          aborted += 1;
          clearTimeout(timer);
          resolve();
        });
      }),
    timeoutMs: 100,
    maxAttempts: 2,
    backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 },
  }),
};

describe('job queue', () => {
  let t: TestApp;
  let runner: JobRunner<typeof TEST_KINDS>;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
    runner = new JobRunner(t.deps, { runnerId: 'queue-test-runner', kinds: TEST_KINDS });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    runs.clear();
    aborted = 0;
  });

  const jobRow = (id: bigint) => t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const makeDue = (id: bigint) => sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`.execute(t.deps.db);
  const enqueue = (kind: keyof typeof TEST_KINDS, tag: string) => enqueueJobOf(TEST_KINDS, t.deps.db, kind, { tag });

  it('runs a job whose transaction committed once, and never one whose transaction rolled back', async () => {
    // Proves the outbox: the job is a row of the business transaction and shares its fate.
    const refused = await t.deps.db
      .transaction()
      .execute(async (trx) => {
        await enqueueJobOf(TEST_KINDS, trx, 'test-count', { tag: 'rolled-back' });
        throw new Error('the business change was refused');
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    const id = await t.deps.db.transaction().execute((trx) => enqueueJobOf(TEST_KINDS, trx, 'test-count', { tag: 'committed' }));
    expect(id).toBeTypeOf('bigint');

    expect(await runner.drain()).toEqual(['done']);
    expect(await runner.drain()).toEqual([]);
    expect(Object.fromEntries(runs)).toEqual({ committed: 1 });
    const leftovers = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE payload->>'tag' = 'rolled-back'`.execute(
      t.deps.db,
    );
    expect(leftovers.rows[0]!.n).toBe(0);
    const row = await jobRow(id!);
    expect(row).toMatchObject({
      state: 'done',
      attempts: 1,
      locked_by: null,
      locked_until: null,
      last_error: null,
      payload: { tag: 'committed' },
    });
    expect(row.finished_at).toBeInstanceOf(Date);
  });

  it('refuses a payload its kind does not accept, writing nothing', async () => {
    // Proves enqueue validates against the kind's schema before the insert.
    const before = await t.deps.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(enqueueJobOf(TEST_KINDS, t.deps.db, 'test-count', { tag: '' })).rejects.toThrow();
    const after = await t.deps.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('retries a failing job with growing delays up to max_attempts, keeping attempts and the last error', async () => {
    // Proves the backoff (1 s, 2 s, then the 3 s cap), that a job is not run before its time,
    // that the failure is recorded on each attempt, and that the last attempt fails it for good
    // and erases its payload (the kind says the payload is secret).
    const id = (await enqueue('test-fail', 'flaky'))!;
    const delaysMs: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await runner.drain()).toEqual([attempt < 4 ? 'retry' : 'failed']);
      const row = await jobRow(id);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe(`Error: attempt ${attempt} of flaky failed`);
      if (attempt === 4) break;
      expect(row).toMatchObject({ state: 'queued', locked_by: null, locked_until: null, finished_at: null, payload: { tag: 'flaky' } });
      delaysMs.push(row.run_at.getTime() - row.updated_at.getTime());
      // Not due yet: another round runs nothing.
      expect(await runner.drain()).toEqual([]);
      await makeDue(id);
    }
    expect(delaysMs).toEqual([1_000, 2_000, 3_000]);
    expect(delaysMs).toEqual([1, 2, 3].map((attempt) => retryDelayMs(TEST_KINDS['test-fail'].backoff, attempt)));
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 4, max_attempts: 4, payload: null, locked_by: null });
    expect(failed.finished_at).toBeInstanceOf(Date);
    await makeDue(id);
    expect(await runner.drain()).toEqual([]);
  });

  it('counts a job that exceeds its timeout as a failed attempt, and aborts its handler', async () => {
    // Proves the timeout: the runner stops waiting after 100 ms (not the handler's 5 s), records
    // the attempt as failed with the reason, signals the handler, and retries it later.
    const id = (await enqueue('test-slow', 'sleepy'))!;
    const startedAt = Date.now();
    expect(await runner.drain()).toEqual(['retry']);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(aborted).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'JobTimeoutError: The job did not finish within its timeout of 100 ms.',
    });
    await makeDue(id);
    expect(await runner.drain()).toEqual(['failed']);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('runs again a job whose runner died (its lease ran out), and leaves a live lease alone', async () => {
    // Proves recovery: a running row whose locked_until has passed is queued again and run; one
    // whose lease still holds is not touched; a dead runner's last attempt fails for good; and
    // the dead runner, coming back, cannot record its stale attempt over the new one (fence).
    const orphan = (await enqueue('test-count', 'orphan'))!;
    const held = (await enqueue('test-count', 'held'))!;
    const lastChance = (await enqueue('test-count', 'last-chance'))!;
    await sql`UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'dead-runner', locked_until = now() - interval '1 second'
              WHERE id = ${orphan}`.execute(t.deps.db);
    await sql`UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'live-runner', locked_until = now() + interval '1 hour'
              WHERE id = ${held}`.execute(t.deps.db);
    await sql`UPDATE jobs SET state = 'running', attempts = max_attempts, locked_by = 'dead-runner', locked_until = now() - interval '1 second'
              WHERE id = ${lastChance}`.execute(t.deps.db);

    expect(await runner.drain()).toEqual(['done']);
    expect(Object.fromEntries(runs)).toEqual({ orphan: 1 });
    expect(await jobRow(orphan)).toMatchObject({ state: 'done', attempts: 2, last_error: LEASE_EXPIRED_ERROR });
    expect(await jobRow(held)).toMatchObject({ state: 'running', attempts: 1, locked_by: 'live-runner' });
    expect(await jobRow(lastChance)).toMatchObject({ state: 'failed', attempts: 3, last_error: LEASE_EXPIRED_ERROR });

    const staleAttempt = {
      id: orphan,
      kind: 'test-count',
      payload: {},
      attempt: 1,
      maxAttempts: 3,
      timeoutMs: 5_000,
      runnerId: 'dead-runner',
    };
    expect(await completeJob(t.deps.db, staleAttempt)).toBe(false);
    await sql`UPDATE jobs SET state = 'done', locked_by = NULL, locked_until = NULL, finished_at = now() WHERE id = ${held}`.execute(
      t.deps.db,
    );
  });

  it('enqueues at most one job per schedule slot, however many runners tick', async () => {
    // Proves the schedule's slot key: three runners ticking together, again, and three new
    // runners with no memory of the slot, all enqueue one job for the minute; the next
    // minute gets one more; together the runners run each once.
    const schedules: ReadonlyArray<Schedule<typeof TEST_KINDS>> = [
      { name: 'test-tick', kind: 'test-count', everyMs: 60_000, payload: { tag: 'tick' } },
    ];
    const makeRunners = () =>
      [1, 2, 3].map((n) => new JobRunner(t.deps, { runnerId: `ticker-${n}-${Math.random()}`, kinds: TEST_KINDS, schedules }));
    const slotJobs = async () => {
      const rows = await t.deps.db
        .selectFrom('jobs')
        .select(['dedupe_key', 'run_at'])
        .where('dedupe_key', 'like', 'schedule:test-tick:%')
        .execute();
      return rows.map((row) => row.dedupe_key).sort();
    };
    // A minute boundary in the past, so the slots' jobs are due now.
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    const at = (offsetMs: number) => new Date(minute.getTime() + offsetMs);

    const tickers = makeRunners();
    await Promise.all(tickers.map((ticker) => ticker.tickSchedules(at(1_000))));
    await Promise.all(tickers.map((ticker) => ticker.tickSchedules(at(30_000))));
    await Promise.all(makeRunners().map((ticker) => ticker.tickSchedules(at(59_999))));
    expect(await slotJobs()).toEqual([`schedule:test-tick:${minute.toISOString()}`]);

    await Promise.all([...tickers, ...makeRunners()].map((ticker) => ticker.tickSchedules(at(60_000))));
    expect(await slotJobs()).toEqual([`schedule:test-tick:${minute.toISOString()}`, `schedule:test-tick:${at(60_000).toISOString()}`]);

    await Promise.all(tickers.map((ticker) => ticker.drain()));
    expect(runs.get('tick')).toBe(2);
  });
});

describe('the registry of the app’s kinds', () => {
  it('holds every module’s kinds and schedules once the app is built, and a runner built then runs them', async () => {
    // Proves the modules register with the queue (queue.ts names none of them) and app.ts wires them all.
    const t = await createTestApp({}, { demo: false });
    try {
      expect(Object.keys(registeredJobKinds()).sort()).toEqual([
        'check-ledger-full',
        'check-ledger-incremental',
        'compact-transaction-rollups',
        'deliver-webhook',
        'expire-hosted-api-payments',
        'expire-stale-card-payments',
        'generate-report',
        'process-refund',
        'prune-finished-jobs',
        'prune-idempotency-keys',
        'release-rolling-reserves',
        'remove-expired-reports',
        'send-email',
        'settle-payments',
        'sweep-incomplete-files',
      ]);
      expect(registeredSchedules().map((schedule) => [schedule.name, schedule.everyMs])).toEqual(
        expect.arrayContaining([
          ['prune-finished-jobs', 60 * 60_000],
          ['expire-stale-card-payments', 60_000],
          ['remove-expired-reports', 10 * 60_000],
          ['prune-idempotency-keys', 60 * 60_000],
          ['expire-hosted-api-payments', 60_000],
          ['compact-transaction-rollups', 15_000],
          ['check-ledger-incremental', 60_000],
          ['check-ledger-full', 60 * 60_000],
          ['settle-payments', 24 * 60 * 60_000],
          ['release-rolling-reserves', 15_000],
          ['sweep-incomplete-files', 10 * 60_000],
        ]),
      );
      expect(registeredSchedules()).toHaveLength(11);
      // A kind of a module is enqueued by name, checked against the kind the module registered.
      const id = await t.deps.db.transaction().execute((trx) => enqueueJob(trx, 'remove-expired-reports', {}));
      expect(id).toEqual(expect.any(BigInt));
      await expect(enqueueJob(t.deps.db, 'generate-report', { reportId: 'not a number' })).rejects.toThrow();
      // Building another app registers the same definitions again: nothing changes.
      const again = await createTestApp({}, { demo: false });
      await again.close();
      expect(registeredSchedules()).toHaveLength(11);
      const runner = new JobRunner(t.deps, { runnerId: 'registry-test-runner' });
      expect(await runner.drain()).toEqual(['done']);
    } finally {
      await t.close();
    }
  });

  it('refuses a second definition of a kind or a schedule, and a schedule of a kind nobody registered', () => {
    // Proves two modules cannot claim one name, and a schedule cannot point at nothing.
    const kind = defineJobKind({
      payload: z.object({}).strict(),
      run: async () => undefined,
      timeoutMs: 1_000,
      maxAttempts: 1,
      backoff: { baseDelayMs: 0, maxDelayMs: 0 },
    });
    const kinds = { 'test-registered': kind } as unknown as JobRegistration['kinds'];
    registerJobs({ kinds });
    registerJobs({ kinds });
    expect(() => registerJobs({ kinds: { 'test-registered': { ...kind } } as unknown as JobRegistration['kinds'] })).toThrow(
      "job kind 'test-registered' is defined twice",
    );
    const schedule = { name: 'test-schedule', kind: 'test-unknown', everyMs: 60_000, payload: {} } as unknown as Schedule<AppJobKindMap>;
    expect(() => registerJobs({ kinds: {}, schedules: [schedule] })).toThrow("enqueues the registered kind 'test-unknown'");
    const prune = registeredSchedules().find((known) => known.name === 'prune-finished-jobs')!;
    expect(() => registerJobs({ kinds: {}, schedules: [{ ...prune }] })).toThrow("schedule 'prune-finished-jobs' is defined twice");
  });
});
