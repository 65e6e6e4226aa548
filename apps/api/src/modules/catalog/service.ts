import {
  type BestsellerGroup,
  centsToDollars,
  type Indicator,
  type Menu,
  type MenusQuery,
  type Product,
  type ProductDetail,
  type ProductsQuery,
  paginate,
  type Tag,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { tierForBox } from '../../domain/discounts';
import { categoryPriceCents, itemPriceCents, type PricingContext } from '../../domain/item-prices';
import { type ProductInclude, toCategory, toProduct } from '../../domain/product-wire';
import type { ShopperContext, Shoppers } from '../../domain/shopper';
import { AppError } from '../../errors/app-error';
import { ingredientAllergens } from './allergens';
import type { CategoryRow } from './repository';
import * as repository from './repository';

/** A percent-off first-box tier can be shown per item; other tier types only make sense per box. */
export function promoItemPercent(promo: ShopperContext['promo']): number | null {
  const tier = promo ? tierForBox(promo.tiers, 1) : undefined;
  return tier?.type === 'percent_off' ? Math.min(100, tier.amount) : null;
}

export async function knownFilters(db: Database, indicatorSlugs: string[], tagSlugs: string[]) {
  if (indicatorSlugs.length === 0 && tagSlugs.length === 0) {
    return { indicators: new Set<string>(), tags: new Set<string>() };
  }
  return repository.findKnownFilterSlugs(db, indicatorSlugs, tagSlugs);
}

/** Unknown filter slugs are a 422 on the parameter that named them, not an empty page. */
export function assertAllKnown(
  requested: { indicators: string[]; tags: string[] },
  known: { indicators: Set<string>; tags: Set<string> },
) {
  const errors: Record<string, string[]> = {};
  const unknownIndicators = requested.indicators.filter((slug) => !known.indicators.has(slug));
  const unknownTags = requested.tags.filter((slug) => !known.tags.has(slug));
  if (unknownIndicators.length) errors.indicators = [`Unknown indicator: ${unknownIndicators.join(', ')}.`];
  if (unknownTags.length) errors.tags = [`Unknown tag: ${unknownTags.join(', ')}.`];
  if (Object.keys(errors).length) {
    throw new AppError('validation', Object.values(errors)[0]![0]!, { fieldErrors: errors });
  }
}

async function resolveMenuCategories(db: Database, menuItem: string | undefined) {
  if (!menuItem) return undefined;
  const menu = await repository.findMenu(db, menuItem);
  if (!menu) throw AppError.notFound(`Menu "${menuItem}" not found.`);
  return menu.categoryIds;
}

/** `shopper`: resolved by the caller (the cached reads do, to key their entry). */
export async function listProducts(db: Database, query: ProductsQuery, shopper: ShopperContext) {
  const menuCategoryIds = await resolveMenuCategories(db, query.menu_item);
  // A cart's saved filters apply to its listings unless the request names its own. Unknown slugs
  // the request names are a 422; unknown saved ones (a retired tag) are quietly left out.
  const explicitFilters = query.indicators !== undefined || query.tags !== undefined;
  const requested = explicitFilters
    ? { indicators: query.indicators ?? [], tags: query.tags ?? [] }
    : (shopper.cart?.filters ?? { indicators: [], tags: [] });
  const known = await knownFilters(db, requested.indicators, requested.tags);
  if (explicitFilters) assertAllKnown(requested, known);
  const indicatorSlugs = requested.indicators.filter((slug) => known.indicators.has(slug));
  const tagSlugs = requested.tags.filter((slug) => known.tags.has(slug));

  const categoryIds =
    query.category_id !== undefined
      ? (menuCategoryIds ?? [query.category_id]).filter((id) => id === query.category_id)
      : menuCategoryIds;
  const filter = { categoryIds, indicatorSlugs, tagSlugs };

  if (query.only_skus === 'true' || query.only_skus === '1') {
    return { kind: 'skus' as const, data: await repository.listProductSkus(db, filter) };
  }

  const offset = (query.page - 1) * query.perPage;
  const page = await repository.listProducts(db, filter, { offset, limit: query.perPage });
  const total = page.total ?? (offset === 0 ? 0 : await repository.countProducts(db, filter));
  const include = query.include ?? [];
  return {
    kind: 'page' as const,
    data: page.rows.map((row) => toProduct(row, shopper.pricing, include, promoItemPercent(shopper.promo))),
    pagination: paginate(total, query.page, query.perPage, page.rows.length),
  };
}

export async function findLeastExpensiveProduct(
  db: Database,
  query: { abandoned_cart?: string; promoCode?: string; category_id?: number; include?: ProductInclude[] },
  shoppers: Shoppers,
): Promise<Product> {
  const shopper = await shoppers.resolve(db, {
    abandonedCartId: query.abandoned_cart,
    promoCode: query.promoCode,
  });
  const filter = { categoryIds: query.category_id !== undefined ? [query.category_id] : undefined };
  const row = await repository.findLeastExpensiveProduct(db, filter, shopper.pricing);
  if (!row) throw AppError.notFound('No product is available in this category.');
  return toProduct(row, shopper.pricing, query.include ?? [], promoItemPercent(shopper.promo));
}

/** Whether a dish of this slug exists (what a blog post may offer), without pricing it. */
export async function productExists(db: Database, slug: string): Promise<boolean> {
  return (await repository.findProductBySlug(db, slug)) !== undefined;
}

/** One dish by slug for its own page or dialog: priced for the cart, ingredients with allergens. */
export async function findProduct(
  db: Database,
  slug: string,
  query: { abandoned_cart?: string; plan_id?: number; promoCode?: string; include?: ProductInclude[] },
  shoppers: Shoppers,
): Promise<ProductDetail> {
  const [shopper, row] = await Promise.all([
    shoppers.resolve(db, {
      abandonedCartId: query.abandoned_cart,
      planId: query.plan_id,
      promoCode: query.promoCode,
    }),
    repository.findProductBySlug(db, slug),
  ]);
  if (!row) throw AppError.notFound(`Product "${slug}" not found.`);
  const product = toProduct(row, shopper.pricing, query.include ?? [], promoItemPercent(shopper.promo));
  const { ingredients, allergens } = ingredientAllergens(product.ingredients, product.tags);
  return { ...product, ingredient_list: ingredients, allergens };
}

/**
 * The active products among these slugs, in the order given, priced as `pricing` says, each as
 * `findProduct` answers it with its badge and category (one statement). A slug no longer on the
 * menu is left out: an article written about a retired dish still shows.
 */
export async function listProductsBySlugs(
  db: Database,
  slugs: readonly string[],
  pricing: PricingContext,
): Promise<ProductDetail[]> {
  const rows = await repository.findProductsBySlugs(db, slugs);
  const bySlug = new Map(rows.map((row) => [row.product.slug, row]));
  return slugs.flatMap((slug) => {
    const row = bySlug.get(slug);
    if (!row) return [];
    const product = toProduct(row, pricing, ['badge', 'category']);
    const { ingredients, allergens } = ingredientAllergens(product.ingredients, product.tags);
    return [{ ...product, ingredient_list: ingredients, allergens }];
  });
}

export async function listAlsoLoved(
  db: Database,
  query: { skus?: string[]; abandoned_cart?: string; limit: number },
  shoppers: Shoppers,
): Promise<Product[]> {
  const shopper = await shoppers.resolve(db, { abandonedCartId: query.abandoned_cart });
  const rows = await repository.listRecommendedProducts(db, query.skus ?? [], query.limit);
  return rows.map((row) => toProduct(row, shopper.pricing, ['badge', 'category']));
}

function toMenu(
  { menu, productCount }: repository.MenuRow,
  categoriesById: Map<number, CategoryRow>,
  pricing: PricingContext,
  include: MenusQuery['include'] = [],
): Menu {
  const primary = categoriesById.get(menu.primaryCategoryId)!;
  const composable =
    menu.primaryComposableCategoryId === null ? null : categoriesById.get(menu.primaryComposableCategoryId)!;
  const result: Menu = {
    id: menu.id,
    slug: menu.slug,
    name: menu.name,
    description: menu.description,
    subtitle: menu.subtitle,
    sorting_weight: menu.sortingWeight,
    image: { uris: menu.image },
    product_count: productCount,
  };
  if (include.includes('categoryDisplayPrice')) {
    result.category_display_price = centsToDollars(categoryPriceCents(primary.basePriceCents, pricing));
  }
  if (include.includes('primaryCategory')) result.primary_category = toCategory(primary, pricing);
  if (include.includes('primaryComposableCategory')) {
    result.primary_composable_category = composable ? toCategory(composable, pricing) : null;
  }
  return result;
}

async function menuPricing(db: Database, query: MenusQuery, shoppers: Shoppers) {
  const [shopper, categories] = await Promise.all([
    shoppers.resolve(db, {
      abandonedCartId: query.abandoned_cart,
      planId: query.plan_id,
      promoCode: query.promoCode,
    }),
    repository.listCategories(db),
  ]);
  return { pricing: shopper.pricing, categoriesById: new Map(categories.map((row) => [row.id, row])) };
}

/** `pricing`: resolved by the caller (the cached reads do, to key their entry). */
export async function listMenus(db: Database, query: MenusQuery, pricing: PricingContext): Promise<Menu[]> {
  const [priced, menus] = await Promise.all([
    repository.listCategories(db).then((categories) => ({
      pricing,
      categoriesById: new Map(categories.map((row) => [row.id, row])),
    })),
    repository.listMenus(db),
  ]);
  return menus.map((row) => toMenu(row, priced.categoriesById, priced.pricing, query.include));
}

export async function findMenu(
  db: Database,
  key: string,
  query: MenusQuery,
  shoppers: Shoppers,
): Promise<Menu> {
  const [{ pricing, categoriesById }, row] = await Promise.all([
    menuPricing(db, query, shoppers),
    repository.findMenu(db, key),
  ]);
  if (!row) throw AppError.notFound(`Menu "${key}" not found.`);
  return toMenu(row, categoriesById, pricing, query.include);
}

export async function listIndicators(db: Database): Promise<Indicator[]> {
  const rows = await repository.listIndicators(db);
  return rows.map(({ id, slug, name, description }) => ({ id, slug, name, description }));
}

export async function listTags(db: Database): Promise<Tag[]> {
  const rows = await repository.listTags(db);
  return rows.map(({ id, slug, name, group }) => ({ id, slug, name, group: group as Tag['group'] }));
}

export async function listBestsellers(db: Database, pricing: PricingContext): Promise<BestsellerGroup[]> {
  // The cart prices the presets (the caller resolves it): a visitor sees what the box would cost under their plan.
  const shopper = { pricing };
  const groups = await repository.listBestsellerGroups(db);
  return groups.map(({ group, items }) => {
    const priced = items.map((item) => ({
      sku: item.sku,
      name: item.name,
      quantity: item.quantity,
      image: { uris: item.image },
      priceCents: itemPriceCents(item, shopper.pricing).price,
    }));
    return {
      id: group.id,
      slug: group.slug,
      name: group.name,
      description: group.description,
      show_on_cart: group.showOnCart,
      total_quantity: priced.reduce((sum, item) => sum + item.quantity, 0),
      total_price: centsToDollars(priced.reduce((sum, item) => sum + item.priceCents * item.quantity, 0)),
      items: priced.map(({ priceCents, ...item }) => ({ ...item, item_price: centsToDollars(priceCents) })),
    };
  });
}

// ─── The smart box (docs/decisions/055) ──────────────────────────────────────────────────────

/** The dishes a box may be filled with, as the smart box reads them (its menus' subtitles name the ages). */
export async function listBoxDishes(db: Database) {
  const rows = await repository.listBoxDishes(db);
  return rows.map((row) => ({ ...row, tagIds: row.tagIds.map(Number), rating: Number(row.rating) }));
}

// ─── A dish's public rating from customers' ratings (docs/decisions/055, Ratings) ─────────────

/**
 * Shows customers' figure as the dish's public rating (stars 1–5, two decimals, and how many):
 * true when it changed, so the caller clears the catalogue cache after its commit (decision 028).
 */
export function setPublicRating(db: Database, productId: number, rating: number, ratingCount: number) {
  return repository.setPublicRating(db, productId, rating, ratingCount);
}

// ─── Flags and warnings (docs/decisions/055) ────────────────────────────────────────────────────

/** What the families' suitability rule reads of these dishes (one statement), for the workflows. */
export async function dishFacts(db: Database, skus: readonly string[]) {
  const rows = await repository.listDishFacts(db, skus);
  return rows.map((row) => ({ ...row, tagIds: (row.tagIds ?? []).map(Number) }));
}
