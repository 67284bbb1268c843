// The hosted checkout's public calls on the real app and database: get-checkout in each state of
// a link (payable, paid, inactive, expired, unknown), pay-checkout with each sandbox test card
// (approved, declined, insufficient funds, 3-D Secure approved and declined), the refusals
// (LINK_INACTIVE, LINK_EXPIRED, LINK_ALREADY_PAID, a card of another scheme, an attempt of
// another link) writing nothing, a single-use link paid once under 10 parallel payments, a claim
// left behind that stops counting at its expiry, the attempt's steps, the merchant's callback
// queued with its body, the per-IP limit, and the ledger's invariants at the end.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCheckoutCall, payCheckoutCall, type TCallRequest } from '@paywallet/contract';
import { countAllRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { answerChallengePage, expectLedgerInvariants, onHoldBalance } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { insertPaymentLink } from '../payment-links/payment-links.service.ts';
import { getAttemptTimeline } from '../merchant-payments/attempts.service.ts';
import { CHECKOUT_LIMITS } from './checkout.service.ts';

const FUTURE_YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const AMOUNT = 10_000n;

let t: TestApp;
let shop: TestMerchant;
let other: TestMerchant;
let aed: number;
let visa: number;
let mastercard: number;
/** Each test its own customer IP, so the per-IP limits never join two tests. */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t);
  other = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, other.id);
  aed = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
  const scheme = async (code: string) =>
    (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  visa = await scheme('VISA');
  mastercard = await scheme('MASTERCARD');
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

const onlineChannel = (who: TestMerchant) => who.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'online')!.id;

async function link(extra: Partial<Parameters<typeof insertPaymentLink>[1]> = {}, who: TestMerchant = shop) {
  return insertPaymentLink(t.deps.db, {
    merchantUserId: who.id,
    channelId: onlineChannel(who),
    currencyId: aed,
    amount: AMOUNT,
    type: 1,
    status: 1,
    exipresIn: null,
    redirectUrl: 'https://shop.example.com/done?order=7',
    callbackUrl: 'https://shop.example.com/hook',
    receiptNo: 'R-7',
    email: 'buyer@example.com',
    phone: '+971501234567',
    description: 'Two bags of beans',
    addedBy: who.id,
    schemeIds: [visa, mastercard],
    ...extra,
  });
}

async function open(token: string, ip = nextIp()) {
  const answer = await t.call(getCheckoutCall, { token }, { ip });
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

function payment(token: string, attemptUuid: string, number: string, extra: Partial<TCallRequest<typeof payCheckoutCall>> = {}) {
  return {
    token,
    attemptUuid,
    customer: { name: 'Layla Haddad', email: 'layla@example.com', phone: '+971500000001', country: 'United Arab Emirates', city: 'Dubai' },
    card: { holderName: 'Layla Haddad', number, expMonth: '09', expYear: FUTURE_YY, cvc: '123' },
    ...extra,
  };
}

async function pay(token: string, number: string, ip = nextIp()) {
  const opened = await open(token, ip);
  const answer = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, number), { ip });
  return { opened, answer };
}

async function attemptIdOf(uuid: string): Promise<bigint> {
  return (await t.deps.db.selectFrom('checkout_attempts').select('attempt_id').where('attempt_uuid', '=', uuid).executeTakeFirstOrThrow())
    .attempt_id;
}

describe('get-checkout', () => {
  it('shows a payable link with its merchant, store, amount, prefilled fields and schemes, and opens one attempt per page open', async () => {
    const { token, id } = await link();
    const first = await open(token);
    expect(first).toMatchObject({
      token,
      merchantName: expect.stringContaining('Test Business'),
      storeName: shop.stores[0]!.name,
      amount: Number(AMOUNT),
      currency: 'AED',
      decimals: 2,
      description: 'Two bags of beans',
      receiptNo: 'R-7',
      customer: { email: 'buyer@example.com', phone: '+971501234567' },
      state: 'payable',
      stateMessage: null,
      expiresAt: null,
      payment: null,
    });
    expect(first.schemes.map((scheme) => scheme.id).sort()).toEqual([visa, mastercard].sort());
    expect(first.attemptUuid).toMatch(/^[0-9a-f-]{36}$/);
    const second = await open(token);
    expect(second.attemptUuid).not.toBe(first.attemptUuid);
    const attempts = await t.deps.db.selectFrom('checkout_attempts').select('attempt_uuid').where('payment_link_id', '=', id).execute();
    expect(attempts).toHaveLength(2);
    const timeline = await getAttemptTimeline(t.deps.db, shop.id, { attemptUuid: first.attemptUuid! });
    expect(timeline).toMatchObject({ message: 'page opened', payment_token: token });
  });

  it('says an inactive, an expired and a paid single-use link take no payment, and opens no attempt for them', async () => {
    const inactive = await link({ status: 2 });
    const expired = await link({ exipresIn: 60 });
    await sql`UPDATE payment_links SET created_at = now() - interval '2 minutes' WHERE id = ${expired.id}`.execute(t.deps.db);
    const single = await link({ type: 0 });
    expect((await pay(single.token, SANDBOX_CARDS.approved)).answer.data).toMatchObject({ status: 'succeeded' });
    for (const [token, state, message] of [
      [inactive.token, 'inactive', 'This payment link is no longer active.'],
      [expired.token, 'expired', 'This payment link has expired.'],
      [single.token, 'paid', 'This payment link has already been paid.'],
    ] as const) {
      const before = await countAllRows(t);
      const checkout = await open(token);
      expect(checkout).toMatchObject({ state, stateMessage: message, attemptUuid: null, payment: null });
      const after = await countAllRows(t);
      // Only the per-IP counter moved.
      expect({ ...after, rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    }
  });

  it('answers CHECKOUT_NOT_FOUND for an unknown token and an attempt of another link, and VALIDATION_FAILED for a malformed token', async () => {
    const unknown = await t.call(getCheckoutCall, { token: crypto.randomBytes(24).toString('base64url') }, { ip: nextIp() });
    expect(unknown).toMatchObject({ status: 404, reason: 'CHECKOUT_NOT_FOUND' });
    const a = await link();
    const b = await link({}, other);
    const openedB = await open(b.token);
    const crossed = await t.call(getCheckoutCall, { token: a.token, attemptUuid: openedB.attemptUuid! }, { ip: nextIp() });
    expect(crossed).toMatchObject({ status: 404, reason: 'CHECKOUT_NOT_FOUND' });
    const malformed = await t.call(getCheckoutCall, { token: '../../etc' }, { ip: nextIp() });
    expect(malformed).toMatchObject({ status: 400, reason: 'VALIDATION_FAILED' });
  });

  it('limits page opens per IP (429 with Retry-After)', async () => {
    const { token } = await link();
    const ip = nextIp();
    for (let index = 0; index < CHECKOUT_LIMITS.opens.max; index++) await open(token, ip);
    const refused = await t.call(getCheckoutCall, { token }, { ip });
    expect(refused).toMatchObject({ status: 429, reason: 'TOO_MANY_CHECKOUT_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('pay-checkout', () => {
  it('pays with 4242: a type 8 transaction of the link, on hold grows by amount - fee - VAT, attempt steps logged', async () => {
    const { token, id } = await link();
    const heldBefore = await onHoldBalance(t, shop.id);
    const { opened, answer } = await pay(token, SANDBOX_CARDS.approved);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'succeeded',
      amount: Number(AMOUNT),
      currency: 'AED',
      failureReason: null,
      challengeUrl: null,
      card: { last4: '4242' },
    });
    const returnUrl = new URL(answer.data.returnUrl!);
    expect(returnUrl.origin + returnUrl.pathname).toBe('https://shop.example.com/done');
    expect(Object.fromEntries(returnUrl.searchParams)).toEqual({
      order: '7',
      status: 'succeeded',
      transactionId: answer.data.transactionId,
    });
    const row = await t.deps.db
      .selectFrom('transactions')
      .select(['id', 'transaction_type_id', 'status', 'amount', 'payment_link_id'])
      .where('uuid', '=', answer.data.transactionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ transaction_type_id: 8, status: 1, payment_link_id: id });
    const charges = await t.deps.db.selectFrom('transaction_charges').select(['charges']).where('transaction_id', '=', row.id).execute();
    const feeAndVat = charges.reduce((sum, charge) => sum + BigInt(charge.charges), 0n);
    expect(feeAndVat).toBeGreaterThan(0n);
    expect((await onHoldBalance(t, shop.id)) - heldBefore).toBe(AMOUNT - feeAndVat);
    const timeline = await getAttemptTimeline(t.deps.db, shop.id, { attemptUuid: opened.attemptUuid! });
    const steps = [timeline!.message, ...timeline!.logs.map((log) => log.message)];
    expect(steps[0]).toBe('page opened');
    expect(steps).toContain('details submitted');
    expect(steps).toContain('callback queued');
    expect(timeline!.transaction_uuid).toBe(answer.data.transactionId);
    // Back on the page with the attempt: the payment, and no new attempt.
    const attempts = await t.deps.db.selectFrom('checkout_attempts').select('attempt_uuid').where('payment_link_id', '=', id).execute();
    const again = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(again.data.payment).toMatchObject({ status: 'succeeded', transactionId: answer.data.transactionId });
    expect(await t.deps.db.selectFrom('checkout_attempts').select('attempt_uuid').where('payment_link_id', '=', id).execute()).toHaveLength(
      attempts.length,
    );
  });

  it('answers a declined card and insufficient funds as failed with the reason, moves nothing, and takes another card on the same attempt', async () => {
    const { token } = await link({ type: 0 });
    const heldBefore = await onHoldBalance(t, shop.id);
    const ip = nextIp();
    const opened = await open(token, ip);
    const declined = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.declined), { ip });
    expect(declined.data).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/declined/i), challengeUrl: null });
    expect(new URL(declined.data.returnUrl!).searchParams.get('status')).toBe('failed');
    const poor = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.insufficientFunds), { ip });
    expect(poor.data).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/insufficient funds/i) });
    expect(await onHoldBalance(t, shop.id)).toBe(heldBefore);
    for (const answer of [declined, poor]) {
      const row = await t.deps.db
        .selectFrom('transactions')
        .select(['status'])
        .where('uuid', '=', answer.data.transactionId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(2);
    }
    // The single-use link is still payable: a failed card gave its claim back.
    const paid = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(paid.data.status).toBe('succeeded');
    expect(await onHoldBalance(t, shop.id)).toBeGreaterThan(heldBefore);
  });

  it('pays with the 3-D Secure card: requires_action, nothing moved; Approve posts it and returns the customer to the checkout result', async () => {
    const { token } = await link({ type: 0 });
    const heldBefore = await onHoldBalance(t, shop.id);
    const { opened, answer } = await pay(token, SANDBOX_CARDS.challenge);
    expect(answer.data).toMatchObject({ status: 'requires_action', returnUrl: null });
    expect(answer.data.challengeUrl).toContain('/gateway/3ds/');
    expect(await onHoldBalance(t, shop.id)).toBe(heldBefore);
    // While it waits for 3-D Secure, the single-use link takes no other payment.
    const meanwhile = await pay(token, SANDBOX_CARDS.approved);
    expect(meanwhile.answer).toMatchObject({ status: 409, reason: 'LINK_PAYMENT_IN_PROGRESS' });

    const back = new URL(await answerChallengePage(t, answer.data.challengeUrl!, 'approve'));
    expect(back.pathname).toBe(`/pay/${token}`);
    expect(back.searchParams.get('attempt')).toBe(opened.attemptUuid);
    const result = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(result.data).toMatchObject({ state: 'paid', payment: { status: 'succeeded', transactionId: answer.data.transactionId } });
    expect(new URL(result.data.payment!.returnUrl!).searchParams.get('transactionId')).toBe(answer.data.transactionId);
    expect(await onHoldBalance(t, shop.id)).toBeGreaterThan(heldBefore);
    const steps = await stepsOf(opened.attemptUuid!);
    expect(steps).toEqual(
      expect.arrayContaining(['page opened', 'details submitted', '3-D Secure shown', '3-D Secure approved', 'callback queued']),
    );
  });

  it('a declined 3-D Secure check fails the payment, gives the single-use link back and queues the callback', async () => {
    const { token } = await link({ type: 0 });
    const { opened, answer } = await pay(token, SANDBOX_CARDS.challenge);
    await answerChallengePage(t, answer.data.challengeUrl!, 'decline');
    const result = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(result.data).toMatchObject({ state: 'payable', payment: { status: 'failed' } });
    expect(await stepsOf(opened.attemptUuid!)).toEqual(expect.arrayContaining(['3-D Secure declined', 'callback queued']));
    expect((await pay(token, SANDBOX_CARDS.approved)).answer.data.status).toBe('succeeded');
  });

  it('refuses LINK_INACTIVE, LINK_EXPIRED and LINK_ALREADY_PAID and writes nothing', async () => {
    const live = await link();
    const single = await link({ type: 0 });
    const ip = nextIp();
    const openedLive = await open(live.token, ip);
    const openedSingle = await open(single.token, ip);
    expect(
      (await t.call(payCheckoutCall, payment(single.token, openedSingle.attemptUuid!, SANDBOX_CARDS.approved), { ip })).data.status,
    ).toBe('succeeded');
    await sql`UPDATE payment_links SET status = 2 WHERE id = ${live.id}`.execute(t.deps.db);
    const expired = await link({ exipresIn: 60 });
    const openedExpired = await open(expired.token, ip);
    await sql`UPDATE payment_links SET created_at = now() - interval '2 minutes' WHERE id = ${expired.id}`.execute(t.deps.db);
    for (const [token, attemptUuid, reason] of [
      [live.token, openedLive.attemptUuid!, 'LINK_INACTIVE'],
      [expired.token, openedExpired.attemptUuid!, 'LINK_EXPIRED'],
      [single.token, openedSingle.attemptUuid!, 'LINK_ALREADY_PAID'],
    ] as const) {
      const before = await countAllRows(t);
      const refused = await t.call(payCheckoutCall, payment(token, attemptUuid, SANDBOX_CARDS.approved), { ip });
      expect(refused).toMatchObject({ status: 409, reason });
      expect({ ...(await countAllRows(t)), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    }
  });

  it('refuses a card of a scheme the link does not take, and an attempt of another link', async () => {
    const mastercardOnly = await link({ schemeIds: [mastercard], type: 0 });
    const { answer } = await pay(mastercardOnly.token, SANDBOX_CARDS.approved);
    expect(answer).toMatchObject({ status: 422, reason: 'CARD_SCHEME_NOT_ALLOWED' });
    const count = await t.deps.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('payment_link_id', '=', mastercardOnly.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    // The claim was given back: a Mastercard pays.
    const ok = await pay(mastercardOnly.token, '5555555555554444');
    expect(ok.answer.data.status).toBe('succeeded');

    const mine = await link();
    const theirs = await link({}, other);
    const openedTheirs = await open(theirs.token);
    const crossed = await t.call(payCheckoutCall, payment(mine.token, openedTheirs.attemptUuid!, SANDBOX_CARDS.approved), { ip: nextIp() });
    expect(crossed).toMatchObject({ status: 404, reason: 'CHECKOUT_NOT_FOUND' });
  });

  it('refuses bad input by field with nothing written', async () => {
    const { token } = await link();
    const ip = nextIp();
    const opened = await open(token, ip);
    const before = await countAllRows(t);
    const bad = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, '4242', { customer: { name: '' } as never }), { ip });
    expect(bad).toMatchObject({ status: 400, reason: 'VALIDATION_FAILED' });
    expect(Object.keys(fieldErrors(bad))).toEqual(expect.arrayContaining(['customer.name', 'card.number']));
    expect({ ...(await countAllRows(t)), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
  });

  it("queues the merchant's signed callback with the payment's body on each final state, after 3-D Secure too", async () => {
    const { token } = await link({ callbackUrl: 'https://shop.example.com/hook?shop=7' });
    const paid = await pay(token, SANDBOX_CARDS.approved);
    const declined = await pay(token, SANDBOX_CARDS.declined);
    const challenged = await pay(token, SANDBOX_CARDS.challenge);
    await answerChallengePage(t, challenged.answer.data.challengeUrl!, 'approve');
    const events = await t.deps.db
      .selectFrom('webhook_events')
      .select(['event_id', 'event_type', 'url', 'body', 'merchant_user_id'])
      .where('url', '=', 'https://shop.example.com/hook?shop=7')
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(3);
    const bodies = events.map(
      (event) => (typeof event.body === 'string' ? JSON.parse(event.body) : event.body) as { type: string; data: Record<string, unknown> },
    );
    for (const event of events) expect(event).toMatchObject({ event_type: 'payment_link.payment', merchant_user_id: shop.id });
    const [first, second, third] = bodies;
    expect(first).toEqual({
      type: 'payment_link.payment',
      data: {
        token,
        transactionId: paid.answer.data.transactionId,
        status: 'succeeded',
        failureReason: null,
        amount: Number(AMOUNT),
        currency: 'AED',
        fee: expect.any(Number),
        vat: expect.any(Number),
        createdAt: paid.answer.data.createdAt,
      },
    });
    expect((first!.data.fee as number) + (first!.data.vat as number)).toBeGreaterThan(0);
    expect(second!.data).toMatchObject({
      transactionId: declined.answer.data.transactionId,
      status: 'failed',
      failureReason: expect.stringMatching(/declined/i),
    });
    expect(third!.data).toMatchObject({ transactionId: challenged.answer.data.transactionId, status: 'succeeded' });
    // Each is logged in its attempt with its event id.
    const timeline = await getAttemptTimeline(t.deps.db, shop.id, { attemptUuid: paid.opened.attemptUuid! });
    const queued = timeline!.logs.find((log) => log.message === 'callback queued');
    expect(queued?.data).toMatchObject({ eventId: events[0]!.event_id, url: 'https://shop.example.com/hook?shop=7' });
    // A delivery job waits for each.
    const jobs = await t.deps.db.selectFrom('jobs').select('kind').where('kind', '=', 'deliver-webhook').execute();
    expect(jobs.length).toBeGreaterThanOrEqual(3);
  });

  it('queues no callback for a link without a callback URL, and never fails a payment for an unusable one', async () => {
    const before = await t.deps.db.selectFrom('webhook_events').select('id').execute();
    const none = await link({ callbackUrl: null });
    expect((await pay(none.token, SANDBOX_CARDS.approved)).answer.data.status).toBe('succeeded');
    const long = await link({ callbackUrl: `https://shop.example.com/${'x'.repeat(300)}` });
    const paid = await pay(long.token, SANDBOX_CARDS.approved);
    expect(paid.answer.data.status).toBe('succeeded');
    expect(await t.deps.db.selectFrom('webhook_events').select('id').execute()).toHaveLength(before.length);
    expect(await stepsOf(paid.opened.attemptUuid!)).toContain('callback not sent');
  });

  it('a single-use link takes one payment even with 10 payments at once', async () => {
    const { token, id } = await link({ type: 0 });
    const opened = await Promise.all(Array.from({ length: 10 }, () => open(token)));
    const answers = await Promise.all(
      opened.map((page, index) =>
        t.call(payCheckoutCall, payment(token, page.attemptUuid!, SANDBOX_CARDS.approved), { ip: `203.0.113.${index + 1}` }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.code === 200 && answer.data.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== succeeded[0])) {
      expect(['LINK_ALREADY_PAID', 'LINK_PAYMENT_IN_PROGRESS']).toContain(answer.reason);
    }
    const rows = await t.deps.db.selectFrom('transactions').select('status').where('payment_link_id', '=', id).execute();
    expect(rows.filter((row) => row.status === 1)).toHaveLength(1);
  });

  it("a single-use link's live claim refuses in the link's words; a claim left behind (expired) does not block a later payer", async () => {
    const { token, id } = await link({ type: 0 });
    // A payer whose server died between the claim and the card left its claim behind.
    const crashed = await open(token);
    await t.deps.db
      .insertInto('checkout_claims')
      .values({ payment_link_id: id, attempt_id: await attemptIdOf(crashed.attemptUuid!), expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const ip = nextIp();
    const later = await open(token, ip);
    const before = { ...(await countAllRows(t)), rate_limits: 0 };
    const refused = await t.call(payCheckoutCall, payment(token, later.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(refused).toMatchObject({
      status: 409,
      reason: 'LINK_PAYMENT_IN_PROGRESS',
      message: 'A payment for this link is already in progress. Please try again in a few minutes.',
    });
    expect({ ...(await countAllRows(t)), rate_limits: 0 }).toEqual(before);

    await t.deps.db
      .updateTable('checkout_claims')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('payment_link_id', '=', id)
      .execute();
    const paid = await t.call(payCheckoutCall, payment(token, later.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(paid.data.status).toBe('succeeded');
    expect(await t.deps.db.selectFrom('checkout_claims').select('attempt_id').where('payment_link_id', '=', id).execute()).toEqual([]);
    expect(await open(token)).toMatchObject({ state: 'paid', stateMessage: 'This payment link has already been paid.' });
    await expectLedgerInvariants(t);
  });
});

async function stepsOf(attemptUuid: string): Promise<string[]> {
  const timeline = await getAttemptTimeline(t.deps.db, shop.id, { attemptUuid });
  return [timeline!.message, ...timeline!.logs.map((log) => log.message)];
}
