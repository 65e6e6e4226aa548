import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostInput, computeCosts, lineTotalCents } from './costs';

const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 5_000 }),
  regularUnitPriceCents: fc.integer({ min: 0, max: 5_000 }),
  quantity: fc.integer({ min: 1, max: 36 }),
});
const money = fc.integer({ min: 0, max: 200_000 });
const input: fc.Arbitrary<CostInput> = fc.record({
  lines: fc.array(line, { maxLength: 36 }),
  shippingCents: fc.integer({ min: 0, max: 2_000 }),
  taxRateBasisPoints: fc.integer({ min: 0, max: 1_500 }),
  taxesShipping: fc.boolean(),
  promoDiscountCents: money,
  orderValueDiscountCents: money,
  freeShipping: fc.boolean(),
  freeTax: fc.boolean(),
  referralCreditsCents: money,
  accountCreditsCents: money,
  giftCardsAvailableCents: money,
  compedCents: money,
});

describe('computeCosts', () => {
  it('prices a 12-item box with shipping and state tax', () => {
    const costs = computeCosts({
      lines: [
        { unitPriceCents: 499, regularUnitPriceCents: 499, quantity: 8 },
        { unitPriceCents: 649, regularUnitPriceCents: 699, quantity: 4 },
      ],
      shippingCents: 799,
      taxRateBasisPoints: 888,
      taxesShipping: true,
    });
    expect(costs.itemsCents).toBe(8 * 499 + 4 * 649); // 6588
    expect(costs.shippingCents).toBe(799);
    expect(costs.taxCents).toBe(Math.round((6588 + 799) * 0.0888)); // 656
    expect(costs.totalCents).toBe(6588 + 799 + 656);
  });

  it('taxes the discounted items, and shipping only where the state taxes it', () => {
    const base = {
      lines: [{ unitPriceCents: 1000, regularUnitPriceCents: 1000, quantity: 2 }],
      shippingCents: 500,
      taxRateBasisPoints: 1000,
    };
    expect(computeCosts({ ...base, taxesShipping: false, promoDiscountCents: 500 }).taxCents).toBe(150);
    expect(computeCosts({ ...base, taxesShipping: true, promoDiscountCents: 500 }).taxCents).toBe(200);
    expect(
      computeCosts({ ...base, taxesShipping: true, promoDiscountCents: 500 }).taxBeforeDiscountCents,
    ).toBe(250);
  });

  it('applies credits, gift cards and comped amounts after tax, in that order', () => {
    const costs = computeCosts({
      lines: [{ unitPriceCents: 1000, regularUnitPriceCents: 1000, quantity: 1 }],
      shippingCents: 0,
      taxRateBasisPoints: 0,
      taxesShipping: false,
      referralCreditsCents: 300,
      accountCreditsCents: 500,
      giftCardsAvailableCents: 5000,
      compedCents: 100,
    });
    expect(costs).toMatchObject({
      referralCreditsAppliedCents: 300,
      creditsAppliedCents: 500,
      giftCardsAppliedCents: 200,
      giftCardsAvailableCents: 5000,
      compedAppliedCents: 0,
      totalCents: 0,
    });
  });

  it('never goes negative and the parts always add up to the total', () => {
    fc.assert(
      fc.property(input, (value) => {
        const costs = computeCosts(value);
        for (const amount of Object.values(costs)) {
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(costs.itemsCents).toBe(value.lines.reduce((sum, item) => sum + lineTotalCents(item), 0));
        expect(costs.totalCents).toBe(
          costs.itemsCents -
            costs.promoDiscountCents -
            costs.orderValueDiscountCents +
            costs.shippingCents +
            costs.taxCents -
            costs.referralCreditsAppliedCents -
            costs.creditsAppliedCents -
            costs.giftCardsAppliedCents -
            costs.compedAppliedCents,
        );
        expect(costs.promoDiscountCents + costs.orderValueDiscountCents).toBeLessThanOrEqual(
          costs.itemsCents,
        );
        expect(costs.taxCents).toBeLessThanOrEqual(costs.taxBeforeDiscountCents);
      }),
    );
  });

  it('without discounts or credits the total is items + shipping + tax exactly', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 36 }), fc.integer({ min: 0, max: 1_500 }), (lines, rate) => {
        const costs = computeCosts({
          lines,
          shippingCents: 799,
          taxRateBasisPoints: rate,
          taxesShipping: false,
        });
        expect(costs.totalCents).toBe(costs.itemsCents + 799 + costs.taxCents);
        expect(costs.taxCents).toBe(costs.taxBeforeDiscountCents);
      }),
    );
  });
});
