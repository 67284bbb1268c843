// Refunds under concurrency (PostgreSQL, real parallel connections): processed plus pending
// refunds never exceed a payment whichever door each refund came through, and each refund is
// paid once. Two payments take 20 parallel refund requests each, all 40 at once: an API payment
// from the back office (create-refund-request) and the merchant API (POST /payments/{id}/refunds),
// a POS sale from the back office and the POS API (POST /refund): the merchant API refunds only
// its own payments and a device only its channel's, so each payment meets the back office and
// its own door. Then the console approves every Pending request in parallel while two job
// runners drain the queue at once. The ledger's invariants end the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProcessRefundCall, createRefundRequestCall, REFUND_REQUEST_STATUS } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants, fundWallet } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { createTestDevice, deviceToken, posApi } from '../../test/pos-device.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';

const PAYMENT_MINOR = 10_000;
const REFUND_MINOR = 1_500;
const REQUESTS_PER_PAYMENT = 20;
/** 6 refunds of 15.00 fit in 100.00; the 7th would not. */
const FITTING = Math.floor(PAYMENT_MINOR / REFUND_MINOR);

let t: TestApp;
let shop: TestMerchant;
let doors: PaymentDoors;
let admin: TestAdmin;
let bearer: string;

beforeAll(async () => {
  t = await createTestApp({ merchantApiRatePerMinute: 1_000 }, { demo: false });
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  doors = await openPaymentDoors(t, shop);
  const device = await createTestDevice(t, shop, [{ userId: shop.id, settings: ['SALE', 'REFUND'] }]);
  bearer = await deviceToken(t, device);
  admin = await createTestAdmin(t);
  await fundWallet(t, shop.wallets.AED!, 1_000_000n, 'AED');
});
afterAll(async () => {
  await t?.close();
});

async function refundsOf(paymentUuid: string) {
  return t.deps.db
    .selectFrom('refund_requests')
    .innerJoin('transactions', 'transactions.id', 'refund_requests.transaction_id')
    .select([
      'refund_requests.id',
      'refund_requests.status',
      'refund_requests.amount',
      'refund_requests.refund_transaction_id',
      'refund_requests.source',
    ])
    .where('transactions.uuid', '=', paymentUuid)
    .execute();
}

async function postedRefundsOf(paymentUuid: string) {
  return t.deps.db
    .selectFrom('transactions')
    .select(['id', 'amount'])
    .where('transaction_type_id', '=', 6)
    .where('reference_id', '=', paymentUuid)
    .execute();
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('refunds under concurrency (PostgreSQL)', () => {
  it('never lets processed plus pending refunds exceed a payment, through every door at once, and pays each refund once', async () => {
    const api = await doors.api(SANDBOX_CARDS.approved);
    expect(api.status).toBe(201);
    const apiUuid = api.body.transactionId!;
    const sale = await posApi(
      t,
      'sale',
      {
        amount: PAYMENT_MINOR,
        currency: 'AED',
        card: {
          holderName: 'Lina Haddad',
          number: SANDBOX_CARDS.approved,
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 3,
          cvc: '123',
        },
      },
      { token: bearer },
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const posUuid = sale.body.transactionId as string;

    const backOffice = (uuid: string, index: number) =>
      t
        .call(
          createRefundRequestCall,
          { transactionId: uuid, amount: REFUND_MINOR, description: `Parallel ${index}`, isPartial: 1 },
          { token: shop.token },
        )
        .then((answer) => answer.reason ?? 'ok');
    const viaApi = () =>
      doors
        .apiCall(`/payments/${apiUuid}/refunds`, { amount: REFUND_MINOR })
        .then((answer) => (answer.status === 201 ? 'ok' : (answer.body as unknown as { error: { code: string } }).error.code));
    const viaPos = () =>
      posApi(t, 'refund', { transactionId: posUuid, amount: REFUND_MINOR }, { token: bearer }).then((answer) =>
        answer.status === 200 ? 'ok' : answer.body.error!.code,
      );
    const half = REQUESTS_PER_PAYMENT / 2;
    const outcomes = await Promise.all([
      ...Array.from({ length: half }, (_, index) => backOffice(apiUuid, index)),
      ...Array.from({ length: half }, () => viaApi()),
      ...Array.from({ length: half }, (_, index) => backOffice(posUuid, 100 + index)),
      ...Array.from({ length: half }, () => viaPos()),
    ]);
    // Per payment: exactly as many refunds as fit were accepted; every other one was refused by name.
    for (const part of [outcomes.slice(0, REQUESTS_PER_PAYMENT), outcomes.slice(REQUESTS_PER_PAYMENT)]) {
      expect(part.filter((outcome) => outcome === 'ok')).toHaveLength(FITTING);
      expect(new Set(part.filter((outcome) => outcome !== 'ok'))).toEqual(new Set(['REFUND_EXCEEDS_REMAINING']));
    }
    for (const uuid of [apiUuid, posUuid]) {
      const open = (await refundsOf(uuid)).filter((row) => row.status !== REFUND_REQUEST_STATUS.CANCELED);
      expect(open.reduce((sum, row) => sum + row.amount, 0n)).toBeLessThanOrEqual(BigInt(PAYMENT_MINOR));
    }

    // The console approves every Pending request at once, twice each, while two runners drain the queue.
    const pending = [...(await refundsOf(apiUuid)), ...(await refundsOf(posUuid))].filter(
      (row) => row.status === REFUND_REQUEST_STATUS.PENDING,
    );
    const approvals = await Promise.all(
      [...pending, ...pending].map((row) =>
        t
          .call(adminProcessRefundCall, { refundId: Number(row.id), status: 2 }, { token: admin.token })
          .then((answer) => answer.reason ?? 'ok'),
      ),
    );
    expect(approvals.filter((outcome) => outcome === 'ok')).toHaveLength(pending.length);
    expect(new Set(approvals.filter((outcome) => outcome !== 'ok'))).toEqual(
      pending.length > 0 ? new Set(['REFUND_NOT_PENDING']) : new Set(),
    );
    await Promise.all([
      new JobRunner(t.deps, { runnerId: 'refunds-runner-a', pollIntervalMs: 20 }).drain(),
      new JobRunner(t.deps, { runnerId: 'refunds-runner-b', pollIntervalMs: 20 }).drain(),
    ]);

    for (const uuid of [apiUuid, posUuid]) {
      const rows = await refundsOf(uuid);
      const processed = rows.filter((row) => row.status === REFUND_REQUEST_STATUS.PROCESSED);
      expect(processed).toHaveLength(FITTING);
      expect(rows.every((row) => row.status === REFUND_REQUEST_STATUS.PROCESSED)).toBe(true);
      // Each refund paid once: one type 6 transaction per processed request, none besides.
      const posted = await postedRefundsOf(uuid);
      expect(posted.map((row) => row.id).sort()).toEqual(processed.map((row) => row.refund_transaction_id).sort());
      expect(posted.reduce((sum, row) => sum + row.amount, 0n)).toBe(BigInt(FITTING * REFUND_MINOR));
      const payment = await t.deps.db
        .selectFrom('merchant_payments')
        .innerJoin('transactions', 'transactions.id', 'merchant_payments.transaction_id')
        .select(['merchant_payments.refunded_amount', 'merchant_payments.captured_amount'])
        .where('transactions.uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      expect(payment).toEqual({ refunded_amount: BigInt(FITTING * REFUND_MINOR), captured_amount: BigInt(PAYMENT_MINOR) });
    }
    await expectLedgerInvariants(t);
  });
});
