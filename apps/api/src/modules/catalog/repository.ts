import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, asc, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { type CategoryRow, type ProductRow, productColumns } from './columns';

const {
  badges,
  bestsellerGroupItems,
  bestsellerGroups,
  categories,
  indicators,
  menuCategories,
  menus,
  productIndicators,
  productRecommendations,
  products,
  productTags,
  tags,
} = schema;

export type { BadgeRow, CategoryRow, ProductRow } from './columns';

export type ProductFilter = {
  categoryIds?: number[] | undefined;
  indicatorSlugs?: string[] | undefined;
  tagSlugs?: string[] | undefined;
  skus?: string[] | undefined;
  excludeSkus?: string[] | undefined;
};

/**
 * Products must carry every requested indicator and every requested tag.
 * Correlated subqueries need table-qualified outer columns. Drizzle qualifies columns in WHERE and
 * ORDER BY, but in the select list only when the query has a join: every query selecting
 * productColumns or menuColumns therefore joins categories.
 */
function productConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.skus) conditions.push(inArray(products.sku, filter.skus));
  if (filter.excludeSkus?.length) conditions.push(notInArray(products.sku, filter.excludeSkus));
  const indicatorSlugs = [...new Set(filter.indicatorSlugs ?? [])];
  if (indicatorSlugs.length > 0) {
    conditions.push(sql`(
      select count(*) from ${productIndicators}
      join ${indicators} on ${indicators.id} = ${productIndicators.indicatorId}
      where ${productIndicators.productId} = ${products.id} and ${inArray(indicators.slug, indicatorSlugs)}
    ) = ${indicatorSlugs.length}`);
  }
  const tagSlugs = [...new Set(filter.tagSlugs ?? [])];
  if (tagSlugs.length > 0) {
    conditions.push(sql`(
      select count(*) from ${productTags}
      join ${tags} on ${tags.id} = ${productTags.tagId}
      where ${productTags.productId} = ${products.id} and ${inArray(tags.slug, tagSlugs)}
    ) = ${tagSlugs.length}`);
  }
  return conditions;
}

const productOrder = [desc(products.sortingWeight), asc(products.id)];

/** One page of products and the total count, in a single statement (window count). */
export async function listProducts(
  db: Database,
  filter: ProductFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ProductRow[]; total: number | null }> {
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(and(...productConditions(filter)))
    .orderBy(...productOrder)
    .limit(page.limit)
    .offset(page.offset);
  // Past the last page the window count has no row to ride on; the caller counts separately.
  return { rows, total: rows[0]?.total ?? null };
}

export async function countProducts(db: Database, filter: ProductFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...productConditions(filter)));
  return row?.total ?? 0;
}

export async function listProductSkus(db: Database, filter: ProductFilter): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...productConditions(filter)))
    .orderBy(...productOrder);
  return rows.map((row) => row.sku);
}

/**
 * The cheapest active product under the given pricing, ordered in SQL by the same formula as
 * pricing/item-prices.ts (variance, then plan discount, then the undiscounted premium).
 */
export async function findLeastExpensiveProduct(
  db: Database,
  filter: ProductFilter,
  pricing: { planDiscountBasisPoints: number; varianceBasisPoints: number },
): Promise<ProductRow | undefined> {
  const adjustedBase = sql`round(${categories.basePriceCents}::numeric * ${10_000 + pricing.varianceBasisPoints} / 10000)`;
  const price = sql`greatest(0, round(${adjustedBase} * ${10_000 - pricing.planDiscountBasisPoints} / 10000)) + ${products.premiumDifferenceCents}`;
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(and(...productConditions(filter)))
    .orderBy(asc(price), ...productOrder)
    .limit(1);
  return row;
}

/** One active product by its slug, with everything its card needs, in one statement. */
export async function findProductBySlug(db: Database, slug: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(and(eq(products.isActive, true), eq(products.slug, slug)));
  return row;
}

/** The active products among these slugs, with everything their cards need, in one statement. */
export async function findProductsBySlugs(db: Database, slugs: readonly string[]): Promise<ProductRow[]> {
  if (slugs.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(and(eq(products.isActive, true), inArray(products.slug, [...slugs])));
}

/** Products most often loved together with the given skus, best score first. */
export async function listRecommendedProducts(
  db: Database,
  skus: string[],
  limit: number,
): Promise<ProductRow[]> {
  if (skus.length === 0) {
    return db
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(badges, eq(badges.id, products.badgeId))
      .where(eq(products.isActive, true))
      .orderBy(desc(products.rating), desc(products.ratingCount), asc(products.id))
      .limit(limit);
  }
  const sourceIds = db.select({ id: products.id }).from(products).where(inArray(products.sku, skus));
  const score = sql<number>`sum(${productRecommendations.score})`;
  return db
    .select(productColumns)
    .from(productRecommendations)
    .innerJoin(products, eq(products.id, productRecommendations.recommendedProductId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(
      and(
        inArray(productRecommendations.productId, sourceIds),
        eq(products.isActive, true),
        notInArray(products.sku, skus),
      ),
    )
    .groupBy(products.id, categories.id, badges.id)
    .orderBy(desc(score), desc(products.rating), asc(products.id))
    .limit(limit);
}

export type MenuRow = {
  menu: typeof menus.$inferSelect;
  categoryIds: number[];
  productCount: number;
};

const menuColumns = {
  menu: menus,
  categoryIds: sql<number[]>`array(
    select ${menuCategories.categoryId} from ${menuCategories}
    where ${menuCategories.menuId} = ${menus.id} order by ${menuCategories.categoryId})`,
  productCount: sql<number>`(
    select count(*) from ${products}
    where ${products.isActive} and ${products.categoryId} in (
      select ${menuCategories.categoryId} from ${menuCategories} where ${menuCategories.menuId} = ${menus.id}))`.mapWith(
    Number,
  ),
};

// Joined to the primary category so that the correlated subqueries get qualified column names.
export async function listMenus(db: Database): Promise<MenuRow[]> {
  return db
    .select(menuColumns)
    .from(menus)
    .innerJoin(categories, eq(categories.id, menus.primaryCategoryId))
    .orderBy(desc(menus.sortingWeight), asc(menus.id));
}

const MAX_ROW_ID = 2_147_483_647;

/** A menu by slug, or by id when the key is all digits (ids past the integer range match nothing). */
export async function findMenu(db: Database, key: string): Promise<MenuRow | undefined> {
  const isId = /^\d{1,10}$/.test(key);
  if (/^\d+$/.test(key) && (!isId || Number(key) > MAX_ROW_ID)) return undefined;
  const condition = isId ? eq(menus.id, Number(key)) : eq(menus.slug, key);
  const [row] = await db
    .select(menuColumns)
    .from(menus)
    .innerJoin(categories, eq(categories.id, menus.primaryCategoryId))
    .where(condition);
  return row;
}

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(desc(categories.sortingWeight), asc(categories.id));
}

export async function findCategory(db: Database, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

export async function listIndicators(db: Database) {
  return db.select().from(indicators).orderBy(desc(indicators.sortingWeight), asc(indicators.id));
}

export async function listTags(db: Database) {
  return db.select().from(tags).orderBy(asc(tags.group), desc(tags.sortingWeight), asc(tags.id));
}

/** Which of the given filter slugs exist, in one statement. */
export async function findKnownFilterSlugs(
  db: Database,
  indicatorSlugs: string[],
  tagSlugs: string[],
): Promise<{ indicators: Set<string>; tags: Set<string> }> {
  const rows = await db
    .select({ kind: sql<string>`'indicator'`, slug: indicators.slug })
    .from(indicators)
    .where(inArray(indicators.slug, indicatorSlugs.length ? indicatorSlugs : ['']))
    .unionAll(
      db
        .select({ kind: sql<string>`'tag'`, slug: tags.slug })
        .from(tags)
        .where(inArray(tags.slug, tagSlugs.length ? tagSlugs : [''])),
    );
  return {
    indicators: new Set(rows.filter((row) => row.kind === 'indicator').map((row) => row.slug)),
    tags: new Set(rows.filter((row) => row.kind === 'tag').map((row) => row.slug)),
  };
}

export async function listBestsellerGroups(db: Database) {
  const groups = await db
    .select()
    .from(bestsellerGroups)
    .orderBy(desc(bestsellerGroups.sortingWeight), asc(bestsellerGroups.id));
  const items = await db
    .select({
      groupId: bestsellerGroupItems.groupId,
      quantity: bestsellerGroupItems.quantity,
      sku: products.sku,
      name: products.name,
      image: products.image,
      basePriceCents: categories.basePriceCents,
      premiumDifferenceCents: products.premiumDifferenceCents,
    })
    .from(bestsellerGroupItems)
    .innerJoin(products, eq(products.id, bestsellerGroupItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), ne(bestsellerGroupItems.quantity, 0)))
    .orderBy(asc(bestsellerGroupItems.position), asc(products.id));
  return groups.map((group) => ({ group, items: items.filter((item) => item.groupId === group.id) }));
}

// ─── Admin: catalogue editing (decision 027) ─────────────────────────────────────────────────

/** Every product, retired ones too, as the admin lists them: by category, then the shop's order. */
export async function listAllProducts(db: Database): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .orderBy(desc(categories.sortingWeight), asc(categories.id), ...productOrder);
}

export async function findProductById(db: Database, id: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(eq(products.id, id));
  return row;
}

export type ProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'description'
    | 'excerpt'
    | 'categoryId'
    | 'premiumDifferenceCents'
    | 'isPremium'
    | 'badgeId'
    | 'isActive'
    | 'sortingWeight'
  >
>;

export async function updateProduct(tx: Database, id: number, changes: ProductChanges) {
  if (Object.keys(changes).length === 0) return;
  await tx.update(products).set(changes).where(eq(products.id, id));
}

/** Replaces a product's tags with these (unknown slugs are the caller's to refuse). */
export async function setProductTags(tx: Database, productId: number, slugs: string[]) {
  await tx.delete(productTags).where(eq(productTags.productId, productId));
  if (slugs.length === 0) return;
  const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.slug, slugs));
  await tx.insert(productTags).values(rows.map((row) => ({ productId, tagId: row.id })));
}

export async function setProductIndicators(tx: Database, productId: number, slugs: string[]) {
  await tx.delete(productIndicators).where(eq(productIndicators.productId, productId));
  if (slugs.length === 0) return;
  const rows = await tx.select({ id: indicators.id }).from(indicators).where(inArray(indicators.slug, slugs));
  await tx.insert(productIndicators).values(rows.map((row) => ({ productId, indicatorId: row.id })));
}

export async function listBadges(db: Database) {
  return db.select().from(badges).orderBy(asc(badges.name));
}

export async function updateCategory(
  tx: Database,
  id: number,
  changes: Partial<Pick<CategoryRow, 'name' | 'description' | 'basePriceCents' | 'sortingWeight'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await tx.update(categories).set(changes).where(eq(categories.id, id));
}

export async function listMenuRows(db: Database) {
  const [rows, links] = await Promise.all([
    db.select().from(menus).orderBy(desc(menus.sortingWeight), asc(menus.id)),
    db.select().from(menuCategories),
  ]);
  return rows.map((menu) => ({
    menu,
    categoryIds: links.filter((link) => link.menuId === menu.id).map((link) => link.categoryId),
  }));
}

export async function updateMenu(
  tx: Database,
  id: number,
  changes: Partial<Pick<typeof menus.$inferInsert, 'name' | 'subtitle' | 'description' | 'sortingWeight'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await tx.update(menus).set(changes).where(eq(menus.id, id));
}

export async function setMenuCategories(tx: Database, menuId: number, categoryIds: number[]) {
  await tx.delete(menuCategories).where(eq(menuCategories.menuId, menuId));
  if (categoryIds.length)
    await tx.insert(menuCategories).values(categoryIds.map((categoryId) => ({ menuId, categoryId })));
}

/** Every preset with all its items (retired products and zero quantities too), for the admin. */
export async function listBestsellerRows(db: Database) {
  const [groups, items] = await Promise.all([
    db
      .select()
      .from(bestsellerGroups)
      .orderBy(desc(bestsellerGroups.sortingWeight), asc(bestsellerGroups.id)),
    db
      .select({
        groupId: bestsellerGroupItems.groupId,
        quantity: bestsellerGroupItems.quantity,
        position: bestsellerGroupItems.position,
        sku: products.sku,
        name: products.name,
      })
      .from(bestsellerGroupItems)
      .innerJoin(products, eq(products.id, bestsellerGroupItems.productId))
      .orderBy(asc(bestsellerGroupItems.position), asc(products.id)),
  ]);
  return groups.map((group) => ({ group, items: items.filter((item) => item.groupId === group.id) }));
}

export async function updateBestsellerGroup(
  tx: Database,
  id: number,
  changes: Partial<Pick<typeof bestsellerGroups.$inferInsert, 'name' | 'description' | 'showOnCart'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await tx.update(bestsellerGroups).set(changes).where(eq(bestsellerGroups.id, id));
}

/** Replaces a preset's items with these (skus already checked), in this order. */
export async function setBestsellerItems(
  tx: Database,
  groupId: number,
  items: { sku: string; quantity: number }[],
) {
  await tx.delete(bestsellerGroupItems).where(eq(bestsellerGroupItems.groupId, groupId));
  const kept = items.filter((item) => item.quantity > 0);
  if (kept.length === 0) return;
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.sku,
        kept.map((item) => item.sku),
      ),
    );
  const idOf = new Map(rows.map((row) => [row.sku, row.id]));
  await tx.insert(bestsellerGroupItems).values(
    kept.map((item, position) => ({
      groupId,
      productId: idOf.get(item.sku)!,
      quantity: item.quantity,
      position,
    })),
  );
}

export async function findSkus(db: Database, skus: string[]) {
  if (skus.length === 0) return new Set<string>();
  const rows = await db.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus));
  return new Set(rows.map((row) => row.sku));
}

// ─── The smart box (docs/decisions/055): the dishes a box may be filled with ───────────────

/**
 * Every active dish of a category boxes are made of (composable: not the add-on snacks and
 * smoothies), with its tag ids, ingredients, public rating and the subtitles of the menus that
 * list its category ("6+ months"): one statement.
 */
export async function listBoxDishes(db: Database) {
  return db
    .select({
      productId: products.id,
      tagIds: sql<number[]>`array(
        select ${productTags.tagId} from ${productTags} where ${productTags.productId} = ${products.id})`,
      ingredients: products.ingredients,
      rating: products.rating,
      subtitles: sql<string[]>`array(
        select ${menus.subtitle} from ${menus}
        join ${menuCategories} on ${menuCategories.menuId} = ${menus.id}
        where ${menuCategories.categoryId} = ${products.categoryId})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isActive, true), eq(categories.isComposable, true)))
    .orderBy(asc(products.id));
}

// ─── A dish's public rating from customers' ratings (docs/decisions/055, Ratings) ─────────────

/** Sets a dish's public rating and its count; true when the figure shown changed. */
export async function setPublicRating(db: Database, productId: number, rating: number, ratingCount: number) {
  const changed = await db
    .update(products)
    .set({ rating, ratingCount })
    .where(
      and(
        eq(products.id, productId),
        sql`(${products.rating}, ${products.ratingCount}) is distinct from (${rating}::numeric, ${ratingCount}::integer)`,
      ),
    )
    .returning({ id: products.id });
  return changed.length > 0;
}

// ─── Flags and warnings (docs/decisions/055): what the suitability rule reads of a dish ─────────

/** The dishes of these skus (retired ones too) with their tag ids, ingredients and category. */
export function listDishFacts(db: Database, skus: readonly string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: products.id,
      sku: products.sku,
      name: products.name,
      ingredients: products.ingredients,
      categoryId: products.categoryId,
      isActive: products.isActive,
      tagIds: sql<
        number[]
      >`coalesce((select array_agg(${productTags.tagId}) from ${productTags} where ${productTags.productId} = ${products.id}), '{}')`,
    })
    .from(products)
    .where(inArray(products.sku, [...skus]));
}
