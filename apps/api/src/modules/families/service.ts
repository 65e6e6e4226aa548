import {
  ageBand,
  allergenName,
  type Child,
  type DishRating,
  type DishRatingEntry,
  RATING_LINK_EXPIRED_MESSAGE,
  RATING_LINK_INVALID_MESSAGE,
  RATING_LINK_USED_MESSAGE,
  RATING_UNKNOWN_ENTRY_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import {
  hashRatingToken,
  newRatingToken,
  publicRating,
  type RatingCounts,
  ratingLinkExpiry,
  ratingLinkState,
} from './ratings';
import * as repository from './repository';
import type { FamilyMember } from './suitability';

export type { Conflict, DishFacts, FamilyMember } from './suitability';
export { dishConflicts, isSafeFor, mentionsIngredient, suitsEveryone } from './suitability';

/** A family as its profiles (wire) and as the suitability rule reads it, in three statements. */
export async function familyOf(
  db: Database,
  userId: number,
  today: { year: number; month: number },
): Promise<{ children: Child[]; members: FamilyMember[] }> {
  const rows = await repository.listChildren(db, userId);
  const ids = rows.map((row) => row.id);
  const dietIds = rows.flatMap((row) => (row.dietTagId === null ? [] : [row.dietTagId]));
  const [allergens, dislikes, diets] = await Promise.all([
    repository.listAllergens(db, ids),
    repository.listDislikes(db, ids),
    repository.listDietTags(db, dietIds),
  ]);
  const children: Child[] = [];
  const members: FamilyMember[] = [];
  for (const row of rows) {
    const own = allergens.filter((entry) => entry.childId === row.id);
    const disliked = dislikes.filter((entry) => entry.childId === row.id);
    const diet = diets.find((tag) => tag.id === row.dietTagId) ?? null;
    children.push({
      id: row.id,
      name: row.name,
      birth_year: row.birthYear,
      birth_month: row.birthMonth,
      age_band: ageBand(row.birthYear, row.birthMonth, today),
      allergens: own.map((tag) => ({ slug: tag.slug, name: tag.name, allergen: allergenName(tag.name) })),
      disliked_dishes: disliked.flatMap((entry) =>
        entry.sku !== null && entry.productName !== null ? [{ sku: entry.sku, name: entry.productName }] : [],
      ),
      disliked_ingredients: disliked.flatMap((entry) =>
        entry.ingredient === null ? [] : [entry.ingredient],
      ),
      diet: diet ? { slug: diet.slug, name: diet.name } : null,
    });
    members.push({
      id: row.id,
      name: row.name,
      allergens: own.map((tag) => ({ tagId: tag.tagId, allergen: allergenName(tag.name) })),
      dislikedProductIds: disliked.flatMap((entry) => (entry.productId === null ? [] : [entry.productId])),
      dislikedIngredients: disliked.flatMap((entry) =>
        entry.ingredient === null ? [] : [entry.ingredient.toLowerCase()],
      ),
      diet: diet ? { tagId: diet.id, name: diet.name } : null,
    });
  }
  return { children, members };
}

// ─── Ratings (docs/decisions/055, Ratings) ───────────────────────────────────────────────────

export {
  hashRatingToken,
  newRatingToken,
  PUBLIC_RATING_THRESHOLD,
  publicRating,
  RATING_STARS,
  ratingLinkExpiry,
  ratingLinkState,
} from './ratings';

/** Of these delivered orders, those to ask about: their customer has children, no link was sent yet. */
export async function ordersToAskAbout<O extends { id: number; userId: number }>(
  db: Database,
  orders: readonly O[],
): Promise<O[]> {
  if (orders.length === 0) return [];
  const [linked, families] = await Promise.all([
    repository.listLinkedOrderIds(
      db,
      orders.map((order) => order.id),
    ),
    repository.listUserIdsWithChildren(db, [...new Set(orders.map((order) => order.userId))]),
  ]);
  const sent = new Set(linked);
  const withChildren = new Set(families);
  return orders.filter((order) => !sent.has(order.id) && withChildren.has(order.userId));
}

/**
 * Opens an order's rating link: the new token (to put in the email), or null when the order has
 * one already, so its email goes once.
 */
export async function openRatingLink(
  tx: Database,
  order: { id: number; userId: number; deliveryDate: string },
): Promise<string | null> {
  const token = newRatingToken();
  const inserted = await repository.insertRatingLink(tx, {
    orderId: order.id,
    userId: order.userId,
    tokenHash: hashRatingToken(token),
    expiresAt: ratingLinkExpiry(order.deliveryDate),
  });
  return inserted ? token : null;
}

/** The children's names and ids, oldest profile first. */
export async function childNames(db: Database, userId: number): Promise<{ id: number; name: string }[]> {
  const rows = await repository.listChildren(db, userId);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/**
 * The order and customer a link opens, while it is open: a token we never sent is a 404, a used or
 * expired one a 409 naming which (sign in and rate from the account).
 */
export async function openLinkOrder(db: Database, token: string, now: Date) {
  const link = await repository.findRatingLink(db, hashRatingToken(token));
  if (!link) throw AppError.notFound(RATING_LINK_INVALID_MESSAGE);
  const state = ratingLinkState(link, now);
  if (state === 'used') throw new AppError('conflict', RATING_LINK_USED_MESSAGE);
  if (state === 'expired') throw new AppError('conflict', RATING_LINK_EXPIRED_MESSAGE);
  return { orderId: link.orderId, userId: link.userId };
}

/** Closes the link with its submit, in the submit's transaction; refuses as `openLinkOrder` does. */
export async function closeLink(tx: Database, token: string, now: Date) {
  const link = await openLinkOrder(tx, token, now);
  if (!(await repository.closeRatingLink(tx, hashRatingToken(token), now))) {
    // A concurrent submit closed it between the read and the update.
    throw new AppError('conflict', RATING_LINK_USED_MESSAGE);
  }
  return link;
}

/** The ratings given for an order's dishes, by child and product. */
export function orderRatings(db: Database, orderId: number) {
  return repository.listOrderRatings(db, orderId);
}

/**
 * Saves a family's ratings of an order's dishes: every entry names one of the family's children
 * and one of the order's dishes (else a 422, nothing saved); a repeated entry's last choice counts.
 * Answers the products rated, for their public figure.
 */
export async function saveRatings(
  tx: Database,
  input: {
    orderId: number;
    children: readonly { id: number }[];
    dishes: readonly { productId: number; sku: string }[];
    entries: readonly DishRatingEntry[];
  },
): Promise<number[]> {
  const childIds = new Set(input.children.map((entry) => entry.id));
  const productOf = new Map(input.dishes.map((dish) => [dish.sku, dish.productId]));
  const rows = new Map<string, { childId: number; productId: number; rating: DishRating }>();
  for (const entry of input.entries) {
    const productId = productOf.get(entry.sku);
    if (!childIds.has(entry.child_id) || productId === undefined) {
      throw AppError.invalidField('ratings', RATING_UNKNOWN_ENTRY_MESSAGE);
    }
    rows.set(`${entry.child_id}:${productId}`, { childId: entry.child_id, productId, rating: entry.rating });
  }
  await repository.upsertRatings(
    tx,
    [...rows.values()].map((row) => ({ ...row, orderId: input.orderId })),
  );
  return [...new Set([...rows.values()].map((row) => row.productId))];
}

/** A dish's public figure from every customer's ratings, or null below the threshold. */
export async function dishPublicRating(db: Database, productId: number) {
  const counts: RatingCounts = { loved: 0, ok: 0, refused: 0 };
  for (const row of await repository.countRatings(db, productId)) counts[row.rating] = row.count;
  return publicRating(counts);
}
