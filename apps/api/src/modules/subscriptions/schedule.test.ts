import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, isoWeekday } from '../../domain/delivery-dates';
import {
  deliveryCutoff,
  deliveryDatesAfter,
  givenUpBoxPayableUntil,
  nextRetryAt,
  reminderDueAt,
} from './schedule';

const day = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const frequency = fc.constantFrom(1, 2, 4);
const weekday = fc.integer({ min: 1, max: 7 });
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('deliveryDatesAfter', () => {
  it('continues a Tuesday every two weeks', () => {
    expect(deliveryDatesAfter('2026-12-01', { frequencyWeeks: 2, weekday: 2 }, 3)).toEqual([
      '2026-12-15',
      '2026-12-29',
      '2027-01-12',
    ]);
  });

  it('moves the next box within its week when the weekday changes', () => {
    // Tuesday 1 December, weekly, now on Fridays: Friday 11 December (week of 7 December).
    expect(deliveryDatesAfter('2026-12-01', { frequencyWeeks: 1, weekday: 5 }, 1)).toEqual(['2026-12-11']);
  });

  it('is every 7 × frequency days on the weekday, the first in the week frequency weeks on', () => {
    fc.assert(
      fc.property(day, frequency, weekday, fc.integer({ min: 1, max: 10 }), (after, weeks, wd, count) => {
        const dates = deliveryDatesAfter(after, { frequencyWeeks: weeks, weekday: wd }, count);
        expect(dates).toHaveLength(count);
        for (const date of dates) expect(isoWeekday(date)).toBe(wd);
        for (let index = 1; index < dates.length; index++) {
          expect(daysBetween(dates[index - 1]!, dates[index]!)).toBe(7 * weeks);
        }
        const gap = daysBetween(after, dates[0]!);
        expect(gap).toBeGreaterThan(7 * weeks - 7);
        expect(gap).toBeLessThan(7 * weeks + 7);
      }),
    );
  });

  it('with the same weekday is exactly frequency weeks after', () => {
    fc.assert(
      fc.property(day, frequency, (after, weeks) => {
        const [next] = deliveryDatesAfter(after, { frequencyWeeks: weeks, weekday: isoWeekday(after) }, 1);
        expect(next).toBe(addDays(after, 7 * weeks));
      }),
    );
  });
});

describe('deliveryCutoff', () => {
  it('is noon in New York four days before', () => {
    // 1 December 2026 → Friday 27 November, 12:00 EST = 17:00 UTC.
    expect(deliveryCutoff('2026-12-01').toISOString()).toBe('2026-11-27T17:00:00.000Z');
    // Summer time: 12:00 EDT = 16:00 UTC.
    expect(deliveryCutoff('2026-07-07').toISOString()).toBe('2026-07-03T16:00:00.000Z');
  });

  it('always falls on the kitchen day four days before, and the reminder a day earlier', () => {
    fc.assert(
      fc.property(day, (date) => {
        const cutoff = deliveryCutoff(date);
        expect(calendarDay(cutoff, 'America/New_York')).toBe(addDays(date, -4));
        expect(cutoff.getTime() - reminderDueAt(cutoff).getTime()).toBe(24 * 3_600_000);
      }),
    );
  });
});

describe('nextRetryAt', () => {
  it('retries one and three days after the first decline, then gives up', () => {
    const first = new Date('2026-11-27T17:00:00Z');
    expect(nextRetryAt(first, 1)?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(nextRetryAt(first, 2)?.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(nextRetryAt(first, 3)).toBeNull();
  });
});

describe('givenUpBoxPayableUntil', () => {
  it('is the start of the delivery day, kitchen time: after the last retry, before the courier', () => {
    // Tuesday 1 December 2026, New York: midnight is 05:00 UTC.
    expect(givenUpBoxPayableUntil('2026-12-01').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // Summer time: 04:00 UTC.
    expect(givenUpBoxPayableUntil('2026-07-07').toISOString()).toBe('2026-07-07T04:00:00.000Z');
  });

  it('falls after the last retry of a box charged at its cutoff, so a resume that day still sends it', () => {
    fc.assert(
      fc.property(day, (date) => {
        const lastRetry = nextRetryAt(deliveryCutoff(date), 2)!;
        expect(givenUpBoxPayableUntil(date).getTime()).toBeGreaterThan(lastRetry.getTime());
        expect(calendarDay(givenUpBoxPayableUntil(date), 'America/New_York')).toBe(date);
      }),
    );
  });
});
