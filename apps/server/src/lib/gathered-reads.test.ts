// Reads gathered (lib/gathered-reads.ts), with a read whose answers the test holds: an idle key
// is read at once and alone; keys asked while a read runs are read together by the next one; a key
// is never answered by a read that started before it was asked (the guarantee that makes a
// gathered session read as fresh as a read of its own); a key asked twice is read once; a failed
// read answers only its own callers; maxKeys splits a crowd.
import { describe, expect, it } from 'vitest';
import { GatheredReads } from './gathered-reads.ts';

/** A read the test answers by hand: each started read is kept with the keys it took. */
function heldReads() {
  const started: { keys: string[]; answer: (rows: Map<string, string>) => void; fail: (error: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      started.push({ keys, answer: resolve, fail: reject });
    });
  return { started, readMany };
}

/** Until the microtasks queued so far (and the ones they queue) have run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('GatheredReads', () => {
  it('reads an idle key at once, alone', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 1, maxKeys: 10 });
    const answer = reads.get('a');
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a']]);
    started[0]!.answer(new Map([['a', 'row a']]));
    await expect(answer).resolves.toBe('row a');
    expect(started).toHaveLength(1);
  });

  it('gathers the keys asked in one turn into one read', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 1, maxKeys: 10 });
    const answers = ['a', 'b', 'c'].map((key) => reads.get(key));
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a', 'b', 'c']]);
    started[0]!.answer(new Map([['b', 'row b']]));
    // A key with no row answers undefined.
    expect(await Promise.all(answers)).toEqual([undefined, 'row b', undefined]);
  });

  it('answers a key asked during a read only by a read that starts after it, with the others asked meanwhile', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 1, maxKeys: 10 });
    const first = reads.get('a');
    await settle();
    // Asked while the read of 'a' runs, 'a' included: none may take that read's answer.
    const later = ['a', 'b', 'c'].map((key) => reads.get(key));
    await settle();
    expect(started).toHaveLength(1);
    started[0]!.answer(new Map([['a', 'a before']]));
    await expect(first).resolves.toBe('a before');
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a'], ['a', 'b', 'c']]);
    started[1]!.answer(
      new Map([
        ['a', 'a after'],
        ['c', 'row c'],
      ]),
    );
    expect(await Promise.all(later)).toEqual(['a after', undefined, 'row c']);
    expect(started.flatMap((read) => read.keys)).toHaveLength(4);
  });

  it('reads a key asked twice once and answers both callers', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 1, maxKeys: 10 });
    const answers = [reads.get('a'), reads.get('a')];
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a']]);
    started[0]!.answer(new Map([['a', 'row a']]));
    expect(await Promise.all(answers)).toEqual(['row a', 'row a']);
  });

  it('answers a failed read’s callers with its error, and the next read goes on', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 1, maxKeys: 10 });
    const failing = reads.get('a');
    await settle();
    const waiting = reads.get('b');
    await settle();
    started[0]!.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a'], ['b']]);
    started[1]!.answer(new Map([['b', 'row b']]));
    await expect(waiting).resolves.toBe('row b');
  });

  it('splits a crowd by maxKeys and runs up to inFlight reads at once', async () => {
    const { started, readMany } = heldReads();
    const reads = new GatheredReads(readMany, { inFlight: 2, maxKeys: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((key) => reads.get(key));
    await settle();
    // Two reads run; 'e' waits for one of them to end.
    expect(started.map((read) => read.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    started[1]!.answer(new Map([['c', 'row c']]));
    await settle();
    expect(started.map((read) => read.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    started[0]!.answer(new Map());
    started[2]!.answer(new Map([['e', 'row e']]));
    expect(await Promise.all(answers)).toEqual([undefined, undefined, 'row c', undefined, 'row e']);
  });

  it('refuses settings that could never read', () => {
    const { readMany } = heldReads();
    expect(() => new GatheredReads(readMany, { inFlight: 0, maxKeys: 1 })).toThrow(/gathered reads need/);
    expect(() => new GatheredReads(readMany, { inFlight: 1, maxKeys: 0 })).toThrow(/gathered reads need/);
  });
});
