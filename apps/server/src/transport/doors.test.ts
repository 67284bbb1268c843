// What every door does alike, on the real app and database:
//  - it refuses a field the call's schema does not name (a dispatcher rule, not a `.strict()` on
//    some schemas): pay-checkout's `amount`, `currency`, `fee` and `status`, a nested card field,
//    the merchant API's and the POS API's unknown fields, a body field naming a path parameter;
//    each by name with VALIDATION_FAILED and nothing written; a schema that says `.loose()` still
//    takes what it is sent;
//  - the report download and the live stream, reached by GET routes of their own, run the call
//    policy and audit an administrator logged in as a merchant like every other call.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventsTicketCall, getMerchantAppSettingsCall, getWalletListCall, payCheckoutCall } from '@paywallet/contract';
import { countAllRows, createTestApp, fieldErrors, type TestApp } from '../test/harness.ts';
import { createTestAdmin, impersonate } from '../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../test/merchant.ts';
import { giveMerchantFees } from '../test/merchant-fees.ts';
import { expectLedgerInvariants } from '../test/money.ts';
import { createTestDevice, deviceToken, posApi } from '../test/pos-device.ts';
import { SANDBOX_CARDS } from '../modules/gateway/acquirer.ts';

let t: TestApp;
let shop: TestMerchant;

/** Every table but the rate-limit counters, which a door moves on every request it authenticates. */
async function rowsBesideCounters(): Promise<Record<string, number>> {
  const { rate_limits: _counters, ...rows } = await countAllRows(t);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('a field the schema does not name is refused on every door', () => {
  it('pay-checkout refuses amount, currency, fee and status, and a field inside the card, writing nothing', async () => {
    const before = await countAllRows(t);
    const answer = await t.post(payCheckoutCall.path, {
      token: 'A'.repeat(43),
      attemptUuid: crypto.randomUUID(),
      customer: {
        name: 'Layla Haddad',
        email: 'layla@example.com',
        phone: '+971500000001',
        country: 'United Arab Emirates',
        city: 'Dubai',
      },
      card: { holderName: 'Layla Haddad', number: SANDBOX_CARDS.approved, expMonth: '09', expYear: '39', cvc: '123', pin: '1234' },
      amount: 1,
      currency: 'AED',
      fee: 0,
      status: 'succeeded',
    });
    expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
    expect(fieldErrors(answer)).toEqual({
      amount: 'The amount field is not allowed',
      currency: 'The currency field is not allowed',
      fee: 'The fee field is not allowed',
      status: 'The status field is not allowed',
      'card.pin': 'The pin field is not allowed',
    });
    expect(await countAllRows(t)).toEqual(before);
  });

  it('lets a call whose schema is loose take what it is sent', async () => {
    const answer = await t.call(getWalletListCall, { anything: 'goes' } as never, { token: shop.token });
    expect(answer.status).toBe(200);
  });

  it('the merchant API refuses an unknown field, at the top and inside the card, and a body field naming the path', async () => {
    const settings = await t.call(getMerchantAppSettingsCall, {}, { token: shop.token });
    const basic = `Basic ${Buffer.from(`${settings.data[0]!.client_id}:${settings.data[0]!.client_secret!}`).toString('base64')}`;
    const api = async (path: string, body: unknown) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/merchant/v1${path}`,
        headers: { authorization: basic, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json<{ error: { code: string; fields?: Record<string, string> } }>() };
    };
    const card = { holderName: 'Jane Doe', number: SANDBOX_CARDS.approved, expMonth: 12, expYear: 2039, cvc: '123' };
    const before = await rowsBesideCounters();
    const tip = await api('/payments', { amount: 1_000, currency: 'AED', card: { ...card, pin: '0000' }, tip: 50 });
    expect({ status: tip.status, ...tip.body.error }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      // The first problem in the order the body names its fields.
      message: 'The pin field is not allowed',
      fields: { tip: 'The tip field is not allowed', 'card.pin': 'The pin field is not allowed' },
    });
    const id = crypto.randomUUID();
    const shadow = await api(`/payments/${id}/capture`, { id: crypto.randomUUID(), amount: 100 });
    expect({ status: shadow.status, code: shadow.body.error.code, fields: shadow.body.error.fields }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { id: 'The id field is not allowed' },
    });
    expect(await rowsBesideCounters()).toEqual(before);
  });

  it('the POS API refuses an unknown field of a sale, writing nothing', async () => {
    const till = await createTestDevice(t, shop, [{ userId: shop.id, settings: ['SALE'] }]);
    const token = await deviceToken(t, till);
    const before = await rowsBesideCounters();
    const card = { holderName: 'Jane Doe', number: SANDBOX_CARDS.approved, expMonth: 12, expYear: 2039, cvc: '123' };
    const answer = await posApi(t, 'sale', { amount: 1_000, currency: 'AED', card, tip: 50 }, { token });
    expect({ status: answer.status, error: answer.body.error }).toEqual({
      status: 400,
      error: { code: 'VALIDATION_FAILED', message: 'The tip field is not allowed', fields: { tip: 'The tip field is not allowed' } },
    });
    expect(await rowsBesideCounters()).toEqual(before);
  });
});

describe('the GET routes of the web app run the call policy and its audit', () => {
  async function impersonatedRows(since: bigint) {
    return t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'call_path', 'acting_as', 'actor_user_id', 'on_behalf_of_user_id', 'impersonator_user_id', 'detail'])
      .where('id', '>', since)
      .where('action', '=', 'impersonation.call')
      .orderBy('id')
      .execute();
  }
  const lastAuditId = async () =>
    (
      await t.deps.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id ?? 0n;

  it("audits an administrator's download and live stream in a merchant's session, by header and by ticket", async () => {
    const admin = await createTestAdmin(t);
    const token = await impersonate(t, admin, shop.id);
    const since = BigInt(await lastAuditId());
    const who = { acting_as: 'impersonation', actor_user_id: admin.id, on_behalf_of_user_id: shop.id, impersonator_user_id: admin.id };

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${crypto.randomUUID()}/download?token=${'A'.repeat(43)}`,
      headers: { accesstoken: token },
    });
    expect({ status: download.statusCode, reason: download.json<{ reason: string }>().reason }).toEqual({
      status: 404,
      reason: 'REPORT_NOT_FOUND',
    });

    const byHeader = await t.app.inject({ method: 'GET', url: '/api/events', headers: { accesstoken: token }, payloadAsStream: true });
    expect(byHeader.statusCode).toBe(200);
    byHeader.stream().destroy();

    const ticket = await t.call(getEventsTicketCall, {}, { token });
    expect(ticket.status).toBe(200);
    const byTicket = await t.app.inject({ method: 'GET', url: `/api/events?ticket=${ticket.data.ticket}`, payloadAsStream: true });
    expect(byTicket.statusCode).toBe(200);
    byTicket.stream().destroy();

    const rows = await impersonatedRows(since);
    const detailOf = (detail: unknown) => (typeof detail === 'string' ? JSON.parse(detail) : detail) as unknown;
    expect(rows.map((row) => ({ ...row, detail: detailOf(row.detail) }))).toEqual([
      { ...who, action: 'impersonation.call', call_path: 'download-report', detail: { refused: 'REPORT_NOT_FOUND' } },
      { ...who, action: 'impersonation.call', call_path: 'events-stream', detail: null },
      { ...who, action: 'impersonation.call', call_path: 'get-events-ticket', detail: null },
      { ...who, action: 'impersonation.call', call_path: 'events-stream', detail: { ticket: true } },
    ]);
  });

  it("refuses the download and the stream by the policy's names", async () => {
    const admin = await createTestAdmin(t);
    const reasons = async (headers: Record<string, string>) => {
      const download = await t.app.inject({ method: 'GET', url: `/api/reports/${crypto.randomUUID()}/download`, headers });
      const stream = await t.app.inject({ method: 'GET', url: '/api/events', headers });
      return [download, stream].map((answer) => `${answer.statusCode} ${answer.json<{ reason: string }>().reason}`);
    };
    expect(await reasons({})).toEqual(['401 UNAUTHENTICATED', '401 UNAUTHENTICATED']);
    expect(await reasons({ accesstoken: 'not-a-session' })).toEqual(['401 SESSION_ENDED', '401 SESSION_ENDED']);
    // An administrator's own session reads their own notifications (the console's bell), so only
    // the download refuses it; admin-notifications.test.ts opens an administrator's stream.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${crypto.randomUUID()}/download`,
      headers: { accesstoken: admin.token },
    });
    expect(`${download.statusCode} ${download.json<{ reason: string }>().reason}`).toBe('403 AUDIENCE_NOT_ALLOWED');
  });
});
