import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boxDiscount,
  cheapestUnitsCents,
  type DiscountLine,
  itemsCents,
  type Tier,
  tierDiscountCents,
  withinCartAmount,
} from './discounts';

const tier = (overrides: Partial<Tier>): Tier => ({
  type: 'percent_off',
  amount: 0,
  weeklyOrdinalNumber: 1,
  freeShipping: false,
  freeTax: false,
  ...overrides,
});

const box: DiscountLine[] = [
  { unitPriceCents: 699, quantity: 4 },
  { unitPriceCents: 449, quantity: 3 },
  { unitPriceCents: 549, quantity: 5 },
];

describe('tier types', () => {
  it('products_off frees the cheapest items, counting units', () => {
    // 3 × 449 then 2 × 549
    expect(tierDiscountCents(tier({ type: 'products_off', amount: 5 }), box)).toBe(3 * 449 + 2 * 549);
    expect(tierDiscountCents(tier({ type: 'products_off', amount: 100 }), box)).toBe(itemsCents(box));
  });

  it('percent_off takes a share of the items, rounded to the cent', () => {
    expect(tierDiscountCents(tier({ type: 'percent_off', amount: 50 }), box)).toBe(
      Math.round(itemsCents(box) / 2),
    );
    expect(tierDiscountCents(tier({ type: 'percent_off', amount: 150 }), box)).toBe(itemsCents(box));
  });

  it('dollars_off takes a fixed amount, never more than the items', () => {
    expect(tierDiscountCents(tier({ type: 'dollars_off', amount: 20 }), box)).toBe(2000);
    expect(
      tierDiscountCents(tier({ type: 'dollars_off', amount: 20 }), [{ unitPriceCents: 499, quantity: 2 }]),
    ).toBe(998);
  });
});

describe('boxDiscount', () => {
  const tiers = [
    tier({ type: 'percent_off', amount: 50, weeklyOrdinalNumber: 1, freeShipping: true }),
    tier({ type: 'dollars_off', amount: 10, weeklyOrdinalNumber: 2 }),
  ];

  it('uses the tier of the box ordinal; later tiers wait for later orders', () => {
    expect(boxDiscount(tiers, box, 1)).toEqual({
      discountCents: Math.round(itemsCents(box) / 2),
      freeShipping: true,
      freeTax: false,
    });
    expect(boxDiscount(tiers, box, 2)).toEqual({ discountCents: 1000, freeShipping: false, freeTax: false });
    expect(boxDiscount(tiers, box, 3)).toEqual({ discountCents: 0, freeShipping: false, freeTax: false });
  });
});

describe('withinCartAmount', () => {
  it('checks minimum and maximum inclusively', () => {
    expect(withinCartAmount(3999, { minimumCents: 4000, maximumCents: null })).toBe('below_minimum');
    expect(withinCartAmount(4000, { minimumCents: 4000, maximumCents: null })).toBe('ok');
    expect(withinCartAmount(10001, { minimumCents: null, maximumCents: 10000 })).toBe('above_maximum');
  });
});

const lines = fc.array(
  fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 5_000 }),
    quantity: fc.integer({ min: 1, max: 36 }),
  }),
  { maxLength: 20 },
);
const anyTier = fc.record({
  type: fc.constantFrom<Tier['type']>('products_off', 'percent_off', 'dollars_off'),
  amount: fc.integer({ min: 0, max: 500 }),
  weeklyOrdinalNumber: fc.constant(1),
  freeShipping: fc.boolean(),
  freeTax: fc.boolean(),
});

describe('properties', () => {
  it('a discount is a whole number of cents between zero and the items cost', () => {
    fc.assert(
      fc.property(anyTier, lines, (value, box) => {
        const discount = tierDiscountCents(value, box);
        expect(Number.isInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(itemsCents(box));
      }),
    );
  });

  it('freeing more cheapest items never saves less', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (box, a, b) => {
        const [few, many] = a <= b ? [a, b] : [b, a];
        expect(cheapestUnitsCents(box, many)).toBeGreaterThanOrEqual(cheapestUnitsCents(box, few));
      }),
    );
  });

  it('the n cheapest units cost no more than any n units', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 40 }), (box, n) => {
        const units = box.flatMap((line) => Array.from({ length: line.quantity }, () => line.unitPriceCents));
        const firstN = units.slice(0, n).reduce((sum, price) => sum + price, 0);
        expect(cheapestUnitsCents(box, n)).toBeLessThanOrEqual(firstN);
      }),
    );
  });
});
