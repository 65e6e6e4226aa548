import { centsToDollars, type Plan } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { boxDiscount } from '../../domain/discounts';
import { categoryPriceCents } from '../../domain/item-prices';
import { resolveShopperContext } from '../pricing/service';
import * as repository from './repository';

export async function listPlans(
  db: Database,
  query: { abandoned_cart_id?: string; promoCode?: string },
): Promise<Plan[]> {
  const shopper = await resolveShopperContext(
    db,
    { abandonedCartId: query.abandoned_cart_id, promoCode: query.promoCode },
    'abandoned_cart_id',
  );
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
function promoFirstBox(
  promo: Awaited<ReturnType<typeof resolveShopperContext>>['promo'],
  itemCents: number,
  threshold: number,
) {
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
