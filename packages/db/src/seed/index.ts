import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  badges as badgesTable,
  bestsellerGroupItems,
  bestsellerGroups as bestsellerGroupsTable,
  categories as categoriesTable,
  checkoutUpsellProducts,
  indicators as indicatorsTable,
  menuCategories,
  menus as menusTable,
  plans as plansTable,
  priceVarianceGroups as priceVarianceGroupsTable,
  productIndicators,
  productRecommendations,
  products as productsTable,
  productTags,
  states as statesTable,
  tags as tagsTable,
  zipCodes as zipCodesTable,
} from '../schema/index';
import { demoAccounts, seedDemoAccounts } from './accounts';
import { seedDemoBlog } from './blog/index';
import { badges } from './catalogue/badges';
import { bestsellerGroups } from './catalogue/bestsellers';
import { categories } from './catalogue/categories';
import { indicators } from './catalogue/indicators';
import { menus } from './catalogue/menus';
import { plans, priceVarianceGroups } from './catalogue/plans';
import { products } from './catalogue/products';
import { recommendations } from './catalogue/recommendations';
import { states, zipCodes } from './catalogue/shipping';
import { tags } from './catalogue/tags';
import { checkoutUpsells } from './catalogue/upsells';
import { seedDemoRatings } from './demo-ratings';
import { seedExperiments } from './experiments';
import { seedGiftCardPromotions } from './gift-cards';
import { seedDemoPromotions } from './promotions';
import { demoLeftovers, hasCatalogue, seedStoreSettings } from './store-settings';

export { demoAccounts, seedDemoAccounts } from './accounts';
export { demoBlogCategories, demoBlogPosts, seedBlogCategories, seedDemoBlog } from './blog/index';
export {
  demoCustomer,
  partnerships as demoPartnerships,
  promoCodes as demoPromoCodes,
} from './catalogue/promotions';
export { DEMO_RATED_CHILDREN, seedDemoRatings } from './demo-ratings';
export { demoExperiments, seedExperiments } from './experiments';
export { demoGiftCardPromotion } from './gift-cards';
export {
  blogCategoryImageBase,
  menuImageUris,
  productGalleryUris,
  productImageUris,
  productNutritionUri,
} from './media';
export { demoLeftovers, hasCatalogue, liveStoreSettings, seedStoreSettings } from './store-settings';
export { seedDemoPromotions };

/** The demo catalogue's source data, for tests and tools that want more than the DEMO facts. */
export const demoCatalogue = {
  categories,
  badges,
  indicators,
  tags,
  products,
  menus,
  bestsellerGroups,
  recommendations,
  plans,
  priceVarianceGroups,
  states,
  zipCodes,
} as const;

// Serialises concurrent seeds (several API replicas starting against one PostgreSQL).
const SEED_LOCK_KEY = 72_310_456;

function idsBySlug<Row extends { id: number }>(rows: Row[], key: (row: Row) => string): Map<string, number> {
  return new Map(rows.map((row) => [key(row), row.id]));
}

function idOf(ids: Map<string, number>, slug: string, what: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`demo catalogue: unknown ${what} "${slug}"`);
  return id;
}

/**
 * Inserts the demo catalogue (categories, products, menus, plans, shipping areas…) in one
 * transaction. Does nothing and returns false when the plans table already has rows, so it is safe
 * to call on every start; returns true when it seeded.
 */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const existing = await tx.select({ id: plansTable.id }).from(plansTable).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(plansTable).values([...plans]);
    await tx.insert(priceVarianceGroupsTable).values([...priceVarianceGroups]);

    const stateRows = await tx
      .insert(statesTable)
      .values([...states])
      .returning({ id: statesTable.id, code: statesTable.code });
    const stateIds = idsBySlug(stateRows, (row) => row.code);
    await tx.insert(zipCodesTable).values(
      zipCodes.map((zip) => ({
        code: zip.code,
        stateId: idOf(stateIds, zip.state, 'state'),
        city: zip.city,
        isDelivered: zip.isDelivered,
        deliveryWeekdays: [...zip.deliveryWeekdays],
      })),
    );

    const categoryRows = await tx
      .insert(categoriesTable)
      .values(
        categories.map((category) => ({
          name: category.name,
          slug: category.slug,
          description: category.description,
          basePriceCents: category.basePriceCents,
          sortingWeight: category.sortingWeight,
          isComposable: category.isComposable,
        })),
      )
      .returning({ id: categoriesTable.id, slug: categoriesTable.slug });
    const categoryIds = idsBySlug(categoryRows, (row) => row.slug);

    const badgeRows = await tx
      .insert(badgesTable)
      .values([...badges])
      .returning({ id: badgesTable.id, slug: badgesTable.slug });
    const badgeIds = idsBySlug(badgeRows, (row) => row.slug);

    const indicatorRows = await tx
      .insert(indicatorsTable)
      .values([...indicators])
      .returning({ id: indicatorsTable.id, slug: indicatorsTable.slug });
    const indicatorIds = idsBySlug(indicatorRows, (row) => row.slug);

    const tagRows = await tx
      .insert(tagsTable)
      .values([...tags])
      .returning({ id: tagsTable.id, slug: tagsTable.slug });
    const tagIds = idsBySlug(tagRows, (row) => row.slug);

    const productRows = await tx
      .insert(productsTable)
      .values(
        products.map((product) => ({
          sku: product.sku,
          slug: product.slug,
          name: product.name,
          description: product.description,
          excerpt: product.excerpt,
          categoryId: idOf(categoryIds, product.category, 'category'),
          badgeId: product.badge === null ? null : idOf(badgeIds, product.badge, 'badge'),
          type: product.type,
          ingredients: product.ingredients,
          with: product.with,
          packingName: product.packingName,
          package: product.package,
          weightGrams: product.weightGrams,
          fiberMilligrams: product.fiberMilligrams,
          proteinMilligrams: product.proteinMilligrams,
          veggieMilliservings: product.veggieMilliservings,
          superfoodsNumber: product.superfoodsNumber,
          rating: product.rating,
          ratingCount: product.ratingCount,
          isActive: product.isActive,
          isComposite: product.isComposite,
          isFlavorExplorer: product.isFlavorExplorer,
          isHiddenVeggie: product.isHiddenVeggie,
          isPremium: product.isPremium,
          premiumDifferenceCents: product.premiumDifferenceCents,
          sortingWeight: product.sortingWeight,
          image: product.image,
          images: product.images,
          nutritionImage: product.nutritionImage,
        })),
      )
      .returning({ id: productsTable.id, slug: productsTable.slug });
    const productIds = idsBySlug(productRows, (row) => row.slug);

    await tx.insert(productIndicators).values(
      products.flatMap((product) =>
        product.indicators.map((indicator) => ({
          productId: idOf(productIds, product.slug, 'product'),
          indicatorId: idOf(indicatorIds, indicator, 'indicator'),
        })),
      ),
    );
    await tx.insert(productTags).values(
      products.flatMap((product) =>
        product.tags.map((tag) => ({
          productId: idOf(productIds, product.slug, 'product'),
          tagId: idOf(tagIds, tag, 'tag'),
        })),
      ),
    );

    const menuRows = await tx
      .insert(menusTable)
      .values(
        menus.map((menu) => ({
          slug: menu.slug,
          name: menu.name,
          description: menu.description,
          subtitle: menu.subtitle,
          sortingWeight: menu.sortingWeight,
          primaryCategoryId: idOf(categoryIds, menu.primaryCategory, 'category'),
          primaryComposableCategoryId:
            menu.primaryComposableCategory === null
              ? null
              : idOf(categoryIds, menu.primaryComposableCategory, 'category'),
          image: menu.image,
        })),
      )
      .returning({ id: menusTable.id, slug: menusTable.slug });
    const menuIds = idsBySlug(menuRows, (row) => row.slug);
    await tx.insert(menuCategories).values(
      menus.flatMap((menu) =>
        menu.categories.map((category) => ({
          menuId: idOf(menuIds, menu.slug, 'menu'),
          categoryId: idOf(categoryIds, category, 'category'),
        })),
      ),
    );

    const groupRows = await tx
      .insert(bestsellerGroupsTable)
      .values(
        bestsellerGroups.map((group) => ({
          slug: group.slug,
          name: group.name,
          description: group.description,
          showOnCart: group.showOnCart,
          sortingWeight: group.sortingWeight,
        })),
      )
      .returning({ id: bestsellerGroupsTable.id, slug: bestsellerGroupsTable.slug });
    const groupIds = idsBySlug(groupRows, (row) => row.slug);
    await tx.insert(bestsellerGroupItems).values(
      bestsellerGroups.flatMap((group) =>
        group.items.map((item, position) => ({
          groupId: idOf(groupIds, group.slug, 'bestseller group'),
          productId: idOf(productIds, item.product, 'product'),
          quantity: item.quantity,
          position,
        })),
      ),
    );

    await tx.insert(productRecommendations).values(
      recommendations.map((recommendation) => ({
        productId: idOf(productIds, recommendation.product, 'product'),
        recommendedProductId: idOf(productIds, recommendation.recommended, 'product'),
        score: recommendation.score,
      })),
    );

    return true;
  });
}

function bySlug<T extends { slug: string }>(rows: readonly T[], slug: string): T {
  const row = rows.find((candidate) => candidate.slug === slug);
  if (!row) throw new Error(`demo catalogue: no "${slug}"`);
  return row;
}

const activeProducts = products.filter((product) => product.isActive);
const premiumProduct = bySlug(products, 'grass-fed-beef-ragu');
const regularProduct = bySlug(products, 'butternut-mac-and-cheese');
const filterTag = 'dairy-free';
const filterIndicator = 'high-protein';

/** Facts about the demo catalogue that tests can rely on, all computed from the data above. */
export const DEMO = {
  planSlugs: plans.map((plan) => plan.slug),
  /** The 'popular' plan, which the storefront falls back to. */
  popularPlanSlug: 'plan-24',
  priceVarianceGroupNames: priceVarianceGroups.map((group) => group.name),
  controlPriceVarianceGroup: 'control',

  deliveredZipCode: '10001',
  deliveredZipCodes: zipCodes.filter((zip) => zip.isDelivered).map((zip) => zip.code),
  undeliveredZipCode: '99501',
  undeliveredZipCodes: zipCodes.filter((zip) => !zip.isDelivered).map((zip) => zip.code),
  /** Well-formed, but absent from the zip_codes table. */
  unknownZipCode: '00000',
  stateCodes: states.map((state) => state.code),

  categorySlugs: categories.map((category) => category.slug),
  composableCategorySlugs: categories
    .filter((category) => category.isComposable)
    .map((category) => category.slug),
  menuSlugs: menus.map((menu) => menu.slug),
  badgeSlugs: badges.map((badge) => badge.slug),
  indicatorSlugs: indicators.map((indicator) => indicator.slug),
  tagSlugs: tags.map((tag) => tag.slug),
  bestsellerGroupSlugs: bestsellerGroups.map((group) => group.slug),
  /** A bestseller group whose quantities add up to exactly 12, and one that adds up to 24. */
  bestsellerGroupOf12: 'starter-favourites',
  bestsellerGroupOf24: 'protein-packed',

  productCount: products.length,
  activeProductCount: activeProducts.length,
  activeProductCountByCategory: Object.fromEntries(
    categories.map((category) => [
      category.slug,
      activeProducts.filter((product) => product.category === category.slug).length,
    ]),
  ) as Record<(typeof categories)[number]['slug'], number>,
  inactiveProductSlugs: products.filter((product) => !product.isActive).map((product) => product.slug),
  premiumProductSkus: activeProducts.filter((product) => product.isPremium).map((product) => product.sku),

  /** An active premium toddler meal: 699 + 150 cents before any plan discount. */
  premiumProduct: {
    sku: premiumProduct.sku,
    slug: premiumProduct.slug,
    category: premiumProduct.category,
    premiumDifferenceCents: premiumProduct.premiumDifferenceCents,
  },
  /** An active non-premium product in the same category as premiumProduct. */
  regularProduct: { sku: regularProduct.sku, slug: regularProduct.slug, category: regularProduct.category },

  /** A tag plus an indicator filter that still matches several active products. */
  filterExample: {
    tag: filterTag,
    indicator: filterIndicator,
    activeMatchCount: activeProducts.filter(
      (product) =>
        (product.tags as readonly string[]).includes(filterTag) &&
        (product.indicators as readonly string[]).includes(filterIndicator),
    ).length,
  },

  counts: {
    categories: categories.length,
    badges: badges.length,
    indicators: indicators.length,
    tags: tags.length,
    products: products.length,
    productIndicators: products.reduce((sum, product) => sum + product.indicators.length, 0),
    productTags: products.reduce((sum, product) => sum + product.tags.length, 0),
    menus: menus.length,
    menuCategories: menus.reduce((sum, menu) => sum + menu.categories.length, 0),
    bestsellerGroups: bestsellerGroups.length,
    bestsellerGroupItems: bestsellerGroups.reduce((sum, group) => sum + group.items.length, 0),
    productRecommendations: recommendations.length,
    plans: plans.length,
    priceVarianceGroups: priceVarianceGroups.length,
    states: states.length,
    zipCodes: zipCodes.length,
  },
} as const;

/**
 * The checkout add-ons, on their own so that a store seeded before checkout existed gets them too.
 * Conflicts are skipped: running it again changes nothing.
 */
export async function seedCheckoutUpsells(db: Database): Promise<void> {
  const rows = await db
    .select({ id: productsTable.id, sku: productsTable.sku })
    .from(productsTable)
    .where(
      inArray(
        productsTable.sku,
        checkoutUpsells.map((upsell) => upsell.sku),
      ),
    );
  const ids = new Map(rows.map((row) => [row.sku, row.id]));
  const values = checkoutUpsells.flatMap((upsell) => {
    const productId = ids.get(upsell.sku);
    return productId === undefined
      ? []
      : [{ productId, sortingWeight: upsell.sortingWeight, maxQuantity: upsell.maxQuantity }];
  });
  if (values.length > 0) await db.insert(checkoutUpsellProducts).values(values).onConflictDoNothing();
}

/**
 * Everything a demo store needs: the catalogue, then promotions and settings, each seeded once;
 * and, unless turned off, the demo accounts with their known passwords.
 */
export async function seedDemoData(
  db: Database,
  options: { demoAccounts: boolean } = { demoAccounts: true },
): Promise<{ catalogue: boolean; promotions: boolean; accounts: boolean }> {
  const catalogue = await seedDemoCatalogue(db);
  await seedCheckoutUpsells(db);
  const promotions = await seedDemoPromotions(db);
  await seedGiftCardPromotions(db);
  await seedDemoBlog(db);
  await seedExperiments(db);
  const accounts = options.demoAccounts ? await seedDemoAccounts(db) : false;
  // The demo family's ratings of its past boxes (decision 055), once its children are there.
  if (options.demoAccounts) await seedDemoRatings(db, demoAccounts.customer.email);
  return { catalogue, promotions, accounts };
}

/**
 * What a live store seeds (decision 036): never the demo's promotions, referral code, accounts,
 * orders, posts or experiments; the demo catalogue (products, plans, delivery areas, add-ons) only
 * when asked, into an empty database; and the settings a store cannot run without, set to give
 * nothing away. It also says whether the store can take an order (a catalogue is there) and what an
 * earlier demo start left behind, for the start's log; it changes none of that.
 */
export async function seedLiveStore(
  db: Database,
  options: { demoCatalogue: boolean },
): Promise<{ catalogue: boolean; settings: boolean; hasCatalogue: boolean; leftovers: string[] }> {
  const catalogue = options.demoCatalogue ? await seedDemoCatalogue(db) : false;
  if (options.demoCatalogue) await seedCheckoutUpsells(db);
  const settings = await seedStoreSettings(db);
  const [ready, leftovers] = await Promise.all([hasCatalogue(db), demoLeftovers(db)]);
  return { catalogue, settings, hasCatalogue: ready, leftovers };
}
