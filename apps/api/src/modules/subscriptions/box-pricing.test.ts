import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tier } from '../../domain/discounts';
import { type BoxItem, fitToThreshold, priceBox } from './box-pricing';

const item = (productId: number, quantity: number, basePriceCents = 600, premium = 0): BoxItem => ({
  productId,
  sku: `SKU-${productId}`,
  name: `Meal ${productId}`,
  image: null,
  categoryName: 'Meals',
  basePriceCents,
  premiumDifferenceCents: premium,
  quantity,
});

const tiers: Tier[] = [
  { type: 'percent_off', amount: 50, weeklyOrdinalNumber: 1, freeShipping: true, freeTax: false },
  { type: 'percent_off', amount: 20, weeklyOrdinalNumber: 2, freeShipping: false, freeTax: true },
];
const base = {
  plan: { itemDiscountBasisPoints: 1000, shippingCostCents: 799 },
  tiers,
  state: { taxRateBasisPoints: 800, taxesShipping: false },
  creditsCents: 0,
  oneTimeDiscountBasisPoints: 0,
};

describe('priceBox', () => {
  it('prices the second box with tier 2 of the code', () => {
    const priced = priceBox({ ...base, items: [item(1, 12)], weeklyOrdinal: 2 });
    // 600 less the plan's 10% = 540 a meal, 12 meals = 6480; tier 2 takes 20% and the tax.
    expect(priced.costs.itemsCents).toBe(6480);
    expect(priced.costs.promoDiscountCents).toBe(1296);
    expect(priced.costs.shippingCents).toBe(799);
    expect(priced.costs.taxCents).toBe(0);
    expect(priced.costs.totalCents).toBe(6480 - 1296 + 799);
    expect(priced.tierApplies).toBe(true);
  });

  it('charges full price once the tiers run out, and spends credits before the card', () => {
    const priced = priceBox({ ...base, items: [item(1, 12)], weeklyOrdinal: 3, creditsCents: 1000 });
    expect(priced.costs.promoDiscountCents).toBe(0);
    expect(priced.costs.taxCents).toBe(Math.round(6480 * 0.08));
    expect(priced.costs.creditsAppliedCents).toBe(1000);
    expect(priced.costs.totalCents).toBe(6480 + 799 + 518 - 1000);
    expect(priced.tierApplies).toBe(false);
  });

  it('never goes negative, whatever the tiers, credits and one-time discount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: fc.integer({ min: 1, max: 6 }), p: fc.integer({ min: 0, max: 2000 }) }), {
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, ordinal, credits, oneTime) => {
          const priced = priceBox({
            ...base,
            items: lines.map((line, index) => item(index + 1, line.q, line.p)),
            weeklyOrdinal: ordinal,
            creditsCents: credits,
            oneTimeDiscountBasisPoints: oneTime,
          });
          for (const amount of Object.values(priced.costs)) expect(amount).toBeGreaterThanOrEqual(0);
          expect(priced.costs.creditsAppliedCents).toBeLessThanOrEqual(credits);
          expect(priced.itemCount).toBe(lines.reduce((sum, line) => sum + line.q, 0));
        },
      ),
    );
  });
});

describe('fitToThreshold', () => {
  it('fills a short box with more of what it holds, in turn', () => {
    expect(
      fitToThreshold(
        [
          { productId: 1, quantity: 3 },
          { productId: 2, quantity: 1 },
        ],
        7,
        [],
      ),
    ).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, quantity: 2 },
    ]);
  });

  it("fills an empty box from the previous box's meals", () => {
    expect(
      fitToThreshold([], 4, [
        { productId: 9, quantity: 4 },
        { productId: 8, quantity: 2 },
      ]),
    ).toEqual([
      { productId: 9, quantity: 2 },
      { productId: 8, quantity: 2 },
    ]);
  });

  it('always ends at the threshold when there is anything to fill with', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 50 }),
            quantity: fc.integer({ min: 0, max: 30 }),
          }),
        ),
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 50 }),
            quantity: fc.integer({ min: 1, max: 30 }),
          }),
          {
            minLength: 1,
          },
        ),
        fc.integer({ min: 1, max: 24 }),
        (items, previous, threshold) => {
          const fitted = fitToThreshold(items, threshold, previous);
          expect(fitted.reduce((sum, line) => sum + line.quantity, 0)).toBe(threshold);
          for (const line of fitted) expect(line.quantity).toBeGreaterThan(0);
        },
      ),
    );
  });
});
