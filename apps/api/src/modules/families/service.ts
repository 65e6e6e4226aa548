import {
  ageBand,
  allergenName,
  birthMonthProblem,
  type Child,
  type ChildBody,
  type DishRatingEntry,
  type DishRating as DishRatingValue,
  MAX_CHILDREN,
  RATING_LINK_EXPIRED_MESSAGE,
  RATING_LINK_INVALID_MESSAGE,
  RATING_LINK_USED_MESSAGE,
  RATING_UNKNOWN_ENTRY_MESSAGE,
  TOO_MANY_CHILDREN_MESSAGE,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError, type FieldErrors } from '../../errors/app-error';
import {
  hashRatingToken,
  newRatingToken,
  publicRating,
  type RatingCounts,
  ratingLinkExpiry,
  ratingLinkState,
} from './ratings';
import * as repository from './repository';
import type { DishRating, SmartBoxChild } from './smart-box';
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

// --- Child profiles: add, edit, remove (fam-profiles) -------------------------------------------

type Today = { year: number; month: number };

/** A child's profile as the family's list shows it. */
async function childProfile(db: Database, userId: number, childId: number, today: Today): Promise<Child> {
  const child = (await familyOf(db, userId, today)).children.find((entry) => entry.id === childId);
  if (!child) throw AppError.notFound('Child not found.');
  return child;
}

/** The family's children, as their profiles. */
export async function listFamily(db: Database, userId: number, today: Today): Promise<Child[]> {
  return (await familyOf(db, userId, today)).children;
}

/**
 * A profile's body checked against the catalogue and the calendar, as the rows it writes. Every
 * problem is named at once, keyed by its field (a 422): allergens are allergen tags, the diet a diet
 * tag, disliked dishes known SKUs, the birth month neither to come nor more than 16 years ago.
 */
async function resolveProfile(
  db: Database,
  body: ChildBody,
  today: Today,
): Promise<{ row: repository.ChildRow; details: repository.ChildDetails }> {
  const allergenSlugs = [...new Set(body.allergens)];
  const skus = [...new Set(body.disliked_dishes)];
  const [tags, dishes] = await Promise.all([
    repository.findTagsBySlug(db, body.diet === null ? allergenSlugs : [...allergenSlugs, body.diet]),
    repository.findProductsBySku(db, skus),
  ]);
  const errors: FieldErrors = {};
  const birth = birthMonthProblem(body.birth_year, body.birth_month, today);
  if (birth) errors.birth_month = [birth];
  const allergens = allergenSlugs.map((slug) =>
    tags.find((tag) => tag.slug === slug && tag.group === 'allergen'),
  );
  const unknownAllergens = allergenSlugs.filter((_, index) => allergens[index] === undefined);
  if (unknownAllergens.length > 0) {
    errors.allergens = [`We don't know the allergen ${unknownAllergens.join(', ')}: choose from the list.`];
  }
  const diet = body.diet === null ? null : tags.find((tag) => tag.slug === body.diet && tag.group === 'diet');
  if (diet === undefined)
    errors.diet = [`We don't know the diet ${body.diet}: choose one from the list, or none.`];
  const unknownDishes = skus.filter((sku) => !dishes.some((dish) => dish.sku === sku));
  if (unknownDishes.length > 0) {
    errors.disliked_dishes = [`We have no dish ${unknownDishes.join(', ')}: choose dishes from the list.`];
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('validation', Object.values(errors)[0]![0]!, { fieldErrors: errors });
  }
  const seen = new Set<string>();
  const ingredients = body.disliked_ingredients.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    row: {
      name: body.name,
      birthYear: body.birth_year,
      birthMonth: body.birth_month,
      dietTagId: diet?.id ?? null,
    },
    details: {
      allergenTagIds: allergens.map((tag) => tag!.id),
      dislikedProductIds: skus.map((sku) => dishes.find((dish) => dish.sku === sku)!.id),
      dislikedIngredients: ingredients,
    },
  };
}

/**
 * Adds a child, at most MAX_CHILDREN per family: counted under the family's advisory lock in the
 * inserting transaction, so two concurrent adds at 7 give one child and one refusal.
 */
export async function addChild(db: Database, userId: number, body: ChildBody, today: Today): Promise<Child> {
  const profile = await resolveProfile(db, body, today);
  const childId = await db.transaction(async (tx) => {
    await repository.lockFamily(tx, userId);
    if ((await repository.countChildren(tx, userId)) >= MAX_CHILDREN) {
      throw new AppError('validation', TOO_MANY_CHILDREN_MESSAGE, {
        fieldErrors: { children: [TOO_MANY_CHILDREN_MESSAGE] },
      });
    }
    const id = await repository.insertChild(tx, userId, profile.row);
    await repository.replaceChildDetails(tx, id, profile.details);
    return id;
  });
  return childProfile(db, userId, childId, today);
}

/** Replaces a child's whole profile (what the body leaves out is cleared); another's child is 404. */
export async function updateChild(
  db: Database,
  userId: number,
  childId: number,
  body: ChildBody,
  today: Today,
): Promise<Child> {
  if (!(await repository.findChild(db, userId, childId))) throw AppError.notFound('Child not found.');
  const profile = await resolveProfile(db, body, today);
  await db.transaction(async (tx) => {
    // Locked as an add is, so an edit racing a removal finds the child still there or gone, never half.
    await repository.lockFamily(tx, userId);
    if (!(await repository.findChild(tx, userId, childId))) throw AppError.notFound('Child not found.');
    await repository.updateChildRow(tx, childId, profile.row);
    await repository.replaceChildDetails(tx, childId, profile.details);
  });
  return childProfile(db, userId, childId, today);
}

/** Removes a child and everything kept about them (ratings included); answers the profile removed. */
export async function removeChild(
  db: Database,
  userId: number,
  childId: number,
  today: Today,
): Promise<Child> {
  const child = await childProfile(db, userId, childId, today);
  if (!(await repository.deleteChild(db, userId, childId))) throw AppError.notFound('Child not found.');
  return child;
}

// ─── The smart box (docs/decisions/055) ──────────────────────────────────────────────────────

export {
  type DishRating,
  eligibleDishes,
  fitsAgeBand,
  minAgeFromSubtitle,
  pickSmartBox,
  type SmartBoxCandidate,
  type SmartBoxChild,
  type SmartBoxPick,
} from './smart-box';

/** A family as the smart box reads it: the children with their age band on `today`, and their ratings. */
export async function smartBoxFamily(
  db: Database,
  userId: number,
  today: { year: number; month: number },
): Promise<{ family: SmartBoxChild[]; ratings: DishRating[] }> {
  const { children, members } = await familyOf(db, userId, today);
  const family = members.map((member, index) => ({ ...member, ageBand: children[index]!.age_band }));
  const ratings = await repository.listRatingsOf(
    db,
    family.map((child) => child.id),
  );
  return { family, ratings };
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
  const rows = new Map<string, { childId: number; productId: number; rating: DishRatingValue }>();
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

// ─── Flags and warnings (docs/decisions/055): what the flags' workflow reads of the rule ────────
export type { DietEquivalents } from './suitability';

// --- Children told before checkout (fam-onboarding) ---------------------------------------------

/** A child as the cart keeps them until checkout: the rows of a profile, by catalogue ids. */
export type PendingChild = repository.ChildRow & repository.ChildDetails;

/**
 * The children a visitor tells before checkout, checked as a profile is (every problem of the
 * first child with one, keyed by its field), at most MAX_CHILDREN: what the cart keeps.
 */
export async function resolvePendingChildren(
  db: Database,
  bodies: ChildBody[],
  today: Today,
): Promise<PendingChild[]> {
  if (bodies.length > MAX_CHILDREN) {
    throw new AppError('validation', TOO_MANY_CHILDREN_MESSAGE, {
      fieldErrors: { children: [TOO_MANY_CHILDREN_MESSAGE] },
    });
  }
  const pending: PendingChild[] = [];
  for (const body of bodies) {
    const profile = await resolveProfile(db, body, today);
    pending.push({ ...profile.row, ...profile.details });
  }
  return pending;
}

/** The pending children as profiles read (without an id: they have no account yet). */
export async function describePendingChildren(
  db: Database,
  pending: PendingChild[],
  today: Today,
): Promise<Omit<Child, 'id'>[]> {
  const tagIds = [
    ...new Set(
      pending.flatMap((entry) => [
        ...entry.allergenTagIds,
        ...(entry.dietTagId === null ? [] : [entry.dietTagId]),
      ]),
    ),
  ];
  const productIds = [...new Set(pending.flatMap((entry) => entry.dislikedProductIds))];
  const [tags, dishes] = await Promise.all([
    repository.listDietTags(db, tagIds),
    repository.findProductsById(db, productIds),
  ]);
  // A tag or dish withdrawn since the visitor chose it is left out, as a profile's would be.
  return pending.map((entry) => {
    const diet = tags.find((tag) => tag.id === entry.dietTagId);
    return {
      name: entry.name,
      birth_year: entry.birthYear,
      birth_month: entry.birthMonth,
      age_band: ageBand(entry.birthYear, entry.birthMonth, today),
      allergens: entry.allergenTagIds.flatMap((id) => {
        const tag = tags.find((candidate) => candidate.id === id);
        return tag ? [{ slug: tag.slug, name: tag.name, allergen: allergenName(tag.name) }] : [];
      }),
      disliked_dishes: entry.dislikedProductIds.flatMap((id) => {
        const dish = dishes.find((candidate) => candidate.id === id);
        return dish ? [{ sku: dish.sku, name: dish.name }] : [];
      }),
      disliked_ingredients: entry.dislikedIngredients,
      diet: diet ? { slug: diet.slug, name: diet.name } : null,
    };
  });
}

/**
 * The pending children become the new account's profiles, in the caller's transaction (the
 * checkout's completion: the account was created in it, so it has no children yet).
 */
export async function adoptPendingChildren(tx: Database, userId: number, pending: PendingChild[]) {
  if (pending.length === 0) return;
  // A tag or dish withdrawn since the visitor chose it is dropped, never a failed checkout.
  const tagIds = new Set(
    (
      await repository.listDietTags(tx, [
        ...new Set(
          pending.flatMap((entry) => [
            ...entry.allergenTagIds,
            ...(entry.dietTagId === null ? [] : [entry.dietTagId]),
          ]),
        ),
      ])
    ).map((tag) => tag.id),
  );
  const productIds = new Set(
    (
      await repository.findProductsById(tx, [
        ...new Set(pending.flatMap((entry) => entry.dislikedProductIds)),
      ])
    ).map((dish) => dish.id),
  );
  for (const entry of pending.slice(0, MAX_CHILDREN)) {
    const id = await repository.insertChild(tx, userId, {
      name: entry.name,
      birthYear: entry.birthYear,
      birthMonth: entry.birthMonth,
      dietTagId: entry.dietTagId !== null && tagIds.has(entry.dietTagId) ? entry.dietTagId : null,
    });
    await repository.replaceChildDetails(tx, id, {
      allergenTagIds: entry.allergenTagIds.filter((tagId) => tagIds.has(tagId)),
      dislikedProductIds: entry.dislikedProductIds.filter((productId) => productIds.has(productId)),
      dislikedIngredients: entry.dislikedIngredients,
    });
  }
}
