import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import type { Job } from '../../lib/jobs';
import * as repository from './repository';

/**
 * The one rate-limit service (sign-in failures, codes, reset mails, card declines, email checks).
 * A limit is checked and counted BEFORE the work, atomically: the request takes a slot, does the
 * work, and gives the slot back when the work turned out not to count (a right password). Counts
 * live in the database, so every replica shares them.
 */
export type Limit = {
  kind: repository.LimitedEvent;
  max: number;
  windowMinutes: number;
  /** What the person is told (429): what happened and when to try again. */
  message: string;
};

export type Slot = { id: number };

/** Takes a slot of `limit` for `subject`, or refuses with the limit's 429. */
export async function reserve(db: Database, limit: Limit, subject: string): Promise<Slot> {
  const id = await repository.takeSlot(db, limit.kind, subject, limit.max, limit.windowMinutes);
  if (id === null) throw new AppError('rate_limited', limit.message);
  return { id };
}

/** Gives a slot back: the work it guarded does not count against the limit (a successful sign-in). */
export async function release(db: Database, slot: Slot): Promise<void> {
  await repository.deleteSlot(db, slot.id);
}

/** Read-only: is the window already full? (for limits consulted but counted elsewhere) */
export async function isExhausted(db: Database, limit: Limit, subject: string): Promise<boolean> {
  return (await repository.countRecent(db, limit.kind, subject, limit.windowMinutes)) >= limit.max;
}

/** Counts one event without a check (a decline from an address, recorded after the fact). */
export async function record(db: Database, kind: repository.LimitedEvent, subject: string): Promise<void> {
  await repository.insertEvent(db, kind, subject);
}

/** One request against a fixed-window counter (the per-client write limit's store). */
export function countHit(db: Database, key: string, windowMs: number) {
  return repository.countHit(db, key, windowMs);
}

/** The job that forgets finished windows, so counters of passing clients do not pile up. */
export function expiredCountersJob(db: Database): Job<number> {
  return {
    name: 'rate-limit-counters',
    intervalMs: 10 * 60_000,
    run: (asOf) => repository.deleteExpiredCounters(db, asOf),
  };
}
