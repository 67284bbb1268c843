// Posting keys on the server (docs/posting-keys.md): the digest of what a posting writes, and
// the answer to a posting whose key is already taken. The rules themselves (what a key looks
// like, the canonical form, the comparison) are pure and live in packages/ledger.
import { assert, assertPostingKey, comparePostingDigests, postingDigestSource, type Entries } from '@paywallet/ledger';
import { sha256Hex } from '../../lib/secrets.ts';
import { fail } from '../../transport/errors.ts';
import type { ChargeRow, KeyedPosting, PostedAmounts, PostingTransaction, StoredKeyedPosting } from './ledger.types.ts';

/** The name of the unique index on transactions.posting_key (migration 0020). */
const POSTING_KEY_INDEX = 'transactions_posting_key';

function keyedWith(
  key: string,
  fields: Record<string, string | bigint | number | null>,
  entries: Entries,
  charges: ChargeRow[],
): KeyedPosting {
  assertPostingKey(key);
  return { key, digest: sha256Hex(postingDigestSource({ fields, entries, charges })) };
}

/**
 * A new movement under a key. What decides "the same movement": its type, status, currency,
 * amounts, fee, VAT and parties, with the entries and charges. Descriptive fields (titles,
 * notes, card, references) are not part of it: the first posting's stand.
 */
export function keyedPosting(key: string, movement: PostingTransaction, entries: Entries, charges: ChargeRow[]): KeyedPosting {
  const fields = {
    posting: 'new',
    typeId: movement.typeId,
    status: movement.status,
    currencyId: movement.currencyId,
    amountMinor: movement.amountMinor,
    feeMinor: movement.feeMinor,
    vatMinor: movement.vatMinor,
    totalAmountMinor: movement.totalAmountMinor,
    senderUserId: movement.sender?.userId ?? null,
    senderWalletId: movement.sender?.walletId ?? null,
    receiverUserId: movement.receiver?.userId ?? null,
    receiverWalletId: movement.receiver?.walletId ?? null,
  };
  return keyedWith(key, fields, entries, charges);
}

/** The posting of a pending row under a key: which row, its final status and amounts, entries and charges. */
export function keyedPendingPosting(
  key: string,
  posting: { transactionId: bigint; status: number; amounts: PostedAmounts | null },
  entries: Entries,
  charges: ChargeRow[],
): KeyedPosting {
  const fields = {
    posting: 'pending',
    transactionId: posting.transactionId,
    status: posting.status,
    amountMinor: posting.amounts?.amountMinor ?? null,
    feeMinor: posting.amounts?.feeMinor ?? null,
    vatMinor: posting.amounts?.vatMinor ?? null,
    totalAmountMinor: posting.amounts?.totalAmountMinor ?? null,
  };
  return keyedWith(key, fields, entries, charges);
}

/**
 * A posting found its key taken by `first`: the same movement answers the first transaction,
 * another one is refused by name (the refusal rolls the caller's transaction back). The first
 * is paired with what is asked: the same digest means the same entries, so as many were written.
 */
export function answerTakenKey(
  first: StoredKeyedPosting | undefined,
  keyed: KeyedPosting,
  entries: Entries,
): { transactionId: bigint; uuid: string } {
  assert(first !== undefined, `posting key ${keyed.key} conflicted, so a transaction holds it`);
  if (comparePostingDigests(first.digest, keyed.digest) === 'exists_with_different_movement') fail('POSTING_KEY_REUSED');
  assert(first.entriesCount === BigInt(entries.length), `the first posting of ${keyed.key} wrote the same entries`);
  return { transactionId: first.transactionId, uuid: first.uuid };
}

/** The database refused a second row under one key (two pending rows posted with it at once). */
export function isPostingKeyConflict(error: unknown): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  return failure.code === '23505' && (failure.constraint === POSTING_KEY_INDEX || (failure.message ?? '').includes(POSTING_KEY_INDEX));
}
