import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDay,
  DELIVERY_DATE_CHOICES,
  deliveryDateChoices,
  isDeliveryDateChoice,
  isoWeekday,
  ORDER_CUTOFF_DAYS_BEFORE,
  orderCutoff,
  zonedInstant,
} from './delivery-dates';

const NEW_YORK = 'America/New_York';

describe('delivery date choices', () => {
  it('offers the next delivery weekdays whose noon cutoff four days before is still ahead', () => {
    // Saturday 21 November 2026, 09:00 in New York (14:00 UTC).
    const now = new Date('2026-11-21T14:00:00Z');
    const choices = deliveryDateChoices({ now, weekdays: [2, 4] });
    // Tue 24th closed on Fri 20th; Thu 26th closes Sun 22nd noon: still open.
    expect(choices.map((choice) => choice.date)).toEqual([
      '2026-11-26',
      '2026-12-01',
      '2026-12-03',
      '2026-12-08',
      '2026-12-10',
      '2026-12-15',
    ]);
    expect(choices[0]?.orderCutoffAt.toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('closes a date at its cutoff instant, not a minute later', () => {
    const cutoff = orderCutoff('2026-11-26');
    expect(
      isDeliveryDateChoice('2026-11-26', { now: new Date(cutoff.getTime() - 60_000), weekdays: [4] }),
    ).toBe(true);
    expect(isDeliveryDateChoice('2026-11-26', { now: cutoff, weekdays: [4] })).toBe(false);
  });

  it('finds the zone offset across daylight-saving changes', () => {
    expect(zonedInstant('2026-07-01', 12, NEW_YORK).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedInstant('2026-12-01', 12, NEW_YORK).toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(zonedInstant('2026-03-08', 12, NEW_YORK).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedInstant('2026-11-01', 12, NEW_YORK).toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });

  it('knows weekdays and calendar arithmetic', () => {
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(calendarDay(new Date('2026-11-22T03:00:00Z'), NEW_YORK)).toBe('2026-11-21');
  });

  it('only ever offers open, future delivery weekdays, soonest first, without repeats', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        (now, weekdays) => {
          const choices = deliveryDateChoices({ now, weekdays });
          expect(choices.length).toBe(DELIVERY_DATE_CHOICES);
          const today = calendarDay(now, NEW_YORK);
          choices.forEach((choice, index) => {
            expect(weekdays).toContain(choice.weekday);
            expect(isoWeekday(choice.date)).toBe(choice.weekday);
            expect(choice.orderCutoffAt.getTime()).toBeGreaterThan(now.getTime());
            expect(choice.date > addDays(today, ORDER_CUTOFF_DAYS_BEFORE - 1)).toBe(true);
            if (index > 0) expect(choice.date > (choices[index - 1]?.date ?? '')).toBe(true);
          });
        },
      ),
    );
  });
});
