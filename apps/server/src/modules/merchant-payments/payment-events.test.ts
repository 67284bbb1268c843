// Payment events through the real app, one payment per door: each event reaches exactly the
// standing listeners it should (a link's callback, an API payment's webhook, the POS webhook,
// the merchant's notification, and never another door's), carries an id and a time of its own
// that the bodies built from it repeat, and the request's origin (the checkout page, the POS
// operation) as data; a 3-D Secure answer carries none. Listeners run inside the payment's
// transaction: one that throws rolls back the charge, the capture, the refund and the 3-D
// Secure approval, leaving no payment change, webhook, notification or audit row behind. The
// card is checked once, at each door's edge: one that fails its checks is refused before the
// door writes anything. The file ends with the ledger's invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMerchantAppSettingsCall } from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { answerChallengePage, countMoneyRows, expectLedgerInvariants } from '../../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { openPaymentDoors, type PaymentDoors } from '../../test/payment-doors.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import type { PaymentEvent, PaymentEventType } from './payment-events.ts';

let t: TestApp;
let shop: TestMerchant;
let doors: PaymentDoors;
/** Every event the app's listeners heard, in order (a recorder heard after them). */
const heard: PaymentEvent[] = [];
/** While set, a listener throws on events of this type (after the standing ones heard it). */
let throwOn: PaymentEventType | null = null;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      demo: false,
      extraPaymentListeners: [
        async (_trx, event) => {
          if (event.type === throwOn) throw new Error(`a listener refuses ${event.type}`);
          heard.push(event);
        },
      ],
    },
  );
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  const saved = await t.call(
    updateMerchantAppSettingsCall,
    { type: 'webhook', webhookUrl: 'https://hooks.example.test/pw' },
    { token: shop.token },
  );
  expect(saved.status, saved.message).toBe(200);
  doors = await openPaymentDoors(t, shop);
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

/** The webhooks queued for a payment (by its transaction uuid), as [event type, body]. */
async function webhooksOf(uuid: string): Promise<Array<{ type: string; eventId: string; body: Record<string, unknown> }>> {
  const rows = await t.deps.db
    .selectFrom('webhook_events')
    .select(['event_type', 'event_id', 'body'])
    .where('merchant_user_id', '=', shop.id)
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      type: row.event_type,
      eventId: row.event_id,
      body: (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as Record<string, unknown>,
    }))
    .filter((row) => JSON.stringify(row.body).includes(uuid));
}

async function noticesOf(uuid: string): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('notifications').select(['type', 'data']).where('user_id', '=', shop.id).orderBy('id').execute();
  return rows.filter((row) => JSON.stringify(row.data).includes(uuid)).map((row) => row.type);
}

const eventsOf = (uuid: string) => heard.filter((event) => event.payment.uuid === uuid);

describe('who hears an event', () => {
  it("a link payment: the link's callback and the merchant's notification, no API or POS webhook; its origin is the page", async () => {
    const { token, payment } = await doors.link(SANDBOX_CARDS.approved, '198.51.100.31');
    const [event, ...more] = eventsOf(payment.transactionId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'payment.succeeded', origin: { door: 'checkout', token, ip: '198.51.100.31' } });
    expect(event!.payment).toMatchObject({ kind: 'link', status: 'succeeded' });
    expect(event!.attemptId).not.toBeNull();
    expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await webhooksOf(payment.transactionId)).map((webhook) => webhook.type)).toEqual(['payment_link.payment']);
    expect(await noticesOf(payment.transactionId)).toEqual(['merchant-payment-received']);
  });

  it("an API payment: its state and its webhook, whose id is the event's, no callback or POS webhook; no origin", async () => {
    const created = await doors.api(SANDBOX_CARDS.approved);
    expect(created.status).toBe(201);
    const uuid = created.body.transactionId!;
    const [event, ...more] = eventsOf(uuid);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'payment.succeeded', origin: null, payment: { kind: 'api' } });
    const webhooks = await webhooksOf(uuid);
    expect(webhooks.map((webhook) => webhook.type)).toEqual(['api.payment']);
    expect(webhooks[0]!.eventId).toBe(`evt_${event!.id}`);
    expect(webhooks[0]!.body).toMatchObject({ eventId: `evt_${event!.id}`, type: 'payment.succeeded', payment: { id: created.body.id } });
    expect(await noticesOf(uuid)).toEqual(['merchant-payment-received']);
  });

  it("a POS sale: the POS webhook with the event's id and time, the same body the device got; its origin is the operation", async () => {
    const answer = await doors.pos(SANDBOX_CARDS.approved);
    expect(answer.status).toBe(200);
    const uuid = answer.body.transactionId as string;
    const [event, ...more] = eventsOf(uuid);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'payment.succeeded', origin: { door: 'pos', operation: 'SALE' }, payment: { kind: 'pos' } });
    const webhooks = await webhooksOf(uuid);
    expect(webhooks.map((webhook) => webhook.type)).toEqual(['pos.transaction']);
    const { eventId, ...body } = webhooks[0]!.body;
    expect(eventId).toBe(`evt_${event!.id.replace(/-/g, '')}`);
    expect(body.transactionTime).toBe(event!.at.toISOString());
    const { failureReason: _reason, ...device } = answer.body;
    expect(device).toEqual(body);
    expect(await noticesOf(uuid)).toEqual(['merchant-payment-received']);
  });

  it('a 3-D Secure answer: no origin (the gateway answers), and the link callback, the notification and the claim still follow', async () => {
    const { payment } = await doors.link(SANDBOX_CARDS.challenge);
    expect(payment.status).toBe('requires_action');
    // Nothing changed state yet: no event, no callback, no notification.
    expect(eventsOf(payment.transactionId)).toEqual([]);
    expect(await webhooksOf(payment.transactionId)).toEqual([]);
    await answerChallengePage(t, payment.challengeUrl!, 'approve');
    const [event, ...more] = eventsOf(payment.transactionId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'payment.succeeded', origin: null });
    expect(event!.attemptId).not.toBeNull();
    expect((await webhooksOf(payment.transactionId)).map((webhook) => webhook.type)).toEqual(['payment_link.payment']);
    expect(await noticesOf(payment.transactionId)).toEqual(['merchant-payment-received']);
  });

  it('gives every event an id of its own', () => {
    // Proves the ids a body builder repeats never collide, across doors and events.
    expect(heard.length).toBeGreaterThanOrEqual(4);
    expect(new Set(heard.map((event) => event.id)).size).toBe(heard.length);
  });
});

describe('listeners run inside the payment transaction', () => {
  const WRITES = ['merchant_payments', 'webhook_events', 'refund_requests', 'audit_log'] as const;
  const written = async () => ({ ...(await countMoneyRows(t)), ...(await countRows(t, WRITES)) });

  it('a listener that throws rolls the charge back: no payment, money, webhook, notification or audit row', async () => {
    const before = await written();
    throwOn = 'payment.succeeded';
    try {
      const answer = await doors.pos(SANDBOX_CARDS.approved);
      expect(answer.status).toBe(500);
    } finally {
      throwOn = null;
    }
    expect(await written()).toEqual(before);
  });

  it('rolls back a capture and a refund, leaving the payment as it was', async () => {
    const authorised = await doors.api(SANDBOX_CARDS.approved, { captureMethod: 'manual' });
    const paid = await doors.api(SANDBOX_CARDS.approved);
    const before = await written();
    throwOn = 'payment.captured';
    expect((await doors.apiCall(`/payments/${authorised.body.id}/capture`, { amount: 4_000 })).status).toBe(500);
    throwOn = 'payment.refunded';
    expect((await doors.apiCall(`/payments/${paid.body.id}/refunds`, { amount: 1_000 })).status).toBe(500);
    throwOn = null;
    expect(await written()).toEqual(before);
    // Heard by nobody, and the payments wait as they were: the capture and the refund work now.
    expect((await doors.apiCall(`/payments/${authorised.body.id}/capture`, { amount: 4_000 })).body).toMatchObject({ status: 'succeeded' });
    expect((await doors.apiCall(`/payments/${paid.body.id}/refunds`, { amount: 1_000 })).status).toBe(201);
  });

  it('rolls back a 3-D Secure approval: the payment still waits for its cardholder, who can approve it again', async () => {
    const created = await doors.api(SANDBOX_CARDS.challenge);
    expect(created.body.status).toBe('requires_action');
    const challengeUrl = created.body.nextAction!.redirectUrl;
    const before = await written();
    throwOn = 'payment.succeeded';
    const failed = await t.app.inject({ method: 'POST', url: `${new URL(challengeUrl).pathname}/approve` });
    throwOn = null;
    expect(failed.statusCode).toBe(500);
    expect(await written()).toEqual(before);
    const challenge = await t.deps.db
      .selectFrom('card_payments')
      .innerJoin('transactions', 'transactions.id', 'card_payments.transaction_id')
      .select(['card_payments.state', 'transactions.status'])
      .where('transactions.uuid', '=', created.body.transactionId!)
      .executeTakeFirstOrThrow();
    expect(challenge).toEqual({ state: 'challenge', status: 0 });
    await answerChallengePage(t, challengeUrl, 'approve');
    expect(eventsOf(created.body.transactionId!).map((event) => event.type)).toEqual(['payment.succeeded']);
  });
});

describe("the card is checked once, at the door's edge", () => {
  const TRACES = ['payment_attempts', 'payment_attempt_logs', 'checkout_claims', 'audit_log', 'merchant_payments'] as const;
  const traces = async () => ({ ...(await countMoneyRows(t)), ...(await countRows(t, TRACES)) });

  it('the checkout refuses a card that fails its checks before it claims, logs or audits anything', async () => {
    const page = await doors.openLink();
    const before = await traces();
    const luhn = await doors.payLink(page, '4242424242424241');
    expect(luhn).toMatchObject({ status: 422, reason: 'CARD_NUMBER_INVALID' });
    expect(await traces()).toEqual(before);
    // The same page then pays with a good card.
    expect((await doors.payLink(page, SANDBOX_CARDS.approved)).data.status).toBe('succeeded');
  });

  it('the POS API refuses it before it opens an attempt', async () => {
    const before = await traces();
    const luhn = await doors.pos('4242424242424241');
    expect(luhn.status).toBe(422);
    expect(luhn.body).toMatchObject({ error: { code: 'CARD_NUMBER_INVALID' } });
    expect(await traces()).toEqual(before);
  });
});
