import type { Database } from '@sprout/db';
import { LIST_PRICING, type PricingContext } from '../../domain/item-prices';
import { AppError } from '../../errors/app-error';
import { type LivePromo, livePromo } from '../promotions/live-promo';
import { findCartPricing, findPlanDiscount } from './repository';

export type ShopperContext = {
  pricing: PricingContext;
  /** The abandoned cart the request was made for, if any. */
  cart: { id: string; planId: number | null; filters: { indicators: string[]; tags: string[] } } | null;
  /** The promo code the shopper is browsing with, when it exists and is live today. */
  promo: LivePromo | null;
};

/**
 * Resolves who is browsing: the cart's plan and price experiment, or an explicit plan. An unknown
 * cart is a 404 (the storefront then creates a new one); an unknown plan is a 422 on plan_id.
 */
export async function resolveShopperContext(
  db: Database,
  input: {
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
    promoCode?: string | undefined;
  },
  cartField = 'abandoned_cart',
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
