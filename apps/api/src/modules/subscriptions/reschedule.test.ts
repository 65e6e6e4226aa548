import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BoxContent, type ChangeableBox, remakeBoxes, trimToThreshold } from './reschedule';

const box = (
  date: string,
  items: BoxContent[],
  status: ChangeableBox['status'] = 'scheduled',
): ChangeableBox => ({
  date,
  status,
  items,
  oneTimeDiscountBasisPoints: 0,
});
const total = (items: readonly BoxContent[]) => items.reduce((sum, item) => sum + item.quantity, 0);
const contents = fc
  .uniqueArray(
    fc.record({ productId: fc.integer({ min: 1, max: 60 }), quantity: fc.integer({ min: 1, max: 12 }) }),
    {
      selector: (item) => item.productId,
      maxLength: 12,
    },
  )
  .map((items) => items.sort((a, b) => a.productId - b.productId));

describe('trimToThreshold', () => {
  it('takes from the meals the box has most of', () => {
    expect(
      trimToThreshold(
        [
          { productId: 1, quantity: 6 },
          { productId: 2, quantity: 2 },
          { productId: 3, quantity: 4 },
        ],
        8,
      ),
    ).toEqual([
      { productId: 1, quantity: 3 },
      { productId: 2, quantity: 2 },
      { productId: 3, quantity: 3 },
    ]);
  });

  it('never exceeds the threshold, never adds, and keeps a box that fits as it is', () => {
    fc.assert(
      fc.property(contents, fc.integer({ min: 0, max: 60 }), (items, threshold) => {
        const trimmed = trimToThreshold(items, threshold);
        expect(total(trimmed)).toBe(Math.min(total(items), threshold));
        for (const item of trimmed) {
          expect(item.quantity).toBeGreaterThan(0);
          expect(item.quantity).toBeLessThanOrEqual(
            items.find((old) => old.productId === item.productId)!.quantity,
          );
        }
        if (total(items) <= threshold) expect(trimmed).toEqual(items);
      }),
    );
  });
});

describe('remakeBoxes', () => {
  const a = [{ productId: 1, quantity: 24 }];
  const b = [{ productId: 2, quantity: 24 }];
  const last = [{ productId: 9, quantity: 24 }];

  it('moves each box within its week to the new weekday, skipped ones staying skipped', () => {
    const remade = remakeBoxes({
      boxes: [box('2026-12-01', a), box('2026-12-15', b, 'skipped')],
      newDates: ['2026-12-03', '2026-12-17'],
      lastMadeItems: last,
      threshold: 24,
    });
    expect(remade).toEqual([
      {
        date: '2026-12-03',
        status: 'scheduled',
        items: a,
        oneTimeDiscountBasisPoints: 0,
        from: '2026-12-01',
      },
      { date: '2026-12-17', status: 'skipped', items: b, oneTimeDiscountBasisPoints: 0, from: '2026-12-15' },
    ]);
  });

  it('fills weeks new to the schedule with a copy of the box before', () => {
    const remade = remakeBoxes({
      boxes: [box('2026-12-01', a), box('2026-12-15', b)],
      newDates: ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'],
      lastMadeItems: last,
      threshold: 24,
    });
    expect(remade.map((made) => [made.date, made.items, made.from])).toEqual([
      ['2026-12-01', a, '2026-12-01'],
      ['2026-12-08', a, null],
      ['2026-12-15', b, '2026-12-15'],
      ['2026-12-22', b, null],
    ]);
    const first = remakeBoxes({ boxes: [], newDates: ['2026-12-01'], lastMadeItems: last, threshold: 24 });
    expect(first[0]!.items).toEqual(last);
  });

  it('trims every box to a smaller plan, whatever the schedule', () => {
    fc.assert(
      fc.property(
        fc.array(contents, { minLength: 1, maxLength: 8 }),
        contents,
        fc.integer({ min: 1, max: 36 }),
        (boxes, lastItems, threshold) => {
          const dates = boxes.map((_, index) => `2026-12-${String(1 + index * 3).padStart(2, '0')}`);
          const remade = remakeBoxes({
            boxes: boxes.map((items, index) => box(dates[index]!, items)),
            newDates: dates,
            lastMadeItems: lastItems,
            threshold,
          });
          expect(remade).toHaveLength(dates.length);
          for (const made of remade) expect(total(made.items)).toBeLessThanOrEqual(threshold);
        },
      ),
    );
  });
});
