import { type CartCosts, centsToDollars } from '@sprout/contracts';

/**
 * What a box costs, in integer cents, always in this order: items → promo-code discount →
 * order-value discount → shipping → tax → referral credits → account credits → gift cards →
 * comped → total. Each step takes at most what is left, so no amount is negative and neither is
 * the total. Promotions, credits and gift cards arrive as inputs from their own modules.
 */

const BASIS_POINTS = 10_000;

export type CostLine = { unitPriceCents: number; regularUnitPriceCents: number; quantity: number };

export type CostInput = {
  lines: CostLine[];
  /** The plan's shipping fee before any promotion. */
  shippingCents: number;
  /** Sales tax of the delivery state; 0 while the state is unknown. */
  taxRateBasisPoints: number;
  taxesShipping: boolean;
  promoDiscountCents?: number;
  orderValueDiscountCents?: number;
  freeShipping?: boolean;
  freeTax?: boolean;
  referralCreditsCents?: number;
  accountCreditsCents?: number;
  giftCardsAvailableCents?: number;
  compedCents?: number;
};

export type CostBreakdown = {
  itemsCents: number;
  promoDiscountCents: number;
  orderValueDiscountCents: number;
  shippingCents: number;
  shippingBeforeDiscountCents: number;
  taxCents: number;
  taxBeforeDiscountCents: number;
  referralCreditsAppliedCents: number;
  creditsAppliedCents: number;
  giftCardsAppliedCents: number;
  giftCardsAvailableCents: number;
  compedAppliedCents: number;
  totalCents: number;
};

const taxOn = (cents: number, rateBasisPoints: number) =>
  Math.round((cents * rateBasisPoints) / BASIS_POINTS);
const nonNegative = (cents: number | undefined) => Math.max(0, cents ?? 0);

export function lineTotalCents(line: CostLine): number {
  return line.unitPriceCents * line.quantity;
}

export function computeCosts(input: CostInput): CostBreakdown {
  const itemsCents = input.lines.reduce((sum, line) => sum + lineTotalCents(line), 0);

  const promoDiscountCents = Math.min(nonNegative(input.promoDiscountCents), itemsCents);
  const orderValueDiscountCents = Math.min(
    nonNegative(input.orderValueDiscountCents),
    itemsCents - promoDiscountCents,
  );
  const discountedItemsCents = itemsCents - promoDiscountCents - orderValueDiscountCents;

  const shippingBeforeDiscountCents = nonNegative(input.shippingCents);
  const shippingCents = input.freeShipping ? 0 : shippingBeforeDiscountCents;

  const rate = nonNegative(input.taxRateBasisPoints);
  const taxBeforeDiscountCents = taxOn(
    itemsCents + (input.taxesShipping ? shippingBeforeDiscountCents : 0),
    rate,
  );
  const taxCents = input.freeTax
    ? 0
    : taxOn(discountedItemsCents + (input.taxesShipping ? shippingCents : 0), rate);

  let remaining = discountedItemsCents + shippingCents + taxCents;
  const take = (available: number | undefined) => {
    const applied = Math.min(nonNegative(available), remaining);
    remaining -= applied;
    return applied;
  };
  const referralCreditsAppliedCents = take(input.referralCreditsCents);
  const creditsAppliedCents = take(input.accountCreditsCents);
  const giftCardsAvailableCents = nonNegative(input.giftCardsAvailableCents);
  const giftCardsAppliedCents = take(giftCardsAvailableCents);
  const compedAppliedCents = take(input.compedCents);

  return {
    itemsCents,
    promoDiscountCents,
    orderValueDiscountCents,
    shippingCents,
    shippingBeforeDiscountCents,
    taxCents,
    taxBeforeDiscountCents,
    referralCreditsAppliedCents,
    creditsAppliedCents,
    giftCardsAppliedCents,
    giftCardsAvailableCents,
    compedAppliedCents,
    totalCents: remaining,
  };
}

/**
 * The cost lines on the wire (dollars, snake_case), the one mapping of a breakdown: a cart's, a
 * box's and an order's. Without an available gift card balance, what was applied is what was there.
 */
export function costsToWire(
  costs: Omit<CostBreakdown, 'giftCardsAvailableCents'> & { giftCardsAvailableCents?: number },
): CartCosts {
  return {
    cart_items: centsToDollars(costs.itemsCents),
    order_value_discount: centsToDollars(costs.orderValueDiscountCents),
    promo_code_cost: centsToDollars(costs.promoDiscountCents),
    gift_cards_amount_applied: centsToDollars(costs.giftCardsAppliedCents),
    gift_cards_amount_available: centsToDollars(costs.giftCardsAvailableCents ?? costs.giftCardsAppliedCents),
    comped_amount_applied: centsToDollars(costs.compedAppliedCents),
    referral_credits_amount_applied: centsToDollars(costs.referralCreditsAppliedCents),
    shipping_cost: centsToDollars(costs.shippingCents),
    shipping_cost_before_discount: centsToDollars(costs.shippingBeforeDiscountCents),
    tax_cost: centsToDollars(costs.taxCents),
    tax_cost_before_discount: centsToDollars(costs.taxBeforeDiscountCents),
    credits_applied_amount: centsToDollars(costs.creditsAppliedCents),
    total_cost: centsToDollars(costs.totalCents),
  };
}
