/**
 * When a subscription's boxes arrive and until when each can change (docs/decisions/021). Pure:
 * dates are calendar days (YYYY-MM-DD) in the kitchen's time zone; the cutoff rule is the one first
 * deliveries use (`orderCutoff` of the contracts' calendar), never a second copy of it.
 */
import {
  addDays,
  DELIVERY_TIME_ZONE,
  isoWeekday,
  orderCutoff,
  zonedInstant,
} from '../../domain/delivery-dates';

export type Schedule = {
  /** 1, 2 or 4. */
  frequencyWeeks: number;
  /** ISO weekday (1 = Monday … 7 = Sunday) of every delivery. */
  weekday: number;
};

/** The Monday of a day's ISO week. */
function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/**
 * The delivery dates that follow a box delivered (or due) on `after`: the first falls on the
 * schedule's weekday in the ISO week `frequencyWeeks` weeks after `after`'s week, then one every
 * `frequencyWeeks` weeks. With an unchanged weekday that is exactly every 7 × frequency days; a new
 * weekday moves the next box within its week, never skipping or doubling a cycle.
 */
export function deliveryDatesAfter(after: string, schedule: Schedule, count: number): string[] {
  const stepDays = 7 * schedule.frequencyWeeks;
  const first = addDays(mondayOf(after), stepDays + schedule.weekday - 1);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(first, index * stepDays));
}

/**
 * After this instant a box is locked, priced and charged: noon four days before, kitchen time.
 * Each box stores it (`deliveries.cutoff_at`) when it is made, and the jobs read that: a change of
 * the rule reaches boxes made after it, and ships with a migration that backfills the boxes still
 * open (docs/decisions/054).
 */
export function deliveryCutoff(deliveryDate: string): Date {
  return orderCutoff(deliveryDate);
}

/** The reminder ("edit or skip until …") goes out this long before the cutoff. */
export const REMINDER_HOURS_BEFORE_CUTOFF = 24;

export function reminderDueAt(cutoffAt: Date): Date {
  return new Date(cutoffAt.getTime() - REMINDER_HOURS_BEFORE_CUTOFF * 3_600_000);
}

/** A failed off-session charge is tried again this many days after the first decline, then given up. */
export const RETRY_DAYS_AFTER_FIRST_DECLINE = [1, 3] as const;

/**
 * When the next charge of a declined box is due, counted from its first decline, or null when the
 * box has had all its tries (the initial one and one per retry day).
 */
export function nextRetryAt(firstDeclineAt: Date, attemptsMade: number): Date | null {
  const days = RETRY_DAYS_AFTER_FIRST_DECLINE[attemptsMade - 1];
  return days === undefined ? null : new Date(firstDeclineAt.getTime() + days * 86_400_000);
}

/**
 * Until when a box given up after its declined charges can still be paid and sent
 * (docs/decisions/040). The kitchen cooks a box while its charge is being retried (decision 021:
 * a box cannot be made the night before), and the courier takes it on its delivery day: it ships
 * if it is paid before that day begins, kitchen time. Later, resuming starts with the next box.
 */
export function givenUpBoxPayableUntil(deliveryDate: string): Date {
  return zonedInstant(deliveryDate, 0, DELIVERY_TIME_ZONE);
}

/**
 * Until when a box whose off-session charge asked for 3-D Secure waits for its customer: the day its
 * last retry would be due (3 days after the first try, the day before delivery), the same window a
 * declined card gets. Then, unpaid, it takes the failed-renewal path (docs/decisions/041).
 */
export function authenticationDeadline(firstChargeAt: Date): Date {
  const lastRetryDays = RETRY_DAYS_AFTER_FIRST_DECLINE[RETRY_DAYS_AFTER_FIRST_DECLINE.length - 1]!;
  return new Date(firstChargeAt.getTime() + lastRetryDays * 86_400_000);
}
