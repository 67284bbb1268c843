// Two fixes of the merchant API's door, on the real database through the real app:
//  - failed authentications are counted per client id, and per address only for ids nobody has:
//    a merchant's valid credentials keep working from an address where others failed 50 times,
//    even its own id's failures do not refuse its right secret, and a guessed id is throttled;
//  - no stored answer holds a bearer secret: the 3-D Secure page's URL (and the hosted checkout
//    page's) is sealed in api_payments and in the stored answer of an Idempotency-Key, and a
//    replay still answers the same body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayment } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestApiCredentials, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { API_AUTH_FAILURES_PER_MINUTE } from '../app-settings/app-settings.service.ts';

type Creds = TestApiCredentials;

let t: TestApp;
let shop: TestMerchant;
let shopCreds: Creds;
let otherCreds: Creds;

async function api(method: 'GET' | 'POST', path: string, creds: Creds, options: { ip?: string; body?: unknown; key?: string } = {}) {
  const response = await t.app.inject({
    method,
    url: `/api/merchant/v1${path}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.json<TPayment & { error?: { code: string } }>(), headers: response.headers };
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pay.example.test' });
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  shopCreds = await apiCredentialsOf(t, shop);
  otherCreds = await apiCredentialsOf(t, await createTestMerchant(t));
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('failed authentications', () => {
  it("never refuse valid credentials for someone else's mistakes, and still throttle a guessed id", async () => {
    const address = '203.0.113.50';
    const failures = 50;
    // Another merchant's id with a wrong secret, 50 times from the shared address: its own id waits.
    const wrongSecret = { ...otherCreds, clientSecret: 'sk_wrong' };
    const otherAnswers = [];
    for (let i = 0; i < failures; i++) otherAnswers.push((await api('GET', '/payments', wrongSecret, { ip: address })).status);
    expect(otherAnswers.slice(0, API_AUTH_FAILURES_PER_MINUTE)).toEqual(Array(API_AUTH_FAILURES_PER_MINUTE).fill(401));
    expect(otherAnswers.slice(API_AUTH_FAILURES_PER_MINUTE + 1)).toEqual(Array(failures - API_AUTH_FAILURES_PER_MINUTE - 1).fill(429));
    // Ids nobody has, 50 times from the same address: the address waits for guesses.
    for (let i = 0; i < failures; i++)
      await api('GET', '/payments', { clientId: `pw_guess_${i}`, clientSecret: 'sk_guess' }, { ip: address });

    // The shop's valid credentials from that address: answered. So are the other merchant's, right secret.
    expect((await api('GET', '/payments', shopCreds, { ip: address })).status).toBe(200);
    expect((await api('GET', '/payments', otherCreds, { ip: address })).status).toBe(200);
    // A guessed id from that address: throttled by name, with Retry-After.
    const guessed = await api('GET', '/payments', { clientId: 'pw_guess_next', clientSecret: 'sk_guess' }, { ip: address });
    expect({ status: guessed.status, code: guessed.body.error?.code }).toEqual({ status: 429, code: 'API_RATE_LIMITED' });
    expect(Number(guessed.headers['retry-after'])).toBeGreaterThan(0);
    // The same guess from another address is only a wrong credential.
    const elsewhere = await api('GET', '/payments', { clientId: 'pw_guess_next', clientSecret: 'sk_guess' }, { ip: '203.0.113.51' });
    expect({ status: elsewhere.status, code: elsewhere.body.error?.code }).toEqual({ status: 401, code: 'API_CREDENTIALS_INVALID' });
  });
});

describe('stored answers hold no bearer secret', () => {
  /** Every text column where the merchant API keeps a payment's next step or an answer. */
  async function storedText(): Promise<string> {
    const payments = await t.deps.db
      .selectFrom('api_payments')
      .select(['next_action_url'])
      .where('merchant_user_id', '=', shop.id)
      .execute();
    const answers = await t.deps.db
      .selectFrom('idempotency_keys')
      .select(['response_body'])
      .where('scope', '=', `merchant-api:${shop.id}`)
      .execute();
    return JSON.stringify([payments, answers]);
  }

  it('seals the 3-D Secure page in the payment and in the kept answer; the replay and a read still show it', async () => {
    const body = {
      amount: 2_000,
      currency: 'AED',
      card: { holderName: 'Jane Doe', number: SANDBOX_CARDS.challenge, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
    };
    const first = await api('POST', '/payments', shopCreds, { body, key: 'sealed-3ds-1' });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('requires_action');
    const url = first.body.nextAction!.redirectUrl;
    const token = url.split('/').pop()!;
    expect(url).toMatch(/\/gateway\/3ds\/[A-Za-z0-9_-]{20,}$/);

    const stored = await storedText();
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('/gateway/3ds/');
    expect(stored).toContain('v1.');

    const replay = await api('POST', '/payments', shopCreds, { body, key: 'sealed-3ds-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect({ status: replay.status, body: replay.body }).toEqual({ status: first.status, body: first.body });
    expect((await api('GET', `/payments/${first.body.id}`, shopCreds)).body.nextAction).toEqual(first.body.nextAction);
  });

  it("keeps the hosted checkout page's token out of the kept answer too", async () => {
    const first = await api('POST', '/payments', shopCreds, { body: { amount: 1_500, currency: 'AED' }, key: 'sealed-hosted-1' });
    expect(first.status).toBe(201);
    const token = first.body.nextAction!.redirectUrl.split('/').pop()!;
    const answers = await t.deps.db.selectFrom('idempotency_keys').select(['response_body']).where('key', '=', 'sealed-hosted-1').execute();
    expect(answers).toHaveLength(1);
    expect(answers[0]!.response_body).not.toContain(token);
    const replay = await api('POST', '/payments', shopCreds, { body: { amount: 1_500, currency: 'AED' }, key: 'sealed-hosted-1' });
    expect(replay.body).toEqual(first.body);
  });
});
