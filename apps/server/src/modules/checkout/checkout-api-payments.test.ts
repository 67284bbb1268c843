// The hosted checkout serving merchant API payments, end to end on the real app and database: a
// card-less payment created through the merchant API (POST /api/merchant/v1/payments, HTTP Basic)
// is opened and paid on its page (get-checkout, pay-checkout) with each sandbox card: frictionless
// (the API payment succeeds, money on hold, fee and VAT as charged, GET answers succeeded, the
// merchant's webhook and return URL), declined (still payable), 3-D Secure approved (paid once);
// an expired or paid one refuses and writes nothing, in words that speak of a payment, not a link;
// a card refused before the charge gives the payment back; 10 payers at once pay once; the claim
// (checkout_claims) is held while 3-D Secure waits and a claim left behind stops counting at its
// expiry; merchant B's token shows B's data only and A's API cannot read B's payment. Every money
// test ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCheckoutCall, getTransactionAttemptsCall, payCheckoutCall, updateMerchantAppSettingsCall } from '@paywallet/contract';
import { countAllRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { answerChallengePage, expectLedgerInvariants, onHoldBalance } from '../../test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestApiCredentials, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { insertPaymentLink } from '../payment-links/payment-links.service.ts';
import type { TApiError, TPayment } from '@paywallet/contract';

const PUBLIC_URL = 'https://pay.example.test';
const FUTURE_YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const AMOUNT = 12_500;
const WEBHOOK_URL = 'https://hooks.example.test/shop';

type Creds = TestApiCredentials;
let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let visaOnly: TestMerchant;
let shopCreds: Creds;
let rivalCreds: Creds;
let visaOnlyCreds: Creds;
/** Each test its own customer IPs, so the per-IP limits never join two tests. */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL }, { demo: false });
  shop = await createTestMerchant(t);
  rival = await createTestMerchant(t);
  visaOnly = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  await giveMerchantFees(t, visaOnly.id, [{ scheme: 'VISA', currency: 'AED', percentageBps: 250, fixedMinor: 100n }]);
  shopCreds = await apiCredentialsOf(t, shop);
  rivalCreds = await apiCredentialsOf(t, rival);
  visaOnlyCreds = await apiCredentialsOf(t, visaOnly);
  const saved = await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl: WEBHOOK_URL }, { token: shop.token });
  expect(saved.code).toBe(200);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

async function api<T = TPayment>(method: 'GET' | 'POST', path: string, creds: Creds, body?: unknown): Promise<{ status: number; body: T }> {
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

/** A card-less API payment: the merchant's server gets the hosted page in nextAction.redirectUrl. */
async function hosted(creds: Creds = shopCreds, extra: Record<string, unknown> = {}) {
  const created = await api('POST', '/payments', creds, {
    amount: AMOUNT,
    currency: 'AED',
    description: 'Three jars of honey',
    clientReference: 'order-42',
    customer: { name: 'Omar Saleh', email: 'omar@example.com', phone: '+971501112233' },
    returnUrl: 'https://shop.example.com/back?order=42',
    ...extra,
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('requires_action');
  const redirect = created.body.nextAction!.redirectUrl;
  expect(redirect.startsWith(`${PUBLIC_URL}/pay/`)).toBe(true);
  const token = redirect.slice(`${PUBLIC_URL}/pay/`.length);
  const row = await t.deps.db.selectFrom('api_payments').select('id').where('uuid', '=', created.body.id).executeTakeFirstOrThrow();
  return { id: created.body.id, rowId: row.id, token };
}

async function open(token: string, ip = nextIp()) {
  const answer = await t.call(getCheckoutCall, { token }, { ip });
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

function payment(token: string, attemptUuid: string, number: string) {
  return {
    token,
    attemptUuid,
    customer: { name: 'Omar Saleh', email: 'omar@example.com', phone: '+971501112233', country: 'United Arab Emirates', city: 'Dubai' },
    card: { holderName: 'Omar Saleh', number, expMonth: '09', expYear: FUTURE_YY, cvc: '123' },
  };
}

async function pay(token: string, number: string, ip = nextIp()) {
  const opened = await open(token, ip);
  const answer = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, number), { ip });
  return { opened, answer };
}

async function transactionsOf(apiPaymentId: bigint) {
  return t.deps.db
    .selectFrom('transactions')
    .select(['id', 'uuid', 'status', 'transaction_type_id'])
    .where('api_payment_id', '=', apiPaymentId)
    .orderBy('id')
    .execute();
}

async function webhookTypes(who: TestMerchant): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('webhook_events')
    .select(['event_type', 'body'])
    .where('merchant_user_id', '=', who.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as { type: string };
    return `${row.event_type}:${body.type}`;
  });
}

/** A reusable payment link of the shop's (AED 10.00). */
async function reusableLink() {
  const channelId = shop.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'online')!.id;
  const aed = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
  return insertPaymentLink(t.deps.db, {
    merchantUserId: shop.id,
    channelId,
    currencyId: aed,
    amount: 1_000n,
    type: 1,
    status: 1,
    exipresIn: null,
    redirectUrl: null,
    callbackUrl: null,
    receiptNo: null,
    email: null,
    phone: null,
    description: null,
    addedBy: shop.id,
    schemeIds: [],
  });
}

/** The claims held on an API payment (checkout_claims rows). */
async function claimsOf(apiPaymentId: bigint) {
  return t.deps.db
    .selectFrom('checkout_claims')
    .select(['payment_link_id', 'attempt_id', 'transaction_id', 'expires_at'])
    .where('api_payment_id', '=', apiPaymentId)
    .execute();
}

async function attemptIdOf(attemptUuid: string): Promise<bigint> {
  return (await t.deps.db.selectFrom('payment_attempts').select('id').where('uuid', '=', attemptUuid).executeTakeFirstOrThrow()).id;
}

/** Counts of every table but the per-IP counters: a refusal must leave them as they were. */
async function rowsButLimits() {
  return { ...(await countAllRows(t)), rate_limits: 0 };
}

describe('get-checkout of an API payment', () => {
  it("shows the payment as the page needs it: merchant, the channel's store, amount, prefilled customer, all the merchant's schemes", async () => {
    const { rowId, token } = await hosted();
    const page = await open(token);
    expect(page).toMatchObject({
      token,
      merchantName: expect.stringContaining('Test Business'),
      storeName: shop.stores[0]!.name,
      amount: AMOUNT,
      currency: 'AED',
      decimals: 2,
      description: 'Three jars of honey',
      receiptNo: 'order-42',
      customer: { name: 'Omar Saleh', email: 'omar@example.com', phone: '+971501112233' },
      state: 'payable',
      stateMessage: null,
      payment: null,
    });
    expect(page.expiresAt).not.toBeNull();
    expect(page.schemes.map((scheme) => scheme.name).sort()).toEqual(['Mastercard', 'Visa'].sort());
    // One attempt per page open, kept under the API payment with its token.
    const attempts = await t.deps.db
      .selectFrom('payment_attempts')
      .select(['uuid', 'message', 'payment_token', 'merchant_user_id', 'payment_link_id'])
      .where('api_payment_id', '=', rowId)
      .execute();
    expect(attempts).toEqual([
      { uuid: page.attemptUuid, message: 'page opened', payment_token: token, merchant_user_id: shop.id, payment_link_id: null },
    ]);
  });
});

describe('pay-checkout of an API payment', () => {
  it('pays with 4242: a type 9 transaction of the API payment, on hold + (amount - fee - VAT), GET answers succeeded, webhook and return URL', async () => {
    const { id, rowId, token } = await hosted();
    const heldBefore = await onHoldBalance(t, shop.id);
    const { opened, answer } = await pay(token, SANDBOX_CARDS.approved);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'succeeded',
      amount: AMOUNT,
      currency: 'AED',
      failureReason: null,
      card: { last4: '4242' },
    });
    const back = new URL(answer.data.returnUrl!);
    expect(back.origin + back.pathname).toBe('https://shop.example.com/back');
    expect(Object.fromEntries(back.searchParams)).toEqual({ order: '42', status: 'succeeded', transactionId: answer.data.transactionId });

    const [transaction, ...others] = await transactionsOf(rowId);
    expect(others).toEqual([]);
    expect(transaction).toMatchObject({ uuid: answer.data.transactionId, transaction_type_id: 9, status: 1 });
    const charges = await t.deps.db
      .selectFrom('transaction_charges')
      .select(['type', 'charges'])
      .where('transaction_id', '=', transaction!.id)
      .execute();
    const fee = BigInt(charges.find((charge) => charge.type === 'fee')!.charges);
    const vat = BigInt(charges.find((charge) => charge.type === 'vat')!.charges);
    // The demo fee schedule: 2.5 % + AED 1.00, VAT on the fee.
    expect(fee).toBe(BigInt(Math.round(AMOUNT * 0.025)) + 100n);
    expect(vat).toBeGreaterThan(0n);
    expect((await onHoldBalance(t, shop.id)) - heldBefore).toBe(BigInt(AMOUNT) - fee - vat);

    const read = await api('GET', `/payments/${id}`, shopCreds);
    expect(read.body).toMatchObject({
      status: 'succeeded',
      amount: AMOUNT,
      amountCaptured: AMOUNT,
      fee: Number(fee),
      vat: Number(vat),
      transactionId: answer.data.transactionId,
      nextAction: null,
      card: { last4: '4242' },
    });
    // The API payment's own webhook (no second one for the page).
    expect(await webhookTypes(shop)).toContain('api.payment:payment.succeeded');
    expect((await webhookTypes(shop)).filter((type) => type.endsWith('payment.succeeded'))).toHaveLength(1);

    // The attempt is the transaction's, with the page's steps, for the merchant's attempts view.
    const attempts = await t.call(getTransactionAttemptsCall, { transactionId: answer.data.transactionId }, { token: shop.token });
    expect(attempts.code, attempts.message).toBe(200);
    expect(attempts.data.attempts).toHaveLength(1);
    expect(attempts.data.attempts[0]).toMatchObject({
      message: 'page opened',
      payment_token: token,
      transaction_uuid: answer.data.transactionId,
    });
    expect(attempts.data.attempts[0]!.logs.map((log) => log.message)).toEqual(
      expect.arrayContaining(['details submitted', 'Card checked', 'Approved', 'Posted']),
    );
    const otherMerchant = await t.call(getTransactionAttemptsCall, { transactionId: answer.data.transactionId }, { token: rival.token });
    expect(otherMerchant.data?.attempts ?? []).toEqual([]);

    // Back on the page: the attempt's payment; a fresh open says it is paid and opens nothing.
    const again = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(again.data).toMatchObject({ state: 'paid', payment: { status: 'succeeded', transactionId: answer.data.transactionId } });
    const before = await rowsButLimits();
    expect(await open(token)).toMatchObject({ state: 'paid', stateMessage: 'This payment has already been made.', attemptUuid: null });
    // A second payment (on the first page's attempt) is refused, and writes nothing.
    const second = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.approved), { ip: nextIp() });
    expect(second).toMatchObject({ status: 409, reason: 'LINK_ALREADY_PAID', message: 'This payment has already been made.' });
    expect(await rowsButLimits()).toEqual(before);
    await expectLedgerInvariants(t);
  });

  it('a declined card is a failed attempt: nothing moves, no webhook, the payment stays payable and another card pays it', async () => {
    const { id, rowId, token } = await hosted();
    const heldBefore = await onHoldBalance(t, shop.id);
    const webhooksBefore = (await webhookTypes(shop)).length;
    const ip = nextIp();
    const opened = await open(token, ip);
    const declined = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.declined), { ip });
    expect(declined.data).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/declined/i) });
    expect(new URL(declined.data.returnUrl!).searchParams.get('status')).toBe('failed');
    expect(await onHoldBalance(t, shop.id)).toBe(heldBefore);
    expect((await webhookTypes(shop)).length).toBe(webhooksBefore);
    expect((await api('GET', `/payments/${id}`, shopCreds)).body).toMatchObject({ status: 'requires_action', amountCaptured: 0, fee: 0 });
    expect((await open(token)).state).toBe('payable');
    expect(await claimsOf(rowId)).toEqual([]);

    const paid = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(paid.data.status).toBe('succeeded');
    expect((await transactionsOf(rowId)).map((row) => row.status)).toEqual([2, 1]);
    expect((await api('GET', `/payments/${id}`, shopCreds)).body).toMatchObject({
      status: 'succeeded',
      transactionId: paid.data.transactionId,
    });
    await expectLedgerInvariants(t);
  });

  it('3-D Secure: requires_action holds the payment for its payer; Approve pays it once and returns to the page', async () => {
    const { id, rowId, token } = await hosted();
    const heldBefore = await onHoldBalance(t, shop.id);
    const { opened, answer } = await pay(token, SANDBOX_CARDS.challenge);
    expect(answer.data).toMatchObject({ status: 'requires_action', returnUrl: null });
    expect(answer.data.challengeUrl).toContain('/gateway/3ds/');
    expect(await onHoldBalance(t, shop.id)).toBe(heldBefore);
    // The payer's attempt holds the claim, for this payment, until the 3-D Secure answer.
    const [claim, ...moreClaims] = await claimsOf(rowId);
    expect(moreClaims).toEqual([]);
    const [waiting] = await transactionsOf(rowId);
    expect(claim).toMatchObject({ payment_link_id: null, attempt_id: await attemptIdOf(opened.attemptUuid!), transaction_id: waiting!.id });
    expect(claim!.expires_at.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    // Another payer meanwhile is refused: the payment is under way.
    const meanwhile = await pay(token, SANDBOX_CARDS.approved);
    expect(meanwhile.answer).toMatchObject({
      status: 409,
      reason: 'LINK_PAYMENT_IN_PROGRESS',
      message: 'This payment is already in progress. Please try again in a few minutes.',
    });

    const back = new URL(await answerChallengePage(t, answer.data.challengeUrl!, 'approve'));
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/pay/${token}`);
    expect(back.searchParams.get('attempt')).toBe(opened.attemptUuid);
    const result = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(result.data).toMatchObject({ state: 'paid', payment: { status: 'succeeded', transactionId: answer.data.transactionId } });
    expect(new URL(result.data.payment!.returnUrl!).searchParams.get('transactionId')).toBe(answer.data.transactionId);
    expect((await transactionsOf(rowId)).map((row) => row.status)).toEqual([1]);
    expect((await api('GET', `/payments/${id}`, shopCreds)).body).toMatchObject({ status: 'succeeded', amountCaptured: AMOUNT });
    expect(await onHoldBalance(t, shop.id)).toBeGreaterThan(heldBefore);
    expect(await claimsOf(rowId)).toEqual([]);
    // Paid once: the page now refuses, the waiting payer's page too.
    const late = await t.call(payCheckoutCall, payment(token, meanwhile.opened.attemptUuid!, SANDBOX_CARDS.approved), { ip: nextIp() });
    expect(late).toMatchObject({ status: 409, reason: 'LINK_ALREADY_PAID' });
    await expectLedgerInvariants(t);
  });

  it('a declined 3-D Secure check gives the claim back and leaves the payment payable for another card', async () => {
    const { id, rowId, token } = await hosted();
    const { opened, answer } = await pay(token, SANDBOX_CARDS.challenge);
    expect(await claimsOf(rowId)).toHaveLength(1);
    await answerChallengePage(t, answer.data.challengeUrl!, 'decline');
    expect(await claimsOf(rowId)).toEqual([]);
    const result = await t.call(getCheckoutCall, { token, attemptUuid: opened.attemptUuid! }, { ip: nextIp() });
    expect(result.data).toMatchObject({ state: 'payable', payment: { status: 'failed' } });
    expect((await api('GET', `/payments/${id}`, shopCreds)).body.status).toBe('requires_action');
    expect((await pay(token, SANDBOX_CARDS.approved)).answer.data.status).toBe('succeeded');
    await expectLedgerInvariants(t);
  });

  it('a manual-capture API payment is authorised on the page and waits for the capture', async () => {
    const { id, token } = await hosted(shopCreds, { captureMethod: 'manual' });
    const heldBefore = await onHoldBalance(t, shop.id);
    const { answer } = await pay(token, SANDBOX_CARDS.approved);
    expect(answer.data.status).toBe('pending');
    // The customer may go back to the merchant: the payment is authorised.
    expect(new URL(answer.data.returnUrl!).searchParams.get('status')).toBe('pending');
    expect((await api('GET', `/payments/${id}`, shopCreds)).body).toMatchObject({ status: 'requires_capture', amountCaptured: 0 });
    expect(await onHoldBalance(t, shop.id)).toBe(heldBefore);
    expect((await open(token)).state).toBe('paid');
    const captured = await api('POST', `/payments/${id}/capture`, shopCreds, {});
    expect(captured.body).toMatchObject({ status: 'succeeded', amountCaptured: AMOUNT });
    await expectLedgerInvariants(t);
  });

  it('an expired API payment shows expired, opens no attempt and refuses payment with nothing written', async () => {
    const { id, token } = await hosted(shopCreds, { expiresIn: 60 });
    const ip = nextIp();
    const opened = await open(token, ip);
    await t.deps.db
      .updateTable('api_payments')
      .set((eb) => ({ created_at: eb.val(new Date(Date.now() - 120_000)) }))
      .where('uuid', '=', id)
      .execute();
    const before = await rowsButLimits();
    expect(await open(token)).toMatchObject({
      state: 'expired',
      stateMessage: 'This payment has expired.',
      attemptUuid: null,
      payment: null,
    });
    const refused = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(refused).toMatchObject({ status: 409, reason: 'LINK_EXPIRED', message: 'This payment has expired.' });
    expect(await rowsButLimits()).toEqual(before);
    expect((await api('GET', `/payments/${id}`, shopCreds)).body.status).toBe('expired');
    await expectLedgerInvariants(t);
  });

  it('a card refused before the charge (a scheme the merchant does not take) gives the payment back at once', async () => {
    const { rowId, token } = await hosted(visaOnlyCreds);
    expect((await open(token)).schemes.map((scheme) => scheme.name)).toEqual(['Visa']);
    const ip = nextIp();
    const opened = await open(token, ip);
    const refused = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, '5555555555554444'), { ip });
    expect(refused).toMatchObject({ status: 422, reason: 'CARD_SCHEME_NOT_ALLOWED' });
    expect(await transactionsOf(rowId)).toEqual([]);
    expect(await claimsOf(rowId)).toEqual([]);
    const paid = await t.call(payCheckoutCall, payment(token, opened.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(paid.data.status).toBe('succeeded');
    await expectLedgerInvariants(t);
  });

  it('takes one payment with 10 payers at once', async () => {
    const { id, rowId, token } = await hosted();
    const heldBefore = await onHoldBalance(t, shop.id);
    const pages = await Promise.all(Array.from({ length: 10 }, () => open(token)));
    const answers = await Promise.all(
      pages.map((page, index) =>
        t.call(payCheckoutCall, payment(token, page.attemptUuid!, SANDBOX_CARDS.approved), { ip: `203.0.113.${index + 1}` }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.code === 200 && answer.data.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== succeeded[0])) {
      expect(['LINK_ALREADY_PAID', 'LINK_PAYMENT_IN_PROGRESS']).toContain(answer.reason);
    }
    expect((await transactionsOf(rowId)).map((row) => row.status)).toEqual([1]);
    const read = await api('GET', `/payments/${id}`, shopCreds);
    expect(read.body).toMatchObject({ status: 'succeeded', transactionId: succeeded[0]!.data.transactionId });
    expect((await onHoldBalance(t, shop.id)) - heldBefore).toBe(BigInt(AMOUNT - read.body.fee - read.body.vat));
    expect(await claimsOf(rowId)).toEqual([]);
    await expectLedgerInvariants(t);
  });
});

describe('the claim of an API payment', () => {
  it('a live claim refuses a payer with nothing written; a claim left behind (expired) does not block a later payer', async () => {
    const { id, rowId, token } = await hosted();
    // A payer whose server died between the claim and the card left its claim behind.
    const crashed = await open(token);
    const crashedAttempt = await attemptIdOf(crashed.attemptUuid!);
    await t.deps.db
      .insertInto('checkout_claims')
      .values({ api_payment_id: rowId, attempt_id: crashedAttempt, expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const ip = nextIp();
    const later = await open(token, ip);
    const before = await rowsButLimits();
    const refused = await t.call(payCheckoutCall, payment(token, later.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(refused).toMatchObject({ status: 409, reason: 'LINK_PAYMENT_IN_PROGRESS', message: expect.stringMatching(/^This payment is/) });
    expect(await rowsButLimits()).toEqual(before);

    // Once the claim has run out it no longer counts: the later payer pays, and gives it back.
    await t.deps.db
      .updateTable('checkout_claims')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('api_payment_id', '=', rowId)
      .execute();
    const paid = await t.call(payCheckoutCall, payment(token, later.attemptUuid!, SANDBOX_CARDS.approved), { ip });
    expect(paid.code, paid.message).toBe(200);
    expect(paid.data.status).toBe('succeeded');
    expect(await claimsOf(rowId)).toEqual([]);
    expect((await transactionsOf(rowId)).map((row) => row.status)).toEqual([1]);
    expect((await api('GET', `/payments/${id}`, shopCreds)).body.status).toBe('succeeded');
    await expectLedgerInvariants(t);
  });

  it('a claim names exactly one link or API payment, and each has one claim at most', async () => {
    const { rowId, token } = await hosted();
    const attemptId = await attemptIdOf((await open(token)).attemptUuid!);
    const link = await reusableLink();
    const claim = (of: { payment_link_id?: bigint | null; api_payment_id?: bigint | null }) =>
      t.deps.db
        .insertInto('checkout_claims')
        .values({ ...of, attempt_id: attemptId, expires_at: new Date(Date.now() + 60_000) })
        .execute();
    await expect(claim({})).rejects.toThrow(/checkout_claims_one_payable/);
    await expect(claim({ payment_link_id: link.id, api_payment_id: rowId })).rejects.toThrow(/checkout_claims_one_payable/);
    await claim({ api_payment_id: rowId });
    await expect(claim({ api_payment_id: rowId })).rejects.toThrow(/checkout_claims_api_payment/);
    await t.deps.db.deleteFrom('checkout_claims').where('api_payment_id', '=', rowId).execute();
  });
});

describe('another merchant', () => {
  it("merchant B's token shows B's payment only; attempts never cross tokens; A's API cannot read B's payment", async () => {
    const mine = await hosted(shopCreds);
    const theirs = await hosted(rivalCreds, { description: 'Rival order', clientReference: 'rival-1', customer: { name: 'Rana' } });
    const page = await open(theirs.token);
    expect(page).toMatchObject({
      merchantName: expect.stringContaining('Test Business'),
      storeName: rival.stores[0]!.name,
      description: 'Rival order',
      receiptNo: 'rival-1',
      customer: { name: 'Rana', email: null, phone: null },
    });
    // B's page attempt with A's token (and the other way) is not found, for the page and for paying.
    const minePage = await open(mine.token);
    expect(page.merchantName).not.toBe(minePage.merchantName);
    const crossedRead = await t.call(getCheckoutCall, { token: mine.token, attemptUuid: page.attemptUuid! }, { ip: nextIp() });
    expect(crossedRead).toMatchObject({ status: 404, reason: 'CHECKOUT_NOT_FOUND', message: 'This payment does not exist.' });
    const before = await rowsButLimits();
    const crossedPay = await t.call(payCheckoutCall, payment(theirs.token, minePage.attemptUuid!, SANDBOX_CARDS.approved), {
      ip: nextIp(),
    });
    expect(crossedPay).toMatchObject({ status: 404, reason: 'CHECKOUT_NOT_FOUND' });
    expect(await rowsButLimits()).toEqual(before);

    // A payment link's attempt does not pay an API payment.
    const link = await reusableLink();
    const linkPage = await open(link.token);
    expect((await t.call(getCheckoutCall, { token: mine.token, attemptUuid: linkPage.attemptUuid! }, { ip: nextIp() })).reason).toBe(
      'CHECKOUT_NOT_FOUND',
    );
    expect((await t.call(getCheckoutCall, { token: link.token, attemptUuid: minePage.attemptUuid! }, { ip: nextIp() })).reason).toBe(
      'CHECKOUT_NOT_FOUND',
    );

    // B pays its own; A's API answers 404 for it, B's answers it.
    const paid = await t.call(payCheckoutCall, payment(theirs.token, page.attemptUuid!, SANDBOX_CARDS.approved), { ip: nextIp() });
    expect(paid.data.status).toBe('succeeded');
    const readByA = await api<TApiError>('GET', `/payments/${theirs.id}`, shopCreds);
    expect(readByA.status).toBe(404);
    expect(readByA.body.error.code).toBe('PAYMENT_NOT_FOUND');
    expect((await api('GET', `/payments/${theirs.id}`, rivalCreds)).body.status).toBe('succeeded');
    // A's attempts view does not show B's transaction.
    const attempts = await t.call(getTransactionAttemptsCall, { transactionId: paid.data.transactionId }, { token: shop.token });
    expect(attempts.data?.attempts ?? []).toEqual([]);
    await expectLedgerInvariants(t);
  });
});
