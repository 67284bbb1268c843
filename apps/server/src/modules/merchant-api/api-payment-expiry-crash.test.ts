// A batch run killed half way and started again settles each item once (PostgreSQL: a second
// process needs a database server). A job runner in a child process (test/job-runner-process.ts)
// works the expiry run of 30 due hosted API payments; the test holds the row of the 12th, so the
// child commits 11 items and then waits on that row inside the 12th item's transaction. It is
// SIGKILLed there. Its leases are then let run out, and a runner in this process recovers the
// job, claims the run and resumes after the cursor: every payment is expired exactly once (one
// audit row each, none missed), the run counts 30, and the job ran twice.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { getMerchantAppSettingsCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { countLockWaiters } from '../../test/lock-waits.ts';
import type { JobKinds } from '../../jobs/job-kind.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import { API_PAYMENT_EXPIRY_BATCH, API_PAYMENT_JOBS } from './api-payments.jobs.ts';
import { API_PAYMENT_EXPIRY_KIND, expiryPeriodOf } from './api-payment-expiry.service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const CHILD_APP = 'pw-batch-child';
const PAYMENTS = 30;
/** The item the child is killed on: the 12th, after 11 committed. */
const BLOCKED = 12;
const WAIT_MAX_MS = 120_000;

let t: TestApp;
let child: ChildProcess | undefined;
let childOutput = '';
let dataDir: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ publicUrl: 'https://pay.example.test' }, { demo: false });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-batch-child-'));
});
afterAll(async () => {
  if (!onPostgres) return;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await expectLedgerInvariants(t);
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Polls `condition` until it holds; the child's output explains a timeout. */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MAX_MS;
  while (!(await condition())) {
    if (child && child.exitCode !== null)
      throw new Error(`the child exited (${child.exitCode}) while waiting for ${what}:\n${childOutput}`);
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MAX_MS} ms:\n${childOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** This test file's own database, as a URL another client or process can open, its sessions named. */
async function databaseUrl(applicationName: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.deps.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

async function duePayments(count: number): Promise<Array<{ id: bigint; uuid: string }>> {
  const merchant = await createTestMerchant(t);
  await giveMerchantFees(t, merchant.id);
  const settings = await t.call(getMerchantAppSettingsCall, {}, { token: merchant.token });
  const { client_id: clientId, client_secret: clientSecret } = settings.data[0]!;
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret!}`).toString('base64')}`;
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/v1/payments',
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 1_000 + i, currency: 'AED', expiresIn: 60 }),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { status: string }).status).toBe('requires_action');
  }
  await t.deps.db
    .updateTable('api_payments')
    .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
    .execute();
  return t.deps.db.selectFrom('api_payments').select(['id', 'uuid']).where('mode', '=', 'hosted').orderBy('id').execute();
}

const runOf = (period: string) =>
  t.deps.db
    .selectFrom('batch_runs')
    .selectAll()
    .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
    .where('period', '=', period)
    .executeTakeFirstOrThrow();

async function expiryAudits(): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('audit_log')
    .select('subject_id')
    .where('action', '=', 'api-payment.expire')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.subject_id!);
}

async function expiredIds(): Promise<bigint[]> {
  const rows = await t.deps.db.selectFrom('api_payments').select('id').where('status', '=', 3).orderBy('id').execute();
  return rows.map((row) => row.id);
}

async function childSessions(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${CHILD_APP} AND datname = current_database()`.execute(t.deps.db);
  return Number(rows[0]!.n);
}

describe.skipIf(!onPostgres)('a batch run killed half way (PostgreSQL, a child process)', () => {
  it('is resumed by another runner from its cursor, and settles each item exactly once', { timeout: 240_000 }, async () => {
    const payments = await duePayments(PAYMENTS);
    expect(payments).toHaveLength(PAYMENTS);
    const url = await databaseUrl(CHILD_APP);

    // The test holds the 12th payment's row: the child's 12th item waits on it, mid-transaction.
    const holder = new pg.Client({ connectionString: await databaseUrl('pw-batch-holder') });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM api_payments WHERE id = $1 FOR UPDATE', [String(payments[BLOCKED - 1]!.id)]);

    const period = expiryPeriodOf(new Date(Date.now() + 60_000));
    expect(await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period)).toEqual({ opened: true, enqueued: true });
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/job-runner-process.ts', API_PAYMENT_EXPIRY_KIND], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: url, DATA_DIR: dataDir, BOT_CHECK: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));

    // Half way: 11 items committed, and the child waiting on the row of the 12th.
    await until('the child to commit 11 items and wait on the 12th', async () => {
      const run = await runOf(period);
      return run.items_done === BLOCKED - 1 && (await countLockWaiters(t.deps.db)) >= 1;
    });
    expect(await expiredIds()).toEqual(payments.slice(0, BLOCKED - 1).map((p) => p.id));
    expect(await expiryAudits()).toHaveLength(BLOCKED - 1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The dead child's session gets the row, cannot answer, and its transaction is rolled back.
    await holder.query('ROLLBACK');
    await holder.end();
    await until('the dead child to leave the database', async () => (await childSessions()) === 0);
    const killed = await runOf(period);
    expect(killed).toMatchObject({ state: 'running', items_done: BLOCKED - 1, cursor_key: String(payments[BLOCKED - 2]!.id) });
    expect(await expiredIds()).toHaveLength(BLOCKED - 1);

    // Time passes: the leases of the dead runner's job and of its run run out.
    await t.deps.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
      .where('state', '=', 'running')
      .execute();
    await t.deps.db
      .updateTable('batch_runs')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', killed.id)
      .execute();

    const kinds = { [API_PAYMENT_EXPIRY_KIND]: (API_PAYMENT_JOBS.kinds as unknown as JobKinds)[API_PAYMENT_EXPIRY_KIND]! };
    expect(await new JobRunner(t.deps, { runnerId: 'resuming-runner', kinds }).drain()).toEqual(['done']);

    const run = await runOf(period);
    expect(run).toMatchObject({ state: 'done', items_done: PAYMENTS, items_skipped: 0, items_failed: 0, locked_by: null });
    expect(run.cursor_key).toBe(String(payments[PAYMENTS - 1]!.id));
    expect(await expiredIds()).toEqual(payments.map((p) => p.id));
    // Each payment expired exactly once: one audit row each, in the order of the cursor.
    expect(await expiryAudits()).toEqual(payments.map((p) => p.uuid));
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 2 });
    const runAudits = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(run.id))
      .where('subject_type', '=', 'batch_run')
      .orderBy('id')
      .execute();
    expect(runAudits.map((row) => row.action)).toEqual(['batch-run.start', 'batch-run.finish']);
  });
});
