import type { Database } from '@sprout/db';
import type { Tier } from './discounts';
import type { PricingContext } from './item-prices';

/** The promo code a shopper browses with (a listing URL's ?pc=), priced into what the page shows. */
export type LivePromo = { code: string; description: string; tiers: Tier[] };

/** Who is browsing: the prices they see, their cart (if any) and the live promo code they came with. */
export type ShopperContext = {
  pricing: PricingContext;
  /** The abandoned cart the request was made for, if any. */
  cart: { id: string; planId: number | null; filters: { indicators: string[]; tags: string[] } } | null;
  /** The promo code the shopper is browsing with, when it exists and is live today. */
  promo: LivePromo | null;
};

export type ShopperQuery = {
  abandonedCartId?: string | undefined;
  planId?: number | undefined;
  promoCode?: string | undefined;
};

/**
 * The shopper's context as the pricing module (cart and plan) and the promotions module (live
 * codes) resolve it together. The catalogue and the plans list price with it, and receive it from
 * above (plugins/catalogue.ts composes it), so neither imports those modules (docs/decisions/048).
 */
export type Shoppers = {
  /** An unknown cart is a 404 (`cartField` names it); an unknown plan is a 422 on plan_id. */
  resolve(db: Database, input: ShopperQuery, cartField?: string): Promise<ShopperContext>;
  /** A code named in a listing URL prices the page only if it exists and is within its dates. */
  livePromo(db: Database, code: string | undefined): Promise<LivePromo | null>;
};
