// The POS webhook when the merchant's receiver is down for a while (issue: "A local receiver on
// 127.0.0.1 gets POS webhooks whose signatures verify with the standardwebhooks library, and gets
// them again after it was down for a while"). A device signs in and sells through /api/pos/v1;
// the receiver, a real node http server on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE on), first answers
// 503 and then is closed: the delivery job records each failed attempt (the response code, or
// the connection error) and schedules the next with the documented backoff (30 s, then 1 min).
// The test makes the waiting job due instead of sleeping. When the receiver is back, the same
// event id is delivered once, with the spec's POS body, and its signature verifies with
// `new Webhook(secret).verify(body, headers)`. The ledger invariants hold at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { getMerchantAppSettingsCall, updateMerchantAppSettingsCall, ZPosOperationResponse, ZPosWebhookBody } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { createTestDevice, deviceToken, posApi, type TestDevice } from '../../test/pos-device.ts';
import { WEBHOOK_JOB_KINDS } from '../webhooks/webhooks.jobs.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { WebhookReceiver, type ReceivedWebhook } from '../../test/webhook-receiver.ts';

const BACKOFF = WEBHOOK_JOB_KINDS['deliver-webhook'].backoff;

let t: TestApp;
let shop: TestMerchant;
let till: TestDevice;
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivate: true });
  shop = await createTestMerchant(t, {
    stores: [{ terminals: [{ channels: [{ type: 'pos', name: 'Counter' }] }] }],
    staff: [{ features: [] }],
  });
  await giveMerchantFees(t, shop.id);
  till = await createTestDevice(t, shop, [{ userId: shop.staff[0]!.id, settings: ['SALE'] }]);
  receiver = await new WebhookReceiver().start();
  const saved = await t.call(
    updateMerchantAppSettingsCall,
    { type: 'webhook', webhookUrl: `http://127.0.0.1:${receiver.port}/pos-hook` },
    { token: shop.token },
  );
  expect(saved.status, saved.message).toBe(200);
  secret = (await t.call(getMerchantAppSettingsCall, {}, { token: shop.token })).data[0]!.webhook_secret!;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await receiver.stop();
  await t.close();
});

async function eventOf(transactionId: string) {
  return t.deps.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('merchant_user_id', '=', shop.id)
    .where(sql<string>`body->>'transactionId'`, '=', transactionId)
    .executeTakeFirstOrThrow();
}

async function attemptsOf(webhookEventId: bigint) {
  return t.deps.db.selectFrom('webhook_deliveries').selectAll().where('webhook_event_id', '=', webhookEventId).orderBy('id').execute();
}

/** The event's delivery job, with how far in the future (by the database's clock) it is due. */
async function jobOf(webhookEventId: bigint) {
  const result = await sql<{ id: bigint; state: string; attempts: number; due_in_ms: number }>`
    SELECT id, state, attempts, CAST(EXTRACT(EPOCH FROM (run_at - now())) * 1000 AS double precision) AS due_in_ms
    FROM jobs WHERE kind = 'deliver-webhook' AND payload->>'webhookEventId' = ${String(webhookEventId)}`.execute(t.deps.db);
  expect(result.rows).toHaveLength(1);
  const job = result.rows[0]!;
  return { ...job, id: BigInt(job.id), due_in_ms: Number(job.due_in_ms) };
}

/** The waiting retry becomes due now: the clock moved past the backoff, without sleeping. */
async function makeDue(jobId: bigint) {
  await sql`UPDATE jobs SET run_at = now() WHERE id = ${jobId}`.execute(t.deps.db);
}

describe('the POS webhook while the receiver is down', () => {
  it('records the failed attempts with their codes, retries with backoff, then delivers the same signed event once', async () => {
    const runner = new JobRunner(t.deps, { pollIntervalMs: 20 });
    const token = await deviceToken(t, till);
    receiver.answers = [503];

    // A sale through the device API: the webhook is enqueued in the payment's transaction.
    const answer = await posApi(
      t,
      'sale',
      {
        amount: 3150,
        currency: 'AED',
        card: { holderName: 'Lina Haddad', number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
      },
      { token, idempotencyKey: `till-${Date.now()}` },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sale = ZPosOperationResponse.strict().parse(answer.body);
    expect(sale).toMatchObject({ transactionType: 'SALE', transactionStatus: 'CAPTURED' });
    const event = await eventOf(sale.transactionId);
    expect(event).toMatchObject({ event_type: 'pos.transaction', state: 'pending' });

    // 1. The receiver answers 503: a failed attempt with its code; the next is due in 30 s.
    expect(await runner.drain()).toContain('retry');
    expect(receiver.received.map((got) => [got.status, got.headers['webhook-id']])).toEqual([[503, event.event_id]]);
    let attempts = await attemptsOf(event.id);
    expect(attempts.map((a) => [a.attempt, a.status, a.response_code, a.error])).toEqual([
      [1, 'failed', 503, 'The receiver answered 503.'],
    ]);
    let job = await jobOf(event.id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.due_in_ms).toBeGreaterThan(BACKOFF.baseDelayMs - 5_000);
    expect(job.due_in_ms).toBeLessThanOrEqual(BACKOFF.baseDelayMs);
    expect(await runner.drain()).toEqual([]); // not due yet: nothing is sent early
    expect(receiver.received).toHaveLength(1);

    // 2. The receiver is down (its port closed): the attempt fails without a code; the next waits twice as long.
    const port = receiver.port;
    await receiver.stop();
    await makeDue(job.id);
    expect(await runner.drain()).toContain('retry');
    attempts = await attemptsOf(event.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toMatchObject({ attempt: 2, status: 'failed', response_code: null });
    expect(attempts[1]!.error).toEqual(expect.any(String));
    job = await jobOf(event.id);
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    expect(job.due_in_ms).toBeGreaterThan(2 * BACKOFF.baseDelayMs - 5_000);
    expect(job.due_in_ms).toBeLessThanOrEqual(2 * BACKOFF.baseDelayMs);
    expect((await eventOf(sale.transactionId)).state).toBe('pending');

    // 3. The receiver is back on its port: the due retry delivers the same event, once.
    receiver = await new WebhookReceiver().start(port);
    await makeDue(job.id);
    expect(await runner.drain()).toEqual(['done']);
    expect(receiver.received).toHaveLength(1);
    const [delivered] = receiver.received as [ReceivedWebhook];
    expect(delivered.headers['webhook-id']).toBe(event.event_id);
    attempts = await attemptsOf(event.id);
    expect(attempts.map((a) => [a.attempt, a.status, a.response_code])).toEqual([
      [1, 'failed', 503],
      [2, 'failed', null],
      [3, 'succeeded', 200],
    ]);
    expect(await eventOf(sale.transactionId)).toMatchObject({ state: 'delivered', attempts: 3 });
    expect((await jobOf(event.id)).state).toBe('done');
    // Nothing more is sent afterwards.
    await makeDue(job.id);
    await runner.drain();
    expect(receiver.received).toHaveLength(1);

    // The signature verifies with the standardwebhooks library and the merchant's secret.
    const verified = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>);
    const body = ZPosWebhookBody.strict().parse(verified);
    const channel = shop.stores[0]!.terminals[0]!.channels[0]!;
    expect(body).toEqual({
      storeId: Number(shop.stores[0]!.id),
      terminalId: Number(shop.stores[0]!.terminals[0]!.id),
      channelId: Number(channel.id),
      posId: till.deviceId,
      transactionType: 'SALE',
      transactionStatus: 'CAPTURED',
      transactionId: sale.transactionId,
      feesAmount: { value: expect.any(Number), currency: 'AED' },
      vatAmount: { value: expect.any(Number), currency: 'AED' },
      transactionAmount: { value: 3150, currency: 'AED' },
      card: { brand: expect.any(String), last4: '4242' },
      channelName: 'Counter',
      hostReferenceNumber: expect.any(String),
      approvalCode: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
      storeName: shop.stores[0]!.name,
      transactionTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      eventId: event.event_id,
    });
    expect(body.feesAmount.value).toBeGreaterThan(0);
    // The device's answer is the very body the receiver got, without the event id.
    const { failureReason: _reason, ...transaction } = sale;
    expect(body).toEqual({ ...transaction, eventId: event.event_id });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivered.body, delivered.headers as Record<string, string>),
    ).toThrow();
  });
});
