// Quotes: a priced offer (send money, deposit) the user confirms with a hash. The hash is a
// random 256-bit token given to the client once; the database keeps its sha256. A quote is
// consumed exactly once: the confirm locks the row, and a second confirm of the same hash
// gets the first result back without moving money. An attempt that failed without moving
// anything (a declined card) may leave the quote open: it is counted on the quote instead.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import { newSessionToken, sha256Hex } from '../../lib/secrets.ts';
import { fail } from '../../transport/errors.ts';
import { assert } from '@paywallet/ledger';
import {
  countFailedQuoteAttempt,
  insertQuote,
  lockQuoteByHash,
  lockQuotesByHashes,
  markQuoteConsumed,
  markQuotesConsumed,
  quoteConsumedWith,
  type QuoteKind,
} from './quotes.repository.ts';

export const QUOTE_LIFE_S = 10 * 60;

export type { QuoteKind };

export async function createQuote(
  db: Queryable,
  userId: bigint,
  kind: QuoteKind,
  payload: Record<string, unknown>,
): Promise<{ hash: string; expiresAt: Date }> {
  const hash = newSessionToken();
  const expiresAt = new Date(Date.now() + QUOTE_LIFE_S * 1000);
  await insertQuote(db, { hashSha256: sha256Hex(hash), userId, kind, payload, expiresAt });
  return { hash, expiresAt };
}

export interface LockedQuote {
  id: bigint;
  payload: Record<string, unknown>;
  /** Set when the quote was already confirmed: the answer of that first confirm. */
  previousResult: Record<string, unknown> | null;
  /** Attempts that failed and left the quote open (recordFailedAttempt). */
  failedAttempts: number;
}

function failedAttemptsOf(payload: Record<string, unknown>): number {
  const attempts = payload['failedAttempts'];
  return typeof attempts === 'number' && Number.isInteger(attempts) && attempts > 0 ? attempts : 0;
}

/**
 * Locks the quote for this user and kind. A foreign, unknown or expired hash is refused; a
 * consumed one returns its earlier result so the caller answers the same and moves nothing.
 */
export async function lockQuote(trx: Transaction<Database>, hash: string, userId: bigint, kind: QuoteKind): Promise<LockedQuote> {
  const row = await lockQuoteByHash(trx, sha256Hex(hash));
  if (!row || row.user_id !== userId || row.kind !== kind) fail('QUOTE_INVALID');
  const payload = row.payload as Record<string, unknown>;
  const failedAttempts = failedAttemptsOf(payload);
  if (row.consumed_at) return { id: row.id, payload, previousResult: (row.result ?? {}) as Record<string, unknown>, failedAttempts };
  if (new Date(row.expires_at).getTime() <= Date.now()) fail('QUOTE_INVALID');
  return { id: row.id, payload, previousResult: null, failedAttempts };
}

/**
 * Several quotes locked in one statement (send money's confirms written together): for each
 * wanted hash, its quote when it is the user's, of the kind, not consumed and not expired; else
 * undefined, and the caller confirms that one alone (lockQuote answers it: refused, or the
 * earlier result). A hash wanted twice is answered the first time only.
 */
export async function lockOpenQuotes(
  trx: Transaction<Database>,
  wanted: readonly { hash: string; userId: bigint }[],
  kind: QuoteKind,
): Promise<(LockedQuote | undefined)[]> {
  const hashes = wanted.map((w) => sha256Hex(w.hash));
  const rows = new Map((await lockQuotesByHashes(trx, [...new Set(hashes)])).map((row) => [row.hash_sha256, row]));
  const now = Date.now();
  const answered = new Set<string>();
  return wanted.map((w, index) => {
    const hashSha256 = hashes[index]!;
    const row = rows.get(hashSha256);
    if (!row || answered.has(hashSha256)) return undefined;
    answered.add(hashSha256);
    if (row.user_id !== w.userId || row.kind !== kind || row.consumed_at || new Date(row.expires_at).getTime() <= now) return undefined;
    const payload = row.payload as Record<string, unknown>;
    return { id: row.id, payload, previousResult: null, failedAttempts: failedAttemptsOf(payload) };
  });
}

/**
 * Open quotes (lockOpenQuotes) consumed by the postings written for them, in one statement; the
 * stored result is `result` with the posting's uuid as `transactionId`, as consumedByPosting
 * stores it.
 */
export async function consumeQuotesWithPostings(
  trx: Transaction<Database>,
  consumed: readonly { quote: LockedQuote; posted: { transactionId: bigint; uuid: string }; result: Record<string, unknown> }[],
): Promise<void> {
  for (const { quote } of consumed) assert(quote.previousResult === null, 'only an open quote is consumed');
  const count = await markQuotesConsumed(
    trx,
    consumed.map(({ quote, posted, result }) => ({
      quoteId: quote.id,
      transactionId: posted.transactionId,
      result: { ...result, transactionId: posted.uuid },
    })),
  );
  assert(count === consumed.length, 'every locked open quote was consumed');
}

/**
 * Counts an attempt that failed without moving money and leaves the quote open (the caller
 * holds its lock from lockQuote); returns the attempts counted so far.
 */
export async function recordFailedAttempt(trx: Transaction<Database>, quote: LockedQuote): Promise<number> {
  assert(quote.previousResult === null, 'only an open quote counts failed attempts');
  const attempts = await countFailedQuoteAttempt(trx, quote.id);
  assert(attempts === quote.failedAttempts + 1, 'the locked quote counted exactly one more failed attempt');
  return attempts;
}

/**
 * The quote consumed by the posting's own statement, when its row is written: pass it to
 * postEntries as `alongside`. The stored result is `result` with the posting's uuid as
 * `transactionId`. A posting that answers 'exists' consumed nothing: consume it with consumeQuote.
 */
export function consumedByPosting(quote: LockedQuote, result: Record<string, unknown>) {
  assert(quote.previousResult === null, 'only an open quote is consumed');
  return quoteConsumedWith(quote.id, result);
}

export async function consumeQuote(
  trx: Transaction<Database>,
  quoteId: bigint,
  transactionId: bigint | null,
  result: Record<string, unknown>,
): Promise<void> {
  await markQuoteConsumed(trx, quoteId, transactionId, result);
}
