// A batch run's job worked by a runner in a child process that a test kills half way, and
// resumed by a runner in the test's own process (PostgreSQL only: a second process needs a
// database server). The fixture opens the test app and a data folder for the child before the
// file's tests and, after them, kills a child still alive, checks the ledger's invariants and
// closes the app. It gives the steps such a test takes: wait for a condition (the child's output
// explains a timeout or an early exit), this test database's URL for another client, start the
// child runner on one job kind, kill it, wait until its sessions have left the database, let the
// dead runner's leases run out, and resume with a runner here.
// Used by merchant-api/api-payment-expiry-crash.test.ts, settlements/settlements-concurrency.test.ts
// and lib/file-store/half-written-files.test.ts (with a child script of its own).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { JobKinds } from '../jobs/job-kind.ts';
import type { JobRegistration } from '../jobs/queue.ts';
import { JobRunner } from '../jobs/runner.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { expectLedgerInvariants } from './money.ts';

/** These tests run on PostgreSQL only. */
export const onPostgres = process.env.TEST_DB === 'postgres';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const WAIT_MAX_MS = 120_000;
const POLL_STEP_MS = 25;

export interface StartedChild {
  exited: Promise<NodeJS.Signals | null>;
}

export interface ChildRunnerFixture {
  /** The test app (opened before the file's tests, on PostgreSQL only). */
  readonly t: TestApp;
  /** Polls `condition` until it holds; throws with the child's output if it exits or 120 s pass. */
  until(what: string, condition: () => Promise<boolean>): Promise<void>;
  /** This test file's own database, as a URL another client or process can open, its sessions named. */
  databaseUrl(applicationName: string): Promise<string>;
  /**
   * Starts the child runner working jobs of `kind`; `exited` resolves with the signal it exits on.
   * With `script`, starts that child script instead, `kind` being its one argument.
   */
  startChild(kind: string, script?: string): Promise<StartedChild>;
  /** SIGKILLs the child and waits for it to exit. */
  killChild(started: StartedChild): Promise<void>;
  /**
   * Waits until the dead child's sessions have left the database. A session waiting on a row
   * lock notices its client is gone only when it gets the row: release the holder first.
   */
  untilChildLeft(): Promise<void>;
  /** Time passes: the leases of the dead runner's running jobs of `kind` and of its batch run run out. */
  expireLeases(kind: string, batchRunId: bigint): Promise<void>;
  /** A runner in this process working `kind` (of `jobs`) until nothing is left; answers its outcomes. */
  resume(kind: string, jobs: JobRegistration): Promise<string[]>;
}

/**
 * Registers the file's setup and teardown and answers the fixture. `name` names the child's
 * database sessions (`application_name`) and its data folder.
 */
export function childRunnerFixture(name: string, config: Partial<Config> = {}): ChildRunnerFixture {
  let t: TestApp | undefined;
  let child: ChildProcess | undefined;
  let childOutput = '';
  let dataDir: string;

  beforeAll(async () => {
    if (!onPostgres) return;
    t = await createTestApp(config, { demo: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  });
  afterAll(async () => {
    if (!onPostgres) return;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await expectLedgerInvariants(app());
    await app().close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function app(): TestApp {
    if (!t) throw new Error('the child-runner fixture runs on PostgreSQL only (TEST_DB=postgres)');
    return t;
  }

  async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + WAIT_MAX_MS;
    while (!(await condition())) {
      if (child && child.exitCode !== null)
        throw new Error(`the child exited (${child.exitCode}) while waiting for ${what}:\n${childOutput}`);
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MAX_MS} ms:\n${childOutput}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_STEP_MS));
    }
  }

  async function databaseUrl(applicationName: string): Promise<string> {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(app().deps.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  }

  async function childSessions(): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${name} AND datname = current_database()`.execute(app().deps.db);
    return Number(rows[0]!.n);
  }

  return {
    get t() {
      return app();
    },
    until,
    databaseUrl,
    async startChild(kind, script = 'apps/server/src/test/job-runner-process.ts') {
      const url = await databaseUrl(name);
      const started = spawn(process.execPath, ['--import', 'tsx', script, kind], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url, DATA_DIR: dataDir, BOT_CHECK: 'off', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      return { exited: new Promise<NodeJS.Signals | null>((resolve) => started.once('exit', (_code, signal) => resolve(signal))) };
    },
    async killChild(started) {
      child?.kill('SIGKILL');
      expect(await started.exited).toBe('SIGKILL');
    },
    async untilChildLeft() {
      await until('the dead child to leave the database', async () => (await childSessions()) === 0);
    },
    async expireLeases(kind, batchRunId) {
      const db = app().deps.db;
      const past = new Date(Date.now() - 1_000);
      await db.updateTable('jobs').set({ locked_until: past }).where('kind', '=', kind).where('state', '=', 'running').execute();
      await db.updateTable('batch_runs').set({ locked_until: past }).where('id', '=', batchRunId).execute();
    },
    async resume(kind, jobs) {
      const kinds = { [kind]: (jobs.kinds as unknown as JobKinds)[kind]! };
      return new JobRunner(app().deps, { runnerId: 'resuming-runner', kinds }).drain();
    },
  };
}
