// JSON with bigint: money is bigint inside the server and a JSON number on the wire.
import { assert } from '@paywallet/ledger';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') {
      assert(v <= MAX_SAFE && v >= -MAX_SAFE, 'a bigint does not fit a JSON number');
      return Number(v);
    }
    return v;
  });
}

/** Turns bigints into numbers in place of a deep copy (for response validation and JSON). */
export function plain<T>(value: T): unknown {
  return JSON.parse(toJson(value));
}
