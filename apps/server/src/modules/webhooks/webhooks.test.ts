// Webhooks: enqueueWebhook writes the event and its job in the caller's transaction; the
// 'deliver-webhook' job signs with the merchant's secret (verified here by a local receiver on
// 127.0.0.1 with the standardwebhooks library), records each attempt, retries with backoff on a
// 500 or a receiver that is down (across a restart of the runner), and never goes to loopback,
// private, link-local, unique-local or multicast addresses unless WEBHOOK_ALLOW_PRIVATE is on.
// get-webhook-deliveries and replay-webhook serve the merchant's own events only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  getMerchantAppSettingsCall,
  getWebhookDeliveriesCall,
  replayWebhookCall,
  ZGetWebhookDeliveriesResponse,
  ZWebhookDeliveryRow,
} from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant, type TestStaff } from '../../test/merchant.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { WEBHOOK_JOB_KINDS } from './webhooks.jobs.ts';
import { enqueueWebhook, deliverWebhookEvent, postSigned } from './webhooks.service.ts';
import { isPublicAddress, resolveWebhookAddress } from './address-guard.ts';
import { WebhookReceiver, type ReceivedWebhook } from '../../test/webhook-receiver.ts';

const FAST_BACKOFF = { baseDelayMs: 150, maxDelayMs: 600 };
/** The app's delivery kind with a short backoff, so retries happen within a test. */
const TEST_KINDS = { 'deliver-webhook': defineJobKind({ ...WEBHOOK_JOB_KINDS['deliver-webhook'], backoff: FAST_BACKOFF }) };

let t: TestApp;
let guarded: TestApp; // WEBHOOK_ALLOW_PRIVATE off (the default)
let shop: TestMerchant;
let clerk: TestStaff;
let rival: TestMerchant;
const receivers: WebhookReceiver[] = [];

function runner(app: TestApp = t) {
  return new JobRunner(app.deps, { kinds: TEST_KINDS, pollIntervalMs: 20 });
}

async function receiver(): Promise<WebhookReceiver> {
  const made = await new WebhookReceiver().start();
  receivers.push(made);
  return made;
}

async function enqueue(
  app: TestApp,
  merchantUserId: bigint,
  url: string,
  body: Record<string, unknown> = { transactionId: 'T-1' },
  eventId?: string,
) {
  return app.deps.db
    .transaction()
    .execute((trx) => enqueueWebhook(trx, { merchantUserId, eventType: 'pos.transaction', url, body, ...(eventId ? { eventId } : {}) }));
}

async function eventRow(app: TestApp, eventId: string) {
  return app.deps.db.selectFrom('webhook_events').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
}

async function attemptsOf(app: TestApp, eventId: string) {
  const event = await eventRow(app, eventId);
  return app.deps.db.selectFrom('webhook_deliveries').selectAll().where('webhook_event_id', '=', event.id).orderBy('id').execute();
}

async function webhookSecret(token: string): Promise<string> {
  const answer = await t.call(getMerchantAppSettingsCall, {}, { token });
  return answer.data[0]!.webhook_secret!;
}

/** Drains the queue until `done` or the time runs out, sleeping past the backoff between rounds. */
async function drainUntil(jobs: JobRunner<typeof TEST_KINDS>, done: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await jobs.drain();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the queue did not get there in time');
}

/** Drops the jobs of events a test made only to look at (their URLs are not meant to be called). */
async function forgetQueuedDeliveries(): Promise<void> {
  await t.deps.db.deleteFrom('jobs').where('kind', '=', 'deliver-webhook').where('state', '=', 'queued').execute();
}

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivate: true });
  guarded = await createTestApp();
  shop = await createTestMerchant(t, { staff: [{ features: ['app-setting'] }] });
  [clerk] = shop.staff as [TestStaff];
  rival = await createTestMerchant(t);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await t.close();
  await guarded.close();
});

describe('enqueueWebhook', () => {
  it('writes the event and its job with the caller’s transaction: a rollback leaves neither', async () => {
    // Proves the outbox: the event exists exactly when the business transaction commits.
    const count = async () => ({
      events: Number(
        (
          await t.deps.db
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      jobs: Number(
        (
          await t.deps.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('kind', '=', 'deliver-webhook')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await enqueueWebhook(trx, {
          merchantUserId: shop.id,
          eventType: 'pos.transaction',
          url: 'https://example.com/hook',
          body: { a: 1 },
        });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await count()).toEqual(before);
    const { eventId } = await enqueue(t, shop.id, 'https://example.com/hook');
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(await count()).toEqual({ events: before.events + 1, jobs: before.jobs + 1 });
    expect((await eventRow(t, eventId)).state).toBe('pending');
    // The same event id again: one event, no second job.
    const named = await enqueue(t, shop.id, 'https://example.com/hook', { b: 2 }, 'evt_named_1');
    const again = await enqueue(t, shop.id, 'https://example.com/hook', { b: 3 }, 'evt_named_1');
    expect(again).toEqual(named);
    expect(await count()).toEqual({ events: before.events + 2, jobs: before.jobs + 2 });
    // Leave nothing due for the delivery tests below.
    await forgetQueuedDeliveries();
  });
});

describe('delivery', () => {
  it('POSTs the body signed as a Standard Webhook that verifies with the merchant’s secret', async () => {
    // Proves the signature (webhook-id, webhook-timestamp, webhook-signature) verifies with the
    // standardwebhooks library and the secret get-merchant-app-settings shows; one attempt recorded.
    const local = await receiver();
    const body = { storeId: 1, transactionType: 'SALE', transactionAmount: { value: 1050, currency: 'AED' } };
    const { eventId } = await enqueue(t, shop.id, local.url(), body);
    const outcomes = await runner().drain();
    expect(outcomes).toEqual(['done']);
    expect(local.received).toHaveLength(1);
    const [got] = local.received as [ReceivedWebhook];
    expect(got.headers['webhook-id']).toBe(eventId);
    expect(got.headers['content-type']).toBe('application/json');
    const verified = new Webhook(await webhookSecret(shop.token)).verify(got.body, got.headers as Record<string, string>);
    expect(verified).toEqual(body);
    // Another merchant's secret does not verify it.
    const otherSecret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(() => new Webhook(otherSecret).verify(got.body, got.headers as Record<string, string>)).toThrow();
    expect((await eventRow(t, eventId)).state).toBe('delivered');
    const attempts = await attemptsOf(t, eventId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt: 1, status: 'succeeded', response_code: 200, error: null });
    expect(attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries with exponential backoff while the receiver answers 500, then delivers', async () => {
    // Proves each failed attempt is recorded with its response code and the next waits longer.
    const local = await receiver();
    local.answers = [500, 503];
    const { eventId } = await enqueue(t, shop.id, local.url());
    const jobs = runner();
    await drainUntil(jobs, async () => (await eventRow(t, eventId)).state === 'delivered');
    const attempts = await attemptsOf(t, eventId);
    expect(attempts.map((a) => [a.attempt, a.status, a.response_code])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 503],
      [3, 'succeeded', 200],
    ]);
    expect(attempts[0]!.error).toBe('The receiver answered 500.');
    const gaps = [local.received[1]!.at - local.received[0]!.at, local.received[2]!.at - local.received[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(FAST_BACKOFF.baseDelayMs - 20);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * FAST_BACKOFF.baseDelayMs - 20);
    // The same event id on every attempt: receivers can drop duplicates.
    expect(new Set(local.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventId]));
  });

  it('gets them again after the receiver was down for a while, across a restart of the job runner', async () => {
    // Proves durability: attempts fail while nothing listens, the runner stops (a restart), and a
    // new runner delivers the same event once the receiver is back on its port.
    const local = await receiver();
    const port = local.port;
    await local.stop();
    const { eventId } = await enqueue(t, shop.id, `http://127.0.0.1:${port}/hook`, { n: 1 });
    const first = runner();
    await drainUntil(first, async () => (await attemptsOf(t, eventId)).length >= 2);
    await first.stop();
    const failed = await attemptsOf(t, eventId);
    expect(failed.every((a) => a.status === 'failed' && a.response_code === null && a.error !== null)).toBe(true);
    expect((await eventRow(t, eventId)).state).toBe('pending');
    const back = await new WebhookReceiver().start(port);
    receivers.push(back);
    const second = runner();
    await drainUntil(second, async () => (await eventRow(t, eventId)).state === 'delivered');
    expect(back.received).toHaveLength(1);
    expect(JSON.parse(back.received[0]!.body)).toEqual({ n: 1 });
    expect(
      new Webhook(await webhookSecret(shop.token)).verify(back.received[0]!.body, back.received[0]!.headers as Record<string, string>),
    ).toEqual({ n: 1 });
  });

  it('marks the event failed after its last attempt', async () => {
    // Proves the final state: no attempts left, the event is failed (replay can send it again).
    const local = await receiver();
    local.answers = [500];
    const { eventId } = await enqueue(t, shop.id, local.url());
    const event = await eventRow(t, eventId);
    await deliverWebhookEvent(t.deps, event.id, { attempt: 12, maxAttempts: 12 }).catch(() => undefined);
    expect((await eventRow(t, eventId)).state).toBe('failed');
    await forgetQueuedDeliveries();
  });
});

describe('the address guard', () => {
  it('classifies addresses: only public unicast passes', () => {
    // Proves the ranges refused (ARCHITECTURE 6), IPv4-mapped IPv6 judged as IPv4.
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local and unique-local targets, by literal or after DNS', async () => {
    // Proves the check runs on the resolved addresses: a name resolving to loopback is refused,
    // as is a name with one private answer among public ones.
    const resolve = async (hostname: string) =>
      ({
        'loopback.test': [{ address: '127.0.0.1', family: 4 }],
        'mixed.test': [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ],
        'public.test': [{ address: '93.184.216.34', family: 4 }],
      })[hostname] ?? [];
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'https://loopback.test/',
      'https://mixed.test/',
      'http://localhost/',
      'http://unknown.test/',
    ]) {
      await expect(resolveWebhookAddress(new URL(url), false, resolve), url).rejects.toThrow();
    }
    expect(await resolveWebhookAddress(new URL('https://public.test/hook'), false, resolve)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(await resolveWebhookAddress(new URL('http://127.0.0.1/'), true, resolve)).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('with WEBHOOK_ALLOW_PRIVATE off, never sends to a local receiver and fails the event without retries', async () => {
    // Proves the guard in the delivery path: the local receiver gets nothing, the attempt says
    // why, and the event is failed at once (retrying cannot help).
    const local = await receiver();
    const merchant = await createTestMerchant(guarded);
    for (const url of [local.url(), `http://localhost:${local.port}/hook`]) {
      const { eventId } = await enqueue(guarded, merchant.id, url);
      const outcomes = await runner(guarded).drain();
      expect(outcomes).toEqual(['done']);
      const attempts = await attemptsOf(guarded, eventId);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ status: 'failed', response_code: null });
      expect(attempts[0]!.error).toContain('is not a public address');
      expect((await eventRow(guarded, eventId)).state).toBe('failed');
    }
    expect(local.received).toHaveLength(0);
  });

  it('connects to the address it checked (pinned), not to a second DNS answer', async () => {
    // Proves the pinning: 'rebind.test' exists only in the checked resolver's answer, and the
    // request reaches the receiver through that address, so the connection never resolves again.
    const local = await receiver();
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await postSigned(`http://rebind.test:${local.port}/hook`, { 'webhook-id': 'x' }, '{}', { allowPrivate: true, resolve });
    expect(result).toMatchObject({ ok: true, responseCode: 200 });
    expect(lookups).toBe(1);
    expect(local.received[0]!.headers.host).toBe(`rebind.test:${local.port}`);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    // Proves the request timeout: a hanging receiver costs one bounded attempt.
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const result = await postSigned(`http://127.0.0.1:${port}/`, {}, '{}', { allowPrivate: true, timeoutMs: 200 });
      expect(result).toMatchObject({ ok: false, responseCode: null, error: 'The receiver did not answer in time.' });
      expect(result.durationMs).toBeLessThan(2_000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('get-webhook-deliveries and replay-webhook', () => {
  it('lists the merchant’s own events newest first, paged, with the latest attempt', async () => {
    // Proves the deliveries table of the POS Webhook tab and the cross-merchant filter.
    const local = await receiver();
    const mine = [await enqueue(t, shop.id, local.url(), { i: 1 }), await enqueue(t, shop.id, local.url(), { i: 2 })];
    const theirs = await enqueue(t, rival.id, local.url(), { i: 3 });
    await runner().drain();
    const answer = await t.call(getWebhookDeliveriesCall, { page: 1, perPage: 2 }, { token: clerk.token });
    expect(answer.status, answer.message).toBe(200);
    const page = ZGetWebhookDeliveriesResponse.parse(answer.data);
    for (const row of page.data) ZWebhookDeliveryRow.strict().parse(row);
    expect(page.data.map((row) => row.eventId)).toEqual([mine[1]!.eventId, mine[0]!.eventId]);
    expect(page.data[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
      lastResponseCode: 200,
      eventType: 'pos.transaction',
      url: local.url(),
    });
    const all = ZGetWebhookDeliveriesResponse.parse((await t.call(getWebhookDeliveriesCall, { perPage: 500 }, { token: shop.token })).data);
    expect(all.paginationData.total).toBe(all.data.length);
    expect(all.data.map((row) => row.eventId)).not.toContain(theirs.eventId);
    const rivalList = ZGetWebhookDeliveriesResponse.parse((await t.call(getWebhookDeliveriesCall, {}, { token: rival.token })).data);
    expect(rivalList.data.map((row) => row.eventId)).toEqual([theirs.eventId]);
  });

  it('pages the deliveries: first page, last partial page, past the end, and the total', async () => {
    // Proves the deliveries list runs on the list pipeline: pages add up to the total, newest
    // first, no event twice; a page past the end answers no rows and the true total.
    const all = ZGetWebhookDeliveriesResponse.parse((await t.call(getWebhookDeliveriesCall, { perPage: 500 }, { token: shop.token })).data);
    const total = all.paginationData.total;
    expect(total).toBeGreaterThanOrEqual(2);
    const perPage = total - 1;
    const first = await t.call(getWebhookDeliveriesCall, { page: 1, perPage }, { token: shop.token });
    const last = await t.call(getWebhookDeliveriesCall, { page: 2, perPage }, { token: shop.token });
    const past = await t.call(getWebhookDeliveriesCall, { page: 3, perPage }, { token: shop.token });
    const pages = [first, last, past].map((answer) => ZGetWebhookDeliveriesResponse.parse(answer.data));
    expect(pages.map((page) => page.paginationData)).toEqual([1, 2, 3].map((currentPage) => ({ total, perPage, currentPage })));
    expect(pages.map((page) => page.data.length)).toEqual([perPage, 1, 0]);
    expect(pages.flatMap((page) => page.data.map((row) => row.eventId))).toEqual(all.data.map((row) => row.eventId));
  });

  it('replays an event: pending, sent again with the same id and body, audited', async () => {
    // Proves Replay: a new job for the same event; the receiver gets it a second time and the
    // signature verifies; the audit log names the event.
    const local = await receiver();
    const { eventId } = await enqueue(t, shop.id, local.url(), { replayed: true });
    await runner().drain();
    const answer = await t.call(replayWebhookCall, { eventId }, { token: clerk.token });
    expect(answer.status, answer.message).toBe(200);
    expect(ZWebhookDeliveryRow.strict().parse(answer.data)).toMatchObject({ eventId, state: 'pending', attempts: 1 });
    await runner().drain();
    expect(local.received).toHaveLength(2);
    expect(local.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(
      new Webhook(await webhookSecret(shop.token)).verify(local.received[1]!.body, local.received[1]!.headers as Record<string, string>),
    ).toEqual({ replayed: true });
    expect(await eventRow(t, eventId)).toMatchObject({ state: 'delivered', attempts: 2 });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.replay')
      .where('subject_id', '=', eventId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses to replay another merchant's event or an unknown one, enqueueing nothing", async () => {
    // Proves the cross-merchant case: the rival cannot even learn the event exists.
    const { eventId } = await enqueue(t, shop.id, 'https://example.com/hook');
    const jobsBefore = await t.deps.db.selectFrom('jobs').select('id').where('kind', '=', 'deliver-webhook').execute();
    for (const [token, id] of [
      [rival.token, eventId],
      [shop.token, 'evt_unknown'],
    ] as const) {
      const answer = await t.call(replayWebhookCall, { eventId: id }, { token });
      expect(answer.reason).toBe('WEBHOOK_EVENT_NOT_FOUND');
      expect(answer.status).toBe(404);
    }
    expect(await t.deps.db.selectFrom('jobs').select('id').where('kind', '=', 'deliver-webhook').execute()).toEqual(jobsBefore);
    const blank = await t.call(replayWebhookCall, { eventId: '' }, { token: shop.token });
    expect(blank.reason).toBe('VALIDATION_FAILED');
    await forgetQueuedDeliveries();
  });
});
