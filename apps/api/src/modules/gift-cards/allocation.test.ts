import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateGiftCards, bonusFor, isDeliveryDateAllowed, totalBalance } from './allocation';

const cards = fc.array(
  fc.record({ id: fc.integer({ min: 1, max: 1000 }), balanceCents: fc.integer({ min: 0, max: 50_000 }) }),
  { maxLength: 6 },
);

describe('allocating several gift cards over an amount due', () => {
  it('never takes more than is due, nor more than a card holds; takes all it can', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), cards, (due, list) => {
        const allocation = allocateGiftCards(due, list);
        const applied = allocation.reduce((sum, row) => sum + row.appliedCents, 0);
        expect(applied).toBe(Math.min(due, totalBalance(list)));
        allocation.forEach((row, index) => {
          expect(row.appliedCents).toBeGreaterThanOrEqual(0);
          expect(row.appliedCents).toBeLessThanOrEqual(list[index]!.balanceCents);
        });
      }),
    );
  });

  it('pays in the order given: a later card is only touched once the earlier ones are empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), cards, (due, list) => {
        const allocation = allocateGiftCards(due, list);
        allocation.forEach((row, index) => {
          if (index > 0 && row.appliedCents > 0) {
            for (let before = 0; before < index; before += 1) {
              expect(allocation[before]!.appliedCents).toBe(list[before]!.balanceCents);
            }
          }
        });
      }),
    );
  });

  it('two cards over a small box: the second keeps what it did not pay (Saleor #13640)', () => {
    expect(
      allocateGiftCards(6000, [
        { id: 1, balanceCents: 5000 },
        { id: 2, balanceCents: 5000 },
      ]),
    ).toEqual([
      { id: 1, appliedCents: 5000 },
      { id: 2, appliedCents: 1000 },
    ]);
  });
});

describe('delivery dates and promotions', () => {
  it('accepts today up to the same date next year, nothing before or after, no impossible dates', () => {
    expect(isDeliveryDateAllowed('2026-11-23', '2026-11-23')).toBe(true);
    expect(isDeliveryDateAllowed('2027-11-23', '2026-11-23')).toBe(true);
    // A year plus a day is past "up to a year ahead" (366 days from a date before a leap day).
    expect(isDeliveryDateAllowed('2027-11-24', '2026-11-23')).toBe(false);
    expect(isDeliveryDateAllowed('2028-03-01', '2027-03-01')).toBe(true);
    expect(isDeliveryDateAllowed('2028-03-02', '2027-03-01')).toBe(false);
    expect(isDeliveryDateAllowed('2029-02-28', '2028-02-29')).toBe(true);
    expect(isDeliveryDateAllowed('2029-03-01', '2028-02-29')).toBe(false);
    expect(isDeliveryDateAllowed('2026-11-22', '2026-11-23')).toBe(false);
    expect(isDeliveryDateAllowed('2026-02-30', '2026-01-23')).toBe(false);
  });

  it('gives the most generous live bonus the amount qualifies for', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const window = { startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') };
    const promotions = [
      { id: 1, minAmountCents: 10_000, bonusCents: 2000, ...window },
      { id: 2, minAmountCents: 20_000, bonusCents: 5000, ...window },
      {
        id: 3,
        minAmountCents: 5_000,
        bonusCents: 9000,
        startsAt: new Date('2026-12-01'),
        endsAt: new Date('2027-01-01'),
      },
    ];
    expect(bonusFor(9_999, promotions, now)).toBeNull();
    expect(bonusFor(10_000, promotions, now)?.id).toBe(1);
    expect(bonusFor(25_000, promotions, now)?.id).toBe(2);
  });
});
