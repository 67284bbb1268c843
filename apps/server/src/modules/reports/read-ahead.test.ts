// readAhead: the consumer gets every item of the source in order; the source is read while the
// consumer is busy, never more than the bound ahead; an error reaches the consumer where it
// happened; a consumer that stops early stops the source.
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

/** A source of `count` numbers that records how far it was read and whether it was closed. */
function counting(count: number, failAt?: number) {
  const state = { read: 0, closed: false };
  async function* source() {
    try {
      for (let index = 0; index < count; index += 1) {
        if (index === failAt) throw new Error(`failed at ${index}`);
        state.read += 1;
        yield index;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: source() };
}

describe('readAhead', () => {
  it('yields every item in order', async () => {
    const { source } = counting(2_500);
    const items: number[] = [];
    for await (const item of readAhead(source, 100)) items.push(item);
    expect(items).toEqual(Array.from({ length: 2_500 }, (_value, index) => index));
  });

  it('reads ahead while the consumer is busy, never more than about twice the bound', async () => {
    const { state, source } = counting(10_000);
    const seen: number[] = [];
    const iterator = readAhead(source, 50)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toBe(0);
    // The consumer is busy: the reader goes on until the bound, and no further.
    for (let waited = 0; waited < 1_000 && state.read < 50; waited += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(state.read).toBeGreaterThanOrEqual(50);
    expect(state.read).toBeLessThanOrEqual(2 * 50 + 1);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      seen.push(next.value);
      expect(state.read - seen.length - 1).toBeLessThanOrEqual(2 * 50 + 1);
    }
    expect(seen).toHaveLength(9_999);
  });

  it('throws the source’s error after the items before it', async () => {
    const { source } = counting(100, 30);
    const items: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source, 8)) items.push(item);
      })(),
    ).rejects.toThrow('failed at 30');
    expect(items).toEqual(Array.from({ length: 30 }, (_value, index) => index));
  });

  it('stops the source when the consumer stops early', async () => {
    const { state, source } = counting(1_000_000);
    for await (const item of readAhead(source, 10)) if (item === 5) break;
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThan(40);
  });
});
