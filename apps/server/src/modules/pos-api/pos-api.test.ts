// The POS device API's operations: sale, pre-auth, capture, refund and void through a signed-in
// device, each limited by the login's terminal settings, by the amounts (capture up to the
// authorised amount, refund up to what remains, void only before capture) and by the device's
// channel and merchant (another merchant's or another channel's transaction reads as not found);
// Idempotency-Key replays; and the merchant's POS webhook: a local receiver on 127.0.0.1 gets one
// signed body per operation, verified with the standardwebhooks library, with the exact fields.
// The ledger invariants hold at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  getMerchantAppSettingsCall,
  updateMerchantAppSettingsCall,
  ZPosOperationResponse,
  ZPosWebhookBody,
  type TPosWebhookBody,
} from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { countMoneyRows, expectLedgerInvariants } from '../../test/money.ts';
import { refuseAuditRows } from '../../test/refuse-audit.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { createTestDevice, deviceToken, posApi, type TestDevice } from '../../test/pos-device.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { THREE_DS_REFUSED_REASON } from '../merchant-payments/merchant-payments.service.ts';
import { POS_REQUESTS_PER_MINUTE } from './device-sessions.ts';
import { DEMO_STAFF } from '../../seed/seed.ts';
import { DEMO_POS_PASSWORD } from '../../seed/seed-pos.ts';
import { WebhookReceiver } from '../../test/webhook-receiver.ts';

const CARDS = {
  good: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  challenge: '4000000000003220',
};

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let till: TestDevice; // the staff member with every operation; the main account with SALE only
let sameChannelTill: TestDevice; // another device on the same POS channel
let otherChannelTill: TestDevice; // a device on the merchant's second POS channel
let rivalTill: TestDevice;
let token: string;
let saleOnlyToken: string;
let receiver: WebhookReceiver;
let secret: string;

function card(number = CARDS.good) {
  return { holderName: 'Lina Haddad', number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
}

async function sale(amount: number, options: { number?: string; token?: string; key?: string; path?: string } = {}) {
  return posApi(
    t,
    options.path ?? 'sale',
    { amount, currency: 'AED', card: card(options.number), customer: { name: 'Lina Haddad', email: 'lina@example.com' } },
    { token: options.token ?? token, ...(options.key ? { idempotencyKey: options.key } : {}) },
  );
}

function ok(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ZPosOperationResponse.strict().parse(answer.body);
}

function refused(answer: { status: number; body: { error?: { code: string } } }, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error!.code).toBe(code);
}

async function onHold(merchant: TestMerchant): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('wallet_balances as wallets')
    .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
    .select('wallets.balance_on_hold')
    .where('wallets.user_id', '=', merchant.id)
    .where('currencies.code', '=', 'AED')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance_on_hold);
}

/** Delivers every queued webhook; the bodies the receiver got, verified with the merchant's secret. */
async function deliveredBodies(): Promise<TPosWebhookBody[]> {
  await new JobRunner(t.deps, { pollIntervalMs: 20 }).drain();
  const webhook = new Webhook(secret);
  return receiver.received.map((got) => ZPosWebhookBody.strict().parse(webhook.verify(got.body, got.headers as Record<string, string>)));
}

/** The webhooks of one payment, in the order they were enqueued (the runner delivers several at once). */
async function webhooksOf(transactionId: string): Promise<TPosWebhookBody[]> {
  const bodies = (await deliveredBodies()).filter((body) => body.transactionId === transactionId);
  if (bodies.length === 0) return [];
  const events = await t.deps.db
    .selectFrom('webhook_events')
    .select(['id', 'event_id'])
    .where(
      'event_id',
      'in',
      bodies.map((body) => body.eventId),
    )
    .execute();
  const order = new Map(events.map((event) => [event.event_id, event.id]));
  return bodies.sort((a, b) => Number(order.get(a.eventId)! - order.get(b.eventId)!));
}

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivate: true });
  shop = await createTestMerchant(t, {
    stores: [{ terminals: [{ channels: [{ type: 'online' }, { type: 'pos', name: 'Counter' }, { type: 'pos', name: 'Kiosk' }] }] }],
    staff: [{ features: [] }],
  });
  rival = await createTestMerchant(t, { staff: [{ features: [] }] });
  await giveMerchantFees(t, shop.id);
  await giveMerchantFees(t, rival.id);
  const channels = shop.stores[0]!.terminals[0]!.channels;
  till = await createTestDevice(t, shop, [
    { userId: shop.staff[0]!.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] },
    { userId: shop.id, settings: ['SALE'] },
  ]);
  sameChannelTill = await createTestDevice(t, shop, [
    { userId: shop.staff[0]!.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] },
  ]);
  otherChannelTill = await createTestDevice(
    t,
    shop,
    [{ userId: shop.staff[0]!.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] }],
    {
      channelId: channels[2]!.id,
    },
  );
  rivalTill = await createTestDevice(t, rival, [
    { userId: rival.staff[0]!.id, settings: ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] },
  ]);
  token = await deviceToken(t, till);
  saleOnlyToken = await deviceToken(t, till, till.logins[1]);
  receiver = await new WebhookReceiver().start();
  const saved = await t.call(
    updateMerchantAppSettingsCall,
    { type: 'webhook', webhookUrl: receiver.url('/pos-hook') },
    { token: shop.token },
  );
  expect(saved.status, saved.message).toBe(200);
  const settings = await t.call(getMerchantAppSettingsCall, {}, { token: shop.token });
  secret = settings.data[0]!.webhook_secret!;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await receiver.stop();
  await t.close();
});

describe('POST /sale', () => {
  it('charges the card as a type 10 payment on the device channel, lands it on hold, audits the person and sends the webhook', async () => {
    const holdBefore = await onHold(shop);
    const answer = ok(await sale(2250));
    const channel = shop.stores[0]!.terminals[0]!.channels[1]!;
    expect(answer).toMatchObject({
      storeId: Number(shop.stores[0]!.id),
      terminalId: Number(shop.stores[0]!.terminals[0]!.id),
      channelId: Number(channel.id),
      posId: till.deviceId,
      transactionType: 'SALE',
      transactionStatus: 'CAPTURED',
      transactionAmount: { value: 2250, currency: 'AED' },
      card: { brand: expect.any(String), last4: '4242' },
      approvalCode: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
      channelName: 'Counter',
      storeName: shop.stores[0]!.name,
      failureReason: null,
    });
    const fee = answer.feesAmount.value;
    const vat = answer.vatAmount.value;
    expect(fee).toBeGreaterThan(0);
    expect(await onHold(shop)).toBe(holdBefore + BigInt(2250 - fee - vat));
    const row = await t.deps.db.selectFrom('transactions').selectAll().where('uuid', '=', answer.transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      transaction_type_id: 10,
      status: 1,
      pos_device_id: BigInt(till.posDeviceId),
      approval_code: answer.approvalCode,
    });

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'acting_as', 'actor_user_id', 'on_behalf_of_user_id', 'subject_type', 'subject_id', 'call_path'])
      .where('action', '=', 'pos.sale')
      .where('subject_id', '=', String(row.id))
      .execute();
    expect(audit).toEqual([
      {
        action: 'pos.sale',
        acting_as: 'staff',
        actor_user_id: shop.staff[0]!.id,
        on_behalf_of_user_id: shop.id,
        subject_type: 'transaction',
        subject_id: String(row.id),
        call_path: 'pos/v1/sale',
      },
    ]);

    const [webhook, ...more] = await webhooksOf(answer.transactionId);
    expect(more).toEqual([]);
    const { failureReason: _reason, ...transaction } = answer;
    expect(webhook).toEqual({ ...transaction, eventId: expect.stringMatching(/^evt_/) });
    expect(Object.keys(webhook!).sort()).toEqual(
      [
        'approvalCode',
        'card',
        'channelId',
        'channelName',
        'eventId',
        'feesAmount',
        'hostReferenceNumber',
        'posId',
        'storeId',
        'storeName',
        'terminalId',
        'transactionAmount',
        'transactionId',
        'transactionStatus',
        'transactionTime',
        'transactionType',
        'vatAmount',
      ].sort(),
    );
    const delivered = receiver.received.find((got) => got.body.includes(answer.transactionId))!;
    expect(delivered.headers['webhook-id']).toBe(webhook!.eventId);
  });

  it('answers a declined card as a FAILED sale with its reason, moving nothing, and tells the webhook', async () => {
    const holdBefore = await onHold(shop);
    const answer = ok(await sale(1500, { number: CARDS.declined }));
    expect(answer).toMatchObject({
      transactionType: 'SALE',
      transactionStatus: 'FAILED',
      failureReason: expect.stringMatching(/declined/),
    });
    expect(await onHold(shop)).toBe(holdBefore);
    const insufficient = ok(await sale(1500, { number: CARDS.insufficient }));
    expect(insufficient.transactionStatus).toBe('FAILED');
    const [webhook] = await webhooksOf(answer.transactionId);
    expect(webhook).toMatchObject({ transactionType: 'SALE', transactionStatus: 'FAILED' });
  });

  it('does not leave a 3-D Secure challenge waiting on a card-present device', async () => {
    const holdBefore = await onHold(shop);
    const answer = ok(await sale(1800, { number: CARDS.challenge }));
    expect(answer).toMatchObject({ transactionType: 'SALE', transactionStatus: 'FAILED', failureReason: THREE_DS_REFUSED_REASON });
    expect(await onHold(shop)).toBe(holdBefore);
    const row = await t.deps.db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('uuid', '=', answer.transactionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    // No challenge was opened: nothing waits for an answer or an expiry.
    expect(await t.deps.db.selectFrom('card_payments').select('id').where('transaction_id', '=', row.id).execute()).toEqual([]);
    const [webhook, ...more] = await webhooksOf(answer.transactionId);
    expect(more).toEqual([]);
    expect(webhook).toMatchObject({ transactionType: 'SALE', transactionStatus: 'FAILED' });
  });

  it('refuses a bad body with the field messages and writes nothing', async () => {
    const before = await countMoneyRows(t);
    const answer = await posApi(t, 'sale', { amount: 12.5, currency: 'AEDX', card: { ...card(), expMonth: 13 } }, { token });
    refused(answer, 400, 'VALIDATION_FAILED');
    expect(Object.keys(answer.body.error!.fields!)).toEqual(expect.arrayContaining(['amount', 'currency', 'card.expMonth']));
    expect(await countMoneyRows(t)).toEqual(before);
  });

  it('refuses without a live device session', async () => {
    refused(await sale(100, { token: 'x'.repeat(43) }), 401, 'POS_SESSION_INVALID');
    refused(await posApi(t, 'sale', {}, {}), 401, 'POS_SESSION_INVALID');
  });
});

describe('pre-auth, capture and void', () => {
  it('authorises without moving money, captures part of it up to the authorised amount, and refuses more', async () => {
    const holdBefore = await onHold(shop);
    const auth = ok(await sale(5000, { path: 'pre-auth' }));
    expect(auth).toMatchObject({
      transactionType: 'PRE_AUTH',
      transactionStatus: 'AUTHORIZED',
      transactionAmount: { value: 5000, currency: 'AED' },
    });
    expect(await onHold(shop)).toBe(holdBefore);

    const before = await countMoneyRows(t);
    refused(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 5001 }, { token }), 422, 'CAPTURE_EXCEEDS_AUTHORISED');
    expect(await countMoneyRows(t)).toEqual(before);

    const captured = ok(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 4000 }, { token }));
    expect(captured).toMatchObject({
      transactionType: 'CAPTURE',
      transactionStatus: 'CAPTURED',
      transactionId: auth.transactionId,
      transactionAmount: { value: 4000, currency: 'AED' },
      captureAmount: { value: 4000, currency: 'AED' },
      originalAmount: { value: 5000, currency: 'AED' },
    });
    expect(await onHold(shop)).toBe(holdBefore + BigInt(4000 - captured.feesAmount.value - captured.vatAmount.value));
    refused(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 100 }, { token }), 409, 'PAYMENT_NOT_CAPTURABLE');

    const hooks = await webhooksOf(auth.transactionId);
    expect(hooks.map((hook) => [hook.transactionType, hook.transactionStatus])).toEqual([
      ['PRE_AUTH', 'AUTHORIZED'],
      ['CAPTURE', 'CAPTURED'],
    ]);
    const { failureReason: _reason, ...transaction } = captured;
    expect(hooks[1]).toEqual({ ...transaction, eventId: expect.any(String) });
  });

  it('voids an authorisation that was not captured, and refuses to void a captured sale', async () => {
    const auth = ok(await sale(3000, { path: 'pre-auth' }));
    const voided = ok(await posApi(t, 'void', { transactionId: auth.transactionId }, { token }));
    expect(voided).toMatchObject({
      transactionType: 'VOID',
      transactionStatus: 'VOIDED',
      transactionAmount: { value: 3000, currency: 'AED' },
    });
    refused(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 100 }, { token }), 409, 'PAYMENT_NOT_CAPTURABLE');

    const sold = ok(await sale(1200));
    const before = await countMoneyRows(t);
    refused(await posApi(t, 'void', { transactionId: sold.transactionId }, { token }), 409, 'PAYMENT_NOT_VOIDABLE');
    expect(await countMoneyRows(t)).toEqual(before);
    const hooks = await webhooksOf(auth.transactionId);
    expect(hooks.map((hook) => hook.transactionType)).toEqual(['PRE_AUTH', 'VOID']);
  });
});

describe('refund', () => {
  it('refunds part, then up to what remains, and refuses more', async () => {
    const sold = ok(await sale(2000));
    const holdBefore = await onHold(shop);
    const first = ok(await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 500 }, { token }));
    expect(first).toMatchObject({
      transactionType: 'REFUND',
      transactionStatus: 'REFUNDED',
      transactionId: sold.transactionId,
      transactionAmount: { value: 500, currency: 'AED' },
      refundAmount: { value: 500, currency: 'AED' },
      remainingAmountFromOriginalTx: { value: 1500, currency: 'AED' },
    });
    expect(await onHold(shop)).toBe(holdBefore - 500n);

    const before = await countMoneyRows(t);
    refused(await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 1501 }, { token }), 422, 'REFUND_EXCEEDS_REMAINING');
    expect(await countMoneyRows(t)).toEqual(before);

    const rest = ok(await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 1500 }, { token }));
    expect(rest.remainingAmountFromOriginalTx).toEqual({ value: 0, currency: 'AED' });
    refused(await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 1 }, { token }), 422, 'REFUND_EXCEEDS_REMAINING');

    const hooks = await webhooksOf(sold.transactionId);
    expect(hooks.map((hook) => [hook.transactionType, hook.refundAmount?.value, hook.remainingAmountFromOriginalTx?.value])).toEqual([
      ['SALE', undefined, undefined],
      ['REFUND', 500, 1500],
      ['REFUND', 1500, 0],
    ]);
  });

  it('refuses to refund a failed sale and an authorisation not captured', async () => {
    const failed = ok(await sale(900, { number: CARDS.declined }));
    const auth = ok(await sale(900, { path: 'pre-auth' }));
    for (const transactionId of [failed.transactionId, auth.transactionId]) {
      const answer = await posApi(t, 'refund', { transactionId, amount: 100 }, { token });
      expect([409, 422]).toContain(answer.status);
    }
  });
});

describe('audit rows in the payment transaction', () => {
  async function auditOf(transactionUuid: string) {
    const row = await t.deps.db.selectFrom('transactions').select('id').where('uuid', '=', transactionUuid).executeTakeFirstOrThrow();
    const rows = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'acting_as', 'actor_user_id', 'on_behalf_of_user_id', 'subject_type', 'call_path', 'detail'])
      .where('subject_type', '=', 'transaction')
      .where('subject_id', '=', String(row.id))
      .orderBy('id')
      .execute();
    return rows.map((audit) => ({
      ...audit,
      detail: (typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail) as unknown,
    }));
  }
  const person = () => ({
    acting_as: 'staff',
    actor_user_id: shop.staff[0]!.id,
    on_behalf_of_user_id: shop.id,
    subject_type: 'transaction',
  });
  const device = () => ({ posDeviceId: till.posDeviceId, deviceId: till.deviceId, loginId: till.logins[0]!.loginId });

  it('records capture, refund and void as the person on the device, with the device and the amount moved', async () => {
    const auth = ok(await sale(6000, { path: 'pre-auth' }));
    ok(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 5000 }, { token }));
    ok(await posApi(t, 'refund', { transactionId: auth.transactionId, amount: 1200 }, { token }));
    expect(await auditOf(auth.transactionId)).toEqual([
      { ...person(), action: 'pos.pre-auth', call_path: 'pos/v1/pre-auth', detail: { ...device(), status: 'AUTHORIZED', amount: 6000 } },
      { ...person(), action: 'pos.capture', call_path: 'pos/v1/capture', detail: { ...device(), status: 'CAPTURED', amount: 5000 } },
      { ...person(), action: 'pos.refund', call_path: 'pos/v1/refund', detail: { ...device(), status: 'REFUNDED', amount: 1200 } },
    ]);
    const other = ok(await sale(800, { path: 'pre-auth' }));
    ok(await posApi(t, 'void', { transactionId: other.transactionId }, { token }));
    expect((await auditOf(other.transactionId)).map((audit) => [audit.action, audit.detail])).toEqual([
      ['pos.pre-auth', { ...device(), status: 'AUTHORIZED', amount: 800 }],
      ['pos.void', { ...device(), status: 'VOIDED', amount: 800 }],
    ]);
  });

  it('writes no row and moves no money when the core refuses a capture or a refund that is too big', async () => {
    const auth = ok(await sale(3000, { path: 'pre-auth' }));
    const before = { ...(await countMoneyRows(t)), audit: (await auditOf(auth.transactionId)).length, hold: await onHold(shop) };
    refused(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 3001 }, { token }), 422, 'CAPTURE_EXCEEDS_AUTHORISED');
    expect({ ...(await countMoneyRows(t)), audit: (await auditOf(auth.transactionId)).length, hold: await onHold(shop) }).toEqual(before);
    ok(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 3000 }, { token }));
    const captured = { ...(await countMoneyRows(t)), audit: (await auditOf(auth.transactionId)).length, hold: await onHold(shop) };
    refused(await posApi(t, 'refund', { transactionId: auth.transactionId, amount: 3001 }, { token }), 422, 'REFUND_EXCEEDS_REMAINING');
    expect({ ...(await countMoneyRows(t)), audit: (await auditOf(auth.transactionId)).length, hold: await onHold(shop) }).toEqual(captured);
    expect((await auditOf(auth.transactionId)).map((audit) => audit.action)).toEqual(['pos.pre-auth', 'pos.capture']);
  });

  it('keeps no capture whose audit row could not be written, and enqueues no webhook for it', async () => {
    const auth = ok(await sale(4000, { path: 'pre-auth' }));
    const events = () => t.deps.db.selectFrom('webhook_events').select('id').where('merchant_user_id', '=', shop.id).execute();
    const before = { ...(await countMoneyRows(t)), hold: await onHold(shop), events: (await events()).length };
    const allow = await refuseAuditRows(t, 'pos.capture');
    try {
      refused(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 4000 }, { token }), 500, 'INTERNAL_ERROR');
    } finally {
      await allow();
    }
    expect({ ...(await countMoneyRows(t)), hold: await onHold(shop), events: (await events()).length }).toEqual(before);
    const now = await posApi(t, `transactions/${auth.transactionId}`, undefined, { token, method: 'GET' });
    expect(now.body).toMatchObject({ transactionStatus: 'AUTHORIZED' });
    expect(ok(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 4000 }, { token })).transactionStatus).toBe(
      'CAPTURED',
    );
  });
});

describe('terminal settings', () => {
  it('refuses with 403 every operation the login settings do not enable, writing nothing', async () => {
    const sold = ok(await sale(700));
    const auth = ok(await sale(700, { path: 'pre-auth' }));
    const before = await countMoneyRows(t);
    refused(await sale(700, { token: saleOnlyToken, path: 'pre-auth' }), 403, 'POS_OPERATION_NOT_ALLOWED');
    refused(
      await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 700 }, { token: saleOnlyToken }),
      403,
      'POS_OPERATION_NOT_ALLOWED',
    );
    refused(
      await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 100 }, { token: saleOnlyToken }),
      403,
      'POS_OPERATION_NOT_ALLOWED',
    );
    refused(await posApi(t, 'void', { transactionId: auth.transactionId }, { token: saleOnlyToken }), 403, 'POS_OPERATION_NOT_ALLOWED');
    expect(await countMoneyRows(t)).toEqual(before);
    // The main account's SALE works, audited as the main account itself.
    const own = ok(await sale(700, { token: saleOnlyToken }));
    const row = await t.deps.db.selectFrom('transactions').select('id').where('uuid', '=', own.transactionId).executeTakeFirstOrThrow();
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['acting_as', 'actor_user_id'])
      .where('action', '=', 'pos.sale')
      .where('subject_id', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ acting_as: 'user', actor_user_id: shop.id });
  });
});

describe('whose transactions', () => {
  it('reaches another device of the same channel, but not another channel, another merchant, nor an unknown id: 404 and nothing changed', async () => {
    const auth = ok(await sale(2500, { path: 'pre-auth' }));
    const sold = ok(await sale(2500));
    const rivalToken = await deviceToken(t, rivalTill);
    const otherChannelToken = await deviceToken(t, otherChannelTill);
    const before = await countMoneyRows(t);
    for (const foreign of [rivalToken, otherChannelToken]) {
      refused(
        await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 100 }, { token: foreign }),
        404,
        'POS_TRANSACTION_NOT_FOUND',
      );
      refused(await posApi(t, 'void', { transactionId: auth.transactionId }, { token: foreign }), 404, 'POS_TRANSACTION_NOT_FOUND');
      refused(
        await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 100 }, { token: foreign }),
        404,
        'POS_TRANSACTION_NOT_FOUND',
      );
      refused(
        await posApi(t, `transactions/${sold.transactionId}`, undefined, { token: foreign, method: 'GET' }),
        404,
        'POS_TRANSACTION_NOT_FOUND',
      );
    }
    refused(
      await posApi(t, 'refund', { transactionId: '00000000-0000-4000-8000-000000000000', amount: 100 }, { token }),
      404,
      'POS_TRANSACTION_NOT_FOUND',
    );
    expect(await countMoneyRows(t)).toEqual(before);
    // The rival's own device works on its own merchant.
    const rivalSale = ok(await sale(1000, { token: rivalToken }));
    refused(
      await posApi(t, 'refund', { transactionId: rivalSale.transactionId, amount: 100 }, { token }),
      404,
      'POS_TRANSACTION_NOT_FOUND',
    );
    // Another till on the same channel reaches the payment.
    const sameChannelToken = await deviceToken(t, sameChannelTill);
    const capture = ok(await posApi(t, 'capture', { transactionId: auth.transactionId, amount: 2500 }, { token: sameChannelToken }));
    expect(capture.transactionStatus).toBe('CAPTURED');
    const read = ok(await posApi(t, `transactions/${auth.transactionId}`, undefined, { token, method: 'GET' }));
    expect(read).toMatchObject({ transactionId: auth.transactionId, transactionStatus: 'CAPTURED' });
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer again for the same key and body, moving nothing more; another body is refused; keys are per device', async () => {
    const first = await sale(3300, { key: 'till-0001' });
    const firstBody = ok(first);
    const rows = await countMoneyRows(t);
    const again = await sale(3300, { key: 'till-0001' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countMoneyRows(t)).toEqual(rows);
    refused(await sale(3400, { key: 'till-0001' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    // A refund under a key: replayed, refunded once.
    const refund = { transactionId: firstBody.transactionId, amount: 300 };
    const r1 = ok(await posApi(t, 'refund', refund, { token, idempotencyKey: 'till-0002' }));
    const r2 = ok(await posApi(t, 'refund', refund, { token, idempotencyKey: 'till-0002' }));
    expect(r2).toEqual(r1);
    const hooks = await webhooksOf(firstBody.transactionId);
    expect(hooks.filter((hook) => hook.transactionType === 'REFUND')).toHaveLength(1);
    // The same key on another device is its own.
    const sameChannelToken = await deviceToken(t, sameChannelTill);
    const other = ok(await sale(3300, { key: 'till-0001', token: sameChannelToken }));
    expect(other.transactionId).not.toBe(firstBody.transactionId);
    refused(await posApi(t, 'sale', {}, { token, headers: { 'idempotency-key': 'x'.repeat(256) } }), 400, 'IDEMPOTENCY_KEY_INVALID');
  });
});

describe('the demo till', () => {
  it('lets the demo staff member sign in on the counter till with the demo password, sell and refund (docs/pos-api.md "Try it")', async () => {
    const staff = await t.deps.db.selectFrom('users').select(['id']).where('email', '=', DEMO_STAFF.email).executeTakeFirstOrThrow();
    const login = await posApi(t, 'login', { deviceId: 'HCR-ALQ-D1', username: `sami.${staff.id}`, password: DEMO_POS_PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.operations).toEqual(['SALE', 'REFUND']);
    const demoToken = login.body.token as string;
    const sold = ok(await sale(2250, { token: demoToken, key: 'till1-000123' }));
    expect(sold).toMatchObject({ transactionType: 'SALE', transactionStatus: 'CAPTURED', posId: 'HCR-ALQ-D1' });
    const refund = ok(await posApi(t, 'refund', { transactionId: sold.transactionId, amount: 1000 }, { token: demoToken }));
    expect(refund.remainingAmountFromOriginalTx).toEqual({ value: 1250, currency: 'AED' });
    refused(await sale(1000, { token: demoToken, path: 'pre-auth' }), 403, 'POS_OPERATION_NOT_ALLOWED');
  });
});

describe('limits', () => {
  it('answers 429 POS_RATE_LIMITED past the requests a device may make in a minute', async () => {
    const till2 = await createTestDevice(t, shop, [{ userId: shop.id, settings: ['SALE'] }]);
    const limited = await deviceToken(t, till2);
    for (let i = 0; i < POS_REQUESTS_PER_MINUTE; i++) {
      expect((await posApi(t, 'session', undefined, { token: limited, method: 'GET' })).status).toBe(200);
    }
    const refusedAnswer = await posApi(t, 'session', undefined, { token: limited, method: 'GET' });
    refused(refusedAnswer, 429, 'POS_RATE_LIMITED');
    expect(refusedAnswer.headers['retry-after']).toMatch(/^\d+$/);
    // Another device is not held back.
    expect((await posApi(t, 'session', undefined, { token, method: 'GET' })).status).toBe(200);
  });

  it('takes one payment for the same Idempotency-Key sent 10 times at once', async () => {
    const before = await t.deps.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('transaction_type_id', '=', 10)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 10 }, () => sale(4100, { key: 'till-parallel-1' })));
    const ids = new Set(answers.map((answer) => ok(answer).transactionId));
    expect(ids.size).toBe(1);
    const after = await t.deps.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('transaction_type_id', '=', 10)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});
