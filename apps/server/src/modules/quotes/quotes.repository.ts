// Queries of quotes. A quote is found by the sha256 of its hash (the hash itself is never
// stored) and locked (FOR UPDATE) while it is confirmed. Kysely only; `db` or `trx` first.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { jsonList, jsonRows } from '../../db/json-rows.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database, QuotesTable } from '../../db/schema.ts';

export type QuoteKind = QuotesTable['kind'];

export interface NewQuote {
  hashSha256: string;
  userId: bigint;
  kind: QuoteKind;
  payload: Record<string, unknown>;
  expiresAt: Date;
}

// Each send money writes a quote and locks it: both statements are built and compiled once
// (db/prepared.ts), their values bound per call.
const insertQuoteRow = prepared(
  (db: Queryable, hashSha256: string, userId: bigint, kind: QuoteKind, payloadJson: string, expiresAt: Date) =>
    db.insertInto('quotes').values({ hash_sha256: hashSha256, user_id: userId, kind, payload: payloadJson, expires_at: expiresAt }),
);

export async function insertQuote(db: Queryable, quote: NewQuote): Promise<void> {
  await insertQuoteRow(db, quote.hashSha256, quote.userId, quote.kind, JSON.stringify(quote.payload), quote.expiresAt);
}

const lockQuoteRow = prepared((db: Queryable, hashSha256: string) =>
  db
    .selectFrom('quotes')
    .select(['id', 'user_id', 'kind', 'payload', 'expires_at', 'consumed_at', 'result'])
    .where('hash_sha256', '=', hashSha256)
    .forUpdate(),
);

export async function lockQuoteByHash(trx: Transaction<Database>, hashSha256: string) {
  const rows = await lockQuoteRow(trx, hashSha256);
  return rows[0];
}

/** Several quotes locked in one statement, in id order (send money's confirms written together). */
export async function lockQuotesByHashes(trx: Transaction<Database>, hashesSha256: readonly string[]) {
  if (hashesSha256.length === 0) return [];
  return trx
    .selectFrom('quotes')
    .select(['id', 'hash_sha256', 'user_id', 'kind', 'payload', 'expires_at', 'consumed_at', 'result'])
    .where(sql<boolean>`hash_sha256 IN (SELECT json_array_elements_text(${jsonList(hashesSha256)}::json))`)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Open quotes consumed by the postings written for them, in one statement. */
export async function markQuotesConsumed(
  trx: Transaction<Database>,
  consumed: readonly { quoteId: bigint; transactionId: bigint; result: Record<string, unknown> }[],
): Promise<number> {
  if (consumed.length === 0) return 0;
  const rows = consumed.map((c) => ({ id: c.quoteId, transaction_id: c.transactionId, result: c.result }));
  const updated = await sql<{ id: bigint }>`
    UPDATE quotes SET consumed_at = now(), transaction_id = v.transaction_id, result = v.result
      FROM json_to_recordset(${jsonRows(rows)}::json) AS v(id bigint, transaction_id bigint, result jsonb)
     WHERE quotes.id = v.id AND quotes.consumed_at IS NULL
 RETURNING quotes.id`.execute(trx);
  return updated.rows.length;
}

/**
 * The quote consumed by a posting's own statement (ledger.service.ts postEntries, `alongside`):
 * an UPDATE from `written`, the posting's row (id, uuid), so that nothing is consumed when the
 * row was not written. The stored result (what a repeated confirm answers) is `result` with the
 * posting's uuid as `transactionId`.
 */
export function quoteConsumedWith(quoteId: bigint, result: Record<string, unknown>) {
  return (written: RawBuilder<unknown>) =>
    sql`UPDATE quotes
           SET consumed_at = now(), transaction_id = w.id,
               result = ${JSON.stringify(result)}::jsonb || jsonb_build_object('transactionId', w.uuid::text)
          FROM ${written} AS w
         WHERE quotes.id = ${quoteId}
     RETURNING quotes.id`;
}

export async function markQuoteConsumed(
  trx: Transaction<Database>,
  quoteId: bigint,
  transactionId: bigint | null,
  result: Record<string, unknown>,
): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ consumed_at: new Date(), transaction_id: transactionId, result: JSON.stringify(result) })
    .where('id', '=', quoteId)
    .execute();
}

/**
 * Counts a failed attempt (a declined card) on a quote that stays open, in its payload; returns
 * the attempts counted so far. Undefined when the quote was consumed meanwhile.
 */
export async function countFailedQuoteAttempt(trx: Transaction<Database>, quoteId: bigint): Promise<number | undefined> {
  const counted = await sql<{ attempts: number }>`
    UPDATE quotes
       SET payload = jsonb_set(payload, '{failedAttempts}', to_jsonb(COALESCE((payload->>'failedAttempts')::int, 0) + 1))
     WHERE id = ${quoteId} AND consumed_at IS NULL
 RETURNING (payload->>'failedAttempts')::int AS attempts`.execute(trx);
  return counted.rows[0]?.attempts;
}
