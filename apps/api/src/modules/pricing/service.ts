import type { Database } from '@sprout/db';
import { LIST_PRICING } from '../../domain/item-prices';
import type { ShopperContext, ShopperQuery, Shoppers } from '../../domain/shopper';
import { AppError } from '../../errors/app-error';
import { findCartPricing, findPlanDiscount } from './repository';

/**
 * Resolves who is browsing: the cart's plan and price experiment, or an explicit plan. An unknown
 * cart is a 404 (the storefront then creates a new one); an unknown plan is a 422 on plan_id.
 */
async function resolveShopperContext(
  db: Database,
  input: ShopperQuery,
  cartField: string,
  livePromo: Shoppers['livePromo'],
): Promise<ShopperContext> {
  let pricing = LIST_PRICING;
  let cart: ShopperContext['cart'] = null;

  if (input.abandonedCartId) {
    const row = await findCartPricing(db, input.abandonedCartId);
    if (!row) throw new AppError('not_found', `Abandoned cart not found (${cartField}).`);
    cart = { id: row.cartId, planId: row.planId, filters: row.filters };
    pricing = {
      planDiscountBasisPoints: row.planDiscountBasisPoints ?? 0,
      varianceBasisPoints: row.varianceBasisPoints ?? 0,
    };
  }

  if (input.planId !== undefined) {
    const discount = await findPlanDiscount(db, input.planId);
    if (discount === undefined) throw AppError.invalidField('plan_id', 'The selected plan does not exist.');
    pricing = { ...pricing, planDiscountBasisPoints: discount };
  }

  return { pricing, cart, promo: await livePromo(db, input.promoCode) };
}

/**
 * The shoppers' port (domain/shopper.ts) with the promotions module's live codes, which the
 * composition hands over: pricing itself imports no other module.
 */
export function shoppersWith(livePromo: Shoppers['livePromo']): Shoppers {
  return {
    resolve: (db, input, cartField = 'abandoned_cart') =>
      resolveShopperContext(db, input, cartField, livePromo),
    livePromo,
  };
}
