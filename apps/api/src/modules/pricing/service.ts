import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import type { Tier } from '../promotions/discounts';
import { findPromoCode } from '../promotions/repository';
import { toTier } from '../promotions/wire';
import { LIST_PRICING, type PricingContext } from './item-prices';
import { findCartPricing, findPlanDiscount } from './repository';

export type ShopperContext = {
  pricing: PricingContext;
  /** The abandoned cart the request was made for, if any. */
  cart: { id: string; planId: number | null; filters: { indicators: string[]; tags: string[] } } | null;
  /** The promo code the shopper is browsing with, when it exists and is live today. */
  promo: { code: string; description: string; tiers: Tier[] } | null;
};

/** A code named in a listing URL prices the page only if it exists and is within its dates. */
async function livePromo(
  db: Database,
  code: string | undefined,
  now = new Date(),
): Promise<ShopperContext['promo']> {
  if (!code) return null;
  const found = await findPromoCode(db, code);
  if (!found?.promo.isActive) return null;
  if (
    (found.promo.startsAt && now < found.promo.startsAt) ||
    (found.promo.endsAt && now > found.promo.endsAt)
  )
    return null;
  return {
    code: found.promo.code,
    description: found.promo.description,
    tiers: found.tiers.map((tier) =>
      toTier({
        id: tier.id,
        type: tier.type,
        amount: tier.amount,
        weekly_ordinal_number: tier.weeklyOrdinalNumber,
        free_shipping: tier.freeShipping,
        free_tax: tier.freeTax,
      }),
    ),
  };
}

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
