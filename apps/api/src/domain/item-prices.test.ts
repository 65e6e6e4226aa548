import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryPriceCents, itemPriceCents, LIST_PRICING } from './item-prices';

const cents = fc.integer({ min: 0, max: 100_000 });
const discount = fc.integer({ min: 0, max: 5_000 });
const variance = fc.integer({ min: -2_000, max: 2_000 });

describe('itemPriceCents', () => {
  it('is the list price with no plan and no variance', () => {
    expect(itemPriceCents({ basePriceCents: 599, premiumDifferenceCents: 150 }, LIST_PRICING)).toEqual({
      price: 749,
      regularPrice: 749,
      originalPrice: 749,
      originalRegularPrice: 749,
      premiumDifference: 150,
      originalPremiumDifference: 150,
    });
  });

  it('takes the plan discount off the base price only, rounding half up', () => {
    const prices = itemPriceCents(
      { basePriceCents: 599, premiumDifferenceCents: 100 },
      { planDiscountBasisPoints: 1500, varianceBasisPoints: 0 },
    );
    // 599 × 0.85 = 509.15 → 509, plus the undiscounted premium.
    expect(prices.price).toBe(609);
    expect(prices.regularPrice).toBe(699);
  });

  it('keeps the price before the variance group in original_*', () => {
    const prices = itemPriceCents(
      { basePriceCents: 600, premiumDifferenceCents: 0 },
      { planDiscountBasisPoints: 800, varianceBasisPoints: 500 },
    );
    expect(prices.regularPrice).toBe(630);
    expect(prices.price).toBe(580); // 630 × 0.92 = 579.6
    expect(prices.originalRegularPrice).toBe(600);
    expect(prices.originalPrice).toBe(552);
  });

  it('never prices an item below its premium or above its regular price under a discount', () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        discount,
        variance,
        (base, premium, planDiscountBasisPoints, varianceBasisPoints) => {
          const prices = itemPriceCents(
            { basePriceCents: base, premiumDifferenceCents: premium },
            { planDiscountBasisPoints, varianceBasisPoints },
          );
          expect(Number.isInteger(prices.price)).toBe(true);
          expect(prices.price).toBeGreaterThanOrEqual(premium);
          expect(prices.price).toBeLessThanOrEqual(prices.regularPrice);
          expect(prices.originalPrice).toBeLessThanOrEqual(prices.originalRegularPrice);
        },
      ),
    );
  });

  it('gives bigger plans lower or equal prices', () => {
    fc.assert(
      fc.property(cents, discount, discount, variance, (base, a, b, varianceBasisPoints) => {
        const [small, big] = a <= b ? [a, b] : [b, a];
        expect(
          categoryPriceCents(base, { planDiscountBasisPoints: big, varianceBasisPoints }),
        ).toBeLessThanOrEqual(
          categoryPriceCents(base, { planDiscountBasisPoints: small, varianceBasisPoints }),
        );
      }),
    );
  });
});
