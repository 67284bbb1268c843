// Periodic work: a schedule enqueues a job of its kind once per slot (every everyMs, counted
// from the Unix epoch). The slot is the job's dedupe key, so however many runners tick on
// however many nodes, each slot gets at most one job; the queue then runs it once.
import { assert } from '@paywallet/ledger';
import type { Queryable } from '../db/database.ts';
import { enqueueJobOf, type JobKindName, type JobKinds, type JobPayloadOf } from './job-kind.ts';

export const SCHEDULE_EVERY_MS_MIN = 1_000;

export interface Schedule<K extends JobKinds = JobKinds, N extends JobKindName<K> = JobKindName<K>> {
  /** Part of the dedupe key: renaming a schedule starts a new series. */
  name: string;
  kind: N;
  everyMs: number;
  payload: JobPayloadOf<K, N>;
}

export interface Slot {
  startsAt: Date;
  dedupeKey: string;
}

/** The slot `now` falls in. */
export function slotOf(schedule: Pick<Schedule, 'name' | 'everyMs'>, now: Date): Slot {
  assert(Number.isInteger(schedule.everyMs) && schedule.everyMs >= SCHEDULE_EVERY_MS_MIN, 'a schedule runs at most every second');
  const startsAt = new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);
  return { startsAt, dedupeKey: `schedule:${schedule.name}:${startsAt.toISOString()}` };
}

/**
 * Enqueues the current slot's job of each schedule that has none yet. `skip` says which slots
 * this caller already enqueued, so a runner polling every second writes once per slot.
 * Returns the slots it looked at (enqueued now or found taken by another runner).
 */
export async function enqueueDueSchedules<K extends JobKinds>(
  db: Queryable,
  kinds: K,
  schedules: ReadonlyArray<Schedule<K>>,
  now: Date,
  skip: ReadonlySet<string> = new Set(),
): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const schedule of schedules) {
    const slot = slotOf(schedule, now);
    if (skip.has(slot.dedupeKey)) continue;
    await enqueueJobOf(kinds, db, schedule.kind, schedule.payload, { runAt: slot.startsAt, dedupeKey: slot.dedupeKey });
    slots.push(slot);
  }
  return slots;
}
