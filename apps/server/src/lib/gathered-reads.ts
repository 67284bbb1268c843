// Reads gathered: callers that ask for rows by key at about the same time are answered by one
// statement for all their keys, instead of one statement each (issue 17: every call reads its
// session, and on a busy node those reads were a third of its statements).
//
// No read is ever older than its caller: a key is answered only by a read that STARTED after it
// was asked, never by one already in flight, so a caller sees every change committed before it
// asked, exactly as a read of its own would. Nothing is kept between reads (this is not a
// cache): a revoked session, a blocked account or a narrowed staff member is seen by the next
// call, on this node and on every other.
//
// - At most `inFlight` reads run at once. A key asked when a read may start starts one at the end
//   of the current turn of the event loop, with the keys asked in the same turn, so an idle
//   caller waits for nothing but its own statement.
// - Keys asked while the reads in flight run wait for the next read, which starts as soon as
//   one ends and takes all of them (at most `maxKeys`; the rest wait for the following read).
//   The busier the node, the slower each read and the more keys the next one gathers.
// - A key asked twice is read once and answers both callers. A read that fails answers its own
//   callers with the error; the keys that wait for the next read are not touched by it.

import { assert } from '@paywallet/ledger';

export interface GatheredReadSettings {
  /** Reads running at once. */
  inFlight: number;
  /** At most this many keys in one read. */
  maxKeys: number;
}

/** Reads the rows of these keys (distinct); a key with no row is left out of the answer. */
export type ReadMany<K, V> = (keys: K[]) => Promise<Map<K, V>>;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class GatheredReads<K, V> {
  /** The keys asked and not yet in a read, each with its callers, in the order first asked. */
  private waiting = new Map<K, Waiter<V>[]>();
  private running = 0;
  private startScheduled = false;

  constructor(
    private readonly readMany: ReadMany<K, V>,
    private readonly settings: GatheredReadSettings,
  ) {
    assert(settings.inFlight >= 1 && settings.maxKeys >= 1, 'gathered reads need inFlight >= 1 and maxKeys >= 1');
  }

  /** The row of `key`, read by a statement that starts after this call; undefined when there is none. */
  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.scheduleStart();
    });
  }

  private scheduleStart(): void {
    if (this.startScheduled || this.running >= this.settings.inFlight) return;
    this.startScheduled = true;
    queueMicrotask(() => {
      this.startScheduled = false;
      this.startReads();
    });
  }

  private startReads(): void {
    while (this.running < this.settings.inFlight && this.waiting.size > 0) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of this.waiting) {
        if (batch.size === this.settings.maxKeys) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.waiting.delete(key);
      void this.read(batch);
    }
  }

  private async read(batch: Map<K, Waiter<V>[]>): Promise<void> {
    this.running += 1;
    try {
      const rows = await this.readMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.running -= 1;
      this.startReads();
    }
  }
}
