// Merchant card payments end to end on the real database: chargeCard through the sandbox
// acquirer's test cards (frictionless, declined, insufficient funds, 3-D Secure approved,
// declined and expired), the refusals (scheme, channel, store), the customer recorded with the
// masked card, the attempt timeline; capture, void and refund; every file ends with the
// ledger's invariants.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, countRows, type TestApp } from '../../test/harness.ts';
import { answerChallengePage, countMoneyRows, expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { CHALLENGE_LIFE_S, expireStaleCardPayments } from '../gateway/card-payments.service.ts';
import { AppError } from '../../transport/errors.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { getAttemptTimeline, openAttempt } from './attempts.service.ts';
import { allowedCurrencies, allowedSchemes, quoteMerchantFee } from './fees.service.ts';
import { chargeCard, checkPaymentCard, THREE_DS_REFUSED_REASON, type CardInput, type ChargeInput } from './merchant-payments.service.ts';
import { capturePayment, voidPayment } from './capture.service.ts';
import { refundPayment } from './refund.service.ts';
import { getPayment, getPaymentByUuid } from './payment-views.ts';
import type { PaymentEventType } from './payment-events.ts';

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

let t: TestApp;
let merchant: TestMerchant;
const events: PaymentEventType[] = [];

beforeAll(async () => {
  // A recorder heard after the app's own payment listeners (app.ts), so the tests see each event.
  t = await createTestApp(
    {},
    {
      extraPaymentListeners: [
        async (_trx, event) => {
          if (event.payment.merchantUserId === merchant.id) events.push(event.type);
        },
      ],
    },
  );
  merchant = await createTestMerchant(t, { currencies: ['AED'] });
  await giveMerchantFees(t, merchant.id);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

const online = () => merchant.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'online')!.id;
const pos = () => merchant.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'pos')!.id;

async function attempt(who: TestMerchant = merchant) {
  return openAttempt(t.deps.db, {
    merchantUserId: who.id,
    paymentToken: 'tok_test',
    ip: '10.0.0.1',
    message: 'Details submitted',
    data: { page: 'checkout' },
  });
}

/** Charges as a door does: the card checked at the edge (checkPaymentCard), then the core. */
async function charge(number: string, extra: Partial<Omit<ChargeInput, 'card'>> & { card?: CardInput } = {}) {
  const { attemptId } = await attempt();
  const { card, ...rest } = extra;
  return chargeCard(t.deps, {
    merchantUserId: merchant.id,
    channelId: online(),
    kind: 'link',
    currency: 'AED',
    amountMinor: 10_000n,
    card: checkPaymentCard(card ?? { holderName: 'Layla Haddad', number, expMonth: 9, expYear: FUTURE_YEAR, cvc: '123' }),
    customer: { name: 'Layla Haddad', email: 'layla@example.com', phone: '+971500000001', country: 'AE', city: 'Dubai' },
    capture: 'automatic',
    attemptId,
    ip: '10.0.0.1',
    ...rest,
  });
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.reason;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function entriesOf(transactionId: bigint) {
  const rows = await t.deps.db
    .selectFrom('ledger_entries')
    .select(['system_account', 'bucket', 'amount'])
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.system_account ?? `wallet:${row.bucket}`} ${row.amount}`);
}

async function walletOf(who: TestMerchant) {
  return t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['available_balance', 'balance_on_hold'])
    .where('id', '=', who.wallets.AED!)
    .executeTakeFirstOrThrow();
}

// fee on 100.00 AED at 2.5% + 1.00 = 3.50; VAT 5% of it = 0.18 (rounded half up); net 96.32.
describe('fees', () => {
  it('prices a payment with percentage + fixed and VAT on the fee, and lists what the merchant takes', async () => {
    const visa = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'VISA').executeTakeFirstOrThrow()).id;
    expect(
      await quoteMerchantFee(t.deps.db, { merchantUserId: merchant.id, schemeId: visa, currency: 'AED', amountMinor: 10_000n }),
    ).toEqual({
      feeMinor: 350n,
      vatMinor: 18n,
      netMinor: 9_632n,
    });
    expect((await allowedCurrencies(t.deps.db, merchant.id)).map((c) => c.code)).toEqual(['AED', 'USD']);
    const aed = (await allowedCurrencies(t.deps.db, merchant.id))[0]!;
    expect(
      (await allowedSchemes(t.deps.db, { merchantUserId: merchant.id, currencyId: aed.id, channelId: online() })).map((s) => s.code),
    ).toEqual(['VISA', 'MASTERCARD']);
    const amex = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'AMEX').executeTakeFirstOrThrow()).id;
    expect(
      await refusal(quoteMerchantFee(t.deps.db, { merchantUserId: merchant.id, schemeId: amex, currency: 'AED', amountMinor: 10_000n })),
    ).toBe('CARD_SCHEME_NOT_SUPPORTED');
  });
});

describe('chargeCard', () => {
  it('posts a frictionless payment: gateway -X, merchant on hold +(X-F-V), fees +F, vat +V', async () => {
    const before = await walletOf(merchant);
    const payment = await charge(SANDBOX_CARDS.approved, { clientReference: 'order-1', description: 'Two coffees' });
    expect(payment).toMatchObject({
      status: 'succeeded',
      kind: 'link',
      currency: 'AED',
      amountMinor: 10_000n,
      amountCapturedMinor: 10_000n,
      amountRefundedMinor: 0n,
      feeMinor: 350n,
      vatMinor: 18n,
      failureReason: null,
      challengeUrl: null,
      card: { brand: 'visa', last4: '4242', masked: '424242******4242' },
      clientReference: 'order-1',
      description: 'Two coffees',
    });
    expect(payment.hostReference).toMatch(/^sbx_/);
    expect(await entriesOf(payment.transactionId)).toEqual(['gateway -10000', 'wallet:on_hold 9632', 'fees 350', 'vat 18']);
    const row = await t.deps.db.selectFrom('transactions').selectAll().where('id', '=', payment.transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      transaction_type_id: 8,
      status: 1,
      amount: 10_000n,
      fee: 350n,
      vat: 18n,
      total_amount: 10_000n,
      card_number: '424242******4242',
      channel_id: online(),
    });
    const after = await walletOf(merchant);
    expect(after.balance_on_hold - before.balance_on_hold).toBe(9_632n);
    expect(after.available_balance).toBe(before.available_balance);
    expect(events.at(-1)).toBe('payment.succeeded');
    expect(await getPaymentByUuid(t.deps.db, merchant.id, payment.uuid)).toEqual(payment);
  });

  it('records the customer under the merchant with the masked card only, once per e-mail', async () => {
    const first = await charge(SANDBOX_CARDS.approved, { customer: { name: 'Sami Odeh', email: 'Sami@Example.com' } });
    const second = await charge('5555555555554444', { customer: { name: 'Sami O.', email: 'sami@example.com' } });
    expect(second.customerId).toBe(first.customerId);
    const customer = await t.deps.db.selectFrom('customers').selectAll().where('id', '=', first.customerId!).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      merchant_user_id: merchant.id,
      name: 'Sami Odeh',
      email: 'sami@example.com',
      transactions_count: 2,
      channel_id: online(),
    });
    const cards = await t.deps.db
      .selectFrom('customer_cards')
      .select('card_number')
      .where('customer_id', '=', first.customerId!)
      .orderBy('id')
      .execute();
    expect(cards.map((c) => c.card_number)).toEqual(['424242******4242', '555555******4444']);
    // The full number is nowhere in the database.
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM transactions WHERE card_number LIKE '%4242424242424242%'`.execute(t.deps.db);
    expect(rows[0]!.n).toBe('0');
  });

  it('makes one customer of first payments with a new e-mail side by side, counting each and adding the card once', async () => {
    // On PostgreSQL the twelve race, each charge a transaction on a connection of its own: the
    // contact's lock row (lockCustomerContactKey) makes them take turns, so the first creates the
    // customer and each later one finds it. Without the lock several would create one each.
    const email = `first-${crypto.randomUUID()}@example.com`;
    const paid = await Promise.all(
      Array.from({ length: 12 }, () => charge(SANDBOX_CARDS.approved, { customer: { name: 'Noor Saleh', email } })),
    );
    expect(paid.map((payment) => payment.status)).toEqual(Array(12).fill('succeeded'));
    const customers = await t.deps.db
      .selectFrom('customers')
      .select(['id', 'transactions_count'])
      .where('merchant_user_id', '=', merchant.id)
      .where('email', '=', email)
      .execute();
    expect(customers).toEqual([{ id: paid[0]!.customerId, transactions_count: 12 }]);
    expect(new Set(paid.map((payment) => payment.customerId))).toEqual(new Set([customers[0]!.id]));
    const cards = await t.deps.db.selectFrom('customer_cards').select('card_number').where('customer_id', '=', customers[0]!.id).execute();
    expect(cards).toEqual([{ card_number: '424242******4242' }]);
  });

  it('records a declined card as failed (status 2) and moves nothing; insufficient funds alike', async () => {
    const before = await countRows(t, ['ledger_entries']);
    const declined = await charge(SANDBOX_CARDS.declined);
    expect(declined).toMatchObject({ status: 'failed', failureReason: 'The card was declined.', amountCapturedMinor: 0n });
    expect(events.at(-1)).toBe('payment.failed');
    const poor = await charge(SANDBOX_CARDS.insufficientFunds);
    expect(poor).toMatchObject({ status: 'failed', failureReason: 'The card has insufficient funds.' });
    const rows = await t.deps.db
      .selectFrom('transactions')
      .select('status')
      .where('id', 'in', [declined.transactionId, poor.transactionId])
      .execute();
    expect(rows.map((r) => r.status)).toEqual([2, 2]);
    expect(await countRows(t, ['ledger_entries'])).toEqual(before);
  });

  it('refuses a card of a scheme the merchant has no fee for, or the link does not take, writing no money rows', async () => {
    const before = await countMoneyRows(t);
    expect(await refusal(charge('378282246310005'))).toBe('CARD_SCHEME_NOT_SUPPORTED');
    const visa = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'VISA').executeTakeFirstOrThrow()).id;
    expect(await refusal(charge('5555555555554444', { allowedSchemeIds: [visa] }))).toBe('CARD_SCHEME_NOT_ALLOWED');
    expect(await refusal(charge('4242424242424241'))).toBe('CARD_NUMBER_INVALID');
    expect(
      await refusal(
        charge(SANDBOX_CARDS.approved, {
          card: { holderName: 'X', number: SANDBOX_CARDS.approved, expMonth: 1, expYear: 2020, cvc: '123' },
        }),
      ),
    ).toBe('CARD_EXPIRED');
    expect(await refusal(charge(SANDBOX_CARDS.approved, { currency: 'SAR' }))).toBe('CARD_SCHEME_NOT_SUPPORTED');
    expect(await refusal(charge(SANDBOX_CARDS.approved, { amountMinor: 100n }))).toBe('CHARGES_EXCEED_AMOUNT');
    expect(await countMoneyRows(t)).toEqual(before);
  });

  it("refuses another merchant's channel, a POS channel for a link, an inactive store or channel, writing nothing", async () => {
    const other = await createTestMerchant(t, { currencies: ['AED'] });
    await giveMerchantFees(t, other.id);
    const inactive = await createTestMerchant(t, {
      currencies: ['AED'],
      stores: [{ status: 3, terminals: [{ channels: [{ type: 'online' }] }] }],
    });
    await giveMerchantFees(t, inactive.id);
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['payment_attempt_logs', 'customers', 'merchant_payments'])) };
    const foreign = other.stores[0]!.terminals[0]!.channels[0]!.id;
    expect(await refusal(charge(SANDBOX_CARDS.approved, { channelId: foreign }))).toBe('CHANNEL_NOT_FOUND');
    expect(await refusal(charge(SANDBOX_CARDS.approved, { channelId: pos() }))).toBe('CHANNEL_TYPE_MISMATCH');
    expect(await refusal(charge(SANDBOX_CARDS.approved, { channelId: online(), kind: 'pos' }))).toBe('CHANNEL_TYPE_MISMATCH');
    const { attemptId } = await attempt(inactive);
    const inactiveCharge = chargeCard(t.deps, {
      merchantUserId: inactive.id,
      channelId: inactive.stores[0]!.terminals[0]!.channels[0]!.id,
      kind: 'api',
      currency: 'AED',
      amountMinor: 10_000n,
      card: checkPaymentCard({ holderName: 'A B', number: SANDBOX_CARDS.approved, expMonth: 9, expYear: FUTURE_YEAR, cvc: '123' }),
      customer: { name: 'A B' },
      capture: 'automatic',
      attemptId,
      ip: '10.0.0.2',
    });
    expect(await refusal(inactiveCharge)).toBe('STORE_NOT_ACTIVE');
    // An attempt of another merchant cannot be used.
    const { attemptId: othersAttempt } = await attempt(other);
    expect(await refusal(charge(SANDBOX_CARDS.approved, { attemptId: othersAttempt }))).toBe('ATTEMPT_NOT_FOUND');
    await t.deps.db.updateTable('channels').set({ status: 0 }).where('id', '=', online()).execute();
    expect(await refusal(charge(SANDBOX_CARDS.approved))).toBe('CHANNEL_INACTIVE');
    await t.deps.db.updateTable('channels').set({ status: 1 }).where('id', '=', online()).execute();
    expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['payment_attempt_logs', 'customers', 'merchant_payments'])) }).toEqual(
      before,
    );
  });

  it('gives the attempt timeline in the spec shape: step 1, then every later step in logs', async () => {
    const payment = await charge(SANDBOX_CARDS.approved);
    const timeline = await getAttemptTimeline(t.deps.db, merchant.id, { transactionId: payment.transactionId });
    expect(timeline).toMatchObject({
      message: 'Details submitted',
      ip: '10.0.0.1',
      transaction_uuid: payment.uuid,
      payment_token: 'tok_test',
      data: { page: 'checkout' },
    });
    expect(timeline!.logs.map((log) => log.message)).toEqual(['Card checked', 'Acquirer answered', 'Approved', 'Posted']);
    expect(timeline!.logs[0]!.data).toEqual({ brand: 'visa', card: '424242******4242', scheme: 'VISA' });
    expect(JSON.stringify(timeline)).not.toContain('4242424242424242');
    const other = await createTestMerchant(t);
    expect(await getAttemptTimeline(t.deps.db, other.id, { transactionId: payment.transactionId })).toBeUndefined();
    expect(await getPayment(t.deps.db, other.id, payment.transactionId)).toBeUndefined();
  });
});

describe('3-D Secure', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const answer = (url: string, action: 'approve' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('posts nothing until Approve, then posts the merchant entries once and sends the cardholder to the return URL', async () => {
    const payment = await charge(SANDBOX_CARDS.challenge, { returnUrl: 'https://shop.example.com/done?order=7' });
    expect(payment.status).toBe('requires_action');
    expect(payment.challengeUrl).toMatch(/\/gateway\/3ds\//);
    expect(await entriesOf(payment.transactionId)).toEqual([]);
    expect((await page(payment.challengeUrl!)).body).toContain('AED 100.00');
    const approved = await answer(payment.challengeUrl!, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`https://shop.example.com/done?order=7&status=succeeded&transactionId=${payment.uuid}`);
    expect(await entriesOf(payment.transactionId)).toEqual(['gateway -10000', 'wallet:on_hold 9632', 'fees 350', 'vat 18']);
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({
      status: 'succeeded',
      amountCapturedMinor: 10_000n,
      challengeUrl: null,
    });
    expect(events.at(-1)).toBe('payment.succeeded');
    const before = await countMoneyRows(t);
    await answer(payment.challengeUrl!, 'approve');
    await answer(payment.challengeUrl!, 'decline');
    expect(await countMoneyRows(t)).toEqual(before);
    const timeline = await getAttemptTimeline(t.deps.db, merchant.id, { transactionId: payment.transactionId });
    expect(timeline!.logs.map((log) => log.message)).toEqual([
      'Card checked',
      'Acquirer answered',
      '3-D Secure shown',
      '3-D Secure approved',
      'Posted',
    ]);
  });

  it('fails the payment on Decline (status 2, nothing posted) and redirects with the status', async () => {
    const payment = await charge(SANDBOX_CARDS.challenge, { returnUrl: 'https://shop.example.com/back' });
    const declined = await answer(payment.challengeUrl!, 'decline');
    expect(declined.headers.location).toBe(`https://shop.example.com/back?status=failed&transactionId=${payment.uuid}`);
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({
      status: 'failed',
      failureReason: 'The 3-D Secure check was declined.',
    });
    expect(await entriesOf(payment.transactionId)).toEqual([]);
    expect(events.at(-1)).toBe('payment.failed');
  });

  it('expires an unanswered challenge through the expiry job (status 3, nothing posted)', async () => {
    const payment = await charge(SANDBOX_CARDS.challenge);
    const later = new Date(Date.now() + (CHALLENGE_LIFE_S + 60) * 1000);
    expect(await expireStaleCardPayments(t.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({ status: 'expired' });
    const row = await t.deps.db
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', payment.transactionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(events.at(-1)).toBe('payment.expired');
    // Without a return URL the page shows its own result.
    const approved = await answer(payment.challengeUrl!, 'approve');
    expect(approved.headers.location).toBe(new URL(payment.challengeUrl!).pathname);
    expect(await entriesOf(payment.transactionId)).toEqual([]);
  });

  it('expires a stale challenge through the job queue: the schedule enqueues the expiry job, the runner runs it', async () => {
    const payment = await charge(SANDBOX_CARDS.challenge);
    await sql`UPDATE card_payments SET expires_at = now() - interval '1 second' WHERE transaction_id = ${payment.transactionId}`.execute(
      t.deps.db,
    );
    const runner = new JobRunner(t.deps, { runnerId: 'merchant-payments-test-runner', pollIntervalMs: 20 }).start();
    for (
      let waitedMs = 0;
      (await getPayment(t.deps.db, merchant.id, payment.transactionId))!.status !== 'expired' && waitedMs < 10_000;
      waitedMs += 20
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runner.stop();
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({
      status: 'expired',
      failureReason: 'The 3-D Secure check was not completed within 15 minutes.',
    });
    expect(await entriesOf(payment.transactionId)).toEqual([]);
    const timeline = await getAttemptTimeline(t.deps.db, merchant.id, { transactionId: payment.transactionId });
    expect(timeline!.logs.at(-1)!.message).toBe('3-D Secure expired');
  });

  it('fails a challenged card at once when the door refuses 3-D Secure (a POS sale), leaving nothing pending', async () => {
    const before = await countRows(t, ['card_payments', 'ledger_entries']);
    const payment = await charge(SANDBOX_CARDS.challenge, { channelId: pos(), kind: 'pos', threeDSecure: 'refuse' });
    expect(payment).toMatchObject({ status: 'failed', failureReason: THREE_DS_REFUSED_REASON, challengeUrl: null });
    expect(events.at(-1)).toBe('payment.failed');
    const row = await t.deps.db
      .selectFrom('transactions')
      .select(['status', 'transaction_type_id'])
      .where('id', '=', payment.transactionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 2, transaction_type_id: 10 });
    expect(await countRows(t, ['card_payments', 'ledger_entries'])).toEqual(before);
  });

  it('authorises only on Approve of a manual-capture payment', async () => {
    const payment = await charge(SANDBOX_CARDS.challenge, { capture: 'manual' });
    await answer(payment.challengeUrl!, 'approve');
    expect(await getPayment(t.deps.db, merchant.id, payment.transactionId)).toMatchObject({
      status: 'requires_capture',
      amountCapturedMinor: 0n,
    });
    expect(await entriesOf(payment.transactionId)).toEqual([]);
    expect(events.at(-1)).toBe('payment.authorized');
  });
});

describe('manual capture and void', () => {
  it('authorises without posting, then captures part of it with the fee of the captured amount', async () => {
    const payment = await charge(SANDBOX_CARDS.approved, { capture: 'manual' });
    expect(payment).toMatchObject({ status: 'requires_capture', amountMinor: 10_000n, amountCapturedMinor: 0n });
    expect(events.at(-1)).toBe('payment.authorized');
    expect(await entriesOf(payment.transactionId)).toEqual([]);
    const captureOf = (amountMinor?: bigint) =>
      capturePayment(t.deps, {
        merchantUserId: merchant.id,
        transactionId: payment.transactionId,
        ip: '10.0.0.3',
        ...(amountMinor ? { amountMinor } : {}),
      });
    const other = await createTestMerchant(t);
    const before = await countMoneyRows(t);
    expect(await refusal(captureOf(10_001n))).toBe('CAPTURE_EXCEEDS_AUTHORISED');
    expect(await refusal(captureOf(-5n))).toBe('AMOUNT_NOT_POSITIVE');
    expect(await refusal(capturePayment(t.deps, { merchantUserId: other.id, transactionId: payment.transactionId, ip: '1.1.1.1' }))).toBe(
      'PAYMENT_NOT_FOUND',
    );
    expect(await countMoneyRows(t)).toEqual(before);
    // 60.00: fee 1.50 + 1.00 = 2.50, VAT 0.13 (12.5 rounds up), net 57.37.
    const captured = await captureOf(6_000n);
    expect(captured).toMatchObject({
      status: 'succeeded',
      amountMinor: 10_000n,
      amountCapturedMinor: 6_000n,
      feeMinor: 250n,
      vatMinor: 13n,
    });
    expect(events.at(-1)).toBe('payment.captured');
    expect(await entriesOf(payment.transactionId)).toEqual(['gateway -6000', 'wallet:on_hold 5737', 'fees 250', 'vat 13']);
    const row = await t.deps.db.selectFrom('transactions').selectAll().where('id', '=', payment.transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 1, amount: 6_000n, fee: 250n, vat: 13n, total_amount: 6_000n });
    expect(await refusal(captureOf())).toBe('PAYMENT_NOT_CAPTURABLE');
  });

  it('captures the full authorisation when no amount is given', async () => {
    const payment = await charge(SANDBOX_CARDS.approved, { capture: 'manual', channelId: pos(), kind: 'pos' });
    const captured = await capturePayment(t.deps, { merchantUserId: merchant.id, transactionId: payment.transactionId, ip: '10.0.0.3' });
    expect(captured).toMatchObject({ kind: 'pos', status: 'succeeded', amountCapturedMinor: 10_000n, feeMinor: 350n, vatMinor: 18n });
    expect(await entriesOf(payment.transactionId)).toEqual(['gateway -10000', 'wallet:on_hold 9632', 'fees 350', 'vat 18']);
  });

  it('voids an authorisation (nothing moves) and refuses to void anything else', async () => {
    const payment = await charge(SANDBOX_CARDS.approved, { capture: 'manual' });
    const before = await countRows(t, ['ledger_entries']);
    const voided = await voidPayment(t.deps, { merchantUserId: merchant.id, transactionId: payment.transactionId, ip: '10.0.0.4' });
    expect(voided).toMatchObject({ status: 'voided', failureReason: 'The authorisation was voided.', amountCapturedMinor: 0n });
    expect(events.at(-1)).toBe('payment.voided');
    expect(await countRows(t, ['ledger_entries'])).toEqual(before);
    expect(await refusal(voidPayment(t.deps, { merchantUserId: merchant.id, transactionId: payment.transactionId, ip: '1' }))).toBe(
      'PAYMENT_NOT_VOIDABLE',
    );
    expect(await refusal(capturePayment(t.deps, { merchantUserId: merchant.id, transactionId: payment.transactionId, ip: '1' }))).toBe(
      'PAYMENT_NOT_CAPTURABLE',
    );
    const settled = await charge(SANDBOX_CARDS.approved);
    expect(await refusal(voidPayment(t.deps, { merchantUserId: merchant.id, transactionId: settled.transactionId, ip: '1' }))).toBe(
      'PAYMENT_NOT_VOIDABLE',
    );
  });
});

describe('refunds', () => {
  const refund = (transactionId: bigint, amountMinor?: bigint, who: TestMerchant = merchant) =>
    refundPayment(t.deps, {
      merchantUserId: who.id,
      transactionId,
      source: 'api',
      ip: '10.0.0.5',
      description: 'Returned',
      ...(amountMinor ? { amountMinor } : {}),
    });

  it('refunds part, then the rest, from the merchant wallet to the gateway, and refuses more', async () => {
    const payment = await charge(SANDBOX_CARDS.approved);
    const first = await refund(payment.transactionId, 4_000n);
    expect(first.payment).toMatchObject({ status: 'partially_refunded', amountRefundedMinor: 4_000n });
    expect(first.refund).toMatchObject({ amountMinor: 4_000n, status: 2 });
    expect(events.at(-1)).toBe('payment.refunded');
    expect(await entriesOf(first.refund.transactionId!)).toEqual(['wallet:on_hold -4000', 'gateway 4000']);
    const refundRow = await t.deps.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', first.refund.transactionId!)
      .executeTakeFirstOrThrow();
    expect(refundRow).toMatchObject({
      transaction_type_id: 6,
      status: 1,
      amount: 4_000n,
      reference_id: payment.uuid,
      sender_user_id: merchant.id,
    });
    const request = await t.deps.db
      .selectFrom('refund_requests')
      .selectAll()
      .where('uuid', '=', first.refund.uuid)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({
      status: 2,
      amount: 4_000n,
      source: 'api',
      transaction_id: payment.transactionId,
      refund_transaction_id: first.refund.transactionId,
    });
    expect(await refusal(refund(payment.transactionId, 6_001n))).toBe('REFUND_EXCEEDS_REMAINING');
    const rest = await refund(payment.transactionId);
    expect(rest.payment).toMatchObject({ status: 'refunded', amountRefundedMinor: 10_000n });
    expect(rest.refund.amountMinor).toBe(6_000n);
    expect(await refusal(refund(payment.transactionId, 1n))).toBe('REFUND_EXCEEDS_REMAINING');
  });

  it('refuses to refund a failed, authorised-only or foreign payment', async () => {
    const declined = await charge(SANDBOX_CARDS.declined);
    expect(await refusal(refund(declined.transactionId))).toBe('PAYMENT_NOT_REFUNDABLE');
    const authorised = await charge(SANDBOX_CARDS.approved, { capture: 'manual' });
    expect(await refusal(refund(authorised.transactionId))).toBe('PAYMENT_NOT_REFUNDABLE');
    const paid = await charge(SANDBOX_CARDS.approved);
    const other = await createTestMerchant(t);
    const before = await countMoneyRows(t);
    expect(await refusal(refund(paid.transactionId, undefined, other))).toBe('PAYMENT_NOT_FOUND');
    expect(await countMoneyRows(t)).toEqual(before);
  });

  it('refunds from available when it covers the refund', async () => {
    const payment = await charge(SANDBOX_CARDS.approved);
    await t.deps.db.transaction().execute(async (trx) => {
      // Settlement stands in here: move the on-hold money to available through a posting.
      const { postEntries } = await import('../ledger/ledger.service.ts');
      const { aggregateSettlementEntries } = await import('@paywallet/ledger');
      const reserve = await trx
        .insertInto('wallets')
        .values({
          user_id: merchant.id,
          currency_id: (await trx.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id,
          account_number: `PWR${Date.now()}`,
          is_default: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postEntries(
        trx,
        { typeId: 12, status: 1, currencyId: 1, amountMinor: 9_632n, feeMinor: 0n, vatMinor: 0n, totalAmountMinor: 9_632n },
        aggregateSettlementEntries({
          merchantWalletId: String(merchant.wallets.AED),
          reserveWalletId: String(reserve.id),
          currency: 'AED',
          settledMinor: 9_632n,
          reserveMinor: 0n,
        }),
        [],
      );
    });
    const done = await refund(payment.transactionId, 1_000n);
    expect(await entriesOf(done.refund.transactionId!)).toEqual(['wallet:available -1000', 'gateway 1000']);
  });
});

describe('approval codes', () => {
  // The acquirer's approval (authorisation) code goes on the payment's transaction when it
  // approves the authorisation, and only then: a decline, a challenge declined or not passed,
  // and a challenge the door cannot show leave it null. A capture keeps the authorisation's code.
  const approvalCodeOf = async (transactionId: bigint) =>
    (await t.deps.db.selectFrom('transactions').select('approval_code').where('id', '=', transactionId).executeTakeFirstOrThrow())
      .approval_code;
  const CODE = /^[A-Z0-9]{6}$/;

  it('records the code of an authorisation approved at once, and keeps it through a capture', async () => {
    const paid = await charge(SANDBOX_CARDS.approved);
    expect(await approvalCodeOf(paid.transactionId)).toMatch(CODE);
    const authorised = await charge(SANDBOX_CARDS.approved, { capture: 'manual' });
    const code = await approvalCodeOf(authorised.transactionId);
    expect(code).toMatch(CODE);
    await capturePayment(t.deps, { merchantUserId: merchant.id, transactionId: authorised.transactionId, ip: '10.0.0.3' });
    expect(await approvalCodeOf(authorised.transactionId)).toBe(code);
    // Two authorisations, two codes.
    expect(await approvalCodeOf(paid.transactionId)).not.toBe(code);
  });

  it('records the code when the cardholder passes 3-D Secure, for automatic and manual capture', async () => {
    for (const capture of ['automatic', 'manual'] as const) {
      const payment = await charge(SANDBOX_CARDS.challenge, { capture });
      expect(await approvalCodeOf(payment.transactionId)).toBeNull();
      await answerChallengePage(t, payment.challengeUrl!, 'approve');
      expect((await getPayment(t.deps.db, merchant.id, payment.transactionId))!.status).toBe(
        capture === 'automatic' ? 'succeeded' : 'requires_capture',
      );
      expect(await approvalCodeOf(payment.transactionId)).toMatch(CODE);
    }
  });

  it('leaves it null on a decline, a declined or expired challenge and a challenge the door refuses', async () => {
    const declined = await charge(SANDBOX_CARDS.declined);
    const poor = await charge(SANDBOX_CARDS.insufficientFunds);
    const refused = await charge(SANDBOX_CARDS.challenge, { channelId: pos(), kind: 'pos', threeDSecure: 'refuse' });
    const challengeDeclined = await charge(SANDBOX_CARDS.challenge);
    await answerChallengePage(t, challengeDeclined.challengeUrl!, 'decline');
    const challengeExpired = await charge(SANDBOX_CARDS.challenge);
    await expireStaleCardPayments(t.deps, new Date(Date.now() + (CHALLENGE_LIFE_S + 60) * 1000));
    const payments = [declined, poor, refused, challengeDeclined, challengeExpired];
    expect(await Promise.all(payments.map((p) => getPayment(t.deps.db, merchant.id, p.transactionId).then((v) => v!.status)))).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'expired',
    ]);
    for (const payment of payments) expect(await approvalCodeOf(payment.transactionId)).toBeNull();
  });
});
