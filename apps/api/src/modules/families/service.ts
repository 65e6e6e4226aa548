import { ageBand, allergenName, type Child } from '@sprout/contracts';
import type { Database } from '@sprout/db';
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
