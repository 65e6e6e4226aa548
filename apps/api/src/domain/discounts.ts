/**
 * What a promo code takes off one box, in integer cents. A code's tiers ("regulations") each
 * apply to the box with their weekly ordinal (1 = the first box); later tiers are kept for the
 * subscription's later orders. No function here returns more than the items cost.
 */

export type TierType = 'products_off' | 'percent_off' | 'dollars_off';

export type Tier = {
  type: TierType;
  /** products_off: item count; percent_off: whole percent; dollars_off: dollars. */
  amount: number;
  weeklyOrdinalNumber: number;
  freeShipping: boolean;
  freeTax: boolean;
};

/** A tier as the database reads it into JSON (a cart's and a subscription's pricing joins) and the wire names it. */
export type TierJson = {
  id: number;
  type: TierType;
  amount: number;
  weekly_ordinal_number: number;
  free_shipping: boolean;
  free_tax: boolean;
};

/** The tier the discount arithmetic takes (its amount may come back from JSON as text). */
export function tierFromJson(tier: TierJson): Tier {
  return {
    type: tier.type,
    amount: Number(tier.amount),
    weeklyOrdinalNumber: tier.weekly_ordinal_number,
    freeShipping: tier.free_shipping,
    freeTax: tier.free_tax,
  };
}

export type DiscountLine = { unitPriceCents: number; quantity: number };

export type BoxDiscount = { discountCents: number; freeShipping: boolean; freeTax: boolean };

export const NO_DISCOUNT: BoxDiscount = { discountCents: 0, freeShipping: false, freeTax: false };

export function tierForBox(tiers: readonly Tier[], weeklyOrdinalNumber: number): Tier | undefined {
  return tiers.find((tier) => tier.weeklyOrdinalNumber === weeklyOrdinalNumber);
}

export function itemsCents(lines: readonly DiscountLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** The n cheapest units of the box, counting each unit of a line separately. */
export function cheapestUnitsCents(lines: readonly DiscountLine[], count: number): number {
  let remaining = Math.max(0, Math.floor(count));
  let total = 0;
  for (const line of [...lines].sort((a, b) => a.unitPriceCents - b.unitPriceCents)) {
    if (remaining === 0) break;
    const units = Math.min(line.quantity, remaining);
    total += units * line.unitPriceCents;
    remaining -= units;
  }
  return total;
}

export function tierDiscountCents(tier: Tier, lines: readonly DiscountLine[]): number {
  const items = itemsCents(lines);
  const amount = Math.max(0, tier.amount);
  switch (tier.type) {
    case 'products_off':
      return cheapestUnitsCents(lines, amount);
    case 'percent_off':
      return Math.min(items, Math.round((items * Math.min(amount, 100)) / 100));
    case 'dollars_off':
      return Math.min(items, Math.round(amount * 100));
  }
}

/** The discount on the box with this ordinal, or none when no tier covers it. */
export function boxDiscount(
  tiers: readonly Tier[],
  lines: readonly DiscountLine[],
  weeklyOrdinalNumber = 1,
): BoxDiscount {
  const tier = tierForBox(tiers, weeklyOrdinalNumber);
  if (!tier) return NO_DISCOUNT;
  return {
    discountCents: tierDiscountCents(tier, lines),
    freeShipping: tier.freeShipping,
    freeTax: tier.freeTax,
  };
}

/** Whether the cart amount is inside the code's window (inclusive). */
export function withinCartAmount(
  items: number,
  limits: { minimumCents: number | null; maximumCents: number | null },
): 'ok' | 'below_minimum' | 'above_maximum' {
  if (limits.minimumCents !== null && items < limits.minimumCents) return 'below_minimum';
  if (limits.maximumCents !== null && items > limits.maximumCents) return 'above_maximum';
  return 'ok';
}
