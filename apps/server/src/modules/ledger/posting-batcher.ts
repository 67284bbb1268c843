// Group commit for postings (docs/group-commit.md). Concurrent units of work that post (a
// posting with the business writes that go with it: the quote consumed, the notices, the audit
// row) are gathered and written in ONE database transaction, so that many postings share one
// commit (one WAL flush) instead of paying one each.
//
// - Each unit runs inside a SAVEPOINT of its own: a unit that throws (a refused posting, a
//   reused posting key, any error) is rolled back to its savepoint, and only it; the others go on.
// - Every caller is answered only after the batch's COMMIT returned: success means durably
//   committed. If the COMMIT fails, every caller of the batch gets that error (nothing of the
//   batch was written; a unit that had failed on its own gets the commit's error too).
// - A unit that the database chose as a deadlock victim (40P01) was rolled back to its
//   savepoint, whole: it is run again in a following batch (at most DEADLOCK_RETRIES times).
// - One batch at a time per batcher: when none runs, a unit starts a batch at once (with the
//   units that arrived in the same turn of the event loop), so an idle posting is not delayed.
//   Units that arrive while a batch runs form the next batch, which starts when it ends. A unit
//   arriving soon after a batch ended (less than `windowMs` ago: the system is busy) waits up to
//   `windowMs` for others, unless `maxBatch` units are waiting.
// - The same SQL on PostgreSQL and PGlite (one connection: the batch holds it while it runs).
//
// Units run one after another on the batch's connection, in arrival order; a unit sees what
// the units before it in the batch wrote (one transaction), exactly as if they had committed
// before it. A unit must not start database work that outlives it.
import type { Kysely, Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import { openUnitSavepoint, rollbackToUnitSavepoint } from './ledger.repository.ts';

export interface PostingBatchSettings {
  /** How long a unit arriving on a busy system waits for others (ms); 0 starts at once. */
  windowMs: number;
  /** At most this many units in one database transaction. */
  maxBatch: number;
}

/** What one batch did, for tests and benchmarks. */
export interface BatchReport {
  size: number;
  committed: number;
  failed: number;
  retried: number;
  /** The batch's COMMIT (or its transaction) failed: every unit was answered with the error. */
  commitError: boolean;
}

export type PostingWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Unit {
  work: PostingWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  attempts: number;
}

type Outcome = { unit: Unit; ok: true; value: unknown } | { unit: Unit; ok: false; error: unknown };

const DEADLOCK_RETRIES = 3;

export const DEFAULT_POSTING_BATCH_SETTINGS: PostingBatchSettings = { windowMs: 1, maxBatch: 64 };

export class PostingBatcher {
  private queue: Unit[] = [];
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private lastBatchEndedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    readonly settings: PostingBatchSettings = DEFAULT_POSTING_BATCH_SETTINGS,
    private readonly onBatch?: (report: BatchReport) => void,
  ) {
    assert(Number.isInteger(settings.maxBatch) && settings.maxBatch >= 1, 'maxBatch is a whole number from 1');
    assert(settings.windowMs >= 0, 'windowMs is not negative');
  }

  /** Runs `work` in the next batch; resolves with its value (or rejects) after the batch committed. */
  run<T>(work: PostingWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, attempts: 0 });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.queue.length >= this.settings.maxBatch) {
      this.start();
      return;
    }
    if (this.timer || this.immediate) return;
    const sinceLastBatch = performance.now() - this.lastBatchEndedAt;
    if (this.settings.windowMs > 0 && sinceLastBatch < this.settings.windowMs) {
      this.timer = setTimeout(() => this.start(), this.settings.windowMs);
    } else {
      // Units arriving in this same turn of the event loop join.
      this.immediate = setImmediate(() => this.start());
    }
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const units = this.queue.splice(0, this.settings.maxBatch);
    void this.runBatch(units).finally(() => {
      this.running = false;
      this.lastBatchEndedAt = performance.now();
      // Units that arrived while this batch ran waited a whole batch already: they go at once.
      if (this.queue.length > 0) this.immediate = setImmediate(() => this.start());
    });
  }

  private async runBatch(units: Unit[]): Promise<void> {
    const outcomes: Outcome[] = [];
    const retries: Unit[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [index, unit] of units.entries()) {
          await openUnitSavepoint(trx, index);
          try {
            outcomes.push({ unit, ok: true, value: await unit.work(trx) });
          } catch (error) {
            await rollbackToUnitSavepoint(trx, index);
            if (isDeadlock(error) && unit.attempts < DEADLOCK_RETRIES) {
              unit.attempts++;
              retries.push(unit);
            } else {
              outcomes.push({ unit, ok: false, error });
            }
          }
        }
      });
    } catch (error) {
      // Nothing of the batch was committed: every caller hears why, and none runs again.
      for (const unit of units) unit.reject(error);
      this.onBatch?.({ size: units.length, committed: 0, failed: units.length, retried: 0, commitError: true });
      return;
    }
    // Committed: now, and only now, each caller is answered.
    for (const outcome of outcomes) {
      if (outcome.ok) outcome.unit.resolve(outcome.value);
      else outcome.unit.reject(outcome.error);
    }
    this.queue.unshift(...retries);
    const failed = outcomes.filter((o) => !o.ok).length;
    this.onBatch?.({ size: units.length, committed: outcomes.length - failed, failed, retried: retries.length, commitError: false });
  }
}

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}
