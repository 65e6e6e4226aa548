/**
 * What one box of a subscription costs and what it holds at its cutoff, in integer cents. Pure:
 * the service reads the prices, the plan, the code's tiers, the state's tax and the credits from
 * the database and hands them here. Item prices are the carts' (pricing/item-prices), the cost
 * order is the one of pricing/costs.
 */
import { type CostBreakdown, computeCosts } from '../../domain/costs';
import { boxDiscount, type Tier } from '../../domain/discounts';
import { itemPriceCents, type PricingContext } from '../../domain/item-prices';

const BASIS_POINTS = 10_000;

export type BoxItem = {
  productId: number;
  sku: string;
  name: string;
  image: string | null;
  categoryName: string;
  basePriceCents: number;
  premiumDifferenceCents: number;
  quantity: number;
  /** How many of `quantity` the store picked (the smart box, docs/decisions/055); 0 or absent when chosen. */
  pickedQuantity?: number;
  pickReason?: string | null;
};

export type PricedBoxLine = BoxItem & { unitPriceCents: number; regularUnitPriceCents: number };

export type BoxPricingInput = {
  items: readonly BoxItem[];
  plan: { itemDiscountBasisPoints: number; shippingCostCents: number };
  /** The tiers of the subscription's promo code (none without a code). */
  tiers: readonly Tier[];
  /** 1 for the subscription's first box, 2 for the second …: picks the tier. */
  weeklyOrdinal: number;
  /** The delivery address's state; null leaves tax at zero. */
  state: { taxRateBasisPoints: number; taxesShipping: boolean } | null;
  /** What a partnership pays of every box (the order-value discount); 0 without one. */
  orderValueDiscountCents?: number;
  /** Account credit that may be spent on this box (referral credits land in the same ledger). */
  creditsCents: number;
  /** A one-time discount on this box only, in basis points of its items. */
  oneTimeDiscountBasisPoints: number;
};

export type PricedBox = {
  lines: PricedBoxLine[];
  costs: CostBreakdown;
  itemCount: number;
  /** Whether a tier of the code covers this box (its description then applies). */
  tierApplies: boolean;
};

export function priceBox(input: BoxPricingInput): PricedBox {
  // Subscriptions have no price-variance group: that experiment belongs to a visitor's cart.
  const pricing: PricingContext = {
    planDiscountBasisPoints: input.plan.itemDiscountBasisPoints,
    varianceBasisPoints: 0,
  };
  const lines = input.items.map((item) => {
    const prices = itemPriceCents(
      { basePriceCents: item.basePriceCents, premiumDifferenceCents: item.premiumDifferenceCents },
      pricing,
    );
    return { ...item, unitPriceCents: prices.price, regularUnitPriceCents: prices.regularPrice };
  });
  const tier = boxDiscount(input.tiers, lines, input.weeklyOrdinal);
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const oneTimeCents = Math.round(
    (itemsCents * Math.min(BASIS_POINTS, Math.max(0, input.oneTimeDiscountBasisPoints))) / BASIS_POINTS,
  );
  const costs = computeCosts({
    lines,
    shippingCents: input.plan.shippingCostCents,
    taxRateBasisPoints: input.state?.taxRateBasisPoints ?? 0,
    taxesShipping: input.state?.taxesShipping ?? false,
    promoDiscountCents: tier.discountCents + oneTimeCents,
    freeShipping: tier.freeShipping,
    freeTax: tier.freeTax,
    orderValueDiscountCents: input.orderValueDiscountCents ?? 0,
    accountCreditsCents: input.creditsCents,
  });
  return {
    lines,
    costs,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    tierApplies: input.tiers.some((candidate) => candidate.weeklyOrdinalNumber === input.weeklyOrdinal),
  };
}

export type BoxContent = { productId: number; quantity: number };

/**
 * The contents a box is made with at its cutoff: exactly the plan's threshold. The kitchen cooks
 * and the plan is priced for boxes of that size, so a box left short (a customer removed meals and
 * did not choose others) is filled up with more of what it holds, one unit each in turn, or with the
 * previous box's meals when it is empty; a box above it (a smaller plan chosen since) loses units
 * from its last lines. Nothing changes when neither list has a meal.
 */
export function fitToThreshold<Item extends BoxContent>(
  items: readonly Item[],
  threshold: number,
  previous: readonly Item[],
): Item[] {
  const result = items.filter((item) => item.quantity > 0).map((item) => ({ ...item }));
  let count = result.reduce((sum, item) => sum + item.quantity, 0);
  if (count < threshold) {
    if (result.length === 0)
      result.push(...previous.filter((item) => item.quantity > 0).map((item) => ({ ...item, quantity: 0 })));
    if (result.length === 0) return [];
    for (let index = 0; count < threshold; index = (index + 1) % result.length) {
      result[index]!.quantity += 1;
      count += 1;
    }
  }
  for (let index = result.length - 1; count > threshold && index >= 0; index--) {
    const remove = Math.min(result[index]!.quantity, count - threshold);
    result[index]!.quantity -= remove;
    count -= remove;
  }
  return result.filter((item) => item.quantity > 0);
}
