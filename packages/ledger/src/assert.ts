// Assertions catch programmer errors: a broken caller, not a bad user input. Expected failures
// (bad input, insufficient funds, limits) are returned as result values instead; see fees.ts,
// money.ts and balances.ts. The server states its own invariants with the same `assert`.

/**
 * What a failed assertion throws: a class of its own, so that a log, a job's last error or a
 * test tells a broken invariant (a defect of ours) from an expected failure at a glance.
 */
export class AssertionError extends Error {
  constructor(message: string) {
    super(`ledger assertion failed: ${message}`);
    this.name = 'AssertionError';
  }
}

/** Throws when `condition` is false. The message names the broken rule, never a secret. */
export function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** Marks a branch the type checker proves unreachable; reaching it at run time is a bug. */
export function assertNever(value: never): never {
  throw new AssertionError(`unexpected value ${String(value)}`);
}

/** The largest value a PostgreSQL int8 column holds; every stored amount stays at or below it. */
export const INT8_MAX = 9_223_372_036_854_775_807n;

/** Asserts a bigint in 1..INT8_MAX; `name` goes into the message (e.g. "amountMinor"). */
export function assertPositiveMinor(value: bigint, name: string): void {
  assert(typeof value === 'bigint', `${name} must be a bigint, got ${typeof value}`);
  assert(value > 0n, `${name} must be positive, got ${value}`);
  assert(value <= INT8_MAX, `${name} exceeds int8, got ${value}`);
}

/** Asserts a bigint in 0..INT8_MAX. */
export function assertNonNegativeMinor(value: bigint, name: string): void {
  assert(typeof value === 'bigint', `${name} must be a bigint, got ${typeof value}`);
  assert(value >= 0n, `${name} must not be negative, got ${value}`);
  assert(value <= INT8_MAX, `${name} exceeds int8, got ${value}`);
}
