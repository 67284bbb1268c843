// Text that cannot be stored is refused at the door, whichever door: a lone UTF-16 surrogate
// (JSON's "\ud800" with no partner) has no UTF-8 form, so PostgreSQL refuses it in jsonb (the POS
// login's audit row answered 500) and turns it into U+FFFD in text. A web call, a merchant API
// call and a POS login carrying one are each answered 400 VALIDATION_FAILED in their door's shape,
// naming the field, with nothing written; a user agent carrying one is kept without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginAsMerchantCall, getMerchantAppSettingsCall } from '@paywallet/contract';
import { countAllRows, createTestApp, fieldErrors, type TestApp } from '../test/harness.ts';
import { createTestAdmin } from '../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants } from '../test/money.ts';
import { createTestDevice, posApi, type TestDevice } from '../test/pos-device.ts';

const LONE = '\uD800';
const SURROGATE_MESSAGE = (field: string) => `The ${field} is not valid text: it holds half of a character (an unpaired surrogate)`;

let t: TestApp;
let merchant: TestMerchant;
let device: TestDevice;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createTestMerchant(t, { staff: [{ features: [] }] });
  device = await createTestDevice(t, merchant, [{ userId: merchant.staff[0]!.id, settings: ['SALE'] }]);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

/** The tables whose row counts changed between two counts. */
function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((table) => after[table] !== before[table]);
}

describe('a lone surrogate at each door', () => {
  it('the web API: refused in a value and in a key, naming the field, writing nothing', async () => {
    // Proves the dispatcher's text check covers it for every call: a public sign-in step (whose
    // refusal would otherwise be audited with the e-mail) and a signed-in write.
    const person = await createTestPerson(t);
    const before = await countAllRows(t);
    const login = await t.post('login', { email: `a${LONE}@example.com`, password: 'Secret123' });
    expect([login.status, login.reason]).toEqual([400, 'VALIDATION_FAILED']);
    expect(fieldErrors(login)).toEqual({ email: SURROGATE_MESSAGE('email') });
    const request = await t.post(
      'initiate-request-money',
      { emailOrPhone: merchant.email, amount: 100, notes: `lunch ${LONE}`, [`x${LONE}`]: 1 },
      { token: person.token },
    );
    expect([request.status, request.reason]).toEqual([400, 'VALIDATION_FAILED']);
    expect(fieldErrors(request)).toEqual({
      notes: SURROGATE_MESSAGE('notes'),
      'x?': 'A field name may not contain unpaired surrogates',
    });
    expect(changedTables(before, await countAllRows(t))).toEqual([]);
  });

  it('the merchant API: refused in its error shape, naming the field, writing nothing', async () => {
    // Proves the merchant API's own validation goes through the same text check.
    const settings = await t.call(getMerchantAppSettingsCall, {}, { token: merchant.token });
    const { client_id: clientId, client_secret: clientSecret } = settings.data[0]!;
    const before = await countAllRows(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/merchant/v1/payments',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret!}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotency-key': 'lone-surrogate-1',
      },
      payload: JSON.stringify({ amount: 1_000, currency: 'AED', description: `Order ${LONE}`, clientReference: 'order-1' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: SURROGATE_MESSAGE('description'),
        fields: { description: SURROGATE_MESSAGE('description') },
      },
    });
    // Authenticating counts the client's requests for its rate limit; nothing else is written.
    expect(changedTables(before, await countAllRows(t)).filter((table) => table !== 'rate_limits')).toEqual([]);
  });

  it('the POS API: the login that answered 500 is refused in the POS shape, writing nothing', async () => {
    // Proves the reported attack: the username went into the refused login's audit row (jsonb).
    const login = device.logins[0]!;
    const before = await countAllRows(t);
    const answer = await posApi(t, 'login', { deviceId: device.deviceId, username: `${login.username}${LONE}`, password: login.password });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: SURROGATE_MESSAGE('username'),
      fields: { username: SURROGATE_MESSAGE('username') },
    });
    expect(changedTables(before, await countAllRows(t))).toEqual([]);
    // The same login, well formed, signs in: the refusal was about the text.
    const good = await posApi(t, 'login', { deviceId: device.deviceId, username: login.username, password: login.password });
    expect(good.status).toBe(200);
  });
});

describe('a lone surrogate in a stored header', () => {
  it('is dropped from the user agent before a session keeps it', async () => {
    // Proves a header is cleaned where the request is read (an HTTP header cannot carry one over
    // the wire, but an in-process request can): the session keeps the agent without the half
    // character, rather than U+FFFD or a failed write.
    const admin = await createTestAdmin(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${adminLoginAsMerchantCall.path}`,
      payload: { userId: Number(merchant.id) },
      headers: { accesstoken: admin.token, 'user-agent': `Agent${LONE}/1.0\u0000` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await t.deps.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('impersonator_user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(session.user_agent).toBe('Agent/1.0');
  });
});
