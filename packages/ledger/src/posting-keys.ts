// Posting keys: what makes a posting safe to retry (TigerBeetle's transfer ids and their
// `exists` / `exists_with_different_amount` results, in our words). A posting may carry a key,
// unique in the ledger, derived from what it settles (`refund:<refund uuid>`,
// `send-money-quote:<quote id>`). Posting again with the same key and the same movement
// answers the first transaction and writes nothing; the same key with another movement is a
// refusal. "The same movement" is decided by a digest of the posting's canonical form, built
// here: the server stores the digest beside the key and compares digests, not rows.
//
// Pure: the canonical form is a string; the server hashes it (sha256) and keeps the hash.

import { assert } from './assert.ts';
import type { Entries, LedgerEntry } from './postings.ts';

/** A key is short: it names one thing a posting settles, not the posting's content. */
export const POSTING_KEY_LENGTH_MAX = 200;

/**
 * `<what>:<id>[:<id>...]`: a kebab-case name of what is settled, then one or more ids of
 * letters, digits, `.`, `_` and `-` (uuids, numeric ids, hex digests, ISO dates). No spaces,
 * no other punctuation, so a key reads the same in a log, a URL and a SQL literal.
 */
const POSTING_KEY_PATTERN = /^[a-z][a-z0-9-]*(?::[A-Za-z0-9._-]+)+$/;
const KEY_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
const KEY_PART_PATTERN = /^[A-Za-z0-9._-]+$/;

/** How a keyed posting ended: it wrote the movement, or the key's first posting already had. */
export const POSTING_KEY_OUTCOMES = ['created', 'exists'] as const;
export type PostingKeyOutcome = (typeof POSTING_KEY_OUTCOMES)[number];

/** What a stored key says about a posting that asks for it again. */
export type PostingKeyComparison = 'exists' | 'exists_with_different_movement';

export function isPostingKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= POSTING_KEY_LENGTH_MAX && POSTING_KEY_PATTERN.test(key);
}

/** Keys are made by code, never typed by a user: a malformed one is a programmer error. */
export function assertPostingKey(key: string): void {
  assert(isPostingKey(key), `a posting key is <what>:<id>, at most ${POSTING_KEY_LENGTH_MAX} characters`);
}

/** The key of what a posting settles: `postingKey('refund', refundUuid)` is `refund:<uuid>`. */
export function postingKey(name: string, ...ids: ReadonlyArray<string | bigint | number>): string {
  assert(KEY_NAME_PATTERN.test(name), `a posting key's name is kebab-case, got "${name}"`);
  assert(ids.length > 0, 'a posting key names at least one id');
  const parts = ids.map((id) => {
    const text = String(id);
    assert(KEY_PART_PATTERN.test(text), `a posting key's id is letters, digits, '.', '_' or '-', got "${text}"`);
    return text;
  });
  const key = [name, ...parts].join(':');
  assertPostingKey(key);
  return key;
}

/** A scalar field of what a posting writes (its type, status, amounts, parties...). */
export type PostingDigestField = string | bigint | number | boolean | null;

export interface PostingDigestInput {
  /** The business row's fields that decide the movement, by name; the order does not matter. */
  fields: Readonly<Record<string, PostingDigestField>>;
  entries: Entries;
  /** The charge rows (fee, VAT); rows of zero are not written and do not count. */
  charges: ReadonlyArray<{ name: string; type: string; chargesMinor: bigint }>;
}

/** Bumped if the canonical form ever changes, so old digests never match new ones by accident. */
const DIGEST_FORM = 'posting-digest/1';

function fieldText(value: PostingDigestField): string | null {
  return value === null ? null : String(value);
}

function entryText(entry: LedgerEntry): string {
  const account = entry.account.kind === 'wallet' ? `wallet:${entry.account.walletId}` : `system:${entry.account.system}`;
  return JSON.stringify([account, entry.bucket, entry.currency, String(entry.amountMinor)]);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical form of a posting: one string that two postings share exactly when they write
 * the same movement. Fields are sorted by name; entries and charges are sorted, so their order
 * does not matter, but each is kept (two entries of 5 are not one of 10: they are other rows).
 * Entries and charges of zero are left out, as the ledger never writes them. JSON quoting keeps
 * every part apart, whatever a charge's name holds.
 */
export function postingDigestSource(input: PostingDigestInput): string {
  const names = Object.keys(input.fields).sort(byCodeUnits);
  const fields = names.map((name) => [name, fieldText(input.fields[name] ?? null)]);
  const entries = input.entries
    .filter((entry) => entry.amountMinor !== 0n)
    .map(entryText)
    .sort(byCodeUnits);
  const charges = input.charges
    .filter((charge) => charge.chargesMinor !== 0n)
    .map((charge) => JSON.stringify([charge.type, charge.name, String(charge.chargesMinor)]))
    .sort(byCodeUnits);
  assert(entries.length > 0, 'a keyed posting moves money');
  return JSON.stringify([DIGEST_FORM, fields, entries, charges]);
}

/** A posting asking for a key already stored: the same movement (by digest), or another one. */
export function comparePostingDigests(storedDigest: string, digest: string): PostingKeyComparison {
  assert(storedDigest.length > 0 && digest.length > 0, 'digests are compared, not missing ones');
  return storedDigest === digest ? 'exists' : 'exists_with_different_movement';
}
