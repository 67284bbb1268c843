// Webhooks (ARCHITECTURE 6, docs/webhooks.md): an event is written with a durable job in the
// transaction of the change that causes it (enqueueWebhook), and the job ('deliver-webhook',
// webhooks.jobs.ts) signs it as a Standard Webhook with the merchant's secret (webhook-id,
// webhook-timestamp, webhook-signature), POSTs it with a timeout to a public address only
// (address-guard.ts), records every attempt, and fails the attempt on anything but a 2xx so the
// queue retries it with exponential backoff. Because the queue is a table, a restart loses
// nothing: the job is claimed again when it is due.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Transaction } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { TGetWebhookDeliveriesResponse, TWebhookDeliveryRow } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import { defineList, listPage } from '../../db/lists.ts';
import type { Deps } from '../../deps.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { getWebhookSigningSecret } from '../app-settings/app-settings.service.ts';
import { AddressRefusedError, pinnedLookup, resolveWebhookAddress, type Resolver } from './address-guard.ts';
import {
  findMerchantWebhookEvent,
  findWebhookDeliveryRow,
  findWebhookEvent,
  findWebhookEventByEventId,
  insertWebhookEvent,
  recordDeliveryAttempt,
  setWebhookEventState,
  webhookDeliveryListSource,
  type WebhookDeliveryListRow,
} from './webhooks.repository.ts';

export type WebhookEventType = 'pos.transaction' | 'payment_link.payment' | 'api.payment';

/** One attempt waits at most this long for the receiver (below the job's own timeout). */
export const WEBHOOK_REQUEST_TIMEOUT_MS = 10_000;
/** The receiver's answer is read up to this much, then dropped (only its status matters). */
const RESPONSE_BYTES_MAX = 64 * 1024;
const ERROR_CHARS_MAX = 500;
const URL_MAX_CHARS = 255;
const USER_AGENT = 'PayWallet-Webhooks/1.0';

/**
 * An attempt the receiver did not accept: thrown by the 'deliver-webhook' job so that the queue
 * tries again later (its backoff). Expected (receivers go down), so it is named, not asserted.
 */
export class WebhookNotDeliveredError extends Error {
  constructor(eventId: string, reason: string | null) {
    super(`Webhook ${eventId} not delivered: ${reason ?? 'no answer'}`);
    this.name = 'WebhookNotDeliveredError';
  }
}

/** A Standard Webhooks message id: 'msg_' and 24 random hex characters... unless the caller names it. */
function newEventId(): string {
  return `evt_${crypto.randomBytes(16).toString('hex')}`;
}

/**
 * Writes the event and its delivery job in `trx`, the transaction of the change it tells about:
 * both commit with it or neither. The body is sent exactly as given, as JSON. An `eventId` given
 * twice makes one event (the second call answers the first's id and enqueues nothing).
 */
export async function enqueueWebhook(
  trx: Transaction<Database>,
  input: { merchantUserId: bigint; eventType: WebhookEventType; url: string; body: Record<string, unknown>; eventId?: string },
): Promise<{ eventId: string }> {
  assert(input.url.length > 0 && input.url.length <= URL_MAX_CHARS, 'a webhook URL is 1 to 255 characters');
  assert(/^https?:\/\//i.test(input.url), 'a webhook URL is http or https');
  const eventId = input.eventId ?? newEventId();
  assert(eventId.length > 0 && eventId.length <= 100, 'an event id is 1 to 100 characters');
  const id = await insertWebhookEvent(trx, {
    eventId,
    merchantUserId: input.merchantUserId,
    eventType: input.eventType,
    url: input.url,
    body: input.body,
  });
  if (id === undefined) {
    const existing = await findWebhookEventByEventId(trx, eventId);
    assert(existing?.merchant_user_id === input.merchantUserId, 'an event id belongs to one merchant');
    return { eventId };
  }
  await enqueueJob(trx, 'deliver-webhook', { webhookEventId: String(id) });
  return { eventId };
}

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
  /** The address was refused: retrying cannot help. */
  refused: boolean;
}

/** Options for tests: a DNS resolver of their own. */
export interface DeliveryOptions {
  resolve?: Resolver;
}

/** POSTs once, to the checked and pinned address, under a timeout; never throws. */
export async function postSigned(
  url: string,
  headers: Record<string, string>,
  payload: string,
  options: { allowPrivate: boolean; signal?: AbortSignal; timeoutMs?: number; resolve?: Resolver },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, responseCode: null, durationMs: 0, error: 'The webhook URL is invalid.', refused: true };
  }
  let pinned;
  try {
    pinned = await resolveWebhookAddress(target, options.allowPrivate, options.resolve);
  } catch (error) {
    const refused = error instanceof AddressRefusedError;
    return { ok: false, responseCode: null, durationMs: elapsed(), error: errorText(error), refused };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed(), refused: false });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'user-agent': USER_AGENT,
        },
        lookup: pinnedLookup(pinned) as never,
        signal,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_BYTES_MAX) response.destroy();
        });
        const status = response.statusCode ?? 0;
        const done = () =>
          finish({
            ok: status >= 200 && status < 300,
            responseCode: status,
            error: status >= 200 && status < 300 ? null : `The receiver answered ${status}.`,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) =>
      finish({
        ok: false,
        responseCode: null,
        error: signal.aborted && timeout.aborted ? 'The receiver did not answer in time.' : errorText(error),
      }),
    );
    request.end(payload);
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.message}` : String(error);
  return text.slice(0, ERROR_CHARS_MAX);
}

/**
 * The 'deliver-webhook' job: one attempt at one event. Records the attempt; throws on a failed
 * attempt so the queue retries it (backoff), except when the address is refused (no retry: the
 * event is failed at once, and can be replayed after the URL is fixed).
 */
export async function deliverWebhookEvent(
  deps: Deps,
  webhookEventId: bigint,
  context: { attempt: number; maxAttempts: number; signal?: AbortSignal },
  options: DeliveryOptions = {},
): Promise<void> {
  const event = await findWebhookEvent(deps.db, webhookEventId);
  if (!event || event.state === 'delivered') return;
  const secret = await getWebhookSigningSecret(deps, event.merchant_user_id);
  const payload = JSON.stringify(event.body);
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(event.event_id, timestamp, payload);
  const headers = {
    'webhook-id': event.event_id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const result = await postSigned(event.url, headers, payload, {
    allowPrivate: deps.config.webhookAllowPrivate,
    ...(context.signal ? { signal: context.signal } : {}),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const lastTry = result.refused || context.attempt >= context.maxAttempts;
  await deps.db.transaction().execute(async (trx) => {
    await recordDeliveryAttempt(
      trx,
      { id: event.id, merchantUserId: event.merchant_user_id },
      {
        status: result.ok ? 'succeeded' : 'failed',
        responseCode: result.responseCode,
        durationMs: result.durationMs,
        error: result.error,
        nextState: result.ok ? 'delivered' : lastTry ? 'failed' : 'pending',
      },
    );
  });
  if (!result.ok && !result.refused) throw new WebhookNotDeliveredError(event.event_id, result.error);
}

function deliveryRow(row: WebhookDeliveryListRow): TWebhookDeliveryRow {
  return {
    eventId: row.event_id,
    eventType: row.event_type,
    url: row.url,
    state: row.state,
    attempts: row.attempts,
    lastResponseCode: row.last_response_code,
    lastDurationMs: row.last_duration_ms,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The deliveries list: the merchant's events, newest first, paged by the list pipeline. */
const webhookDeliveryList = defineList({ source: webhookDeliveryListSource, view: deliveryRow });

export async function getWebhookDeliveries(
  deps: Deps,
  scope: Scope,
  input: { page: number; perPage: number },
): Promise<TGetWebhookDeliveriesResponse> {
  return listPage(deps.db, webhookDeliveryList, { merchantUserId: scope.accountHolderId }, input);
}

/** Sends one of the merchant's events again: pending, and a new delivery job (audited). */
export async function replayWebhook(deps: Deps, audit: AuditTrail, scope: Scope, eventId: string): Promise<TWebhookDeliveryRow> {
  const merchantUserId = scope.accountHolderId;
  return deps.db.transaction().execute(async (trx) => {
    const event = await findMerchantWebhookEvent(trx, merchantUserId, eventId);
    if (!event) fail('WEBHOOK_EVENT_NOT_FOUND');
    await setWebhookEventState(trx, event.id, 'pending');
    await enqueueJob(trx, 'deliver-webhook', { webhookEventId: String(event.id) });
    await audit.record(trx, {
      subject: { type: 'webhook-event', id: event.event_id },
      detail: { previousState: event.state, url: event.url },
    });
    const row = await findWebhookDeliveryRow(trx, merchantUserId, eventId);
    return deliveryRow(row!);
  });
}
