import { type Category, centsToDollars, type Product } from '@sprout/contracts';
import type { schema } from '@sprout/db';
import { categoryPriceCents, itemPriceCents, type PricingContext } from './item-prices';

// A product card as every answer that shows one writes it: the catalogue's pages and a cart's
// lines. One mapping, beside the prices it shows (docs/decisions/048).

export type CategoryRow = typeof schema.categories.$inferSelect;
export type BadgeRow = typeof schema.badges.$inferSelect;

/** What a product card is made of: the catalog's published columns read it in one statement. */
export type ProductRow = {
  product: typeof schema.products.$inferSelect;
  category: CategoryRow;
  badge: BadgeRow | null;
  indicators: string[];
  tags: string[];
};

/** The optional parts of a product card a caller asks for. */
export type ProductInclude = 'badge' | 'category';

export function toCategory(row: CategoryRow, pricing: PricingContext): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: centsToDollars(categoryPriceCents(row.basePriceCents, pricing)),
    sorting_weight: row.sortingWeight,
  };
}

export function toProduct(
  row: ProductRow,
  pricing: PricingContext,
  include: readonly ProductInclude[],
  promoPercent: number | null = null,
): Product {
  const { product } = row;
  const prices = itemPriceCents(
    { basePriceCents: row.category.basePriceCents, premiumDifferenceCents: product.premiumDifferenceCents },
    pricing,
  );
  const result: Product = {
    id: product.id,
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    description: product.description,
    excerpt: product.excerpt,
    type: product.type,
    ingredients: product.ingredients,
    with: product.with,
    package: product.package,
    packing_name: product.packingName,
    weight: product.weightGrams,
    fiber_milligrams: product.fiberMilligrams,
    protein_milligrams: product.proteinMilligrams,
    veggie_milliservings: product.veggieMilliservings,
    superfoods_number: product.superfoodsNumber,
    rating: product.rating,
    rating_count: product.ratingCount,
    is_active: product.isActive,
    is_composite: product.isComposite,
    is_flavor_explorer: product.isFlavorExplorer,
    is_hidden_veggie: product.isHiddenVeggie,
    is_premium: product.isPremium,
    item_price: centsToDollars(prices.price),
    price: {
      price: centsToDollars(prices.price),
      regular_price: centsToDollars(prices.regularPrice),
      original_price: centsToDollars(prices.originalPrice),
      original_regular_price: centsToDollars(prices.originalRegularPrice),
      premium_difference: centsToDollars(prices.premiumDifference),
      original_premium_difference: centsToDollars(prices.originalPremiumDifference),
      ...(promoPercent === null
        ? {}
        : { promo_price: centsToDollars(prices.price - Math.round((prices.price * promoPercent) / 100)) }),
    },
    image: { uris: product.image },
    images: product.images.map((uris) => ({ uris })),
    nutrition_image: product.nutritionImage,
    indicators: row.indicators,
    tags: row.tags,
  };
  if (include.includes('badge')) {
    result.badge = row.badge
      ? { id: row.badge.id, slug: row.badge.slug, name: row.badge.name, color: row.badge.color }
      : null;
  }
  if (include.includes('category')) result.category = toCategory(row.category, pricing);
  return result;
}
