import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BoxToCharge,
  type ChargeItem,
  chargeBoxes,
  needsPreviousItems,
  type SubscriptionTerms,
} from './box-charge';

const item = (productId: number, quantity: number, premium = 0, isActive = true): ChargeItem => ({
  productId,
  sku: `SKU-${productId}`,
  name: `Dish ${productId}`,
  image: null,
  categoryName: 'Meals',
  basePriceCents: 600,
  premiumDifferenceCents: premium,
  quantity,
  isActive,
});

const terms = (overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms => ({
  plan: { threshold: 12, itemDiscountBasisPoints: 1000, shippingCostCents: 799 },
  tiers: [],
  state: { taxRateBasisPoints: 800, taxesShipping: false },
  orderValueDiscountCents: 0,
  creditsCents: 0,
  datedCredits: [],
  giftCardsCents: 0,
  previousItems: [],
  ...overrides,
});

const DAY = 86_400_000;
const box = (items: ChargeItem[], week: number, kind: BoxToCharge['kind'] = 'charge'): BoxToCharge => ({
  kind,
  items,
  weeklyOrdinal: week + 1,
  cutoffAt: new Date(Date.UTC(2026, 11, 1) + week * 7 * DAY),
  oneTimeDiscountBasisPoints: 0,
});

describe('chargeBoxes', () => {
  it('fills a short box to the plan size and names what it adds', () => {
    const [priced] = chargeBoxes(terms(), [box([item(1, 4), item(2, 2)], 1)]);
    expect(priced!.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(12);
    expect(priced!.filled.reduce((sum, line) => sum + line.quantity, 0)).toBe(6);
    expect(priced!.chosen.map((line) => line.quantity)).toEqual([4, 2]);
    // 12 dishes at 540 (10% plan discount), 8% tax, shipping.
    expect(priced!.costs.itemsCents).toBe(12 * 540);
    expect(priced!.costs.totalCents).toBe(12 * 540 + 799 + Math.round(12 * 540 * 0.08));
  });

  it('leaves out what a box may no longer hold, and fills an empty box with the last one made', () => {
    const [, priced] = chargeBoxes(terms(), [box([item(5, 12)], 0, 'made'), box([item(1, 2, 0, false)], 1)]);
    expect(priced!.lines).toEqual([expect.objectContaining({ productId: 5, quantity: 12 })]);
    expect(needsPreviousItems([box([item(1, 2, 0, false)], 1)])).toBe(true);
    expect(needsPreviousItems([box([item(5, 12)], 0, 'made'), box([], 1)])).toBe(false);
  });

  it('spends credit dated before a box cutoff only, and the gift card balance box by box', () => {
    const credit = { amountCents: 1000, availableAt: new Date(Date.UTC(2026, 11, 5)) };
    const [first, second] = chargeBoxes(terms({ datedCredits: [credit], giftCardsCents: 9000 }), [
      box([item(1, 12)], 0),
      box([item(1, 12)], 1),
    ]);
    expect(first!.costs.creditsAppliedCents).toBe(0);
    expect(second!.costs.creditsAppliedCents).toBe(1000);
    expect(first!.costs.giftCardsAppliedCents + second!.costs.giftCardsAppliedCents).toBe(9000);
  });

  it('prices a box the same before the boxes ahead of it are made and at its own cutoff (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.record({ id: fc.integer({ min: 1, max: 6 }), q: fc.integer({ min: 1, max: 8 }) }), {
            maxLength: 5,
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom(12, 24, 36),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        (contents, threshold, credits, giftCards, percent) => {
          const base = terms({
            plan: { threshold, itemDiscountBasisPoints: 800, shippingCostCents: 699 },
            tiers: percent
              ? [
                  {
                    type: 'percent_off',
                    amount: percent,
                    weeklyOrdinalNumber: 2,
                    freeShipping: true,
                    freeTax: false,
                  },
                ]
              : [],
            creditsCents: credits,
            giftCardsCents: giftCards,
            previousItems: [item(9, threshold)],
          });
          const boxes = contents.map((lines, week) =>
            box(
              lines.map((line) => item(line.id, line.q, line.id * 25)),
              week,
            ),
          );
          const before = chargeBoxes(base, boxes);
          // Make the boxes one by one, as the renewals do, and price the next at its own cutoff.
          let state = base;
          for (const [index, shown] of before.entries()) {
            const atCutoff = chargeBoxes(state, boxes.slice(index))[0]!;
            expect(atCutoff.costs).toEqual(shown!.costs);
            expect(atCutoff.lines).toEqual(shown!.lines);
            const spent = shown!.costs.creditsAppliedCents + shown!.costs.referralCreditsAppliedCents;
            state = {
              ...state,
              creditsCents: state.creditsCents - spent,
              giftCardsCents: state.giftCardsCents - shown!.costs.giftCardsAppliedCents,
              previousItems: shown!.lines.map((line) => ({ ...line, isActive: true })),
            };
            expect(shown!.costs.totalCents).toBeGreaterThanOrEqual(0);
            expect(shown!.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(threshold);
          }
        },
      ),
    );
  });
});
