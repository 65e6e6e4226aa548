import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countdown, fillLabel, formatKitchenInstant, weekdayName } from './format';

const NOON_CUTOFF = '2026-11-27T17:00:00.000Z'; // Friday noon in New York (EST)

describe('the cutoff countdown', () => {
  it('counts days, hours and minutes while more than a day is left', () => {
    const now = new Date('2026-11-25T15:30:00.000Z').getTime();
    expect(countdown(NOON_CUTOFF, now)).toEqual({
      closed: false,
      text: '2 days 1 hour 30 minutes',
      seconds: 2 * 86_400 + 3600 + 1800,
    });
  });

  it('counts seconds in the last day and closes at the cutoff', () => {
    const cutoff = new Date(NOON_CUTOFF).getTime();
    expect(countdown(NOON_CUTOFF, cutoff - 3_725_000).text).toBe('1 hour 2 minutes 5 seconds');
    expect(countdown(NOON_CUTOFF, cutoff - 59_000).text).toBe('0 minutes 59 seconds');
    expect(countdown(NOON_CUTOFF, cutoff).closed).toBe(true);
    expect(countdown(NOON_CUTOFF, cutoff + 1).closed).toBe(true);
    expect(countdown('not a date', cutoff).closed).toBe(true);
  });

  it('never goes up as time passes', () => {
    const cutoff = new Date(NOON_CUTOFF).getTime();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (before, step) => {
          const earlier = countdown(NOON_CUTOFF, cutoff - before - step);
          const later = countdown(NOON_CUTOFF, cutoff - before);
          return later.seconds <= earlier.seconds;
        },
      ),
    );
  });
});

describe('account words', () => {
  it('writes the cutoff on the kitchen clock', () => {
    expect(formatKitchenInstant(NOON_CUTOFF)).toBe('Friday, November 27, 12:00 PM');
    expect(formatKitchenInstant('nope')).toBeNull();
  });

  it('names weekdays and the box fill', () => {
    expect(weekdayName(2)).toBe('Tuesday');
    expect(fillLabel(18, 24)).toBe('18 of 24 items');
  });
});
