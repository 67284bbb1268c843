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
// - Lanes: up to `lanes` batches run side by side, each on a connection of its own. A unit goes
//   to the lane its route key names (the payer: one payer's postings never race each other
//   across lanes), else to the least busy lane. Within a lane, one batch at a time: when none
//   runs, a unit starts a batch at once (with the units that arrived in the same turn of the
//   event loop), so an idle posting is not delayed. Units that arrive while it runs form the
//   next batch, which starts when it ends. A unit arriving soon after a batch ended (less than
//   `windowMs` ago: the system is busy) waits up to `windowMs` for others, unless `maxBatch`
//   units are waiting.
// - Lock cycles across lanes: a batch holds the row locks of its earlier units while a later
//   unit runs, so two batches can wait on each other. The first unit of a batch holds nothing
//   of the batch's and waits as a transaction of its own would; every later unit waits at most
//   `lockWaitMs` for a row lock (lock_timeout), then steps aside: it is rolled back to its
//   savepoint, whole, and runs again as the FIRST unit of its lane's next batch. A cycle of
//   waiting batches is so broken within `lockWaitMs` (not PostgreSQL's 1 s deadlock_timeout),
//   and every unit makes progress (a first unit never steps aside). A deadlock victim (40P01)
//   the database chose is run again the same way (at most DEADLOCK_RETRIES times).
// - The same SQL on PostgreSQL and PGlite (one connection: one lane, the batch holds it while
//   it runs).
//
// Units of a batch run one after another on its connection, in arrival order; a unit sees what
// the units before it in the batch wrote (one transaction), exactly as if they had committed
// before it. A unit must not start database work that outlives it.
//
// Sets: a unit may also be given as a payload of a `SetGroup` (a posting given whole, with no
// other work: ledger.service.ts postMovement; a send-money confirm: transfers.service.ts). A batch first writes the payloads of each group
// together, in a savepoint of its own, by the group's set-based statements (one insert for all
// their rows, one update of the wallets they move), then runs its other units one by one. The set
// is only a faster way to the same result: the group answers which payloads it wrote, a payload
// it did not write runs its unit's own work afterwards, and a set that fails as a whole (a group
// that answers undefined, any error) is rolled back to its savepoint and every one of its units
// runs its own work, one by one, as if there had been no set.
import type { Kysely, Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import type { PostingBatchConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { openUnitSavepoint, rollbackToUnitSavepoint } from './ledger.repository.ts';

export interface PostingBatchSettings {
  /** How long a unit arriving on a busy system waits for others (ms); 0 starts at once. */
  windowMs: number;
  /** At most this many units in one database transaction. */
  maxBatch: number;
  /** Batches in flight at once, each on a connection of its own (1 on PGlite: one connection). */
  lanes: number;
  /** How long a unit after the first of its batch waits for a row lock before it steps aside (ms); 0: no limit. */
  lockWaitMs: number;
}

/** Where a unit runs: `key` (e.g. the payer's wallet or user id) keeps units of one key in one lane. */
export interface PostingRoute {
  key?: bigint | string;
}

/** What one batch did, for tests and benchmarks. */
export interface BatchReport {
  lane: number;
  size: number;
  committed: number;
  failed: number;
  /** Units that will run again in a following batch: deadlock victims and units that stepped aside from a lock wait. */
  retried: number;
  /** Of `retried`, the deadlock victims (40P01). */
  deadlocks: number;
  /** The batch's COMMIT (or its transaction) failed: every unit was answered with the error. */
  commitError: boolean;
  /** Units written by a set-based write (the rest ran their own work one by one). */
  setWritten: number;
}

export type PostingWork<T> = (trx: Transaction<Database>) => Promise<T>;

/** What a set write answers for one payload: written (with the unit's value), or left for the unit's own work. */
export type SetAnswer<R> = { written: true; value: R } | { written: false };

/**
 * Payloads that can be written together in set-based statements (ledger.service.ts, the posting
 * set). `write` answers one SetAnswer per payload, in order, or undefined when the set cannot be
 * kept as a whole (a wallet its summed debits would overdraw): the batch then rolls the set back
 * and runs each unit's own work.
 */
export interface SetGroup<P, R> {
  write(trx: Transaction<Database>, payloads: P[]): Promise<SetAnswer<R>[] | undefined>;
}

/** A unit's place in a set: its group and payload; its `work` stays the way to write it alone. */
export interface SetMembership<P, R> {
  group: SetGroup<P, R>;
  payload: P;
}

interface Unit {
  work: PostingWork<unknown>;
  set?: SetMembership<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  deadlocks: number;
}

type Outcome = { unit: Unit; ok: true; value: unknown } | { unit: Unit; ok: false; error: unknown };

const DEADLOCK_RETRIES = 3;

export const DEFAULT_POSTING_BATCH_SETTINGS: PostingBatchSettings = { windowMs: 1, maxBatch: 64, lanes: 1, lockWaitMs: 50 };

/**
 * What the platform runs with, the settings given first. On PostgreSQL: group commit on by
 * default, batches of up to 64 in 4 lanes (docs/group-commit.md has the measurements that decide
 * it). On PGlite: off by default, and one lane whatever is set (one connection: lanes would only
 * queue).
 */
export function postingBatchFor(kind: 'pglite' | 'postgres', config: PostingBatchConfig): PostingBatchSettings {
  const onPostgres = kind === 'postgres';
  return {
    windowMs: config.windowMs,
    maxBatch: config.maxBatch ?? (onPostgres ? POSTGRES_DEFAULT_MAX_BATCH : 1),
    lanes: onPostgres ? (config.lanes ?? 4) : 1,
    lockWaitMs: config.lockWaitMs,
  };
}

/**
 * On since send money's confirms are written as a set (transfers.service.ts CONFIRM_SET): the
 * bench's send money over HTTP ran 20-30% faster with it than with a transaction a confirm. 64
 * keeps a batch within PostgreSQL's per-backend cache of 64 subtransaction ids.
 */
const POSTGRES_DEFAULT_MAX_BATCH = 64;

export class PostingBatcher {
  private readonly lanes: Lane[];

  constructor(
    db: Kysely<Database>,
    readonly settings: PostingBatchSettings = DEFAULT_POSTING_BATCH_SETTINGS,
    onBatch?: (report: BatchReport) => void,
  ) {
    assert(Number.isInteger(settings.maxBatch) && settings.maxBatch >= 1, 'maxBatch is a whole number from 1');
    assert(settings.windowMs >= 0, 'windowMs is not negative');
    assert(Number.isInteger(settings.lanes) && settings.lanes >= 1, 'lanes is a whole number from 1');
    assert(Number.isInteger(settings.lockWaitMs) && settings.lockWaitMs >= 0, 'lockWaitMs is a whole number, not negative');
    this.lanes = Array.from({ length: settings.lanes }, (_, index) => new Lane(index, db, settings, onBatch));
  }

  /**
   * Runs `work` in the next batch of its lane; resolves with its value (or rejects) after that
   * batch committed. With `set`, the batch may write the unit with the others of its group in
   * set-based statements instead (and answers the group's value); `work` is how it is written
   * when the set leaves it out, and must write the same.
   */
  run<T, P = unknown>(work: PostingWork<T>, route: PostingRoute = {}, set?: SetMembership<P, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.laneFor(route).add({
        work,
        set: set as SetMembership<unknown, unknown> | undefined,
        resolve: resolve as (value: unknown) => void,
        reject,
        deadlocks: 0,
      });
    });
  }

  private laneFor(route: PostingRoute): Lane {
    if (route.key !== undefined) return this.lanes[laneIndex(route.key, this.lanes.length)]!;
    // The least busy lane: an idle one first, else the shortest queue.
    return this.lanes.reduce((best, lane) => (lane.load() < best.load() ? lane : best));
  }
}

/** One batch at a time, on a connection of its own (each batch's transaction takes one from the pool). */
class Lane {
  private queue: Unit[] = [];
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private lastBatchEndedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly index: number,
    private readonly db: Kysely<Database>,
    private readonly settings: PostingBatchSettings,
    private readonly onBatch?: (report: BatchReport) => void,
  ) {}

  /** Units waiting, plus the running batch's share (an idle lane is the least busy). */
  load(): number {
    return this.queue.length + (this.running ? this.settings.maxBatch : 0);
  }

  add(unit: Unit): void {
    this.queue.push(unit);
    this.schedule();
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
    let deadlocks = 0;
    let setWritten = 0;
    try {
      await this.db.transaction().execute(async (trx) => {
        const savepoints = new UnitSavepoints(trx, this.settings.lockWaitMs);
        // Sets first: written together, or each member left to run alone below.
        const writtenBySets = new Set<Unit>();
        for (const [group, members] of setsOf(units)) {
          const set = await savepoints.run(async () => {
            const answers = await group.write(
              trx,
              members.map((member) => member.set!.payload),
            );
            if (answers === undefined) throw NOT_KEPT;
            return answers;
          });
          // Not kept (rolled back to its savepoint): its members run alone below. A deadlock victim is counted.
          if (!set.ok && isDeadlock(set.error)) deadlocks++;
          for (const [index, answer] of (set.ok ? set.value : []).entries()) {
            if (!answer.written) continue;
            outcomes.push({ unit: members[index]!, ok: true, value: answer.value });
            writtenBySets.add(members[index]!);
          }
        }
        setWritten = writtenBySets.size;
        for (const unit of units) {
          if (writtenBySets.has(unit)) continue;
          const holdsLocks = savepoints.holdsLocks();
          const outcome = await savepoints.run(() => unit.work(trx));
          if (outcome.ok) {
            outcomes.push({ unit, ok: true, value: outcome.value });
          } else if (holdsLocks && isLockWait(outcome.error)) {
            // Stepped aside (a unit before which the batch held nothing waits without limit): it goes first in the next batch.
            retries.push(unit);
          } else if (isDeadlock(outcome.error) && unit.deadlocks < DEADLOCK_RETRIES) {
            unit.deadlocks++;
            deadlocks++;
            retries.push(unit);
          } else {
            outcomes.push({ unit, ok: false, error: outcome.error });
          }
        }
      });
    } catch (error) {
      // Nothing of the batch was committed: every caller hears why, and none runs again.
      for (const unit of units) unit.reject(error);
      this.report({ size: units.length, committed: 0, failed: units.length, retried: 0, deadlocks: 0, commitError: true, setWritten: 0 });
      return;
    }
    // Committed: now, and only now, each caller is answered.
    for (const outcome of outcomes) {
      if (outcome.ok) outcome.unit.resolve(outcome.value);
      else outcome.unit.reject(outcome.error);
    }
    this.queue.unshift(...retries);
    const failed = outcomes.filter((o) => !o.ok).length;
    this.report({
      size: units.length,
      committed: outcomes.length - failed,
      failed,
      retried: retries.length,
      deadlocks,
      commitError: false,
      setWritten,
    });
  }

  private report(report: Omit<BatchReport, 'lane'>): void {
    this.onBatch?.({ lane: this.index, ...report });
  }
}

/**
 * The savepoints of one batch: each unit (or set) runs in one, rolled back alone when it throws.
 * Once the batch keeps something (and so holds its row locks), every later wait for a row lock is
 * limited to `lockWaitMs` (docs/group-commit.md, "Lock cycles and deadlocks"); before that, a unit
 * waits as a transaction of its own would.
 */
class UnitSavepoints {
  private next = 0;
  private kept = false;
  private lockWaitLimited = false;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly lockWaitMs: number,
  ) {}

  /** Something before now was kept: the batch holds its locks. */
  holdsLocks(): boolean {
    return this.kept;
  }

  /** Runs `work` in a savepoint of its own; a throw rolls back to it and is answered as a value. */
  async run<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
    const index = this.next++;
    const limitLockWait = this.kept && !this.lockWaitLimited && this.lockWaitMs > 0;
    await openUnitSavepoint(this.trx, index, limitLockWait ? this.lockWaitMs : 0);
    if (limitLockWait) this.lockWaitLimited = true;
    try {
      const value = await work();
      this.kept = true;
      return { ok: true, value };
    } catch (error) {
      await rollbackToUnitSavepoint(this.trx, index);
      return { ok: false, error };
    }
  }
}

/** A set write's answer when the set cannot be kept as a whole. */
const NOT_KEPT = new Error('the set was not kept');

/** The set members of a batch, by group, in arrival order; a group of one is left to its unit's own work. */
function setsOf(units: Unit[]): Map<SetGroup<unknown, unknown>, Unit[]> {
  const groups = new Map<SetGroup<unknown, unknown>, Unit[]>();
  for (const unit of units) {
    if (!unit.set) continue;
    const members = groups.get(unit.set.group) ?? [];
    members.push(unit);
    groups.set(unit.set.group, members);
  }
  for (const [group, members] of groups) if (members.length < 2) groups.delete(group);
  return groups;
}

/** The lane of a route key: a bigint by its remainder, a string by its FNV-1a hash. */
function laneIndex(key: bigint | string, lanes: number): number {
  if (typeof key === 'bigint') return Number(((key % BigInt(lanes)) + BigInt(lanes)) % BigInt(lanes));
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function isDeadlock(error: unknown): boolean {
  return errorCode(error) === '40P01';
}

/** lock_timeout ran out (55P03): the unit waited `lockWaitMs` for a row another transaction holds. */
function isLockWait(error: unknown): boolean {
  return errorCode(error) === '55P03';
}
