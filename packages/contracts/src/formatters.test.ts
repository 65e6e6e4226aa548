import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, DELIVERY_TIME_ZONE, orderCutoff, zonedInstant } from './calendar';
import {
  formatCalendarDay,
  formatCalendarDays,
  formatShortCalendarDay,
  formatZonedDate,
  formatZonedDay,
  formatZonedInstant,
  parseCalendarDay,
  weekdayName,
} from './formatters';

// What the call sites wrote by hand before they shared these formatters: ICU's words for a day.
const intlDay = (day: string, options: Intl.DateTimeFormatOptions = {}) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${day}T00:00:00Z`));

function intlInstant(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

const daysOf = (year: number) => {
  const days: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) days.push(day);
  return days;
};

const anyDay = fc
  .date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('a calendar day in words', () => {
  it('says the date like a person would', () => {
    expect(formatCalendarDay('2026-12-03')).toBe('Thursday, December 3');
    expect(formatCalendarDay('2026-12-03', { year: true })).toBe('Thursday, December 3, 2026');
    expect(formatShortCalendarDay('2026-12-03')).toEqual({ weekday: 'Thu', date: 'Dec 3' });
    expect(formatCalendarDays(['2026-11-24', '2026-12-08', '2026-12-22'])).toBe(
      'Tuesday, November 24, Tuesday, December 8 and Tuesday, December 22',
    );
    expect(weekdayName(7)).toBe('Sunday');
    expect(weekdayName(0)).toBe('');
  });

  it('refuses what is not a day', () => {
    for (const bad of ['2026-02-30', '12/03/2026', '2026-12-03T00:00:00Z', 'Thursday, December 3'])
      expect(() => formatCalendarDay(bad)).toThrow(RangeError);
    expect(parseCalendarDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29, weekday: 2 });
  });

  it('writes every day of a year as ICU does, with and without its year, long and short', () => {
    for (const day of daysOf(2026)) {
      expect(formatCalendarDay(day)).toBe(intlDay(day));
      expect(formatCalendarDay(day, { year: true })).toBe(intlDay(day, { year: 'numeric' }));
      const short = formatShortCalendarDay(day);
      expect(`${short.weekday}, ${short.date}`).toBe(intlDay(day, { weekday: 'short', month: 'short' }));
    }
  });

  it('writes any day the same from the day itself and from any instant of it on the kitchen clock', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 23 }), (day, hour) => {
        const words = formatCalendarDay(day);
        expect(words).toBe(intlDay(day));
        // The emails that name the day of an instant (a deadline, a retry) and the account's cutoff.
        expect(formatZonedDay(zonedInstant(day, hour, DELIVERY_TIME_ZONE), DELIVERY_TIME_ZONE)).toBe(words);
        expect(formatZonedInstant(zonedInstant(day, hour, DELIVERY_TIME_ZONE), DELIVERY_TIME_ZONE)).toMatch(
          new RegExp(`^${words}, \\d{1,2}:00 [AP]M$`),
        );
      }),
    );
  });
});

describe('an instant in words on a clock', () => {
  it('matches ICU on every instant, in the kitchen time zone and in UTC', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1971-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(DELIVERY_TIME_ZONE, 'UTC', 'America/Los_Angeles'),
        (instant, timeZone) => {
          expect(formatZonedInstant(instant, timeZone)).toBe(intlInstant(instant, timeZone));
          expect(formatZonedDate(instant, timeZone)).toBe(
            new Intl.DateTimeFormat('en-US', {
              timeZone,
              month: 'long',
              day: 'numeric',
              year: 'numeric',
            }).format(instant),
          );
        },
      ),
    );
  });

  it('gives each order cutoff its kitchen day, noon', () => {
    for (const day of daysOf(2026)) {
      const cutoff = orderCutoff(day);
      expect(formatZonedInstant(cutoff, DELIVERY_TIME_ZONE)).toBe(
        `${formatCalendarDay(addDays(day, -4))}, 12:00 PM`,
      );
    }
  });
});
