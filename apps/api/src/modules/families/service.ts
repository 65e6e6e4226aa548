import { ageBand, allergenName, type Child } from '@sprout/contracts';
import type { Database } from '@sprout/db';
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

// ─── Flags and warnings (docs/decisions/055): what the flags' workflow reads of the rule ────────
export type { DietEquivalents } from './suitability';
