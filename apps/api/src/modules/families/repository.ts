import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { asc, eq, inArray } from 'drizzle-orm';

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
