// Seeded randomness for tests that draw their scenario at random: each takes its seed from a
// constant or an environment variable, so a failing run can be replayed exactly.

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
