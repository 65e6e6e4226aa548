import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The five renditions the storefront asks for, keyed by the size names it uses. */
export type ImageUris = {
  'cart-desktop': string;
  'cart-mobile': string;
  'landing-desktop': string;
  'meal-card-desktop': string;
  'meal-card-mobile': string;
};

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull(),
  /** List price of one item of this category, in cents, before any plan discount. */
  basePriceCents: integer().notNull(),
  sortingWeight: integer().notNull().default(0),
  /** Composable categories are the ones a box is built from (meals); others are add-ons. */
  isComposable: boolean().notNull().default(true),
});

export const badges = pgTable('badges', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  color: text().notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    sku: text().notNull().unique(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull(),
    excerpt: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    badgeId: integer().references(() => badges.id),
    type: text().notNull(),
    ingredients: text().notNull(),
    /** Main pairing shown under the name, for example "with quinoa and peas". */
    with: text().notNull(),
    packingName: text().notNull(),
    package: text().notNull(),
    weightGrams: integer().notNull(),
    fiberMilligrams: integer().notNull(),
    proteinMilligrams: integer().notNull(),
    veggieMilliservings: integer().notNull(),
    superfoodsNumber: integer().notNull(),
    rating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull(),
    ratingCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    isComposite: boolean().notNull().default(false),
    isFlavorExplorer: boolean().notNull().default(false),
    isHiddenVeggie: boolean().notNull().default(false),
    isPremium: boolean().notNull().default(false),
    /** Extra cents per unit on top of the category price for premium products. */
    premiumDifferenceCents: integer().notNull().default(0),
    sortingWeight: integer().notNull().default(0),
    image: jsonb().$type<ImageUris>().notNull(),
    images: jsonb().$type<ImageUris[]>().notNull(),
    nutritionImage: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.categoryId), index().on(t.isActive, t.sortingWeight)],
);

export const indicators = pgTable('indicators', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  sortingWeight: integer().notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  /** 'diet' or 'allergen': the storefront groups filters by it. */
  group: text().notNull(),
  sortingWeight: integer().notNull().default(0),
});

export const productIndicators = pgTable(
  'product_indicators',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    indicatorId: integer()
      .notNull()
      .references(() => indicators.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.indicatorId] }), index().on(t.indicatorId)],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index().on(t.tagId)],
);

/** A menu (product menu item) is a curated view over one or more categories: /menus/{slug}. */
export const menus = pgTable('menus', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  /** Age or occasion line shown on the menu card, for example "6+ months". */
  subtitle: text().notNull(),
  sortingWeight: integer().notNull().default(0),
  primaryCategoryId: integer()
    .notNull()
    .references(() => categories.id),
  primaryComposableCategoryId: integer().references(() => categories.id),
  image: jsonb().$type<ImageUris>().notNull(),
});

export const menuCategories = pgTable(
  'menu_categories',
  {
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.categoryId] })],
);

export const bestsellerGroups = pgTable('bestseller_groups', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  showOnCart: boolean().notNull().default(false),
  sortingWeight: integer().notNull().default(0),
});

export const bestsellerGroupItems = pgTable(
  'bestseller_group_items',
  {
    groupId: integer()
      .notNull()
      .references(() => bestsellerGroups.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.productId] })],
);

export const productRecommendations = pgTable(
  'product_recommendations',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    recommendedProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    score: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.recommendedProductId] }),
    uniqueIndex().on(t.recommendedProductId, t.productId),
  ],
);
