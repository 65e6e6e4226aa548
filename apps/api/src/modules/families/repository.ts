import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';

const { children, childAllergens, childDislikes, tags, products } = schema;

/** A family's children, oldest profile first. */
export function listChildren(db: Database, userId: number) {
  return db.select().from(children).where(eq(children.userId, userId)).orderBy(asc(children.id));
}

/** The allergen tags of these children. */
export function listAllergens(db: Database, childIds: number[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db
    .select({ childId: childAllergens.childId, tagId: tags.id, slug: tags.slug, name: tags.name })
    .from(childAllergens)
    .innerJoin(tags, eq(tags.id, childAllergens.tagId))
    .where(inArray(childAllergens.childId, childIds))
    .orderBy(asc(tags.sortingWeight));
}

/** The dislikes of these children: dishes (with their SKU and name) and ingredients. */
export function listDislikes(db: Database, childIds: number[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      childId: childDislikes.childId,
      productId: childDislikes.productId,
      sku: products.sku,
      productName: products.name,
      ingredient: childDislikes.ingredient,
    })
    .from(childDislikes)
    .leftJoin(products, eq(products.id, childDislikes.productId))
    .where(inArray(childDislikes.childId, childIds))
    .orderBy(asc(childDislikes.id));
}

/** The diet tags named by these children. */
export function listDietTags(db: Database, tagIds: number[]) {
  if (tagIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, tagIds));
}

// --- Child profiles: the write side (fam-profiles) ----------------------------------------------

/** A child of this customer, or undefined (another customer's child is not theirs to see). */
export async function findChild(db: Database, userId: number, childId: number) {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)));
  return row;
}

/** The catalogue tags among these slugs, with their group (diet or allergen). */
export function findTagsBySlug(db: Database, slugs: string[]) {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .select({ id: tags.id, slug: tags.slug, group: tags.group })
    .from(tags)
    .where(inArray(tags.slug, slugs));
}

/** The dishes among these SKUs. */
export function findProductsBySku(db: Database, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus));
}

/** A distinct advisory lock space for a family's children (the second key is the user id). */
const FAMILY_LOCK_SPACE = 55_001;

/**
 * Serialises the writes that count a family's children until the transaction ends, so two
 * concurrent adds cannot both see room for one more (docs/decisions/055).
 */
export async function lockFamily(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FAMILY_LOCK_SPACE}, ${userId})`);
}

export async function countChildren(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(children).where(eq(children.userId, userId));
  return row?.total ?? 0;
}

export type ChildRow = { name: string; birthYear: number; birthMonth: number; dietTagId: number | null };
export type ChildDetails = {
  allergenTagIds: number[];
  dislikedProductIds: number[];
  dislikedIngredients: string[];
};

export async function insertChild(db: Database, userId: number, row: ChildRow): Promise<number> {
  const [inserted] = await db
    .insert(children)
    .values({ userId, ...row })
    .returning({ id: children.id });
  return inserted!.id;
}

export async function updateChildRow(db: Database, childId: number, row: ChildRow): Promise<void> {
  await db
    .update(children)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(children.id, childId));
}

/** Writes a child's allergens and dislikes anew: an edit replaces the whole profile. */
export async function replaceChildDetails(db: Database, childId: number, details: ChildDetails) {
  await db.delete(childAllergens).where(eq(childAllergens.childId, childId));
  await db.delete(childDislikes).where(eq(childDislikes.childId, childId));
  if (details.allergenTagIds.length > 0) {
    await db.insert(childAllergens).values(details.allergenTagIds.map((tagId) => ({ childId, tagId })));
  }
  const dislikes = [
    ...details.dislikedProductIds.map((productId) => ({ childId, productId, ingredient: null })),
    ...details.dislikedIngredients.map((ingredient) => ({ childId, productId: null, ingredient })),
  ];
  if (dislikes.length > 0) await db.insert(childDislikes).values(dislikes);
}

/** Deletes a child of this customer; their allergens, dislikes and ratings go with them (cascades). */
export async function deleteChild(db: Database, userId: number, childId: number): Promise<boolean> {
  const deleted = await db
    .delete(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .returning({ id: children.id });
  return deleted.length > 0;
}

// ─── The smart box (docs/decisions/055) ──────────────────────────────────────────────────────

/** Every rating of these children, oldest first (the latest one of a dish is what counts). */
export function listRatingsOf(db: Database, childIds: number[]) {
  if (childIds.length === 0) return Promise.resolve([]);
  const { dishRatings } = schema;
  return db
    .select({ childId: dishRatings.childId, productId: dishRatings.productId, rating: dishRatings.rating })
    .from(dishRatings)
    .where(inArray(dishRatings.childId, childIds))
    .orderBy(asc(dishRatings.ratedAt), asc(dishRatings.orderId));
}

// ─── Ratings (docs/decisions/055, Ratings) ───────────────────────────────────────────────────

const { dishRatings, ratingLinks } = schema;

/** The orders among these that already have their rating link (their email went). */
export async function listLinkedOrderIds(db: Database, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: ratingLinks.orderId })
    .from(ratingLinks)
    .where(inArray(ratingLinks.orderId, orderIds));
  return rows.map((row) => row.orderId);
}

/** The customers among these with at least one child. */
export async function listUserIdsWithChildren(db: Database, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: children.userId })
    .from(children)
    .where(inArray(children.userId, userIds));
  return rows.map((row) => row.userId);
}

/** An order's link, once: false when it has one already (another run sent its email). */
export async function insertRatingLink(
  db: Database,
  link: typeof ratingLinks.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(ratingLinks)
    .values(link)
    .onConflictDoNothing({ target: ratingLinks.orderId })
    .returning({ orderId: ratingLinks.orderId });
  return rows.length > 0;
}

export function findRatingLink(db: Database, tokenHash: string) {
  return db
    .select()
    .from(ratingLinks)
    .where(eq(ratingLinks.tokenHash, tokenHash))
    .then((rows) => rows[0]);
}

/** Closes an open link (not used, not expired at `now`); false when it was not open. */
export async function closeRatingLink(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ratingLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(ratingLinks.tokenHash, tokenHash),
        isNull(ratingLinks.usedAt),
        sql`${ratingLinks.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ orderId: ratingLinks.orderId });
  return rows.length > 0;
}

export function listOrderRatings(db: Database, orderId: number) {
  return db
    .select({ childId: dishRatings.childId, productId: dishRatings.productId, rating: dishRatings.rating })
    .from(dishRatings)
    .where(eq(dishRatings.orderId, orderId));
}

/** Writes ratings; a child's second rating of the same dish of the same order replaces the first. */
export async function upsertRatings(db: Database, rows: (typeof dishRatings.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(dishRatings)
    .values(rows)
    .onConflictDoUpdate({
      target: [dishRatings.orderId, dishRatings.childId, dishRatings.productId],
      set: { rating: sql`excluded.rating`, ratedAt: sql`now()` },
    });
}

/** How many of each rating a dish has, over every customer's children. */
export function countRatings(db: Database, productId: number) {
  return db
    .select({ rating: dishRatings.rating, count: sql<number>`count(*)::int` })
    .from(dishRatings)
    .where(eq(dishRatings.productId, productId))
    .groupBy(dishRatings.rating);
}

// --- Children told before checkout, on the cart (fam-onboarding) --------------------------------

/** The dishes with these ids, with their SKU and name. */
export function findProductsById(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
}
