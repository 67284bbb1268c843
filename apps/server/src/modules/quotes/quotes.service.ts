// Quotes: a priced offer (send money, deposit) the user confirms with a hash. The hash is a
// random 256-bit token given to the client once; the database keeps its sha256. A quote is
// consumed exactly once: the confirm locks the row, and a second confirm of the same hash
// gets the first result back without moving money.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import { ApiError } from '../../transport/errors.ts';

export const QUOTE_LIFE_S = 10 * 60;
export const QUOTE_INVALID = 'This payment has expired or is not valid. Please start again.';

export type QuoteKind = 'send-money' | 'deposit';

export async function createQuote(
  db: Db | Transaction<Database>,
  userId: bigint,
  kind: QuoteKind,
  payload: Record<string, unknown>,
): Promise<{ hash: string; expiresAt: Date }> {
  const hash = newSessionToken();
  const expiresAt = new Date(Date.now() + QUOTE_LIFE_S * 1000);
  await db
    .insertInto('quotes')
    .values({ hash_sha256: sha256Hex(hash), user_id: userId, kind, payload: JSON.stringify(payload), expires_at: expiresAt })
    .execute();
  return { hash, expiresAt };
}

export interface LockedQuote {
  id: bigint;
  payload: Record<string, unknown>;
  /** Set when the quote was already confirmed: the answer of that first confirm. */
  previousResult: Record<string, unknown> | null;
}

/**
 * Locks the quote for this user and kind. A foreign, unknown or expired hash is refused; a
 * consumed one returns its earlier result so the caller answers the same and moves nothing.
 */
export async function lockQuote(trx: Transaction<Database>, hash: string, userId: bigint, kind: QuoteKind): Promise<LockedQuote> {
  const row = await trx
    .selectFrom('quotes')
    .select(['id', 'user_id', 'kind', 'payload', 'expires_at', 'consumed_at', 'result'])
    .where('hash_sha256', '=', sha256Hex(hash))
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.user_id !== userId || row.kind !== kind) throw new ApiError(422, QUOTE_INVALID);
  if (row.consumed_at) return { id: row.id, payload: row.payload as Record<string, unknown>, previousResult: (row.result ?? {}) as Record<string, unknown> };
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(422, QUOTE_INVALID);
  return { id: row.id, payload: row.payload as Record<string, unknown>, previousResult: null };
}

export async function consumeQuote(
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
