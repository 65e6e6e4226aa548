/** Shapes of the demo catalogue's source data. Slugs stand in for ids; the seed resolves them. */

/** Picture palette of a category: gradient background and plate rim. */
export type CategoryTheme = { from: string; to: string; plate: string; accent: string };

export type CategorySeed = {
  slug: string;
  name: string;
  description: string;
  basePriceCents: number;
  sortingWeight: number;
  isComposable: boolean;
  /** Not stored: colours of the rendered pictures. */
  theme: CategoryTheme;
};

export type BadgeSeed = { slug: string; name: string; color: string };

export type IndicatorSeed = { slug: string; name: string; description: string; sortingWeight: number };

export type TagSeed = { slug: string; name: string; group: 'diet' | 'allergen'; sortingWeight: number };

/**
 * Fluent emoji icon names (see @iconify-json/fluent-emoji): the main food first, then one or two
 * garnishes. render-images.ts fails on a name the icon set does not have.
 */
export type EmojiSet =
  | readonly [main: string, garnish: string]
  | readonly [main: string, garnish: string, garnish2: string];

export type ProductSeed<
  Category extends string = string,
  Badge extends string = string,
  Indicator extends string = string,
  Tag extends string = string,
> = {
  sku: string;
  slug: string;
  name: string;
  description: string;
  excerpt: string;
  category: Category;
  badge: Badge | null;
  type: 'puree' | 'finger-food' | 'meal' | 'smoothie' | 'snack' | 'bowl';
  ingredients: string;
  with: string;
  packingName: string;
  package: string;
  weightGrams: number;
  fiberMilligrams: number;
  proteinMilligrams: number;
  /** Thousandths of a vegetable serving: 1500 is one and a half servings. */
  veggieMilliservings: number;
  superfoodsNumber: number;
  rating: number;
  ratingCount: number;
  isActive: boolean;
  isComposite: boolean;
  isFlavorExplorer: boolean;
  isHiddenVeggie: boolean;
  isPremium: boolean;
  premiumDifferenceCents: number;
  sortingWeight: number;
  indicators: readonly Indicator[];
  tags: readonly Tag[];
  emoji: EmojiSet;
};

export type MenuSeed<Category extends string = string> = {
  slug: string;
  name: string;
  description: string;
  subtitle: string;
  sortingWeight: number;
  primaryCategory: Category;
  primaryComposableCategory: Category | null;
  /** Every category the menu lists, the primary one included. */
  categories: readonly Category[];
  emoji: EmojiSet;
};

export type BestsellerGroupSeed<Product extends string = string> = {
  slug: string;
  name: string;
  description: string;
  showOnCart: boolean;
  sortingWeight: number;
  items: readonly { product: Product; quantity: number }[];
};

export type RecommendationSeed = { product: string; recommended: string; score: number };

export type PlanSeed = {
  slug: string;
  name: string;
  tag: string | null;
  threshold: number;
  itemDiscountBasisPoints: number;
  shippingCostCents: number;
  description: string;
  sortingWeight: number;
};

export type PriceVarianceGroupSeed = { name: string; adjustmentBasisPoints: number };

export type StateSeed = { code: string; name: string; taxRateBasisPoints: number; taxesShipping: boolean };

export type ZipCodeSeed = {
  code: string;
  state: string;
  city: string;
  isDelivered: boolean;
  deliveryWeekdays: readonly number[];
};
