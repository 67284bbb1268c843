// Reading ahead of the writer: an export's rows come from keyset batches (each a database round
// trip) and go to a file writer (CPU and disk). Read in turn, the database waits while a batch
// is written and the writer waits while the next is read. readAhead keeps pulling rows from the
// source while the consumer works, up to a bound, so the next batch's query runs while the
// current one is written, and a slow writer cannot make the rows pile up in memory.
import { assert } from '@paywallet/ledger';

/**
 * The source's items, in order, read up to `aheadMax` items ahead of the consumer (so at most
 * about twice that are held: those being consumed and those read meanwhile). An error of
 * the source is thrown to the consumer at the point it was reached; a consumer that stops early
 * (break, throw) stops the source too.
 */
export async function* readAhead<T>(source: AsyncIterable<T>, aheadMax: number): AsyncGenerator<T, void, undefined> {
  assert(Number.isInteger(aheadMax) && aheadMax >= 1, 'aheadMax is a positive integer');
  const iterator = source[Symbol.asyncIterator]();
  let ready: T[] = [];
  let ended = false;
  let stopped = false;
  let failure: { error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;
  let wakeReader: (() => void) | undefined;
  const wake = (which: 'consumer' | 'reader') => {
    const resume = which === 'consumer' ? wakeConsumer : wakeReader;
    if (which === 'consumer') wakeConsumer = undefined;
    else wakeReader = undefined;
    resume?.();
  };

  const reader = (async () => {
    try {
      // Bounded by the source: every pass takes one item or ends.
      while (!stopped) {
        if (ready.length >= aheadMax) {
          await new Promise<void>((resume) => (wakeReader = resume));
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        ready.push(next.value);
        wake('consumer');
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      wake('consumer');
    }
  })();

  try {
    for (;;) {
      if (ready.length > 0) {
        // Take everything read so far at once (no shift per item) and let the reader go on.
        const taken = ready;
        ready = [];
        wake('reader');
        for (const item of taken) yield item;
        continue;
      }
      if (failure) throw failure.error;
      if (ended) return;
      await new Promise<void>((resume) => (wakeConsumer = resume));
    }
  } finally {
    stopped = true;
    wake('reader');
    await reader;
    // Closes the source when the consumer stopped early (a finished source ignores it).
    await iterator.return?.();
  }
}
