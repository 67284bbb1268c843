// Applying a movement's entries to account balances, in memory. The server does the same in SQL
// (with row locks); this pure version is the reference the property tests check against, and
// lets a service decide "insufficient funds" before it writes anything.
//
// A user wallet bucket never goes below zero. System accounts may: gateway (card clearing) and
// payouts (money sent to banks) go negative by design, as the other side of money coming in.

import { assert, assertNever } from './assert.ts';
import { assertBalanced } from './postings.ts';
import type { AccountRef, Bucket, Entries } from './postings.ts';

export interface BucketBalances {
  available: bigint;
  onHold: bigint;
}

/** "<currency>:wallet:<walletId>" or "<currency>:system:<name>", built by accountKey. */
export type BalanceKey = string;

export type Balances = ReadonlyMap<BalanceKey, BucketBalances>;

export type ApplyEntriesResult =
  { ok: true; balances: Map<BalanceKey, BucketBalances> } | { ok: false; code: 'INSUFFICIENT_FUNDS'; walletId: string };

const ZERO_BALANCES: BucketBalances = Object.freeze({ available: 0n, onHold: 0n });

/** The key of an account's balances in one currency (system accounts exist per currency). */
export function accountKey(account: AccountRef, currency: string): BalanceKey {
  assert(!currency.includes(':'), 'a currency code has no colon');
  switch (account.kind) {
    case 'wallet':
      return `${currency}:wallet:${account.walletId}`;
    case 'system':
      return `${currency}:system:${account.system}`;
    default:
      return assertNever(account);
  }
}

/** The currency part of a key made by accountKey. */
export function currencyOfKey(key: BalanceKey): string {
  const separatorIndex = key.indexOf(':');
  assert(separatorIndex > 0, `not a balance key: "${key}"`);
  return key.slice(0, separatorIndex);
}

function addToBucket(balances: BucketBalances, bucket: Bucket, amountMinor: bigint): BucketBalances {
  switch (bucket) {
    case 'available':
      return { available: balances.available + amountMinor, onHold: balances.onHold };
    case 'on_hold':
      return { available: balances.available, onHold: balances.onHold + amountMinor };
    default:
      return assertNever(bucket);
  }
}

/** Replays entries from zero: the balances they imply, with no floor (for invariant checks). */
export function sumEntriesByAccount(entries: Entries): Map<BalanceKey, BucketBalances> {
  const sums = new Map<BalanceKey, BucketBalances>();
  for (const entry of entries) {
    const key = accountKey(entry.account, entry.currency);
    sums.set(key, addToBucket(sums.get(key) ?? ZERO_BALANCES, entry.bucket, entry.amountMinor));
  }
  return sums;
}

/** The total of all accounts per currency; zero for every currency in a sound ledger. */
export function totalByCurrency(balances: Balances): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const [key, value] of balances) {
    const currency = currencyOfKey(key);
    totals.set(currency, (totals.get(currency) ?? 0n) + value.available + value.onHold);
  }
  return totals;
}

function isNegative(balances: BucketBalances): boolean {
  return balances.available < 0n || balances.onHold < 0n;
}

/**
 * Applies one movement's entries. Returns new balances (the input map is never changed), or
 * INSUFFICIENT_FUNDS naming the first wallet whose bucket would end below zero; the check is
 * on the state after the whole movement, since its entries are written together. A missing
 * key starts at zero.
 */
export function applyEntries(balances: Balances, entries: Entries): ApplyEntriesResult {
  assert(entries.length > 0, 'a movement has entries');
  assertBalanced(entries);
  const next = new Map(balances);
  const touched = new Map<BalanceKey, AccountRef>();
  for (const entry of entries) {
    assert(entry.account.kind === 'wallet' || entry.bucket === 'available', 'system accounts have only the available bucket');
    const key = accountKey(entry.account, entry.currency);
    next.set(key, addToBucket(next.get(key) ?? ZERO_BALANCES, entry.bucket, entry.amountMinor));
    touched.set(key, entry.account);
  }

  for (const [key, account] of touched) {
    if (account.kind !== 'wallet') continue;
    assert(!isNegative(balances.get(key) ?? ZERO_BALANCES), `wallet ${key} was already negative`);
    if (isNegative(next.get(key) ?? ZERO_BALANCES)) {
      return { ok: false, code: 'INSUFFICIENT_FUNDS', walletId: account.walletId };
    }
  }
  assertUnchangedTotals(balances, next, [...touched.keys()]);
  return { ok: true, balances: next };
}

/** The read-back half of assertBalanced: balanced entries leave each currency's total as is. */
function assertUnchangedTotals(before: Balances, after: Balances, keys: BalanceKey[]): void {
  const deltas = new Map<string, bigint>();
  for (const key of keys) {
    const old = before.get(key) ?? ZERO_BALANCES;
    const now = after.get(key) ?? ZERO_BALANCES;
    const deltaMinor = now.available - old.available + (now.onHold - old.onHold);
    const currency = currencyOfKey(key);
    deltas.set(currency, (deltas.get(currency) ?? 0n) + deltaMinor);
  }
  for (const [currency, deltaMinor] of deltas) {
    assert(deltaMinor === 0n, `applying entries changed the ${currency} total by ${deltaMinor}`);
  }
}
