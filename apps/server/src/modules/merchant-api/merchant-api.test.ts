// The merchant server API end to end on the real database, through the real app (inject):
// HTTP Basic with the App Settings credentials (missing, wrong, revoked; the IP check on and
// off), every endpoint and status with the sandbox's test cards (frictionless, 3-D Secure
// challenge approved through the gateway page, declined, insufficient funds), manual capture in
// part, void of an authorisation, refunds in part and over what remains, the hosted checkout
// (card-less) payment and its expiry, another merchant's credentials (404 on every id),
// Idempotency-Key (replay, another body, 10 at once make one payment, replays move no money),
// validation, the rate limit, the audit rows (written in the change's own transaction: a failed
// audit write leaves no change), the OpenAPI document (validated, every endpoint listed) and
// /api/docs. The file ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { updateMerchantAppCredentialsCall, updateMerchantAppSettingsCall } from '@paywallet/contract';
import { createTestApp, countRows, type TestApp } from '../../test/harness.ts';
import { countMoneyRows, expectLedgerInvariants } from '../../test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { refuseAuditRows } from '../../test/refuse-audit.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { getPayableApiPayment, whyApiPaymentUnpayable } from './api-payments.service.ts';
import type { TPayment, TPaymentList, TRefund, TApiError } from '@paywallet/contract';

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;
const PUBLIC_URL = 'https://pay.example.test';

let t: TestApp;
let merchantA: TestMerchant;
let merchantB: TestMerchant;
let credsA: { clientId: string; clientSecret: string };
let credsB: { clientId: string; clientSecret: string };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  merchantA = await createTestMerchant(t, { currencies: ['AED'] });
  merchantB = await createTestMerchant(t, { currencies: ['AED'] });
  await giveMerchantFees(t, merchantA.id);
  await giveMerchantFees(t, merchantB.id);
  credsA = await apiCredentialsOf(t, merchantA);
  credsB = await apiCredentialsOf(t, merchantB);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t?.close();
});

interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

function basic(creds: { clientId: string; clientSecret: string }) {
  return `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`;
}

async function api<T = TPayment>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; creds?: { clientId: string; clientSecret: string } | null; key?: string; ip?: string; raw?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const creds = options.creds === undefined ? credsA : options.creds;
  if (creds) headers.authorization = basic(creds);
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.raw !== undefined || options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.inject({
    method,
    url: `/api/merchant/v1${path}`,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.raw !== undefined ? { payload: options.raw } : options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

const card = (number: string) => ({ holderName: 'Jane Doe', number, expMonth: 12, expYear: FUTURE_YEAR, cvc: '123' });
const payWith = (number: string, extra: Record<string, unknown> = {}) => ({
  amount: 10_000,
  currency: 'AED',
  card: card(number),
  description: 'Order',
  clientReference: 'order-1',
  customer: { name: 'Jane Doe', email: 'jane@example.com' },
  ...extra,
});

async function auditRows(action: string) {
  const rows = await t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  return rows.map((row) => ({ ...row, detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as unknown }));
}

/** The money rows and merchant A's balances: what a refused or replayed request must leave as it was. */
async function moneyOfA() {
  const wallets = await t.deps.db
    .selectFrom('wallet_balances as wallets')
    .select(['id', 'available_balance', 'balance_on_hold'])
    .where('user_id', '=', merchantA.id)
    .orderBy('id')
    .execute();
  return { ...(await countMoneyRows(t)), wallets };
}

describe('authentication', () => {
  it('refuses a missing or wrong client id and secret with 401 and a Basic challenge', async () => {
    const missing = await api<TApiError>('GET', '/payments', { creds: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('API_CREDENTIALS_INVALID');
    expect(missing.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const wrong = await api<TApiError>('GET', '/payments', { creds: { ...credsA, clientSecret: `${credsA.clientSecret}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('API_CREDENTIALS_INVALID');
    const otherId = await api<TApiError>('GET', '/payments', { creds: { clientId: credsB.clientId, clientSecret: credsA.clientSecret } });
    expect(otherId.status).toBe(401);
    expect((await api('GET', '/payments')).status).toBe(200);
  });

  it('refuses the old secret at once after Revoke Access; the new one works', async () => {
    const merchant = await createTestMerchant(t);
    const old = await apiCredentialsOf(t, merchant);
    expect((await api('GET', '/payments', { creds: old })).status).toBe(200);
    const revoked = await t.call(updateMerchantAppCredentialsCall, {}, { token: merchant.token });
    expect(revoked.code).toBe(200);
    const fresh = { clientId: revoked.data.client_id, clientSecret: revoked.data.client_secret };
    expect((await api<TApiError>('GET', '/payments', { creds: old })).body.error.code).toBe('API_CREDENTIALS_INVALID');
    expect((await api('GET', '/payments', { creds: fresh })).status).toBe(200);
  });

  it('applies the IP check when it is on, and not when it is off', async () => {
    const merchant = await createTestMerchant(t);
    const creds = await apiCredentialsOf(t, merchant);
    const on = await t.call(
      updateMerchantAppSettingsCall,
      { type: 'allowedIps', ips: ['203.0.113.7'], isIpCheck: 1 },
      { token: merchant.token },
    );
    expect(on.code).toBe(200);
    const refused = await api<TApiError>('GET', '/payments', { creds, ip: '198.51.100.1' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('API_IP_NOT_ALLOWED');
    expect((await api('GET', '/payments', { creds, ip: '203.0.113.7' })).status).toBe(200);
    await t.call(updateMerchantAppSettingsCall, { type: 'allowedIps', ips: ['203.0.113.7'], isIpCheck: 0 }, { token: merchant.token });
    expect((await api('GET', '/payments', { creds, ip: '198.51.100.1' })).status).toBe(200);
  });
});

describe('payments with a card', () => {
  it('charges the frictionless card: 201 succeeded, with fee and VAT, readable by id, by transaction id and in the list', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'payment',
      status: 'succeeded',
      amount: 10_000,
      amountCaptured: 10_000,
      amountRefunded: 0,
      currency: 'AED',
      // 2.5% + 1.00 of 100.00 = 3.50, VAT 5% of it
      fee: 350,
      vat: 18,
      captureMethod: 'automatic',
      failureReason: null,
      clientReference: 'order-1',
      customer: { name: 'Jane Doe', email: 'jane@example.com', phone: null },
      card: { brand: expect.any(String), last4: '4242' },
      approvalCode: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
      nextAction: null,
    });
    const id = created.body.id;
    // The issuer's code is the one the transaction keeps (the merchant's Transactions screen shows it).
    const stored = await t.deps.db
      .selectFrom('transactions')
      .select('approval_code')
      .where('uuid', '=', created.body.transactionId!)
      .executeTakeFirstOrThrow();
    expect(created.body.approvalCode).toBe(stored.approval_code);
    expect((await api('GET', `/payments/${id}`)).body).toEqual(created.body);
    expect((await api('GET', `/payments/${created.body.transactionId!}`)).body).toEqual(created.body);
    const list = await api<TPaymentList>('GET', '/payments?perPage=100&status=succeeded');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.id)).toContain(id);
    expect(list.body.data.every((p) => p.status === 'succeeded')).toBe(true);
    const audit = await auditRows('api-payment.create');
    expect(audit.find((row) => row.subject_id === id)).toMatchObject({
      acting_as: 'api-key',
      actor_user_id: merchantA.id,
      on_behalf_of_user_id: merchantA.id,
    });
  });

  it('3-D Secure: requires_action with the challenge page, Approve on the gateway page, then succeeded', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.challenge, { returnUrl: 'https://shop.example/back' }) });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('requires_action');
    expect(created.body.nextAction?.type).toBe('redirect');
    const url = new URL(created.body.nextAction!.redirectUrl);
    expect(url.pathname).toMatch(/^\/gateway\/3ds\//);
    expect((await api('GET', `/payments/${created.body.id}`)).body.nextAction).toEqual(created.body.nextAction);
    const approved = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approved.statusCode).toBe(303);
    const after = await api('GET', `/payments/${created.body.id}`);
    expect(after.body).toMatchObject({ status: 'succeeded', amountCaptured: 10_000, nextAction: null, fee: 350 });
  });

  it('answers 402 with the failed payment for a declined card and for insufficient funds', async () => {
    const declined = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.declined) });
    expect(declined.status).toBe(402);
    expect(declined.body.error.code).toBe('CARD_DECLINED');
    expect(declined.body.payment).toMatchObject({ status: 'failed', amountCaptured: 0, fee: 0, vat: 0, approvalCode: null });
    expect(declined.body.payment!.failureReason).toEqual(expect.any(String));
    const poor = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.insufficientFunds) });
    expect(poor.status).toBe(402);
    expect(poor.body.error.code).toBe('CARD_INSUFFICIENT_FUNDS');
    expect((await api('GET', `/payments/${poor.body.payment!.id}`)).body.status).toBe('failed');
  });

  it('manual capture: requires_capture, capture in part, then no second capture', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    expect(created.body).toMatchObject({ status: 'requires_capture', amountCaptured: 0 });
    const over = await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: { amount: 10_001 } });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('CAPTURE_EXCEEDS_AUTHORISED');
    const captured = await api('POST', `/payments/${created.body.id}/capture`, { body: { amount: 6_000 } });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'succeeded', amountCaptured: 6_000 });
    const again = await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PAYMENT_NOT_CAPTURABLE');
    expect((await auditRows('api-payment.capture')).some((row) => row.subject_id === created.body.id && row.acting_as === 'api-key')).toBe(
      true,
    );
  });

  it('refunds in part, refuses more than remains, then refunds the rest', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { amount: 5_000 }) });
    const part = await api<TRefund>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 2_000 } });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ object: 'refund', paymentId: created.body.id, amount: 2_000, currency: 'AED', status: 'succeeded' });
    expect(part.body.payment).toMatchObject({ status: 'partially_refunded', amountRefunded: 2_000 });
    const before = await countMoneyRows(t);
    const over = await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 3_001 } });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('REFUND_EXCEEDS_REMAINING');
    expect(await countMoneyRows(t)).toEqual(before);
    const rest = await api<TRefund>('POST', `/payments/${created.body.id}/refunds`, { body: {} });
    expect(rest.body).toMatchObject({ amount: 3_000, payment: { status: 'refunded', amountRefunded: 5_000 } });
    expect((await api('GET', `/payments/${created.body.id}`)).body.status).toBe('refunded');
    const none = await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: {} });
    expect(none.body.error.code).toBe('REFUND_EXCEEDS_REMAINING');
    await expectLedgerInvariants(t);
  });
});

describe('audit rows in the transaction of the change', () => {
  it('writes the capture and refund rows as the API key on behalf of the merchant, with the amounts', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const captured = await api('POST', `/payments/${created.body.id}/capture`, { body: { amount: 8_000 } });
    expect(captured.status).toBe(200);
    const refunded = await api<TRefund>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 1_500 } });
    expect(refunded.status).toBe(201);
    const actor = {
      acting_as: 'api-key',
      actor_user_id: merchantA.id,
      on_behalf_of_user_id: merchantA.id,
      subject_type: 'api_payment',
      subject_id: created.body.id,
    };
    const capture = (await auditRows('api-payment.capture')).filter((row) => row.subject_id === created.body.id);
    expect(capture).toHaveLength(1);
    expect(capture[0]).toMatchObject({ ...actor, call_path: `POST /api/merchant/v1/payments/${created.body.id}/capture` });
    expect(capture[0]!.detail).toEqual({ clientId: credsA.clientId, amount: 8_000 });
    const refund = (await auditRows('api-payment.refund')).filter((row) => row.subject_id === created.body.id);
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject(actor);
    expect(refund[0]!.detail).toEqual({ clientId: credsA.clientId, amount: 1_500, refund: refunded.body.id });
  });

  it('writes no row and moves no money when the core refuses (more than authorised, more than remains)', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const before = { ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) };
    const over = await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: { amount: 10_001 } });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('CAPTURE_EXCEEDS_AUTHORISED');
    expect({ ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) }).toEqual(before);

    await api('POST', `/payments/${created.body.id}/capture`, { body: { amount: 4_000 } });
    const afterCapture = { ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) };
    const tooMuch = await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 4_001 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_REMAINING');
    expect({ ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) }).toEqual(afterCapture);
    expect((await auditRows('api-payment.refund')).some((row) => row.subject_id === created.body.id)).toBe(false);
  });

  it('keeps no capture or refund whose audit row could not be written: the change and its row commit together', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const before = await moneyOfA();
    const allowCapture = await refuseAuditRows(t, 'api-payment.capture');
    try {
      const failed = await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: { amount: 5_000 } });
      expect(failed.status).toBe(500);
      expect(failed.body.error.code).toBe('INTERNAL_ERROR');
    } finally {
      await allowCapture();
    }
    expect(await moneyOfA()).toEqual(before);
    expect((await api('GET', `/payments/${created.body.id}`)).body).toMatchObject({ status: 'requires_capture', amountCaptured: 0 });

    expect((await api('POST', `/payments/${created.body.id}/capture`, { body: { amount: 5_000 } })).status).toBe(200);
    const captured = await moneyOfA();
    const allowRefund = await refuseAuditRows(t, 'api-payment.refund');
    try {
      expect((await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 1_000 } })).status).toBe(500);
    } finally {
      await allowRefund();
    }
    expect(await moneyOfA()).toEqual(captured);
    expect((await api('GET', `/payments/${created.body.id}`)).body).toMatchObject({ status: 'succeeded', amountRefunded: 0 });
    await expectLedgerInvariants(t);
  });
});

describe('POST /payments/{id}/void', () => {
  it('releases an authorisation: voided, nothing moved, audited as the API key; then no capture, refund or second void', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    expect(created.body.status).toBe('requires_capture');
    const before = await moneyOfA();
    const voided = await api('POST', `/payments/${created.body.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      id: created.body.id,
      status: 'voided',
      amount: 10_000,
      amountCaptured: 0,
      amountRefunded: 0,
      fee: 0,
      vat: 0,
      failureReason: null,
      nextAction: null,
      transactionId: created.body.transactionId,
    });
    expect(await moneyOfA()).toEqual(before);
    expect((await api('GET', `/payments/${created.body.id}`)).body).toEqual(voided.body);
    const transaction = await t.deps.db
      .selectFrom('transactions')
      .select(['status'])
      .where('uuid', '=', created.body.transactionId!)
      .executeTakeFirstOrThrow();
    expect(transaction.status).toBe(2);
    const audit = (await auditRows('api-payment.void')).filter((row) => row.subject_id === created.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      acting_as: 'api-key',
      actor_user_id: merchantA.id,
      on_behalf_of_user_id: merchantA.id,
      call_path: `POST /api/merchant/v1/payments/${created.body.id}/void`,
    });
    expect(audit[0]!.detail).toEqual({ clientId: credsA.clientId, amount: 10_000 });

    const again = await api<TApiError>('POST', `/payments/${created.body.id}/void`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PAYMENT_NOT_VOIDABLE');
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: {} })).body.error.code).toBe(
      'PAYMENT_NOT_CAPTURABLE',
    );
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: {} })).body.error.code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
    expect(await moneyOfA()).toEqual(before);
    expect((await auditRows('api-payment.void')).filter((row) => row.subject_id === created.body.id)).toHaveLength(1);
  });

  it('takes the transaction id too, and lists the payment under status voided', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual', amount: 3_000 }) });
    const voided = await api('POST', `/payments/${created.body.transactionId!}/void`, { body: {} });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id: created.body.id, status: 'voided' });
    const list = await api<TPaymentList>('GET', '/payments?status=voided&perPage=100');
    expect(list.body.data.map((p) => p.id)).toContain(created.body.id);
  });

  it('refuses a captured, a failed and an unpaid hosted payment with PAYMENT_NOT_VOIDABLE, changing nothing', async () => {
    const captured = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved) });
    const manual = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    await api('POST', `/payments/${manual.body.id}/capture`, { body: { amount: 2_000 } });
    const failed = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.declined, { captureMethod: 'manual' }) });
    const hosted = await api('POST', '/payments', { body: { amount: 1_200, currency: 'AED' } });
    const before = { ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) };
    for (const [id, status] of [
      [captured.body.id, 'succeeded'],
      [manual.body.id, 'succeeded'],
      [failed.body.payment!.id, 'failed'],
      [hosted.body.id, 'requires_action'],
    ] as const) {
      const refused = await api<TApiError>('POST', `/payments/${id}/void`, { body: {} });
      expect(refused.status, id).toBe(409);
      expect(refused.body.error).toEqual({ code: 'PAYMENT_NOT_VOIDABLE', message: 'Only a payment waiting for capture can be voided.' });
      expect((await api('GET', `/payments/${id}`)).body.status).toBe(status);
    }
    expect({ ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) }).toEqual(before);
  });

  it("cannot void another merchant's payment: 404, and the authorisation stays", async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const before = { ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) };
    for (const id of [created.body.id, created.body.transactionId!]) {
      const refused = await api<TApiError>('POST', `/payments/${id}/void`, { creds: credsB, body: {} });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('PAYMENT_NOT_FOUND');
    }
    expect({ ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) }).toEqual(before);
    expect((await api('GET', `/payments/${created.body.id}`)).body.status).toBe('requires_capture');
    // Its own void still works.
    expect((await api('POST', `/payments/${created.body.id}/void`, { body: {} })).body.status).toBe('voided');
  });

  it('honours Idempotency-Key: the same key replays the first answer; another body or path is refused', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const key = `key-${Date.now()}-void`;
    const first = await api('POST', `/payments/${created.body.id}/void`, { body: {}, key });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = { ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) };
    const replay = await api('POST', `/payments/${created.body.id}/void`, { body: {}, key });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect({ ...(await moneyOfA()), ...(await countRows(t, ['audit_log'])) }).toEqual(before);
    const otherPath = await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: {}, key });
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Without the key a second void is refused by name.
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/void`, { body: {} })).body.error.code).toBe('PAYMENT_NOT_VOIDABLE');
  });

  it('refuses a body with fields (a void releases the whole authorisation) and an unknown id', async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    const withAmount = await api<TApiError>('POST', `/payments/${created.body.id}/void`, { body: { amount: 100 } });
    expect(withAmount.status).toBe(400);
    expect(withAmount.body.error.code).toBe('VALIDATION_FAILED');
    expect((await api('GET', `/payments/${created.body.id}`)).body.status).toBe('requires_capture');
    const unknown = await api<TApiError>('POST', `/payments/${crypto.randomUUID()}/void`, { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PAYMENT_NOT_FOUND');
  });
});

describe('hosted checkout (no card)', () => {
  it('answers requires_action with PUBLIC_URL/pay/<token>, which the checkout reads and pays once', async () => {
    const created = await api('POST', '/payments', {
      body: {
        amount: 2_500,
        currency: 'AED',
        clientReference: 'order-9',
        customer: { name: 'Sam', email: 'sam@example.com' },
        returnUrl: 'https://shop.example/r',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'requires_action', amountCaptured: 0, fee: 0, card: null, transactionId: null });
    const redirect = created.body.nextAction!.redirectUrl;
    expect(redirect).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[A-Za-z0-9_-]{43}$`));
    const token = redirect.split('/').pop()!;
    const payable = (await getPayableApiPayment(t.deps.db, token))!;
    expect(payable).toMatchObject({
      merchantUserId: merchantA.id,
      currency: 'AED',
      amountMinor: 2_500n,
      type: 0,
      status: 1,
      redirectUrl: 'https://shop.example/r',
      receiptNo: 'order-9',
      email: 'sam@example.com',
      kind: 'api',
      captureMethod: 'automatic',
      paidCount: 0,
    });
    expect(payable.schemes.map((s) => s.name).sort()).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(whyApiPaymentUnpayable(payable, new Date())).toBeNull();

    // The checkout page pays it, as H3's page does: an attempt, then chargeCard with the API payment.
    const declinedAttempt = await openAttempt(t.deps.db, {
      merchantUserId: merchantA.id,
      apiPaymentId: payable.id,
      paymentToken: token,
      ip: '10.1.1.1',
      message: 'Details submitted',
    });
    const charge = (attemptId: bigint, number: string) =>
      chargeCard(t.deps, {
        merchantUserId: payable.merchantUserId,
        channelId: payable.channelId,
        kind: 'api',
        currency: payable.currency,
        amountMinor: payable.amountMinor,
        card: checkPaymentCard(card(number)),
        customer: { name: 'Sam' },
        capture: payable.captureMethod,
        attemptId,
        ip: '10.1.1.1',
        allowedSchemeIds: payable.schemeIds,
        apiPaymentId: payable.id,
        clientReference: payable.clientReference,
      });
    expect((await charge(declinedAttempt.attemptId, SANDBOX_CARDS.declined)).status).toBe('failed');
    // A failed attempt leaves the hosted payment open.
    expect((await api('GET', `/payments/${created.body.id}`)).body).toMatchObject({
      status: 'requires_action',
      nextAction: { redirectUrl: redirect },
    });
    const attempt = await openAttempt(t.deps.db, {
      merchantUserId: merchantA.id,
      apiPaymentId: payable.id,
      paymentToken: token,
      ip: '10.1.1.1',
      message: 'Details submitted',
    });
    const paid = await charge(attempt.attemptId, SANDBOX_CARDS.approved);
    const after = await api('GET', `/payments/${created.body.id}`);
    expect(after.body).toMatchObject({
      status: 'succeeded',
      amountCaptured: 2_500,
      transactionId: paid.uuid,
      nextAction: null,
      card: { last4: '4242' },
    });
    const again = (await getPayableApiPayment(t.deps.db, token))!;
    expect(again).toMatchObject({ status: 2, paidCount: 1 });
    expect(whyApiPaymentUnpayable(again, new Date())).toBe('LINK_ALREADY_PAID');
    // It can be refunded like any payment.
    expect((await api<TRefund>('POST', `/payments/${created.body.id}/refunds`, { body: { amount: 500 } })).status).toBe(201);
  });

  it('expires: the API says expired and the page refuses it; capture and refund are refused', async () => {
    const created = await api('POST', '/payments', { body: { amount: 1_500, currency: 'AED', expiresIn: 60 } });
    const token = created.body.nextAction!.redirectUrl.split('/').pop()!;
    await t.deps.db
      .updateTable('api_payments')
      .set((eb) => ({ created_at: eb.val(new Date(Date.now() - 120_000)) }))
      .where('uuid', '=', created.body.id)
      .execute();
    expect((await api('GET', `/payments/${created.body.id}`)).body).toMatchObject({ status: 'expired', nextAction: null });
    expect((await api<TPaymentList>('GET', '/payments?status=expired&perPage=100')).body.data.map((p) => p.id)).toContain(created.body.id);
    const payable = (await getPayableApiPayment(t.deps.db, token))!;
    expect(payable.status).toBe(3);
    expect(whyApiPaymentUnpayable(payable, new Date())).toBe('LINK_EXPIRED');
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { body: {} })).body.error.code).toBe(
      'PAYMENT_NOT_CAPTURABLE',
    );
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { body: {} })).body.error.code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
    expect(await getPayableApiPayment(t.deps.db, 'not-a-token')).toBeUndefined();
  });
});

describe('GET /payments, paged', () => {
  it('pages the list: the first page, the last partial page, one past the end, and the total', async () => {
    // Proves the list runs on the list pipeline: pages of one filter add up to its total, newest
    // first, with no row twice; a page past the end has no rows and still the true total.
    const all = await api<TPaymentList>('GET', '/payments?perPage=100');
    const total = all.body.total;
    expect(total).toBe(all.body.data.length);
    expect(total).toBeGreaterThanOrEqual(5);
    const perPage = 2;
    const lastPage = Math.ceil(total / perPage);
    const walked: string[] = [];
    for (let page = 1; page <= lastPage + 1; page += 1) {
      const answer = await api<TPaymentList>('GET', `/payments?perPage=${perPage}&page=${page}`);
      expect(answer.status).toBe(200);
      expect({ total: answer.body.total, lastPage: answer.body.lastPage, page: answer.body.page }).toEqual({ total, lastPage, page });
      const expected = page < lastPage ? perPage : page === lastPage ? total - (lastPage - 1) * perPage : 0;
      expect(answer.body.data).toHaveLength(expected);
      walked.push(...answer.body.data.map((payment) => payment.id));
    }
    expect(walked).toEqual(all.body.data.map((payment) => payment.id));
    const succeeded = await api<TPaymentList>('GET', '/payments?perPage=1&status=succeeded');
    expect(succeeded.body.total).toBe(all.body.data.filter((payment) => payment.status === 'succeeded').length);
  });
});

describe('another merchant', () => {
  it("cannot read, list, capture or refund merchant A's payments: 404", async () => {
    const created = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual' }) });
    for (const id of [created.body.id, created.body.transactionId!]) {
      const read = await api<TApiError>('GET', `/payments/${id}`, { creds: credsB });
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('PAYMENT_NOT_FOUND');
    }
    const before = await countMoneyRows(t);
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/capture`, { creds: credsB, body: {} })).status).toBe(404);
    expect((await api<TApiError>('POST', `/payments/${created.body.id}/refunds`, { creds: credsB, body: {} })).status).toBe(404);
    expect(await countMoneyRows(t)).toEqual(before);
    const list = await api<TPaymentList>('GET', '/payments?perPage=100', { creds: credsB });
    expect(list.body.data.map((p) => p.id)).not.toContain(created.body.id);
    expect((await api('GET', `/payments/${created.body.id}`)).body.status).toBe('requires_capture');
  });

  it('has its own idempotency keys: the same key from two merchants makes two payments', async () => {
    const key = `shared-${Date.now()}`;
    const a = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved), key });
    const b = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved), key, creds: credsB });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, moving nothing; refuses another body with 422', async () => {
    const key = `key-${Date.now()}-replay`;
    const first = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved), key });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments', 'payment_attempts', 'audit_log'])) };
    const replay = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved), key });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { amount: 10_001 }), key });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments', 'payment_attempts', 'audit_log'])) }).toEqual(before);
  });

  it('replays a declined charge and a refund without charging or refunding again', async () => {
    const key = `key-${Date.now()}-declined`;
    const first = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.declined), key });
    const again = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.declined), key });
    expect(first.status).toBe(402);
    expect(again.status).toBe(402);
    expect(again.body).toEqual(first.body);

    const paid = await api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { amount: 4_000 }) });
    const refundKey = `key-${Date.now()}-refund`;
    const refund1 = await api<TRefund>('POST', `/payments/${paid.body.id}/refunds`, { body: { amount: 1_000 }, key: refundKey });
    const before = await countMoneyRows(t);
    const refund2 = await api<TRefund>('POST', `/payments/${paid.body.id}/refunds`, { body: { amount: 1_000 }, key: refundKey });
    expect(refund2.body).toEqual(refund1.body);
    expect(await countMoneyRows(t)).toEqual(before);
    expect((await api('GET', `/payments/${paid.body.id}`)).body.amountRefunded).toBe(1_000);
    // The same key on another path is another request.
    const reused = await api<TApiError>('POST', `/payments/${paid.body.id}/capture`, { body: { amount: 1_000 }, key: refundKey });
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('ten requests at once with one key create one payment and one transaction', async () => {
    const key = `key-${Date.now()}-parallel`;
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments'])) };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { clientReference: key }), key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const after = { ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments'])) };
    expect(after.api_payments).toBe(before.api_payments + 1);
    expect(after.transactions).toBe(before.transactions + 1);
    const rows = await t.deps.db.selectFrom('transactions').select('id').where('client_reference', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const answer = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved), key: 'x'.repeat(256) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('refusals of the request', () => {
  it('names each problem and writes nothing', async () => {
    const before = { ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments', 'payment_attempts', 'idempotency_keys'])) };
    const zero = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { amount: 0 }), key: 'bad-1' });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: expect.any(String) } });
    const fraction = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { amount: 10.5 }) });
    expect(fraction.body.error.code).toBe('VALIDATION_FAILED');
    const unknownField = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { tip: 5 }) });
    expect(unknownField.body.error.code).toBe('VALIDATION_FAILED');
    const control = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { description: 'a\u0000b' }) });
    expect(control.status).toBe(400);
    expect(control.body.error.code).toBe('VALIDATION_FAILED');
    const json = await api<TApiError>('POST', '/payments', { raw: '{"amount": ' });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe('MALFORMED_REQUEST');
    const currency = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { currency: 'SAR' }) });
    expect(currency.status).toBe(422);
    expect(currency.body.error.code).toBe('CURRENCY_NOT_SUPPORTED');
    const luhn = await api<TApiError>('POST', '/payments', { body: payWith('4242424242424241') });
    expect(luhn.body.error.code).toBe('CARD_NUMBER_INVALID');
    const expired = await api<TApiError>('POST', '/payments', {
      body: payWith(SANDBOX_CARDS.approved, { card: { ...card(SANDBOX_CARDS.approved), expYear: 2020 } }),
    });
    expect(expired.body.error.code).toBe('CARD_EXPIRED');
    const pos = merchantA.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'pos')!.id;
    const posChannel = await api<TApiError>('POST', '/payments', { body: payWith(SANDBOX_CARDS.approved, { channelId: String(pos) }) });
    expect(posChannel.body.error.code).toBe('CHANNEL_TYPE_MISMATCH');
    const foreign = merchantB.stores[0]!.terminals[0]!.channels.find((c) => c.type === 'online')!.id;
    const foreignChannel = await api<TApiError>('POST', '/payments', {
      body: payWith(SANDBOX_CARDS.approved, { channelId: Number(foreign) }),
    });
    expect(foreignChannel.status).toBe(404);
    expect(foreignChannel.body.error.code).toBe('CHANNEL_NOT_FOUND');
    expect((await api<TApiError>('GET', '/payments/not-a-uuid')).body.error.code).toBe('PAYMENT_NOT_FOUND');
    expect((await api<TApiError>('GET', '/payments?perPage=1000')).body.error.code).toBe('VALIDATION_FAILED');
    const unknown = await api<TApiError>('GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('CALL_NOT_FOUND');
    expect({ ...(await countMoneyRows(t)), ...(await countRows(t, ['api_payments', 'payment_attempts', 'idempotency_keys'])) }).toEqual(
      before,
    );
  });

  it('refuses a merchant without an online channel of an Active store', async () => {
    const merchant = await createTestMerchant(t, { stores: [{ status: 4, terminals: [{ channels: [{ type: 'online' }] }] }] });
    await giveMerchantFees(t, merchant.id);
    const answer = await api<TApiError>('POST', '/payments', {
      body: payWith(SANDBOX_CARDS.approved),
      creds: await apiCredentialsOf(t, merchant),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('API_NO_ONLINE_CHANNEL');
  });
});

describe('webhooks', () => {
  it("sends an 'api.payment' event to the merchant's webhook URL as the payment moves", async () => {
    const merchant = await createTestMerchant(t);
    await giveMerchantFees(t, merchant.id);
    const creds = await apiCredentialsOf(t, merchant);
    const saved = await t.call(
      updateMerchantAppSettingsCall,
      { type: 'webhook', webhookUrl: 'https://hooks.example.test/pw' },
      { token: merchant.token },
    );
    expect(saved.code).toBe(200);
    const created = await api('POST', '/payments', {
      creds,
      body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual', clientReference: 'wh-1' }),
    });
    await api('POST', `/payments/${created.body.id}/capture`, { creds, body: { amount: 7_000 } });
    await api('POST', `/payments/${created.body.id}/refunds`, { creds, body: { amount: 1_000 } });
    const authorised = await api('POST', '/payments', {
      creds,
      body: payWith(SANDBOX_CARDS.approved, { captureMethod: 'manual', clientReference: 'wh-2' }),
    });
    await api('POST', `/payments/${authorised.body.id}/void`, { creds, body: {} });
    const events = await t.deps.db
      .selectFrom('webhook_events')
      .select(['event_type', 'url', 'body'])
      .where('merchant_user_id', '=', merchant.id)
      .orderBy('id')
      .execute();
    const bodies = events.map((e) => (typeof e.body === 'string' ? JSON.parse(e.body) : e.body) as { type: string; eventId: unknown });
    expect(events.every((e) => e.event_type === 'api.payment' && e.url === 'https://hooks.example.test/pw')).toBe(true);
    expect(bodies.map((b) => b.type)).toEqual([
      'payment.authorized',
      'payment.captured',
      'payment.refunded',
      'payment.authorized',
      'payment.voided',
    ]);
    expect(bodies[1]).toMatchObject({
      payment: { id: created.body.id, status: 'succeeded', amountCaptured: 7_000, clientReference: 'wh-1' },
      captureAmount: 7_000,
    });
    expect(bodies[2]).toMatchObject({ payment: { status: 'partially_refunded', amountRefunded: 1_000 }, refund: { amount: 1_000 } });
    expect(bodies[4]).toMatchObject({ payment: { id: authorised.body.id, status: 'voided', amountCaptured: 0, clientReference: 'wh-2' } });
    expect(bodies.every((b) => typeof b.eventId === 'string')).toBe(true);
    // Merchant A has no webhook URL: nothing is sent for its payments.
    expect(await t.deps.db.selectFrom('webhook_events').select('id').where('merchant_user_id', '=', merchantA.id).execute()).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-client limit', async () => {
    const merchant = await createTestMerchant(t);
    const creds = await apiCredentialsOf(t, merchant);
    const limit = t.deps.config.merchantApiRatePerMinute;
    t.deps.config.merchantApiRatePerMinute = 3;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await api('GET', '/payments', { creds })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await api<TApiError>('GET', '/payments', { creds });
      expect(limited.body.error.code).toBe('API_RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not limited by this one.
      const other = await apiCredentialsOf(t, await createTestMerchant(t));
      expect((await api('GET', '/payments', { creds: other })).status).toBe(200);
    } finally {
      t.deps.config.merchantApiRatePerMinute = limit;
    }
  });
});

describe('the OpenAPI document and /api/docs', () => {
  it('serves a valid OpenAPI 3.1 document listing every endpoint, with Basic security and Idempotency-Key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/merchant/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      servers: Array<{ url: string }>;
    };
    const validation = await new Validator().validate(document as never);
    expect(validation).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe(`${PUBLIC_URL}/api/merchant/v1`);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /payments',
        'GET /payments/{id}',
        'POST /payments',
        'POST /payments/{id}/capture',
        'POST /payments/{id}/void',
        'POST /payments/{id}/refunds',
      ].sort(),
    );
    expect(document.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Payment', 'Error', 'CreatePaymentRequest', 'Refund']),
    );
    for (const path of ['/payments', '/payments/{id}/capture', '/payments/{id}/void', '/payments/{id}/refunds']) {
      expect(document.paths[path]!.post!.parameters!.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
    }
  });

  it('serves the reference page and its assets from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/docs/assets/${asset}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.length).toBeGreaterThan(10);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
