import { addDays, formatCalendarDay, zonedInstant } from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, formatKitchenInstant, KITCHEN_TIME_ZONE, weekdayName } from './account/format';
import { formatCutoff, formatDeliveryDate, formatShortDate, parseIsoDate } from './checkout/format';
import { formatCalendarDay as lifecycleDay } from './lifecycle/format';

// Every screen that names a day goes through the contracts' formatters (docs/decisions/053): the
// checkout's, the account's and the pause screens' paths must give the same words for every day.
const daysOf = (year: number) => {
  const days: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) days.push(day);
  return days;
};

describe('a day in words on every screen', () => {
  it('is the same through the checkout, the account and the pause screens for every day of a year', () => {
    for (const day of daysOf(2027)) {
      const words = formatCalendarDay(day);
      expect(formatDeliveryDate(day)).toBe(words);
      expect(lifecycleDay(day)).toBe(words);
      const short = formatShortDate(day);
      expect(words.startsWith(short.weekday)).toBe(true);
      expect(weekdayName(parseIsoDate(day).weekday)).toBe(words.split(',')[0]);
      // A cutoff instant on the kitchen clock: the account's box card and the checkout's schedule.
      const noon = zonedInstant(day, 12, KITCHEN_TIME_ZONE).toISOString();
      expect(formatKitchenInstant(noon)).toBe(`${words}, 12:00 PM`);
      expect(formatCutoff(noon, KITCHEN_TIME_ZONE)).toBe(`Order by ${words}, 12:00 PM`);
      expect(words).toContain(formatDay(noon).split(',')[0]!);
    }
  });

  it('is the same for any day and hour through the account and the checkout', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1971-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const iso = instant.toISOString();
          expect(formatCutoff(iso, KITCHEN_TIME_ZONE)).toBe(`Order by ${formatKitchenInstant(iso)}`);
        },
      ),
    );
  });
});
