// Queries of webhook delivery: the events to send and one row per attempt. Kysely only.
import type { Queryable } from '../../db/database.ts';
import { defineListSource, type FilteredQuery } from '../../db/lists.ts';
import type { WebhookEventState } from '../../db/schema.ts';

export interface WebhookEventRow {
  id: bigint;
  event_id: string;
  merchant_user_id: bigint;
  event_type: string;
  url: string;
  body: Record<string, unknown>;
  state: WebhookEventState;
  attempts: number;
}

const EVENT_COLUMNS = ['id', 'event_id', 'merchant_user_id', 'event_type', 'url', 'body', 'state', 'attempts'] as const;

/** Inserts an event; undefined when its event id is already taken (the caller's retry). */
export async function insertWebhookEvent(
  db: Queryable,
  row: { eventId: string; merchantUserId: bigint; eventType: string; url: string; body: Record<string, unknown> },
): Promise<bigint | undefined> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({
      event_id: row.eventId,
      merchant_user_id: row.merchantUserId,
      event_type: row.eventType,
      url: row.url,
      body: JSON.stringify(row.body),
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findWebhookEvent(db: Queryable, id: bigint): Promise<WebhookEventRow | undefined> {
  return db.selectFrom('webhook_events').select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findMerchantWebhookEvent(
  db: Queryable,
  merchantUserId: bigint,
  eventId: string,
): Promise<WebhookEventRow | undefined> {
  return db
    .selectFrom('webhook_events')
    .select(EVENT_COLUMNS)
    .where('merchant_user_id', '=', merchantUserId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function findWebhookEventByEventId(db: Queryable, eventId: string): Promise<{ merchant_user_id: bigint } | undefined> {
  return db.selectFrom('webhook_events').select('merchant_user_id').where('event_id', '=', eventId).executeTakeFirst();
}

/** Records one attempt and moves the event to its new state, in the caller's transaction. */
export async function recordDeliveryAttempt(
  db: Queryable,
  event: { id: bigint; merchantUserId: bigint },
  attempt: {
    status: 'succeeded' | 'failed';
    responseCode: number | null;
    durationMs: number;
    error: string | null;
    nextState: WebhookEventState;
  },
): Promise<void> {
  const now = new Date();
  const updated = await db
    .updateTable('webhook_events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: now,
      state: attempt.nextState,
      ...(attempt.status === 'succeeded' ? { delivered_at: now } : {}),
    }))
    .where('id', '=', event.id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_event_id: event.id,
      merchant_user_id: event.merchantUserId,
      attempt: updated.attempts,
      status: attempt.status,
      response_code: attempt.responseCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      created_at: now,
    })
    .execute();
}

export async function setWebhookEventState(db: Queryable, id: bigint, state: WebhookEventState): Promise<void> {
  await db.updateTable('webhook_events').set({ state }).where('id', '=', id).execute();
}

export interface WebhookDeliveryListRow {
  id: bigint;
  event_id: string;
  event_type: string;
  url: string;
  state: WebhookEventState;
  attempts: number;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  last_response_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

/**
 * An event's columns with its latest attempt (a lateral join on the newest delivery row): what
 * the deliveries list and the look-up of one event both read. The count never pays for it.
 */
function withDeliveryColumns(query: FilteredQuery<'webhook_events'>) {
  return query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select(['d.response_code', 'd.duration_ms', 'd.error'])
          .whereRef('d.webhook_event_id', '=', 'webhook_events.id')
          .orderBy('d.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      'webhook_events.id',
      'webhook_events.event_id',
      'webhook_events.event_type',
      'webhook_events.url',
      'webhook_events.state',
      'webhook_events.attempts',
      'webhook_events.last_attempt_at',
      'webhook_events.delivered_at',
      'webhook_events.created_at',
      'last.response_code as last_response_code',
      'last.duration_ms as last_duration_ms',
      'last.error as last_error',
    ]);
}

function eventsOf(db: Queryable, merchantUserId: bigint) {
  return db.selectFrom('webhook_events').where('webhook_events.merchant_user_id', '=', merchantUserId);
}

/** The merchant's events, newest first, each with its latest attempt (the deliveries list). */
export const webhookDeliveryListSource = defineListSource({
  name: 'webhook-deliveries',
  key: 'webhook_events.id',
  filtered: (db: Queryable, params: { merchantUserId: bigint }) => eventsOf(db, params.merchantUserId),
  columns: withDeliveryColumns,
  keyOf: (row: WebhookDeliveryListRow) => row.id,
});

export async function findWebhookDeliveryRow(
  db: Queryable,
  merchantUserId: bigint,
  eventId: string,
): Promise<WebhookDeliveryListRow | undefined> {
  return withDeliveryColumns(eventsOf(db, merchantUserId).where('webhook_events.event_id', '=', eventId)).executeTakeFirst();
}
