import type { PlanSeed, PriceVarianceGroupSeed } from './types';

export const plans = [
  {
    slug: 'plan-12',
    name: '12 items',
    tag: null,
    threshold: 12,
    itemDiscountBasisPoints: 0,
    shippingCostCents: 799,
    description:
      'Twelve meals and snacks per delivery, a good fit for trying us out or for one little eater.',
    sortingWeight: 1,
  },
  {
    slug: 'plan-24',
    name: '24 items',
    tag: 'popular',
    threshold: 24,
    itemDiscountBasisPoints: 800,
    shippingCostCents: 0,
    description: 'Twenty-four items with 8% off every item and free shipping, our most popular box.',
    sortingWeight: 2,
  },
  {
    slug: 'plan-36',
    name: '36 items',
    tag: 'best-value',
    threshold: 36,
    itemDiscountBasisPoints: 1500,
    shippingCostCents: 0,
    description:
      'Thirty-six items with 15% off every item and free shipping, the best value for busy families.',
    sortingWeight: 3,
  },
] as const satisfies readonly PlanSeed[];

export type PlanSlug = (typeof plans)[number]['slug'];

export const priceVarianceGroups = [
  { name: 'control', adjustmentBasisPoints: 0 },
  { name: 'price-test-plus-5', adjustmentBasisPoints: 500 },
  { name: 'price-test-minus-5', adjustmentBasisPoints: -500 },
] as const satisfies readonly PriceVarianceGroupSeed[];
