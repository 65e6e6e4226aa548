import { parseReferralSettings } from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refereeDiscountCents } from './referee-discount';

const discount = (values: unknown) => parseReferralSettings({ referee_discount: values }).referee_discount;

describe("a referred friend's discount in cents", () => {
  it('takes dollars off as they are, whatever the box', () => {
    expect(refereeDiscountCents(discount({ type: 'dollars_off', amount: 25 }), 8_000)).toBe(2_500);
    expect(refereeDiscountCents(discount({ type: 'dollars_off', amount: '12.5' }), 0)).toBe(1_250);
  });

  it('takes a percent of the box, rounded to the cent, never more than all of it', () => {
    expect(refereeDiscountCents(discount({ type: 'percent_off', amount: 20 }), 8_995)).toBe(1_799);
    expect(refereeDiscountCents(discount({ type: 'percent_off', amount: 150 }), 8_000)).toBe(8_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: -50, max: 200, noNaN: true }),
        (box, pct) => {
          const cents = refereeDiscountCents(discount({ type: 'percent_off', amount: pct }), box);
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(box);
        },
      ),
    );
  });

  it('takes nothing for free meals, an unknown type or settings that are not there', () => {
    expect(refereeDiscountCents(discount({ type: 'products_off', amount: 2 }), 8_000)).toBe(0);
    expect(refereeDiscountCents(discount({ type: 'mystery', amount: 5 }), 8_000)).toBe(0);
    expect(refereeDiscountCents(parseReferralSettings(null).referee_discount, 8_000)).toBe(0);
    expect(refereeDiscountCents(discount('garbage'), 8_000)).toBe(0);
  });
});
