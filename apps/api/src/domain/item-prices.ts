/**
 * Item prices, in integer cents. A product's list price is its category's base price plus its
 * premium difference. A plan takes a percentage off the base price (bigger boxes cost less per
 * item); a price-variance group (price experiment) moves the base price first. The `original_*`
 * figures are the same prices without the variance group, so the storefront can show both.
 */

const BASIS_POINTS = 10_000;

export type PricingContext = {
  /** Plan discount on the base price, in basis points; 0 when no plan is chosen. */
  planDiscountBasisPoints: number;
  /** Price-variance adjustment of the base price, in basis points (negative lowers prices). */
  varianceBasisPoints: number;
};

export const LIST_PRICING: PricingContext = { planDiscountBasisPoints: 0, varianceBasisPoints: 0 };

export type ItemPriceInput = { basePriceCents: number; premiumDifferenceCents: number };

export type ItemPriceCents = {
  price: number;
  regularPrice: number;
  originalPrice: number;
  originalRegularPrice: number;
  premiumDifference: number;
  originalPremiumDifference: number;
};

/** Rounds half away from zero, which for our non-negative amounts is "half up", like PostgreSQL's round(). */
function applyBasisPoints(cents: number, basisPoints: number): number {
  return Math.round((cents * (BASIS_POINTS + basisPoints)) / BASIS_POINTS);
}

/** Base price of a category under a plan and variance group: what a non-premium item costs. */
export function categoryPriceCents(basePriceCents: number, context: PricingContext): number {
  const adjusted = applyBasisPoints(basePriceCents, context.varianceBasisPoints);
  return Math.max(0, applyBasisPoints(adjusted, -context.planDiscountBasisPoints));
}

export function itemPriceCents(item: ItemPriceInput, context: PricingContext): ItemPriceCents {
  const premium = item.premiumDifferenceCents;
  const adjustedBase = Math.max(0, applyBasisPoints(item.basePriceCents, context.varianceBasisPoints));
  return {
    price: categoryPriceCents(item.basePriceCents, context) + premium,
    regularPrice: adjustedBase + premium,
    originalPrice: categoryPriceCents(item.basePriceCents, { ...context, varianceBasisPoints: 0 }) + premium,
    originalRegularPrice: item.basePriceCents + premium,
    premiumDifference: premium,
    originalPremiumDifference: premium,
  };
}
