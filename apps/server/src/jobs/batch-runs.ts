// Batch runs: bulk work on the job queue (docs/jobs.md, "Batch runs"). A run is one (kind,
// period) row of batch_runs: expiring the hosted API payments due at a minute's start today,
// settling a day's payments or releasing a day's reserves tomorrow. Its items are taken in pages
// after the run's cursor, and each item is handled in a database transaction of its own that
// also moves the cursor and the counts, so a crash loses at most the item in flight and a
// restart resumes after the last item committed:
//
//   start ──> running ──claim (lease)──> item, item, ... ──no item left──> done
//                ^                          │  budget or time used up: lease released,
//                └──────────────────────────┘  a continuation job enqueued
//
// Two workers never work one run: the run is unique per (kind, period), and a worker holds it
// under a lease (locked_by, locked_until) that it renews in each item's transaction, fenced by
// its own name. A worker that dies leaves a lease that runs out; the queue's lease recovery runs
// its job again, and the job claims the run again and continues from the cursor.
//
// The run and its items are audited as the system: batch-run.start, batch-run.finish,
// batch-run.item-fail, and the item's own action, written by the kind in the item's transaction.
// This file knows no module: a kind is declared in its module's *.jobs.ts with defineBatchKind
// and hands in the audit writer.
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { assert } from '@paywallet/ledger';
import type { TAuditAction } from '@paywallet/contract';
import type { Db, Queryable } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { AuditEntry } from '../transport/audit-trail.ts';
import { defineJobKind, enqueueJobOf, type JobContext, type JobKinds } from './job-kind.ts';
import { registeredJobKinds } from './queue.ts';
import * as repository from './batch-runs.repository.ts';
import type { HeldRun } from './batch-runs.repository.ts';

export const BATCH_PAGE_SIZE_MAX = 500;
export const BATCH_ITEMS_PER_JOB_MAX = 10_000;
/** A worker's hold on its run, renewed by every item: a worker that died lets go this long after. */
export const BATCH_RUN_LEASE_MS = 60_000;
export const BATCH_KIND_PATTERN = /^[a-z][a-z0-9-]{0,59}$/;
export const BATCH_PERIOD_PATTERN = /^[0-9A-Za-z:.+-]{1,40}$/;
export const BATCH_CURSOR_LENGTH_MAX = 100;
const LAST_ERROR_LENGTH_MAX = 2_000;

/** One item of a run: `cursor` is its place in the kind's order (the run's cursor once it commits). */
export interface BatchItem {
  cursor: string;
}

export type BatchItemOutcome = 'done' | 'skipped';

/** An audit row of the system, written in the transaction of the change it records. */
export interface SystemAuditRecord {
  action: TAuditAction;
  subject: { type: string; id: string };
  /** The account the change concerns (the merchant of an API payment), when there is one. */
  onBehalfOfUserId?: bigint | null;
  detail?: Record<string, unknown>;
}

export interface BatchItemContext {
  deps: Deps;
  run: { id: bigint; kind: string; period: string };
  /** Writes an audit row as the system, naming the run, in the item's transaction. */
  audit(trx: Transaction<Database>, record: SystemAuditRecord): Promise<void>;
}

export interface BatchKind<I extends BatchItem = BatchItem> {
  /** The kind's name, which is also the name of its job kind. */
  name: string;
  /** The period a run started by the schedule at `now` covers (e.g. the minute's start). */
  periodOf(now: Date): string;
  /** At most `limit` items of `period` after `cursor` (null: from the first), in cursor order. */
  listItems(db: Queryable, period: string, cursor: string | null, limit: number): Promise<I[]>;
  /** Does one item inside `trx`; 'skipped' when it turns out to have nothing to do. */
  handleItem(trx: Transaction<Database>, item: I, context: BatchItemContext): Promise<BatchItemOutcome>;
  /** The audit log's writer of one row (modules/audit recordAudit): jobs/ imports no module, so it is handed in. */
  audit: (db: Queryable, entry: AuditEntry) => Promise<void>;
  pageSize: number;
  itemsPerJobMax: number;
  /** The job's time limit; a worker takes no new item after half of it and leaves the rest to a continuation. */
  timeoutMs: number;
}

/** Checks a kind's limits once, where it is declared. */
export function defineBatchKind<I extends BatchItem>(kind: BatchKind<I>): BatchKind<I> {
  assert(BATCH_KIND_PATTERN.test(kind.name), 'a batch kind is named in kebab-case, at most 60 characters');
  assert(Number.isInteger(kind.pageSize) && kind.pageSize >= 1 && kind.pageSize <= BATCH_PAGE_SIZE_MAX, 'a page is 1 to 500 items');
  assert(
    Number.isInteger(kind.itemsPerJobMax) && kind.itemsPerJobMax >= 1 && kind.itemsPerJobMax <= BATCH_ITEMS_PER_JOB_MAX,
    'a job takes 1 to 10,000 items',
  );
  return kind;
}

/** What starts or continues a run: the period, or none for the schedule's "the period of now". */
const ZBatchJobPayload = z.object({ period: z.string().regex(BATCH_PERIOD_PATTERN).optional() }).strict();

/**
 * The job kind of a batch kind. Without a period (a schedule's job) it opens the run of the
 * current period when there is something to do, and enqueues the run's job; with a period it
 * works that run. The period is in the payload, so a job run again after a crash resumes the
 * same run whenever it runs.
 */
export function defineBatchJobKind<I extends BatchItem>(batch: BatchKind<I>) {
  return defineJobKind({
    payload: ZBatchJobPayload,
    run: (payload, context) =>
      payload.period === undefined ? startScheduledBatchRun(context.deps, batch, new Date()) : workRunOfJob(batch, payload.period, context),
    timeoutMs: batch.timeoutMs,
    maxAttempts: 10,
    backoff: { baseDelayMs: 5_000, maxDelayMs: 5 * 60_000 },
  });
}

/**
 * A job's work on its run. A run another worker holds is a failed attempt, retried with backoff:
 * the job waits its turn rather than ending, so a run whose holder died (its lease running out)
 * is still taken on by someone.
 */
async function workRunOfJob(batch: BatchKind, period: string, context: JobContext): Promise<BatchWorkResult> {
  const result = await workBatchRun(context.deps, batch, period, { holder: holderOf(context), signal: context.signal });
  if (!result.worked && result.why === 'held') throw new BatchRunHeld(batch.name, period);
  return result;
}

/** The attempt of a job whose run another worker holds: an expected failure, retried with backoff. */
export class BatchRunHeld extends Error {
  constructor(kind: string, period: string) {
    super(`The batch run ${kind} ${period} is held by another worker.`);
    this.name = 'BatchRunHeld';
  }
}

/** Each attempt of each job is its own holder, so a job run again is told apart from its dead self. */
function holderOf(context: JobContext): string {
  return `${context.runnerId}/job-${context.jobId}/attempt-${context.attempt}`.slice(0, 200);
}

function systemEntry(run: { id: bigint; kind: string; period: string }, record: SystemAuditRecord): AuditEntry {
  return {
    action: record.action,
    actorUserId: null,
    actingAs: 'system',
    onBehalfOfUserId: record.onBehalfOfUserId ?? null,
    impersonatorUserId: null,
    sessionId: null,
    ip: null,
    callPath: null,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    detail: { batchRun: String(run.id), kind: run.kind, period: run.period, ...record.detail },
  };
}

function runSubject(run: { id: bigint }) {
  return { type: 'batch_run', id: String(run.id) };
}

/**
 * Opens the run of (kind, period) if it does not exist, audited, and enqueues a job to work it
 * while it is running: the way settlements and other users start a run for a given period, and
 * the way to resume one whose job gave up. A second job of one run does no harm (it waits its
 * turn, then finds the run done), so no dedupe key is needed.
 */
export async function startBatchRun(db: Db, batch: BatchKind, period: string): Promise<{ opened: boolean; enqueued: boolean }> {
  assert(BATCH_PERIOD_PATTERN.test(period), `a batch period is short and plain, got "${period}"`);
  return db.transaction().execute(async (trx) => {
    const openedId = await repository.insertRun(trx, batch.name, period);
    if (openedId !== undefined) {
      const run = { id: openedId, kind: batch.name, period };
      await batch.audit(trx, systemEntry(run, { action: 'batch-run.start', subject: runSubject(run) }));
    }
    const running = openedId !== undefined || (await repository.findRun(trx, batch.name, period))?.state === 'running';
    if (running) await enqueueBatchJob(trx, batch, period);
    return { opened: openedId !== undefined, enqueued: running };
  });
}

/** The schedule's start: the run of the period of `now`, only when it has an item (an idle minute writes nothing). */
async function startScheduledBatchRun(deps: Deps, batch: BatchKind, now: Date): Promise<{ opened: boolean; enqueued: boolean }> {
  const period = batch.periodOf(now);
  const first = await batch.listItems(deps.db, period, null, 1);
  if (first.length === 0) return { opened: false, enqueued: false };
  return startBatchRun(deps.db, batch, period);
}

function enqueueBatchJob(trx: Queryable, batch: BatchKind, period: string) {
  // The kind is registered under the batch's name by its module (app.ts); enqueueJobOf checks it.
  const kinds = registeredJobKinds() as unknown as JobKinds;
  return enqueueJobOf(kinds, trx, batch.name, { period });
}

export interface BatchWorker {
  /** Unique per attempt; written into the run's lease. */
  holder: string;
  /** Aborted when the job's time is up: the worker stops after the item in flight. */
  signal?: AbortSignal;
}

export type BatchWorkResult =
  { worked: false; why: 'held' | 'done' } | { worked: true; state: 'done' | 'paused' | 'lease-lost'; items: number };

/**
 * Works the run of (kind, period): claims it (or answers that another worker holds it or that
 * it is done), then handles items after its cursor until none is left (the run is done), the
 * job's budget is used up (the lease is released and a continuation job enqueued), or the
 * lease was taken over (this worker stops, having written nothing more).
 */
export async function workBatchRun<I extends BatchItem>(
  deps: Deps,
  batch: BatchKind<I>,
  period: string,
  worker: BatchWorker,
): Promise<BatchWorkResult> {
  const run = await repository.claimRun(deps.db, batch.name, period, worker.holder, BATCH_RUN_LEASE_MS);
  if (!run) {
    const existing = await repository.findRun(deps.db, batch.name, period);
    assert(existing !== undefined, `the run ${batch.name} ${period} was started before its job ran`);
    return { worked: false, why: existing.state === 'done' ? 'done' : 'held' };
  }
  try {
    return await workHeldRun(deps, batch, run, worker);
  } catch (error) {
    // Lost the database, or a kind's listing failed: give the run back (if the database lets us)
    // so that the job's retry can take it at once rather than after the lease.
    await deps.db
      .transaction()
      .execute((trx) => repository.releaseRun(trx, run.id, worker.holder))
      .catch(() => undefined);
    throw error;
  }
}

async function workHeldRun<I extends BatchItem>(
  deps: Deps,
  batch: BatchKind<I>,
  run: HeldRun,
  worker: BatchWorker,
): Promise<BatchWorkResult> {
  const deadline = Date.now() + batch.timeoutMs / 2;
  let items = 0;
  for (;;) {
    const page = await batch.listItems(deps.db, run.period, run.cursor, Math.min(batch.pageSize, batch.itemsPerJobMax - items));
    assert(page.length <= batch.pageSize, 'a page holds at most the page size');
    if (page.length === 0) return { worked: true, state: (await finish(deps, batch, run, worker)) ? 'done' : 'lease-lost', items };
    for (const item of page) {
      if (!(await handleItem(deps, batch, run, item, worker))) return { worked: true, state: 'lease-lost', items };
      items += 1;
      if (items >= batch.itemsPerJobMax || Date.now() >= deadline || worker.signal?.aborted) {
        return { worked: true, state: (await pause(deps, batch, run, worker)) ? 'paused' : 'lease-lost', items };
      }
    }
  }
}

class LeaseLost extends Error {
  constructor() {
    super('The batch run is held by another worker now.');
    this.name = 'LeaseLost';
  }
}

/**
 * One item in its own transaction: renew the lease (which locks the run's row), check the cursor
 * is where this worker left it, do the item, move the cursor and the counts. An item that fails
 * is rolled back and counted as failed in a transaction of its own, so the run moves past it (a
 * later run finds it again). False when the lease was lost: nothing of the item was written.
 */
async function handleItem<I extends BatchItem>(
  deps: Deps,
  batch: BatchKind<I>,
  run: HeldRun,
  item: I,
  worker: BatchWorker,
): Promise<boolean> {
  assert(item.cursor.length >= 1 && item.cursor.length <= BATCH_CURSOR_LENGTH_MAX, 'an item cursor is 1 to 100 characters');
  assert(item.cursor !== run.cursor, 'every item moves the cursor on');
  const context: BatchItemContext = { deps, run, audit: (trx, record) => batch.audit(trx, systemEntry(run, record)) };
  try {
    countItem(run, item, await inItemTransaction(deps, run, worker, item, (trx) => batch.handleItem(trx, item, context)));
    return true;
  } catch (error) {
    if (error instanceof LeaseLost) return false;
    const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, LAST_ERROR_LENGTH_MAX);
    deps.log.warn(
      { batchRun: String(run.id), kind: run.kind, cursor: item.cursor, err: message },
      'batch item failed; the run moves past it',
    );
    const recordFailure = async (trx: Transaction<Database>) => {
      const detail = { cursor: item.cursor, error: message.slice(0, 500) };
      await batch.audit(trx, systemEntry(run, { action: 'batch-run.item-fail', subject: runSubject(run), detail }));
      return 'failed' as const;
    };
    try {
      countItem(run, item, await inItemTransaction(deps, run, worker, item, recordFailure, message));
      return true;
    } catch (recordError) {
      if (recordError instanceof LeaseLost) return false;
      throw recordError;
    }
  }
}

/**
 * The transaction of one item: the fenced lease renewal first, then `work`, then the cursor and
 * the count of what `work` answered. The renewal's cursor is paired with the worker's own copy.
 */
async function inItemTransaction<T extends BatchItemOutcome | 'failed'>(
  deps: Deps,
  run: HeldRun,
  worker: BatchWorker,
  item: BatchItem,
  work: (trx: Transaction<Database>) => Promise<T>,
  lastError: string | null = null,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const held = await repository.renewLease(trx, run.id, worker.holder, BATCH_RUN_LEASE_MS);
    if (!held) throw new LeaseLost();
    assert(held.cursor === run.cursor, `run ${run.id}'s cursor is where its holder left it`);
    const outcome = await work(trx);
    assert(outcome === 'done' || outcome === 'skipped' || outcome === 'failed', 'an item is done, skipped or failed');
    assert(await repository.advanceRun(trx, run.id, worker.holder, item.cursor, outcome, lastError), 'the held run moves on');
    return outcome;
  });
}

/** The worker's copy of its run, kept in step with what each item's transaction committed. */
function countItem(run: HeldRun, item: BatchItem, outcome: BatchItemOutcome | 'failed'): void {
  run.cursor = item.cursor;
  if (outcome === 'done') run.itemsDone += 1;
  else if (outcome === 'skipped') run.itemsSkipped += 1;
  else run.itemsFailed += 1;
}

/** No item left: the run is done, audited with its counts. False when the lease was lost. */
async function finish(deps: Deps, batch: BatchKind, run: HeldRun, worker: BatchWorker): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const finished = await repository.finishRun(trx, run.id, worker.holder);
    if (!finished) return false;
    // Paired with the worker's own counting: what the items' transactions committed is what it counted.
    assert(
      finished.itemsDone === run.itemsDone && finished.itemsSkipped === run.itemsSkipped && finished.itemsFailed === run.itemsFailed,
      `run ${run.id}'s stored counts are its holder's`,
    );
    const detail = { itemsDone: finished.itemsDone, itemsSkipped: finished.itemsSkipped, itemsFailed: finished.itemsFailed };
    await batch.audit(trx, systemEntry(run, { action: 'batch-run.finish', subject: runSubject(run), detail }));
    return true;
  });
}

/** The job's budget is used up: the lease goes back and a continuation job takes the run on. */
async function pause(deps: Deps, batch: BatchKind, run: HeldRun, worker: BatchWorker): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repository.releaseRun(trx, run.id, worker.holder))) return false;
    await enqueueBatchJob(trx, batch, run.period);
    return true;
  });
}
