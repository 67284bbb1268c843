// The stored expiry of hosted API payments, a batch run on the job queue (jobs/batch-runs.ts),
// on the real app and database: the schedule's job opens the minute's run and the run's job
// expires every due hosted payment once, skips the one a payer is paying (3-D Secure under
// way), leaves what is not due or not hosted, counts each item and audits the run and each
// expiry as the system; an idle minute writes nothing. Every reader (the merchant API, its
// list filters, get-api-payments, the checkout page) answers exactly the same for a stored
// expiry as for a derived one. A worker stops at its budget and a continuation job finishes the
// run; a worker whose lease was taken over writes nothing more; two workers on one run at once:
// one works. Each item is settled once, shown by its audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiPaymentsCall, getCheckoutCall, payCheckoutCall } from '@paywallet/contract';
import { countAllRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestApiCredentials, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import type { JobKinds } from '../../jobs/job-kind.ts';
import { JobRunner } from '../../jobs/runner.ts';
import type { Schedule } from '../../jobs/schedules.ts';
import { defineBatchJobKind, defineBatchKind, startBatchRun, workBatchRun, type BatchKind } from '../../jobs/batch-runs.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { API_PAYMENT_EXPIRY_BATCH, API_PAYMENT_JOBS } from './api-payments.jobs.ts';
import { API_PAYMENT_EXPIRY_KIND, expiryPeriodOf, listExpiryItems, type ApiPaymentExpiryItem } from './api-payment-expiry.service.ts';

const PUBLIC_URL = 'https://pay.example.test';
const FUTURE_YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
type Creds = TestApiCredentials;

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let shopCreds: Creds;
let rivalCreds: Creds;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL }, { demo: false });
  shop = await createTestMerchant(t);
  rival = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  shopCreds = await apiCredentialsOf(t, shop);
  rivalCreds = await apiCredentialsOf(t, rival);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

// What these tests read of the merchant API's answers: the wire, whatever module declares its schemas.
interface WirePayment {
  id: string;
  status: string;
  nextAction: { redirectUrl: string } | null;
}
interface WireError {
  error: { code: string };
}

async function api<T = WirePayment>(method: 'GET' | 'POST', path: string, creds: Creds = shopCreds, body?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/merchant/v1${path}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    remoteAddress: '127.0.0.1',
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as T };
}

/** A card-less API payment through the merchant API: paid on the hosted page, or expired. */
async function hosted(creds: Creds = shopCreds, expiresIn = 60) {
  const created = await api('POST', '/payments', creds, { amount: 4_200, currency: 'AED', expiresIn, description: 'A hosted one' });
  expect(created.status).toBe(201);
  const token = created.body.nextAction!.redirectUrl.split('/').pop()!;
  const row = await t.deps.db.selectFrom('api_payments').select('id').where('uuid', '=', created.body.id).executeTakeFirstOrThrow();
  return { uuid: created.body.id, id: row.id, token };
}

/** Its page time ran out two hours ago. */
async function makeDue(payment: { id: bigint }) {
  await t.deps.db
    .updateTable('api_payments')
    .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
    .where('id', '=', payment.id)
    .execute();
}

async function dueHosted(creds: Creds = shopCreds) {
  const payment = await hosted(creds);
  await makeDue(payment);
  return payment;
}

/** A payer on the hosted page with the 3-D Secure card: the payment is claimed while the challenge waits. */
async function payerInChallenge(token: string) {
  const ip = nextIp();
  const opened = await t.call(getCheckoutCall, { token }, { ip });
  expect(opened.code, opened.message).toBe(200);
  const card = { holderName: 'Omar Saleh', number: SANDBOX_CARDS.challenge, expMonth: '09', expYear: FUTURE_YY, cvc: '123' };
  const customer = {
    name: 'Omar Saleh',
    email: 'omar@example.com',
    phone: '+971501112233',
    country: 'United Arab Emirates',
    city: 'Dubai',
  };
  const paying = await t.call(payCheckoutCall, { token, attemptUuid: opened.data.attemptUuid!, customer, card }, { ip });
  expect(paying.code, paying.message).toBe(200);
  expect(paying.data.status).toBe('requires_action');
}

async function statusesOf(ids: readonly bigint[]) {
  const rows = await t.deps.db
    .selectFrom('api_payments')
    .select(['id', 'status', 'payment_status'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.status}:${row.payment_status}`);
}

async function auditRows(action: string) {
  return t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

/** How many expiry audit rows each API payment has: 1 for each expired, never 2. */
async function expiriesBySubject(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await auditRows('api-payment.expire')) counts.set(row.subject_id!, (counts.get(row.subject_id!) ?? 0) + 1);
  return counts;
}

const runOf = (period: string) =>
  t.deps.db
    .selectFrom('batch_runs')
    .selectAll()
    .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
    .where('period', '=', period)
    .executeTakeFirst();

/** A runner of the expiry's kind and schedule only, as main.ts runs every kind. */
function expiryRunner(kinds: JobKinds = API_PAYMENT_JOBS.kinds as unknown as JobKinds, concurrency?: number) {
  const schedules = API_PAYMENT_JOBS.schedules as unknown as ReadonlyArray<Schedule<JobKinds>>;
  return new JobRunner(t.deps, { runnerId: 'expiry-test-runner', kinds, schedules, ...(concurrency ? { concurrency } : {}) });
}

describe('the expiry run', () => {
  it('expires every due hosted payment once, skips the one a payer is paying, leaves the rest, counts and audits', async () => {
    // Proves the first real user of batch runs end to end: schedule -> run -> items, the skip, the counts, the audit.
    const due = [await dueHosted(), await dueHosted(), await dueHosted(), await dueHosted(rivalCreds)];
    const fresh = await hosted(shopCreds, 3_600);
    const paying = await hosted();
    await payerInChallenge(paying.token);
    await makeDue(paying);
    const card = await api('POST', '/payments', shopCreds, {
      amount: 1_000,
      currency: 'AED',
      card: { holderName: 'Jane Doe', number: SANDBOX_CARDS.approved, expMonth: 12, expYear: 2000 + Number(FUTURE_YY), cvc: '123' },
    });
    expect(card.status).toBe(201);

    const runner = expiryRunner();
    await runner.tickSchedules();
    // The schedule's job opens the minute's run and enqueues its job, which the next round runs.
    expect(await runner.drain()).toEqual(['done', 'done']);

    expect(await statusesOf(due.map((p) => p.id))).toEqual(Array(4).fill('3:expired'));
    expect(await statusesOf([fresh.id, paying.id])).toEqual(['1:requires_action', '1:requires_action']);
    const run = (await t.deps.db.selectFrom('batch_runs').selectAll().where('kind', '=', API_PAYMENT_EXPIRY_KIND).execute())[0]!;
    expect(run).toMatchObject({ state: 'done', items_done: 4, items_skipped: 1, items_failed: 0, locked_by: null, last_error: null });
    expect(run.cursor_key).toBe(String(paying.id));
    expect(run.finished_at).not.toBeNull();

    const expiries = await auditRows('api-payment.expire');
    expect(expiries.map((row) => row.subject_id)).toEqual(due.map((p) => p.uuid));
    for (const [index, row] of expiries.entries()) {
      expect(row).toMatchObject({ acting_as: 'system', actor_user_id: null, session_id: null, subject_type: 'api_payment' });
      expect(row.on_behalf_of_user_id).toBe(index === 3 ? rival.id : shop.id);
      expect(row.detail).toMatchObject({ batchRun: String(run.id), kind: API_PAYMENT_EXPIRY_KIND, period: run.period });
    }
    const [start] = await auditRows('batch-run.start');
    const [finish] = await auditRows('batch-run.finish');
    expect(start).toMatchObject({ acting_as: 'system', subject_type: 'batch_run', subject_id: String(run.id) });
    expect(finish!.detail).toMatchObject({ itemsDone: 4, itemsSkipped: 1, itemsFailed: 0 });
    await expectLedgerInvariants(t);
  });

  it('a later run skips the claimed payment while the claim lives, and expires it once the claim has run out', async () => {
    // Proves the skip is not a loss: the item stays due and the next minute's run takes it.
    const [paying] = await t.deps.db
      .selectFrom('api_payments')
      .select(['id', 'uuid'])
      .where('mode', '=', 'hosted')
      .where('status', '=', 1)
      .where('created_at', '<', new Date(Date.now() - 3_600_000))
      .execute();
    const later = expiryPeriodOf(new Date(Date.now() + 60_000));
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, later);
    await expiryRunner().drain();
    expect(await runOf(later)).toMatchObject({ state: 'done', items_done: 0, items_skipped: 1 });

    await t.deps.db
      .updateTable('checkout_claims')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('api_payment_id', '=', paying!.id)
      .execute();
    const evenLater = expiryPeriodOf(new Date(Date.now() + 120_000));
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, evenLater);
    await expiryRunner().drain();
    expect(await runOf(evenLater)).toMatchObject({ state: 'done', items_done: 1, items_skipped: 0 });
    expect(await statusesOf([paying!.id])).toEqual(['3:expired']);
    expect((await expiriesBySubject()).get(paying!.uuid)).toBe(1);
  });

  it('writes nothing in a minute with nothing due, and a run started twice is one run', async () => {
    // Proves an idle schedule leaves no run row, and (kind, period) is unique.
    const before = await countAllRows(t);
    const runner = expiryRunner();
    // Another minute's slot than the first test's: its job runs now and finds nothing due.
    await runner.tickSchedules(new Date(Date.now() - 10 * 60_000));
    expect(await runner.drain()).toEqual(['done']);
    const after = await countAllRows(t);
    expect({ ...after, jobs: before.jobs }).toEqual(before);
    expect(after.jobs).toBe(before.jobs! + 1);

    const period = expiryPeriodOf(new Date(Date.now() + 30 * 60_000));
    expect(await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period)).toEqual({ opened: true, enqueued: true });
    // Started again while it runs: another job, which finds the run done when its turn comes.
    expect(await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period)).toEqual({ opened: false, enqueued: true });
    expect(await expiryRunner(undefined, 1).drain()).toEqual(['done', 'done']);
    expect(await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period)).toEqual({ opened: false, enqueued: false });
    expect(await t.deps.db.selectFrom('batch_runs').select('id').where('period', '=', period).execute()).toHaveLength(1);
    expect((await auditRows('batch-run.start')).filter((row) => (row.detail as { period: string }).period === period)).toHaveLength(1);
  });
});

describe('readers of a stored expiry', () => {
  /** Everything a merchant, their server and a payer (on a page opened before the expiry) can read of one payment. */
  async function everythingRead(payment: { uuid: string; token: string; attemptUuid: string }) {
    const read = await api('GET', `/payments/${payment.uuid}`);
    const inList = async (status: string) =>
      (await api<{ data: WirePayment[] }>('GET', `/payments?status=${status}&perPage=100`)).body.data.some((p) => p.id === payment.uuid);
    const office = await t.call(getApiPaymentsCall, { perPage: 100 }, { token: shop.token });
    const row = office.data.data.find((r) => r.uuid === payment.uuid)!;
    const ip = nextIp();
    const page = await t.call(getCheckoutCall, { token: payment.token }, { ip });
    const before = { ...(await countAllRows(t)), rate_limits: 0 };
    const card = { holderName: 'Omar Saleh', number: SANDBOX_CARDS.approved, expMonth: '09', expYear: FUTURE_YY, cvc: '123' };
    const customer = {
      name: 'Omar Saleh',
      email: 'omar@example.com',
      phone: '+971501112233',
      country: 'United Arab Emirates',
      city: 'Dubai',
    };
    const paid = await t.call(payCheckoutCall, { token: payment.token, attemptUuid: payment.attemptUuid, customer, card }, { ip });
    expect({ ...(await countAllRows(t)), rate_limits: 0 }).toEqual(before);
    const capture = await api<WireError>('POST', `/payments/${payment.uuid}/capture`, shopCreds, {});
    const refund = await api<WireError>('POST', `/payments/${payment.uuid}/refunds`, shopCreds, {});
    return {
      read: { ...read.body },
      listed: { expired: await inList('expired'), requiresAction: await inList('requires_action') },
      office: { status: row.status, status_str: row.status_str, payment_status: row.payment_status, payment_url: row.payment_url },
      page: { code: page.code, state: page.data.state, stateMessage: page.data.stateMessage, attemptUuid: page.data.attemptUuid },
      paid: { status: paid.status, reason: paid.reason, message: paid.message },
      capture: [capture.status, capture.body.error.code],
      refund: [refund.status, refund.body.error.code],
    };
  }

  it('answers exactly what it answered when the expiry was only derived', async () => {
    // Proves the promise of the stored status 3: the merchant API, its filters, the back office
    // and the checkout page read a stored expiry as they read a derived one.
    const made = await hosted();
    const opened = await t.call(getCheckoutCall, { token: made.token }, { ip: nextIp() });
    expect(opened.data.attemptUuid).toEqual(expect.any(String));
    await makeDue(made);
    const payment = { ...made, attemptUuid: opened.data.attemptUuid! };
    const derived = await everythingRead(payment);
    expect(derived.read.status).toBe('expired');
    expect(derived.listed).toEqual({ expired: true, requiresAction: false });
    expect(derived.office).toMatchObject({ status: 3, status_str: 'Expired', payment_status: 'expired' });
    expect(derived.page.state).toBe('expired');
    expect(derived.paid).toMatchObject({ status: 409, reason: 'LINK_EXPIRED' });

    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, expiryPeriodOf(new Date(Date.now() + 3 * 60 * 60_000)));
    await expiryRunner().drain();
    expect(await statusesOf([payment.id])).toEqual(['3:expired']);
    expect(await everythingRead(payment)).toEqual(derived);
  });
});

describe('workers of one run', () => {
  /** The expiry with a budget of `itemsPerJobMax` items per job and pages of `pageSize`. */
  function withBudget(itemsPerJobMax: number, pageSize: number, wrap: Partial<BatchKind<ApiPaymentExpiryItem>> = {}) {
    return defineBatchKind({ ...API_PAYMENT_EXPIRY_BATCH, itemsPerJobMax, pageSize, ...wrap });
  }

  async function dueBatch(count: number) {
    const made = [];
    for (let i = 0; i < count; i++) made.push(await dueHosted());
    return made;
  }

  /** The items a run of `period` will take (the kind's own listing). */
  async function dueBy(period: string): Promise<number> {
    return (await listExpiryItems(t.deps.db, period, null, 500)).length;
  }

  /** The job startBatchRun enqueued, run after workers above finished the run by hand: it finds the run done. */
  async function expectRunJobDoesNothing(period: string): Promise<void> {
    const before = await runOf(period);
    expect(await expiryRunner().drain()).toEqual(['done']);
    expect(await runOf(period)).toEqual(before);
  }

  /** A period of its own for each test, hours ahead, so no run of another test shares it. */
  let periodCounter = 0;
  const freshPeriod = () => expiryPeriodOf(new Date(Date.now() + (4 + ++periodCounter) * 60 * 60_000));

  it('a worker stops at its budget, releases the run, and continuation jobs finish it: each item once', async () => {
    // Proves "resumable": the budget is reached twice, each job continues from the cursor.
    const made = await dueBatch(7);
    const period = freshPeriod();
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period);
    const small = { [API_PAYMENT_EXPIRY_KIND]: defineBatchJobKind(withBudget(3, 2)) } as unknown as JobKinds;
    expect(await expiryRunner(small).drain()).toEqual(['done', 'done', 'done']);
    expect(await runOf(period)).toMatchObject({ state: 'done', items_done: 7, items_skipped: 0, cursor_key: String(made[6]!.id) });
    const expiries = await expiriesBySubject();
    expect(made.map((p) => expiries.get(p.uuid))).toEqual(Array(7).fill(1));
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
      .where('payload', 'is not', null)
      .execute();
    expect(jobs.filter((job) => job.state !== 'done')).toEqual([]);
  });

  it('a worker whose lease was taken over writes nothing more; the new holder finishes: each item once', async () => {
    // Proves the fence: worker A stalls past its lease after 2 items, B claims the run and
    // finishes it, and A's next item is refused by the lease check with nothing written.
    const made = await dueBatch(5);
    const period = freshPeriod();
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period);
    let pages = 0;
    let takenOver: Awaited<ReturnType<typeof workBatchRun>> | undefined;
    const stalling = withBudget(100, 2, {
      async listItems(db, forPeriod, cursor, limit) {
        const page = await API_PAYMENT_EXPIRY_BATCH.listItems(db, forPeriod, cursor, limit);
        if (++pages === 2) {
          // A stalls here past its lease (its time is made to have passed), and B takes the run over.
          await t.deps.db
            .updateTable('batch_runs')
            .set({ locked_until: new Date(Date.now() - 1_000) })
            .where('period', '=', forPeriod)
            .execute();
          takenOver = await workBatchRun(t.deps, API_PAYMENT_EXPIRY_BATCH, forPeriod, { holder: 'worker-b' });
        }
        return page;
      },
    });
    const stalled = await workBatchRun(t.deps, stalling, period, { holder: 'worker-a' });
    expect(stalled).toEqual({ worked: true, state: 'lease-lost', items: 2 });
    expect(takenOver).toEqual({ worked: true, state: 'done', items: 3 });
    expect(await runOf(period)).toMatchObject({ state: 'done', items_done: 5, items_failed: 0, locked_by: null });
    const expiries = await expiriesBySubject();
    expect(made.map((p) => expiries.get(p.uuid))).toEqual(Array(5).fill(1));
    expect(await workBatchRun(t.deps, API_PAYMENT_EXPIRY_BATCH, period, { holder: 'worker-c' })).toEqual({ worked: false, why: 'done' });
    await expectRunJobDoesNothing(period);
  });

  it('an item that fails is counted, audited and passed; the run goes on', async () => {
    // Proves a failing item does not stop the run: its transaction rolls back, the failure is counted.
    const made = await dueBatch(3);
    const period = freshPeriod();
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period);
    const failing = withBudget(100, 10, {
      async handleItem(trx, item, context) {
        if (item.apiPaymentId === made[1]!.id) {
          await API_PAYMENT_EXPIRY_BATCH.handleItem(trx, item, context);
          throw new Error('the item broke after its work');
        }
        return API_PAYMENT_EXPIRY_BATCH.handleItem(trx, item, context);
      },
    });
    expect(await workBatchRun(t.deps, failing, period, { holder: 'worker-f' })).toEqual({ worked: true, state: 'done', items: 3 });
    expect(await runOf(period)).toMatchObject({
      state: 'done',
      items_done: 2,
      items_failed: 1,
      last_error: 'Error: the item broke after its work',
    });
    expect(await statusesOf(made.map((p) => p.id))).toEqual(['3:expired', '1:requires_action', '3:expired']);
    const failures = await auditRows('batch-run.item-fail');
    expect(failures.at(-1)).toMatchObject({ acting_as: 'system', subject_type: 'batch_run' });
    expect(failures.at(-1)!.detail).toMatchObject({ cursor: String(made[1]!.id), error: 'Error: the item broke after its work' });
    await expectRunJobDoesNothing(period);
  });

  it('a job whose run another worker holds waits its turn: its attempt is retried, then it works', async () => {
    // Proves no job ends on a held run: a holder that died leaves a lease that runs out, and the retry takes over.
    const made = await dueBatch(2);
    const period = freshPeriod();
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period);
    const lease = (until: Date) => ({ locked_by: 'a-worker-that-died', locked_until: until });
    await t.deps.db
      .updateTable('batch_runs')
      .set(lease(new Date(Date.now() + 60_000)))
      .where('period', '=', period)
      .execute();
    expect(await expiryRunner().drain()).toEqual(['retry']);
    const waiting = await t.deps.db
      .selectFrom('jobs')
      .select(['id', 'state', 'last_error'])
      .where('kind', '=', API_PAYMENT_EXPIRY_KIND)
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    expect(waiting.last_error).toMatch(/is held by another worker/);
    // Its lease runs out, and the retry's backoff has passed.
    await t.deps.db
      .updateTable('batch_runs')
      .set(lease(new Date(Date.now() - 1_000)))
      .where('period', '=', period)
      .execute();
    await t.deps.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1_000) })
      .where('id', '=', waiting.id)
      .execute();
    expect(await expiryRunner().drain()).toEqual(['done']);
    // The two, and the one the failing item of the test before left due.
    expect(await runOf(period)).toMatchObject({ state: 'done', items_done: 3, locked_by: null });
    expect(await statusesOf(made.map((p) => p.id))).toEqual(['3:expired', '3:expired']);
  });

  it('two workers on one run at once: one works it, the other does not', async () => {
    // Proves the claim: on PostgreSQL the two claims race for real (SKIP LOCKED and the lease).
    const made = await dueBatch(6);
    const period = freshPeriod();
    const items = await dueBy(period);
    expect(items).toBe(6);
    await startBatchRun(t.deps.db, API_PAYMENT_EXPIRY_BATCH, period);
    const results = await Promise.all(
      ['worker-x', 'worker-y'].map((holder) => workBatchRun(t.deps, API_PAYMENT_EXPIRY_BATCH, period, { holder })),
    );
    const worked = results.filter((result) => result.worked);
    expect(worked).toEqual([{ worked: true, state: 'done', items }]);
    expect(results.filter((result) => !result.worked)).toHaveLength(1);
    const expiries = await expiriesBySubject();
    expect(made.map((p) => expiries.get(p.uuid))).toEqual(Array(6).fill(1));
    await expectRunJobDoesNothing(period);
  });
});
