// Several runners on one database, as on several nodes: each started with its own id and its
// own polling loop. Together they drain a batch exactly once each and never run one job in two
// places at once; and stopping a runner waits for the job it is running.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { defineJobKind, enqueueJobOf } from './job-kind.ts';
import { claimJobs } from './queue.repository.ts';
import { JobRunner } from './runner.ts';

const BATCH_SIZE = 200;
const RUNNERS = 3;
const WAIT_MAX_MS = 30_000;

const executions = new Map<bigint, number>();
const ranBy = new Map<string, number>();
const running = new Set<bigint>();
let overlaps = 0;
let releaseGate: () => void = () => {};
let gateEntered = false;

const TEST_KINDS = {
  'test-tracked': defineJobKind({
    payload: z.object({ n: z.number().int() }),
    // Holds the job across a few event-loop turns, so a second runner holding it too would show.
    run: async (_payload, { jobId, runnerId }) => {
      if (running.has(jobId)) overlaps += 1;
      running.add(jobId);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
      running.delete(jobId);
      executions.set(jobId, (executions.get(jobId) ?? 0) + 1);
      ranBy.set(runnerId, (ranBy.get(runnerId) ?? 0) + 1);
    },
    timeoutMs: 10_000,
    maxAttempts: 3,
    backoff: { baseDelayMs: 1_000, maxDelayMs: 1_000 },
  }),
  // Never run: the claim race below only claims these.
  'test-idle': defineJobKind({
    payload: z.object({ n: z.number().int() }),
    run: async () => {},
    timeoutMs: 10_000,
    maxAttempts: 1,
    backoff: { baseDelayMs: 0, maxDelayMs: 0 },
  }),
  'test-gated': defineJobKind({
    payload: z.object({}),
    run: () =>
      new Promise<void>((resolve) => {
        gateEntered = true;
        releaseGate = resolve;
      }),
    timeoutMs: 10_000,
    maxAttempts: 1,
    backoff: { baseDelayMs: 0, maxDelayMs: 0 },
  }),
};

async function waitFor(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let waitedMs = 0; !(await condition()); waitedMs += 10) {
    if (waitedMs > WAIT_MAX_MS) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('job runners on one database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`drains ${BATCH_SIZE} jobs with ${RUNNERS} runners, each job exactly once and never twice at a time`, async () => {
    // Proves the claim (FOR UPDATE SKIP LOCKED under a lease) keeps runners apart: every job is
    // run once, no job is held by two runners at once, every runner takes a share, and every
    // row ends done after one attempt.
    const ids = await t.deps.db.transaction().execute(async (trx) => {
      const made: bigint[] = [];
      for (let n = 0; n < BATCH_SIZE; n++) made.push((await enqueueJobOf(TEST_KINDS, trx, 'test-tracked', { n }))!);
      return made;
    });
    const runners = Array.from(
      { length: RUNNERS },
      (_, index) => new JobRunner(t.deps, { runnerId: `node-${index + 1}`, kinds: TEST_KINDS, concurrency: 5, pollIntervalMs: 10 }),
    );
    const startedAt = Date.now();
    for (const runner of runners) runner.start();
    await waitFor(() => [...executions.values()].reduce((sum, count) => sum + count, 0) >= BATCH_SIZE);
    await Promise.all(runners.map((runner) => runner.stop()));
    const elapsedMs = Date.now() - startedAt;

    expect(overlaps).toBe(0);
    expect(executions.size).toBe(BATCH_SIZE);
    expect([...executions.values()].every((count) => count === 1)).toBe(true);
    expect([...ranBy.keys()].sort()).toEqual(['node-1', 'node-2', 'node-3']);
    const rows = await t.deps.db.selectFrom('jobs').select(['state', 'attempts']).where('id', 'in', ids).execute();
    expect(rows).toHaveLength(BATCH_SIZE);
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    console.info(`${BATCH_SIZE} jobs, ${RUNNERS} runners: ${elapsedMs} ms; shares ${JSON.stringify(Object.fromEntries(ranBy))}`);
  });

  it('hands each job to one claimer when many claims race', async () => {
    // Proves the claim statement itself, under more contention than polling runners make: a
    // claim takes no more than its limit, 30 claims at once (10 runners x 3) over 200 due jobs
    // never return one job twice, and each claimed row names the runner that got it.
    const ids = await t.deps.db.transaction().execute(async (trx) => {
      const made: bigint[] = [];
      for (let n = 0; n < BATCH_SIZE; n++) made.push((await enqueueJobOf(TEST_KINDS, trx, 'test-idle', { n }))!);
      return made;
    });
    // One claim takes exactly its limit, however many are due.
    const first = await claimJobs(t.deps.db, 'racer-first', ['test-idle'], 10);
    expect(first).toHaveLength(10);
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, index) => claimJobs(t.deps.db, `racer-${index % 10}`, ['test-idle'], 10)),
    );
    expect(claims.every((claim) => claim.length <= 10)).toBe(true);
    const claimed = [...first, ...claims.flat()];
    expect(new Set(claimed.map((job) => job.id)).size).toBe(claimed.length);
    expect(claimed.length).toBeGreaterThan(0);
    const rows = await t.deps.db.selectFrom('jobs').select(['id', 'state', 'locked_by', 'attempts']).where('id', 'in', ids).execute();
    const holder = new Map(claimed.map((job) => [job.id, job.runnerId]));
    for (const row of rows) {
      if (holder.has(row.id)) expect(row).toMatchObject({ state: 'running', locked_by: holder.get(row.id), attempts: 1 });
      else expect(row).toMatchObject({ state: 'queued', locked_by: null, attempts: 0 });
    }
  });

  it('stops only once the job in flight has finished', async () => {
    // Proves stop(): it does not resolve while a claimed job runs, and the job is recorded done
    // before it resolves, so main.ts may close the database right after.
    const id = (await enqueueJobOf(TEST_KINDS, t.deps.db, 'test-gated', {}))!;
    const runner = new JobRunner(t.deps, { runnerId: 'stopping-node', kinds: TEST_KINDS, pollIntervalMs: 10 }).start();
    await waitFor(() => gateEntered);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    releaseGate();
    await stopping;
    const row = await t.deps.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', attempts: 1 });
  });
});
