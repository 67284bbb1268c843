// A batch run killed half way and started again settles each item once (PostgreSQL: a second
// process needs a database server). A job runner in a child process (test/job-runner-process.ts)
// works the expiry run of 30 due hosted API payments; the test holds the row of the 12th, so the
// child commits 11 items and then waits on that row inside the 12th item's transaction. It is
// SIGKILLed there. Its leases are then let run out, and a runner in this process recovers the
// job, claims the run and resumes after the cursor: every payment is expired exactly once (one
// audit row each, none missed), the run counts 30, and the job ran twice.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { getMerchantAppSettingsCall } from '@paywallet/contract';
import { childRunnerFixture, onPostgres } from '../../test/child-runner.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { countLockWaiters } from '../../test/lock-waits.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import { API_PAYMENT_EXPIRY_BATCH, API_PAYMENT_JOBS } from './api-payments.jobs.ts';
import { API_PAYMENT_EXPIRY_KIND, expiryPeriodOf } from './api-payment-expiry.service.ts';

const PAYMENTS = 30;
/** The item the child is killed on: the 12th, after 11 committed. */
const BLOCKED = 12;

const fixture = childRunnerFixture('pw-batch-child', { publicUrl: 'https://pay.example.test' });

async function duePayments(count: number): Promise<Array<{ id: bigint; uuid: string }>> {
  const merchant = await createTestMerchant(fixture.t);
  await giveMerchantFees(fixture.t, merchant.id);
  const settings = await fixture.t.call(getMerchantAppSettingsCall, {}, { token: merchant.token });
  const { client_id: clientId, client_secret: clientSecret } = settings.data[0]!;
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret!}`).toString('base64')}`;
  for (let i = 0; i < count; i++) {
    const response = await fixture.t.app.inject({
      method: 'POST',
      url: '/api/merchant/v1/payments',
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 1_000 + i, currency: 'AED', expiresIn: 60 }),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { status: string }).status).toBe('requires_action');
  }
  await fixture.t.deps.db
    .updateTable('api_payments')
    .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
    .execute();
  return fixture.t.deps.db.selectFrom('api_payments').select(['id', 'uuid']).where('mode', '=', 'hosted').orderBy('id').execute();
}

const runOf = (period: string) =>
  fixture.t.deps.db
    .selectFrom('batch_runs')
    .selectAll()
    .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
    .where('period', '=', period)
    .executeTakeFirstOrThrow();

async function expiryAudits(): Promise<string[]> {
  const rows = await fixture.t.deps.db
    .selectFrom('audit_log')
    .select('subject_id')
    .where('action', '=', 'api-payment.expire')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.subject_id!);
}

async function expiredIds(): Promise<bigint[]> {
  const rows = await fixture.t.deps.db.selectFrom('api_payments').select('id').where('status', '=', 3).orderBy('id').execute();
  return rows.map((row) => row.id);
}

describe.skipIf(!onPostgres)('a batch run killed half way (PostgreSQL, a child process)', () => {
  it('is resumed by another runner from its cursor, and settles each item exactly once', { timeout: 240_000 }, async () => {
    const t = fixture.t;
    const payments = await duePayments(PAYMENTS);
    expect(payments).toHaveLength(PAYMENTS);

    // The test holds the 12th payment's row: the child's 12th item waits on it, mid-transaction.
    const holder = new pg.Client({ connectionString: await fixture.databaseUrl('pw-batch-holder') });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM api_payments WHERE id = $1 FOR UPDATE', [String(payments[BLOCKED - 1]!.id)]);

    const period = expiryPeriodOf(new Date(Date.now() + 60_000));
    expect(await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period)).toEqual({ opened: true, enqueued: true });
    const child = await fixture.startChild(API_PAYMENT_EXPIRY_KIND);

    // Half way: 11 items committed, and the child waiting on the row of the 12th.
    await fixture.until('the child to commit 11 items and wait on the 12th', async () => {
      const run = await runOf(period);
      return run.items_done === BLOCKED - 1 && (await countLockWaiters(t.deps.db)) >= 1;
    });
    expect(await expiredIds()).toEqual(payments.slice(0, BLOCKED - 1).map((p) => p.id));
    expect(await expiryAudits()).toHaveLength(BLOCKED - 1);
    await fixture.killChild(child);

    // The dead child's session gets the row, cannot answer, and its transaction is rolled back.
    await holder.query('ROLLBACK');
    await holder.end();
    await fixture.untilChildLeft();
    const killed = await runOf(period);
    expect(killed).toMatchObject({ state: 'running', items_done: BLOCKED - 1, cursor_key: String(payments[BLOCKED - 2]!.id) });
    expect(await expiredIds()).toHaveLength(BLOCKED - 1);

    // Time passes: the leases of the dead runner's job and of its run run out.
    await fixture.expireLeases(API_PAYMENT_EXPIRY_KIND, killed.id);
    expect(await fixture.resume(API_PAYMENT_EXPIRY_KIND, API_PAYMENT_JOBS)).toEqual(['done']);

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
