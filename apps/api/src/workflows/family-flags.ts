import {
  ALLERGEN_WARNING_CODE,
  allergenWarningMessage,
  conflictLabel,
  type DishFamilyFit,
  type FamilyConflict,
  type Product,
  type ProductsQuery,
  type ProductsResponse,
  paginate,
  SESSION_COOKIE,
  SUITS_EVERYONE,
  type Tag,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { readCookie } from '../http/cookies';
import type { CatalogueReads, ProductListing } from '../modules/catalog/reads';
import * as catalog from '../modules/catalog/service';
import * as families from '../modules/families/service';

/**
 * Flags and warnings (docs/decisions/055): the families' one suitability rule applied to the
 * catalogue's dishes for a signed-in family. The catalogue knows no child and the families module
 * no dish; this flow brings the two together, once per request: one family read (the session and
 * the children), the dishes' facts from the cached wire answer (their tag slugs and ingredients),
 * never a statement per dish. A visitor without a session cookie costs nothing.
 */

/** A family as the rule reads it, with the catalogue's tag ids by slug. */
export type FamilyForFlags = {
  userId: number;
  members: families.FamilyMember[];
  dietEquivalents: families.DietEquivalents;
  tagIdsBySlug: ReadonlyMap<string, number>;
};

/** Diets another tag satisfies: a vegan dish is vegetarian. */
function dietEquivalentsOf(tags: readonly Tag[]): families.DietEquivalents {
  const idOf = (slug: string) => tags.find((tag) => tag.slug === slug)?.id;
  const vegetarian = idOf('vegetarian');
  const vegan = idOf('vegan');
  return vegetarian !== undefined && vegan !== undefined ? new Map([[vegetarian, [vegan]]]) : new Map();
}

/** Today's calendar month, as the age bands read it. */
function thisMonth(now: Date) {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

/** The customer's family for the rule; null without children (nothing to flag). */
export async function familyForFlags(
  db: Database,
  userId: number,
  tags: readonly Tag[],
  now: Date,
): Promise<FamilyForFlags | null> {
  const { members } = await families.familyOf(db, userId, thisMonth(now));
  if (members.length === 0) return null;
  return {
    userId,
    members,
    dietEquivalents: dietEquivalentsOf(tags),
    tagIdsBySlug: new Map(tags.map((tag) => [tag.slug, tag.id])),
  };
}

/**
 * The family of the request's signed-in customer, or null: a visitor without a session cookie
 * sends no statement, a customer without children one or two (session, children).
 */
export async function familyOfRequest(
  request: FastifyRequest,
  db: Database,
  catalogue: Pick<CatalogueReads, 'tags'>,
): Promise<FamilyForFlags | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const session = await request.server.findSession(token);
  if (!session) return null;
  const tags = (await catalogue.tags()).value.data;
  return familyForFlags(db, session.user.id, tags, new Date());
}

/** The rule's conflicts as the wire names them. */
export function wireConflicts(conflicts: readonly families.Conflict[]): FamilyConflict[] {
  return conflicts.map((conflict) => ({
    child_id: conflict.childId,
    child_name: conflict.childName,
    kind: conflict.kind,
    detail: conflict.detail,
    label: conflictLabel({ child_name: conflict.childName, kind: conflict.kind, detail: conflict.detail }),
  }));
}

/** A wire dish (tag slugs) as the rule reads it (tag ids). */
function factsOfWire(family: FamilyForFlags, dish: Pick<Product, 'id' | 'tags' | 'ingredients'>) {
  const tagIds = dish.tags.flatMap((slug) => {
    const id = family.tagIdsBySlug.get(slug);
    return id === undefined ? [] : [id];
  });
  return { productId: dish.id, tagIds, ingredients: dish.ingredients };
}

/** Whom the dish does not suit, for its card and dialog. */
export function fitOf(
  family: FamilyForFlags,
  dish: Pick<Product, 'id' | 'tags' | 'ingredients'>,
): DishFamilyFit {
  const conflicts = families.dishConflicts(family.members, factsOfWire(family, dish), family.dietEquivalents);
  return { suits_everyone: conflicts.length === 0, conflicts: wireConflicts(conflicts) };
}

/** Whether the dish suits whom `suits` names: every child, or the one child of that id. */
function suitsFilter(fit: DishFamilyFit, suits: string): boolean {
  if (suits === SUITS_EVERYONE) return fit.suits_everyone;
  const childId = Number(suits);
  return !fit.conflicts.some((conflict) => conflict.child_id === childId);
}

/** The children a family's listing names, for its filters. */
const familyMeta = (family: FamilyForFlags) => ({
  children: family.members.map((member) => ({ id: member.id, name: member.name })),
});

/** Most dishes a page of the cache holds when a filter reads a menu whole. */
const WHOLE_MENU_PAGE = 100;

/**
 * The products listing for a family: every dish flagged, and with `suits` only those that suit
 * them, paged after the filter. The filter reads the menu whole from the catalogue's cache (its
 * pages are shared with every visitor's), never from the database per dish.
 */
export async function familyListing(
  catalogue: Pick<CatalogueReads, 'products'>,
  query: ProductsQuery,
  family: FamilyForFlags,
  suits: string | undefined,
): Promise<ProductListing> {
  const onlySkus = query.only_skus === 'true' || query.only_skus === '1';
  if (onlySkus) return (await catalogue.products(query)).value;
  const flag = (products: readonly Product[]) =>
    products.map((product) => ({ ...product, family: fitOf(family, product) }));
  if (suits === undefined) {
    // Not `only_skus`: the listing is of products.
    const value = (await catalogue.products(query)).value as ProductsResponse;
    return { data: flag(value.data), meta: { ...value.meta, family: familyMeta(family) } };
  }
  const page = (number: number) => catalogue.products({ ...query, page: number, perPage: WHOLE_MENU_PAGE });
  const first = (await page(1)).value as ProductsResponse;
  const others = await Promise.all(
    Array.from({ length: first.meta.pagination.total_pages - 1 }, (_, index) => page(index + 2)),
  );
  const every = [first, ...others.map((answer) => answer.value as typeof first)].flatMap(
    (answer) => answer.data,
  );
  const matching = flag(every).filter((product) => suitsFilter(product.family, suits));
  const start = (query.page - 1) * query.perPage;
  const data = matching.slice(start, start + query.perPage);
  return {
    data,
    meta: {
      pagination: paginate(matching.length, query.page, query.perPage, data.length),
      family: familyMeta(family),
    },
  };
}

/** The family's answer for these dishes (the box page's list), in the order asked; none without children. */
export async function familyDishes(db: Database, family: FamilyForFlags | null, skus: readonly string[]) {
  if (!family) return [];
  const facts = await catalog.dishFacts(db, skus);
  return skus.flatMap((sku) => {
    const dish = facts.find((candidate) => candidate.sku === sku);
    if (!dish) return [];
    const conflicts = family ? families.dishConflicts(family.members, dish, family.dietEquivalents) : [];
    return [
      {
        sku: dish.sku,
        name: dish.name,
        family: { suits_everyone: conflicts.length === 0, conflicts: wireConflicts(conflicts) },
      },
    ];
  });
}

/**
 * The question asked once before a dish with a child's allergen (or outside their diet) goes into
 * a box: a typed 422 unless the parent confirmed (`accept_allergens`). Only a dish the box does not
 * hold yet asks: one more of a dish already there was confirmed when it went in. Dislikes never ask.
 */
export async function checkAllergensOnAdd(
  db: Database,
  family: FamilyForFlags | null,
  add: { sku: string; heldQuantity: number; quantity: number; accepted: boolean },
): Promise<void> {
  if (!family || add.accepted || add.quantity === 0 || add.heldQuantity > 0) return;
  const [dish] = await catalog.dishFacts(db, [add.sku]);
  if (!dish) return;
  const unsafe = families
    .dishConflicts(family.members, dish, family.dietEquivalents)
    .filter((conflict) => conflict.kind !== 'dislike');
  if (unsafe.length === 0) return;
  const conflicts = wireConflicts(unsafe);
  const message = allergenWarningMessage(conflicts);
  throw new AppError('validation', message, {
    fieldErrors: { accept_allergens: [message] },
    refusal: { code: ALLERGEN_WARNING_CODE, message, sku: dish.sku, conflicts },
  });
}
