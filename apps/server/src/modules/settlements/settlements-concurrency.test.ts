// Settlement runs at once and a run killed half way (PostgreSQL: real concurrency and a second
// process need a database server). Merchants with payments on their online and POS channels,
// aggregate with a reserve or direct:
// - four runs started at once (two by hand with different cut-offs, one merchant's by hand, and
//   the schedule's day run), worked by four workers in parallel: each payment is settled by
//   exactly one settlement, each settlement posts once, the wallets' on-hold balances are empty;
// - a runner in a child process killed inside an item (the test holds a payment's row) and a
//   runner in this process resuming after the lease runs out: each payment settled exactly once.
// Both end with the ledger invariants.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { childRunnerFixture, onPostgres } from '../../test/child-runner.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors } from '../../test/payment-doors.ts';
import { countLockWaiters } from '../../test/lock-waits.ts';
import { startBatchRun, workBatchRun } from '../../jobs/batch-runs.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { SETTLEMENT_BATCH, SETTLEMENT_JOBS } from './settlements.jobs.ts';
import { manualPeriod, setSettlementConfig, SETTLEMENT_RUN_KIND } from './settlements.service.ts';

const fixture = childRunnerFixture('pw-settle-child', { merchantApiRatePerMinute: 1_000 });

/** Merchants, each configured (aggregate 10% or direct), with `perChannel` payments on its online and POS channels. */
async function merchantsWithPayments(count: number, perChannel: number): Promise<TestMerchant[]> {
  const merchants: TestMerchant[] = [];
  for (let i = 0; i < count; i++) {
    const merchant = await createTestMerchant(fixture.t);
    await giveMerchantFees(fixture.t, merchant.id);
    await setSettlementConfig(fixture.t.deps.db, {
      merchantUserId: merchant.id,
      channelId: null,
      type: i % 2 === 0 ? 1 : 2,
      schedule: 'daily',
      delayDays: 1,
      reserveBps: i % 2 === 0 ? 1000 : 0,
      reserveHoldSeconds: 86_400,
    });
    const doors = await openPaymentDoors(fixture.t, merchant);
    for (let p = 0; p < perChannel; p++) {
      expect((await doors.api(SANDBOX_CARDS.approved)).status).toBe(201);
      expect((await doors.pos(SANDBOX_CARDS.approved)).status).toBe(200);
    }
    merchants.push(merchant);
  }
  return merchants;
}

async function unsettledPayments(userIds: readonly bigint[]): Promise<number> {
  const row = await fixture.t.deps.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('receiver_user_id', 'in', userIds)
    .where('transaction_type_id', 'in', [8, 9, 10])
    .where('settlement_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each merchant's payments are all in settlements, the settlements count them once, and their postings moved exactly what they left on hold. */
async function expectSettledOnce(merchants: readonly TestMerchant[], paymentsEach: number): Promise<void> {
  const ids = merchants.map((merchant) => merchant.id);
  expect(await unsettledPayments(ids)).toBe(0);
  const settlements = await fixture.t.deps.db
    .selectFrom('settlements')
    .select(['id', 'transactions_count', 'amount', 'fee', 'vat', 'transaction_id'])
    .where('merchant_user_id', 'in', ids)
    .execute();
  expect(settlements.reduce((sum, row) => sum + row.transactions_count, 0)).toBe(merchants.length * paymentsEach);
  // One posting per settlement, of the settlement amount.
  for (const row of settlements) {
    const posting = await fixture.t.deps.db
      .selectFrom('transactions')
      .select('amount')
      .where('id', '=', row.transaction_id!)
      .executeTakeFirstOrThrow();
    expect(posting.amount).toBe(row.amount - row.fee - row.vat);
  }
  const postings = await fixture.t.deps.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('transaction_type_id', 'in', [7, 12])
    .where('sender_user_id', 'in', ids)
    .executeTakeFirstOrThrow();
  expect(Number(postings.n)).toBe(settlements.length);
  for (const merchant of merchants) {
    const wallet = await fixture.t.deps.db
      .selectFrom('wallet_balances as wallets')
      .select('balance_on_hold')
      .where('id', '=', merchant.wallets.AED!)
      .executeTakeFirstOrThrow();
    expect(wallet.balance_on_hold).toBe(0n);
  }
}

describe.skipIf(!onPostgres)('settlement runs at once (PostgreSQL)', () => {
  it('four runs worked in parallel settle each payment exactly once', { timeout: 240_000 }, async () => {
    const t = fixture.t;
    const merchants = await merchantsWithPayments(6, 2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = Date.now();
    const tomorrow = new Date(now + 86_400_000).toISOString().slice(0, 10);
    const periods = [
      manualPeriod(new Date(now), null),
      manualPeriod(new Date(now - 1), null),
      manualPeriod(new Date(now), merchants[3]!.id),
      `day:${tomorrow}`,
    ];
    for (const period of periods) await startBatchRun(t.deps.db, SETTLEMENT_BATCH, period);
    const results = await Promise.all(
      periods.map((period, index) => workBatchRun(t.deps, SETTLEMENT_BATCH, period, { holder: `worker-${index}` })),
    );
    for (const result of results) expect(result).toMatchObject({ worked: true, state: 'done' });

    await expectSettledOnce(merchants, 4);
    const runs = await t.deps.db
      .selectFrom('batch_runs')
      .selectAll()
      .where('kind', '=', SETTLEMENT_RUN_KIND)
      .where('period', 'in', periods)
      .execute();
    expect(runs.every((run) => run.state === 'done' && run.items_failed === 0)).toBe(true);
    // 12 items (6 merchants, 2 channels): settled by one run each; the other runs found them taken.
    expect(runs.reduce((sum, run) => sum + run.items_done, 0)).toBe(12);
    await expectLedgerInvariants(t);
  });

  it('a runner killed inside an item, and another resuming, settle each payment exactly once', { timeout: 240_000 }, async () => {
    const t = fixture.t;
    const merchants = await merchantsWithPayments(4, 2);
    // The items in cursor order (wallet, channel): the test holds a payment of the 5th, so the child commits 4 and waits.
    const payments = await t.deps.db
      .selectFrom('transactions')
      .select(['id', 'receiver_account_id', 'channel_id'])
      .where(
        'receiver_user_id',
        'in',
        merchants.map((merchant) => merchant.id),
      )
      .where('settlement_id', 'is', null)
      .orderBy('receiver_account_id')
      .orderBy('channel_id')
      .orderBy('id')
      .execute();
    const items = [...new Set(payments.map((row) => `${row.receiver_account_id}:${row.channel_id}`))];
    expect(items).toHaveLength(8);
    const blocked = payments.find((row) => `${row.receiver_account_id}:${row.channel_id}` === items[4])!;

    const holder = new pg.Client({ connectionString: await fixture.databaseUrl('pw-settle-holder') });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM transactions WHERE id = $1 FOR UPDATE', [String(blocked.id)]);

    const period = manualPeriod(new Date(), null);
    await startBatchRun(t.deps.db, SETTLEMENT_BATCH, period);
    const child = await fixture.startChild(SETTLEMENT_RUN_KIND);
    const runOf = () =>
      t.deps.db
        .selectFrom('batch_runs')
        .selectAll()
        .where('kind', '=', SETTLEMENT_RUN_KIND)
        .where('period', '=', period)
        .executeTakeFirstOrThrow();

    await fixture.until(
      'the child to settle 4 items and wait on the 5th',
      async () => (await runOf()).items_done === 4 && (await countLockWaiters(t.deps.db)) >= 1,
    );
    await fixture.killChild(child);
    await holder.query('ROLLBACK');
    await holder.end();
    await fixture.untilChildLeft();
    const killed = await runOf();
    expect(killed).toMatchObject({ state: 'running', items_done: 4, cursor_key: items[3] });
    expect(await unsettledPayments(merchants.map((merchant) => merchant.id))).toBe(8);

    // The leases run out; a runner here recovers the job and resumes after the cursor.
    await fixture.expireLeases(SETTLEMENT_RUN_KIND, killed.id);
    expect(await fixture.resume(SETTLEMENT_RUN_KIND, SETTLEMENT_JOBS)).toEqual(['done']);

    expect(await runOf()).toMatchObject({ state: 'done', items_done: 8, items_failed: 0, cursor_key: items[7] });
    await expectSettledOnce(merchants, 4);
    const audits = await t.deps.db
      .selectFrom('audit_log')
      .select('subject_id')
      .where('action', '=', 'settlement.post')
      .where(
        'on_behalf_of_user_id',
        'in',
        merchants.map((m) => m.id),
      )
      .execute();
    expect(audits).toHaveLength(8);
  });
});
