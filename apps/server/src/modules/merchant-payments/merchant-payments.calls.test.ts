// The calls of the merchant payments core through the real app: get-transaction-attempts (the
// merchant's own transactions only; staff with Transactions), the console's fee schedule
// (administrators only, audited), and on PostgreSQL refunds under concurrency and payments and
// captures into one merchant's wallet, which each move last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGetFeeScheduleCall, adminUpdateFeeScheduleCall, getTransactionAttemptsCall } from '@paywallet/contract';
import { sql } from 'kysely';
import { createTestApp, countRows, type TestApp } from '../../test/harness.ts';
import { gate } from '../../test/lock-waits.ts';
import { CREDIT_SLOTS } from '../ledger/ledger.service.ts';
import { bucketParts, expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestAdmin, type TestAdmin } from '../../test/admin.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { AppError } from '../../transport/errors.ts';
import { openAttempt } from './attempts.service.ts';
import { chargeCard, checkPaymentCard } from './merchant-payments.service.ts';
import { refundPayment } from './refund.service.ts';
import { capturePayment } from './capture.service.ts';
import { getPayment } from './payment-views.ts';

let t: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;
let admin: TestAdmin;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createTestMerchant(t, {
    currencies: ['AED'],
    staff: [{ features: ['transactions'] }, { features: ['merchant-customers'] }],
  });
  other = await createTestMerchant(t, { currencies: ['AED'] });
  await giveMerchantFees(t, merchant.id);
  admin = await createTestAdmin(t);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

async function pay(amountMinor = 10_000n, customerEmail = 'rana@example.com', capture: 'automatic' | 'manual' = 'automatic') {
  const { attemptId } = await openAttempt(t.deps.db, {
    merchantUserId: merchant.id,
    paymentToken: 'tok_calls',
    ip: '192.0.2.10',
    message: 'Details submitted',
  });
  return chargeCard(t.deps, {
    merchantUserId: merchant.id,
    channelId: merchant.stores[0]!.terminals[0]!.channels[0]!.id,
    kind: 'api',
    currency: 'AED',
    amountMinor,
    card: checkPaymentCard({
      holderName: 'Rana Aziz',
      number: SANDBOX_CARDS.approved,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '321',
    }),
    customer: { name: 'Rana Aziz', email: customerEmail },
    capture,
    attemptId,
    ip: '192.0.2.10',
  });
}

describe('get-transaction-attempts', () => {
  it("answers the merchant's attempt log, to staff granted Transactions too, and refuses another merchant's transaction", async () => {
    const payment = await pay();
    const own = await t.call(getTransactionAttemptsCall, { transactionId: payment.uuid }, { token: merchant.token });
    expect(own.status, own.message).toBe(200);
    expect(own.data.attempts).toHaveLength(1);
    expect(own.data.attempts[0]).toMatchObject({
      message: 'Details submitted',
      ip: '192.0.2.10',
      transaction_uuid: payment.uuid,
      payment_token: 'tok_calls',
    });
    expect(own.data.attempts[0]!.logs.map((log) => log.message)).toEqual(['Card checked', 'Acquirer answered', 'Approved', 'Posted']);

    const staff = await t.call(getTransactionAttemptsCall, { transactionId: payment.uuid }, { token: merchant.staff[0]!.token });
    expect(staff.data).toEqual(own.data);
    const notGranted = await t.call(getTransactionAttemptsCall, { transactionId: payment.uuid }, { token: merchant.staff[1]!.token });
    expect(notGranted.reason).toBe('FEATURE_NOT_GRANTED');

    const foreign = await t.call(getTransactionAttemptsCall, { transactionId: payment.uuid }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.reason).toBe('TRANSACTION_NOT_FOUND');
    expect(JSON.stringify(foreign)).not.toContain('tok_calls');

    const malformed = await t.call(getTransactionAttemptsCall, { transactionId: 'not-a-uuid' }, { token: merchant.token });
    expect(malformed.reason).toBe('VALIDATION_FAILED');
    const unknown = await t.call(
      getTransactionAttemptsCall,
      { transactionId: '00000000-0000-4000-8000-000000000000' },
      { token: merchant.token },
    );
    expect(unknown.reason).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('fee schedule in the console', () => {
  it('lets an administrator read and change a merchant schedule, audited; a merchant is refused', async () => {
    const read = await t.call(adminGetFeeScheduleCall, { merchantId: Number(merchant.id) }, { token: admin.token });
    expect(read.status, read.message).toBe(200);
    expect(read.data.fees.map((f) => `${f.schemeCode} ${f.currency} ${f.percentage}% + ${f.fixedText}`)).toEqual([
      'VISA AED 2.5% + 1.00',
      'MASTERCARD AED 2.5% + 1.00',
      'VISA USD 2.9% + 0.30',
      'MASTERCARD USD 2.9% + 0.30',
    ]);
    expect(read.data.schemes.map((s) => s.code)).toEqual(['VISA', 'MASTERCARD', 'AMEX']);
    const amex = read.data.schemes.find((s) => s.code === 'AMEX')!.id;

    const auditBefore = await countRows(t, ['audit_log', 'merchant_fees']);
    for (const token of [merchant.token, merchant.staff[0]!.token, other.token]) {
      const refused = await t.call(
        adminUpdateFeeScheduleCall,
        { merchantId: Number(merchant.id), fees: [{ schemeId: amex, currency: 'AED', percentageBps: 0, fixed: 0 }] },
        { token },
      );
      expect(refused.reason).toBe('AUDIENCE_NOT_ALLOWED');
      expect((await t.call(adminGetFeeScheduleCall, { merchantId: Number(merchant.id) }, { token })).reason).toBe('AUDIENCE_NOT_ALLOWED');
    }
    const invalid = await t.call(
      adminUpdateFeeScheduleCall,
      { merchantId: Number(merchant.id), fees: [{ schemeId: amex, currency: 'AED', percentageBps: 10_001, fixed: 0 }] },
      { token: admin.token },
    );
    expect(invalid.reason).toBe('VALIDATION_FAILED');
    const unknownCurrency = await t.call(
      adminUpdateFeeScheduleCall,
      { merchantId: Number(merchant.id), fees: [{ schemeId: amex, currency: 'XYZ', percentageBps: 1, fixed: 0 }] },
      { token: admin.token },
    );
    expect(unknownCurrency.reason).toBe('MERCHANT_FEE_INVALID');
    const notMerchant = await t.call(
      adminUpdateFeeScheduleCall,
      { merchantId: Number(admin.id), fees: [{ schemeId: amex, currency: 'AED', percentageBps: 1, fixed: 0 }] },
      { token: admin.token },
    );
    expect(notMerchant.reason).toBe('MERCHANT_NOT_FOUND');
    expect(await countRows(t, ['audit_log', 'merchant_fees'])).toEqual(auditBefore);

    const saved = await t.call(
      adminUpdateFeeScheduleCall,
      {
        merchantId: Number(merchant.id),
        fees: [
          { schemeId: amex, currency: 'AED', percentageBps: 320, fixed: 50 },
          { schemeId: read.data.fees[0]!.schemeId, currency: 'AED', percentageBps: 200, fixed: 100 },
        ],
      },
      { token: admin.token },
    );
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.fees.map((f) => `${f.schemeCode} ${f.currency} ${f.percentageBps} ${f.fixed}`)).toEqual([
      'VISA AED 200 100',
      'MASTERCARD AED 250 100',
      'AMEX AED 320 50',
      'VISA USD 290 30',
      'MASTERCARD USD 290 30',
    ]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'subject_type', 'subject_id'])
      .where('action', '=', 'merchant-fees.update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'merchant-fees.update',
      actor_user_id: admin.id,
      subject_type: 'merchant',
      subject_id: String(merchant.id),
    });
    // The new fee prices the next payment: 100.00 at 2% + 1.00 = 3.00, VAT 0.15.
    const payment = await pay();
    expect(payment).toMatchObject({ feeMinor: 300n, vatMinor: 15n });
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('payments under concurrency (PostgreSQL)', () => {
  it("opens the merchant's wallet in a new currency, and records the customer, once when the first payments arrive together", async () => {
    const usd = await createTestMerchant(t, { currencies: ['AED'] });
    await giveMerchantFees(t, usd.id);
    const channelId = usd.stores[0]!.terminals[0]!.channels[0]!.id;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, async () => {
        const { attemptId } = await openAttempt(t.deps.db, {
          merchantUserId: usd.id,
          paymentToken: 'tok_usd',
          ip: '192.0.2.12',
          message: 'Details submitted',
        });
        return chargeCard(t.deps, {
          merchantUserId: usd.id,
          channelId,
          kind: 'link',
          currency: 'USD',
          amountMinor: 5_000n,
          card: checkPaymentCard({
            holderName: 'Noor Salem',
            number: SANDBOX_CARDS.approved,
            expMonth: 12,
            expYear: new Date().getUTCFullYear() + 2,
            cvc: '321',
          }),
          customer: { name: 'Noor Salem', email: 'noor@example.com' },
          capture: 'automatic',
          attemptId,
          ip: '192.0.2.12',
        });
      }),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toEqual(Array(5).fill('succeeded'));
    const wallets = await t.deps.db
      .selectFrom('wallet_balances as wallets')
      .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
      .select(['wallets.balance_on_hold'])
      .where('wallets.user_id', '=', usd.id)
      .where('currencies.code', '=', 'USD')
      .execute();
    // 50.00 USD at 2.9% + 0.30 = 1.75, VAT 0.09: 48.16 each.
    expect(wallets).toEqual([{ balance_on_hold: 5n * 4_816n }]);
    // One customer, counted five times, however the payments interleaved.
    const customers = await t.deps.db
      .selectFrom('customers')
      .select(['transactions_count'])
      .where('merchant_user_id', '=', usd.id)
      .execute();
    expect(customers).toEqual([{ transactions_count: 5 }]);
  });

  /**
   * Holds the merchant's wallet row as a debit of its balance, or a fold of its credit slots,
   * holds it (FOR NO KEY UPDATE), and runs `count` postings into the wallet with `start` meanwhile:
   * they must all finish while the row is held. One that waited on the row fails the test as soon
   * as it is seen waiting (a session blocked by the holder), rather than hanging until the
   * holder lets go. Postings crediting the same slot may wait on each other: that is not the row.
   */
  async function allWhileWalletHeld<T>(walletId: bigint, count: number, start: (i: number) => Promise<T>): Promise<T[]> {
    const locked = gate();
    const released = gate();
    let holderPid = 0;
    const holder = t.deps.db.transaction().execute(async (trx) => {
      const held = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid FROM wallets WHERE id = ${walletId} FOR NO KEY UPDATE`.execute(
        trx,
      );
      holderPid = held.rows[0]!.pid;
      locked.open();
      await released.opened;
    });
    await locked.opened;
    try {
      const all = Promise.all(Array.from({ length: count }, (_, i) => start(i)));
      let finished = false;
      all.then(
        () => (finished = true),
        () => (finished = true),
      );
      while (!finished) {
        const blocked = await sql<{ n: string }>`
          SELECT count(*) AS n FROM pg_stat_activity WHERE ${holderPid}::int = ANY(pg_blocking_pids(pid))`.execute(t.deps.db);
        expect(Number(blocked.rows[0]!.n), 'a posting waited on the merchant wallet row').toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return await all;
    } finally {
      released.open();
      await holder;
    }
  }

  async function walletOf(transactionId: bigint): Promise<bigint> {
    const row = await t.deps.db
      .selectFrom('merchant_payments')
      .select('wallet_id')
      .where('transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow();
    return row.wallet_id;
  }

  /** The wallet's on-hold balance: its row's, its credit slots', and the two added (what every screen shows). */
  function onHold(walletId: bigint) {
    return bucketParts(t, walletId, 'balance_on_hold');
  }

  /** The credits landed in the slots, none on the row, and what the screens show is the two added. */
  function expectCreditedToSlots(before: Awaited<ReturnType<typeof onHold>>, after: Awaited<ReturnType<typeof onHold>>, credited: bigint) {
    expect(after.row).toBe(before.row);
    expect(after.inSlots).toBe(before.inSlots + credited);
    expect(after.slots.length).toBeGreaterThanOrEqual(1);
    expect(after.slots.length).toBeLessThanOrEqual(CREDIT_SLOTS);
    expect(after.read).toBe(before.read + credited);
  }

  it("credits a merchant's payments to its wallet's slots: payments into one merchant never wait on its wallet row", async () => {
    const walletId = await walletOf((await pay()).transactionId);
    const before = await onHold(walletId);
    const count = 8;
    // Each its own customer: a customer's row is another lock two payments by one cardholder share.
    const done = await allWhileWalletHeld(walletId, count, (i) => pay(10_000n, `hot-${i}@example.com`));
    expect(done.map((p) => p.status)).toEqual(Array(count).fill('succeeded'));
    const credited = done.reduce((sum, p) => sum + p.amountMinor - p.feeMinor - p.vatMinor, 0n);
    expectCreditedToSlots(before, await onHold(walletId), credited);
    await expectLedgerInvariants(t);
  });

  it("credits captures to the wallet's slots too: captures into one merchant never wait on its wallet row", async () => {
    const count = 6;
    const authorised: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < count; i++) authorised.push(await pay(10_000n, `held-${i}@example.com`, 'manual'));
    expect(authorised.map((p) => p.status)).toEqual(Array(count).fill('requires_capture'));
    const walletId = await walletOf(authorised[0]!.transactionId);
    const before = await onHold(walletId);

    const done = await allWhileWalletHeld(walletId, count, (i) =>
      capturePayment(t.deps, {
        merchantUserId: merchant.id,
        transactionId: authorised[i]!.transactionId,
        amountMinor: 6_000n,
        ip: '192.0.2.12',
      }),
    );
    expect(done.map((p) => [p.status, p.amountCapturedMinor])).toEqual(Array(count).fill(['succeeded', 6_000n]));
    const credited = done.reduce((sum, p) => sum + p.amountCapturedMinor - p.feeMinor - p.vatMinor, 0n);
    expectCreditedToSlots(before, await onHold(walletId), credited);
    await expectLedgerInvariants(t);
  });

  it('never refunds more than was captured, whatever 10 parallel refunds ask', async () => {
    const payment = await pay(10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        refundPayment(t.deps, {
          merchantUserId: merchant.id,
          transactionId: payment.transactionId,
          amountMinor: 3_000n,
          source: 'api',
          ip: '192.0.2.11',
        }),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(3);
    expect(refused.map((r) => (r.reason instanceof AppError ? r.reason.reason : String(r.reason)))).toEqual(
      Array(7).fill('REFUND_EXCEEDS_REMAINING'),
    );
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({
      amountRefundedMinor: 9_000n,
      status: 'partially_refunded',
    });
    const refunds = await t.deps.db
      .selectFrom('refund_requests')
      .select('amount')
      .where('transaction_id', '=', payment.transactionId)
      .execute();
    expect(refunds.reduce((sum, r) => sum + r.amount, 0n)).toBe(9_000n);
    await expectLedgerInvariants(t);
  });
});
