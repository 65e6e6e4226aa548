import { z } from 'zod';
import { PRODUCT_PAGE_SIZE } from './catalog-constants';
import { commaList, list, pagedList, paginationMeta, resource } from './envelope';
import { dishFamilyFit, suitsFilter } from './families';

export const IMAGE_SIZES = [
  'cart-desktop',
  'cart-mobile',
  'landing-desktop',
  'meal-card-desktop',
  'meal-card-mobile',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const image = z.object({
  uris: z.object({
    'cart-desktop': z.string(),
    'cart-mobile': z.string(),
    'landing-desktop': z.string(),
    'meal-card-desktop': z.string(),
    'meal-card-mobile': z.string(),
  }),
});

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Item price of this category under the cart's plan (dollars). */
  price: z.number(),
  sorting_weight: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const badge = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  color: z.string(),
});

export const productPrice = z.object({
  price: z.number(),
  regular_price: z.number(),
  original_price: z.number(),
  original_regular_price: z.number(),
  premium_difference: z.number(),
  original_premium_difference: z.number(),
  /** With ?promoCode= whose first-box tier is percent_off: this item's price in that box. */
  promo_price: z.number().optional(),
});
export type ProductPrice = z.infer<typeof productPrice>;

export const product = z.object({
  id: z.number().int(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  excerpt: z.string(),
  type: z.string(),
  ingredients: z.string(),
  with: z.string(),
  package: z.string(),
  packing_name: z.string(),
  weight: z.number().int(),
  fiber_milligrams: z.number().int(),
  protein_milligrams: z.number().int(),
  veggie_milliservings: z.number().int(),
  superfoods_number: z.number().int(),
  rating: z.number(),
  rating_count: z.number().int(),
  is_active: z.boolean(),
  is_composite: z.boolean(),
  is_flavor_explorer: z.boolean(),
  is_hidden_veggie: z.boolean(),
  is_premium: z.boolean(),
  item_price: z.number(),
  price: productPrice,
  image,
  images: z.array(image),
  nutrition_image: z.string(),
  indicators: z.array(z.string()),
  tags: z.array(z.string()),
  badge: badge.nullable().optional(),
  category: category.optional(),
  /**
   * For a signed-in customer with children: whom the dish does not suit (docs/decisions/055).
   * Absent for visitors and for customers without children.
   */
  family: dishFamilyFit.optional(),
});
export type Product = z.infer<typeof product>;

const includeList = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  commaList.pipe(z.array(z.enum(allowed, { error: `include must be one of: ${allowed.join(', ')}` })));

const pageNumber = z.coerce.number().int().min(1).max(10_000);
/** A row id: positive and within PostgreSQL's integer range, so a huge number is a 422, not a 500. */
export const rowId = z.coerce.number().int().min(1).max(2_147_483_647);
/**
 * Abandoned cart ids are 128 random bits written in UUID form (not RFC version-4 UUIDs, whose
 * version bits would leave only 122 random bits), so they are checked as GUID-shaped text.
 */
export const abandonedCartIdSchema = (field: string) =>
  z.guid({ error: `${field} must be an abandoned cart id` });
const abandonedCartId = abandonedCartIdSchema('abandoned_cart');
const promoCode = z.string().trim().min(1).max(64);

export const productsQuery = z
  .object({
    menu_item: z.string().min(1).max(100).optional(),
    abandoned_cart: abandonedCartId.optional(),
    /**
     * Prices under this plan instead of the cart's: a signed-in subscriber's plan, so the dishes
     * cost what their box charges for them (decision 042).
     */
    plan_id: rowId.optional(),
    page: pageNumber.default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(PRODUCT_PAGE_SIZE),
    indicators: commaList.optional(),
    tags: commaList.optional(),
    promoCode: promoCode.optional(),
    category_id: rowId.optional(),
    include: includeList(['badge', 'category']).optional(),
    /** A family's filter: only the dishes that suit every child ("everyone") or one child (its id). */
    suits: suitsFilter.optional(),
    /** Answers only the matching skus, unpaged: used to check which skus a menu still offers. */
    only_skus: z.enum(['true', 'false', '1', '0']).optional(),
  })
  .strict();
export type ProductsQuery = z.infer<typeof productsQuery>;

export const productsResponse = pagedList(product).extend({
  meta: z.object({
    pagination: paginationMeta,
    /** A signed-in family's children, for the filters "suits everyone" and one per child (docs/decisions/055). */
    family: z.object({ children: z.array(z.object({ id: z.number().int(), name: z.string() })) }).optional(),
  }),
});
export const productSkusResponse = list(z.string());
/** The products list answers the products, or only their skus when asked (only_skus=true). */
export const productsOrSkusResponse = productsResponse.or(productSkusResponse);
export type ProductsResponse = z.infer<typeof productsResponse>;

export const leastExpensiveProductQuery = z
  .object({
    abandoned_cart: abandonedCartId.optional(),
    promoCode: promoCode.optional(),
    category_id: rowId.optional(),
    include: includeList(['category', 'badge']).optional(),
  })
  .strict();
export const productResponse = resource(product);

/** One ingredient of a dish, with the allergen it carries (from the list the store highlights). */
export const ingredient = z.object({ name: z.string(), allergen: z.string().nullable() });
/** A dish opened on its own: the card's fields, its ingredients one by one and the allergens it contains. */
export const productDetail = product.extend({
  ingredient_list: z.array(ingredient),
  allergens: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productDetailResponse = resource(productDetail);
/** Several products by slug, as one card each (a blog post's dishes). */
export const productDetailsResponse = list(productDetail);
export const productSlugParams = z.object({ slug: z.string().min(1).max(100) });
export const productDetailQuery = z
  .object({
    abandoned_cart: abandonedCartId.optional(),
    /** Prices under this plan, as `productsQuery.plan_id` (a signed-in subscriber's). */
    plan_id: rowId.optional(),
    promoCode: promoCode.optional(),
    include: includeList(['badge', 'category']).optional(),
  })
  .strict();

export const menu = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  subtitle: z.string(),
  sorting_weight: z.number().int(),
  image,
  product_count: z.number().int(),
  /** "From" price: the lowest item price of the menu's primary category under the plan. */
  category_display_price: z.number().optional(),
  primary_category: category.optional(),
  primary_composable_category: category.nullable().optional(),
});
export type Menu = z.infer<typeof menu>;

export const menusQuery = z
  .object({
    promoCode: promoCode.optional(),
    plan_id: rowId.optional(),
    abandoned_cart: abandonedCartId.optional(),
    include: includeList(['categoryDisplayPrice', 'primaryCategory', 'primaryComposableCategory']).optional(),
  })
  .strict();
export type MenusQuery = z.infer<typeof menusQuery>;
export const menusResponse = list(menu);
export const menuResponse = resource(menu);
export const menuSlugParams = z.object({ slug: z.string().min(1).max(100) });

export const indicator = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export const tag = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  group: z.enum(['diet', 'allergen']),
});
export const indicatorsResponse = list(indicator);
export const tagsResponse = list(tag);
export type Indicator = z.infer<typeof indicator>;
export type Tag = z.infer<typeof tag>;

export const bestsellerGroup = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  show_on_cart: z.boolean(),
  total_quantity: z.number().int(),
  /** What the whole preset costs under the cart's plan (dollars). */
  total_price: z.number(),
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      item_price: z.number(),
      image,
    }),
  ),
});
export type BestsellerGroup = z.infer<typeof bestsellerGroup>;
export const bestsellersQuery = z
  .object({
    abandonedCartId: abandonedCartIdSchema('abandonedCartId').optional(),
    /** Prices under this plan, as `productsQuery.plan_id` (a signed-in subscriber's). */
    planId: rowId.optional(),
  })
  .strict();
export const bestsellersResponse = list(bestsellerGroup);

/*
 * What a menus page renders, and so all its loader data carries (decision 030: the HTML serialises
 * every byte a loader returns). The full wire shapes above stay the API's answers.
 */
/** A dish as its card shows it. */
export const productCardData = product
  .pick({
    id: true,
    sku: true,
    slug: true,
    name: true,
    with: true,
    packing_name: true,
    fiber_milligrams: true,
    protein_milligrams: true,
    veggie_milliservings: true,
    superfoods_number: true,
    rating: true,
    rating_count: true,
    tags: true,
    family: true,
  })
  .extend({
    price: productPrice.pick({ price: true, regular_price: true, promo_price: true }),
    image: z.object({ uris: image.shape.uris.pick({ 'meal-card-desktop': true, 'meal-card-mobile': true }) }),
    badge: badge.pick({ name: true, color: true }).nullable().optional(),
    category: category.pick({ name: true }).optional(),
  });
export type ProductCardData = z.infer<typeof productCardData>;
/** A menu as its tab and the page's heading show it. */
export const menuTab = menu.pick({ slug: true, name: true, description: true, category_display_price: true });
export type MenuTab = z.infer<typeof menuTab>;
/** A bestseller preset as its card shows it (its items are added by the cart, not listed). */
export const presetCardData = bestsellerGroup.pick({
  id: true,
  slug: true,
  name: true,
  description: true,
  total_quantity: true,
  total_price: true,
});
export type PresetCardData = z.infer<typeof presetCardData>;
/** A filter checkbox. */
export const filterOption = indicator.pick({ slug: true, name: true });
export type FilterOption = z.infer<typeof filterOption>;

export const alsoLovedQuery = z
  .object({
    skus: commaList.optional(),
    abandoned_cart: abandonedCartId.optional(),
    limit: z.coerce.number().int().min(1).max(24).default(8),
  })
  .strict();
export const alsoLovedResponse = list(product);
