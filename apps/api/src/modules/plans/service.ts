import { centsToDollars, type Plan } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { boxDiscount } from '../../domain/discounts';
import { categoryPriceCents, LIST_PRICING } from '../../domain/item-prices';
import type { ShopperContext } from '../../domain/shopper';
import * as repository from './repository';

/**
 * Every plan priced for the shopper (their cart's price group and promo code), resolved by the
 * caller from the pricing and promotions modules (decision 048); `{}`: no shopper, list prices.
 */
export async function listPlans(db: Database, resolved: Partial<ShopperContext>): Promise<Plan[]> {
  const shopper: ShopperContext = { pricing: LIST_PRICING, cart: null, promo: null, ...resolved };
  const rows = await repository.listPlans(db);
  return rows.map(({ plan, cheapestBasePriceCents }) => {
    const itemCents = categoryPriceCents(cheapestBasePriceCents, {
      ...shopper.pricing,
      planDiscountBasisPoints: plan.itemDiscountBasisPoints,
    });
    return {
      id: plan.id,
      slug: plan.slug,
      name: plan.name,
      tag: plan.tag,
      threshold: plan.threshold,
      description: plan.description,
      item_discount_percent: plan.itemDiscountBasisPoints / 100,
      item_price_from: centsToDollars(itemCents),
      box_price_from: centsToDollars(itemCents * plan.threshold),
      shipping_cost: centsToDollars(plan.shippingCostCents),
      is_selected: shopper.cart?.planId === plan.id,
      ...promoFirstBox(shopper.promo, itemCents, plan.threshold),
    };
  });
}

/** What the cheapest full box costs the first time with the code the shopper arrived with. */
function promoFirstBox(promo: ShopperContext['promo'], itemCents: number, threshold: number) {
  if (!promo) return { promo_first_box_price_from: null, promo_free_shipping: null, promo_description: null };
  const effect = boxDiscount(promo.tiers, [{ unitPriceCents: itemCents, quantity: threshold }]);
  return {
    promo_first_box_price_from: centsToDollars(itemCents * threshold - effect.discountCents),
    promo_free_shipping: effect.freeShipping,
    promo_description: promo.description,
  };
}

/** One plan's row, or undefined when there is no such plan. */
export function findPlan(db: Database, planId: number) {
  return repository.findPlan(db, planId);
}
