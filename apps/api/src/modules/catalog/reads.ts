import {
  type BestsellerGroup,
  bestsellersResponse,
  type Indicator,
  indicatorsResponse,
  type Menu,
  type MenusQuery,
  menusResponse,
  type ProductDetail,
  type ProductsQuery,
  type ProductsResponse,
  productDetailsResponse,
  productSkusResponse,
  productsResponse,
  type Tag,
  tagsResponse,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { PricingContext } from '../../domain/item-prices';
import type { ShopperContext, Shoppers } from '../../domain/shopper';
import type { CachedAnswer, CatalogueCache } from '../../lib/catalogue-cache';
import * as catalog from './service';

/**
 * A promo code's answer is kept for a minute at most: a code starts or ends at an instant no admin
 * write announces, so this bounds how late a listing learns of it.
 */
const PROMO_ENTRY_MS = 60_000;

type List<T> = { data: T[]; meta: Record<string, unknown> };
export type ProductListing = ProductsResponse | List<string>;

/**
 * The catalogue reads the storefront's pages and the public routes share (decision 028): the wire
 * shapes of packages/contracts, served from the in-process cache. Everything that makes prices
 * differ between visitors (the cart's plan and price-variance group, an explicit plan, a promo
 * code) and the cart's saved filters are part of the key, never the cart itself: two carts on the
 * same plan and group share one entry, two on different ones never do.
 */
export type CatalogueReads = {
  products(query: ProductsQuery): Promise<CachedAnswer<ProductListing>>;
  menus(query: MenusQuery): Promise<CachedAnswer<List<Menu>>>;
  indicators(): Promise<CachedAnswer<List<Indicator>>>;
  tags(): Promise<CachedAnswer<List<Tag>>>;
  bestsellers(query: {
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
  }): Promise<CachedAnswer<List<BestsellerGroup>>>;
  /** Active products by slug, in that order, as cards priced for the cart (a blog post's dishes). */
  productCards(query: {
    slugs: readonly string[];
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
  }): Promise<CachedAnswer<List<ProductDetail>>>;
};

const sortedSet = (values: readonly string[] | undefined) =>
  values === undefined ? null : [...new Set(values)].sort();
const pricingKey = (pricing: PricingContext) =>
  `${pricing.planDiscountBasisPoints}/${pricing.varianceBasisPoints}`;

/**
 * The cart's pricing and saved filters (one statement), or list prices without a cart. A plan
 * named (a signed-in subscriber's, decision 042) prices instead of the cart's: the key is the
 * pricing it comes to, so every subscriber of one plan shares the entries of that plan.
 */
async function cartContext(
  shoppers: Shoppers,
  db: Database,
  cartId: string | undefined,
  cartField?: string,
  planId?: number | undefined,
) {
  return shoppers.resolve(db, { abandonedCartId: cartId, planId }, cartField);
}

/** `shoppers`: the pricing and promotions modules' shopper context, handed over by plugins/catalogue.ts. */
export function createCatalogueReads(
  db: () => Database,
  cache: CatalogueCache,
  shoppers: Shoppers,
): CatalogueReads {
  return {
    async products(query) {
      const shopper = await cartContext(shoppers, db(), query.abandoned_cart, undefined, query.plan_id);
      const explicitFilters = query.indicators !== undefined || query.tags !== undefined;
      const onlySkus = query.only_skus === 'true' || query.only_skus === '1';
      const key = JSON.stringify([
        'products',
        pricingKey(shopper.pricing),
        query.promoCode ?? null,
        query.menu_item ?? null,
        query.category_id ?? null,
        explicitFilters
          ? [sortedSet(query.indicators ?? []), sortedSet(query.tags ?? [])]
          : [sortedSet(shopper.cart?.filters.indicators), sortedSet(shopper.cart?.filters.tags)],
        onlySkus ? 'skus' : [query.page, query.perPage, sortedSet(query.include)],
      ]);
      return cache.get<ProductListing>(key, async () => {
        const promo = await shoppers.livePromo(db(), query.promoCode);
        const result = await catalog.listProducts(db(), query, { ...shopper, promo });
        const value =
          result.kind === 'skus'
            ? productSkusResponse.parse({ data: result.data, meta: {} })
            : productsResponse.parse({ data: result.data, meta: { pagination: result.pagination } });
        return { value, ...(query.promoCode ? { expiresAt: Date.now() + PROMO_ENTRY_MS } : {}) };
      });
    },

    async menus(query) {
      // The promo code prices nothing on a menu: it is left out of the key and the reads.
      const shopper = await cartContext(shoppers, db(), query.abandoned_cart);
      const key = JSON.stringify([
        'menus',
        pricingKey(shopper.pricing),
        query.plan_id ?? null,
        sortedSet(query.include),
      ]);
      return cache.get(key, async () => {
        const pricing = await planPricing(shoppers, db(), shopper, query.plan_id);
        const data = await catalog.listMenus(db(), query, pricing);
        return { value: menusResponse.parse({ data, meta: {} }) as List<Menu> };
      });
    },

    indicators: () =>
      cache.get('["indicators"]', async () => ({
        value: indicatorsResponse.parse({
          data: await catalog.listIndicators(db()),
          meta: {},
        }) as List<Indicator>,
      })),

    tags: () =>
      cache.get('["tags"]', async () => ({
        value: tagsResponse.parse({ data: await catalog.listTags(db()), meta: {} }) as List<Tag>,
      })),

    async bestsellers(query) {
      const shopper = await cartContext(
        shoppers,
        db(),
        query.abandonedCartId,
        'abandonedCartId',
        query.planId,
      );
      return cache.get(JSON.stringify(['bestsellers', pricingKey(shopper.pricing)]), async () => {
        const data = await catalog.listBestsellers(db(), shopper.pricing);
        return { value: bestsellersResponse.parse({ data, meta: {} }) as List<BestsellerGroup> };
      });
    },

    async productCards(query) {
      const shopper = await cartContext(
        shoppers,
        db(),
        query.abandonedCartId,
        'abandonedCartId',
        query.planId,
      );
      const key = JSON.stringify(['product-cards', pricingKey(shopper.pricing), query.slugs]);
      return cache.get(key, async () => {
        const data = await catalog.listProductsBySlugs(db(), query.slugs, shopper.pricing);
        return { value: productDetailsResponse.parse({ data, meta: {} }) as List<ProductDetail> };
      });
    },
  };
}

/** An explicit plan replaces the cart's plan discount (as the shopper context does). */
async function planPricing(
  shoppers: Shoppers,
  db: Database,
  shopper: ShopperContext,
  planId: number | undefined,
) {
  if (planId === undefined) return shopper.pricing;
  const { pricing } = await shoppers.resolve(db, { planId });
  return { ...shopper.pricing, planDiscountBasisPoints: pricing.planDiscountBasisPoints };
}
