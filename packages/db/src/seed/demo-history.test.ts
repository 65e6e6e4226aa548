import { addDays, orderCutoff } from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoSchedule, firstOpenDelivery } from './demo-history';

describe("the demo customer's schedule", () => {
  it('puts the cutoff at noon in New York four days before, across daylight saving', () => {
    expect(orderCutoff('2026-12-08').toISOString()).toBe('2026-12-04T17:00:00.000Z');
    expect(orderCutoff('2026-07-07').toISOString()).toBe('2026-07-03T16:00:00.000Z');
  });

  it('starts the upcoming boxes at the first Tuesday whose cutoff is ahead', () => {
    // Friday 11:59 in New York: Tuesday the 8th can still change.
    expect(firstOpenDelivery(new Date('2026-12-04T16:59:00Z'), 2)).toBe('2026-12-08');
    // Friday 12:00: it is locked; the next Tuesday is the first open one.
    expect(firstOpenDelivery(new Date('2026-12-04T17:00:00Z'), 2)).toBe('2026-12-15');
  });

  it('keeps every box on the weekday and the frequency, past boxes locked and upcoming ones open', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(1, 2, 4),
        (now, weekday, frequencyWeeks) => {
          const { past, upcoming } = demoSchedule(now, { weekday, frequencyWeeks });
          const all = [...past, ...upcoming];
          expect(past).toHaveLength(4);
          expect(upcoming).toHaveLength(8);
          for (const [index, date] of all.entries()) {
            expect(new Date(`${date}T00:00:00Z`).getUTCDay() || 7).toBe(weekday);
            if (index > 0) expect(date).toBe(addDays(all[index - 1]!, 7 * frequencyWeeks));
          }
          for (const date of past) expect(orderCutoff(date).getTime()).toBeLessThanOrEqual(now.getTime());
          for (const date of upcoming) expect(orderCutoff(date).getTime()).toBeGreaterThan(now.getTime());
          // The first upcoming box is the first open one: a week earlier was already locked.
          expect(orderCutoff(addDays(upcoming[0]!, -7)).getTime()).toBeLessThanOrEqual(now.getTime());
        },
      ),
    );
  });
});
