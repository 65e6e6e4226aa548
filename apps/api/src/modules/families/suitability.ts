/**
 * Whom a dish suits (docs/decisions/055): the one rule the menus' flags, the warning on add, the
 * box's list, the conflict check after an admin's change and the smart box all read. Pure: the
 * callers bring the family and the dish's facts.
 */

/** A child as the rule needs them. */
export type FamilyMember = {
  id: number;
  name: string;
  /** Allergen tags the child's dishes must carry ("dairy-free"), with the allergen they exclude ("dairy"). */
  allergens: { tagId: number; allergen: string }[];
  dislikedProductIds: number[];
  /** Lower-case ingredient words ("peas"). */
  dislikedIngredients: string[];
  /** The diet tag the child's dishes must carry, with its name; null for none. */
  diet: { tagId: number; name: string } | null;
};

/** What the rule reads of a dish. */
export type DishFacts = { productId: number; tagIds: readonly number[]; ingredients: string };

export type ConflictKind = 'allergen' | 'dislike' | 'diet';

/** Why a dish does not suit a child: `detail` is what it contains ("dairy", "peas") or the diet. */
export type Conflict = { childId: number; childName: string; kind: ConflictKind; detail: string };

/** Tags that satisfy a diet besides its own: a vegan dish is vegetarian. */
export type DietEquivalents = ReadonlyMap<number, readonly number[]>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether an ingredient list names the ingredient, as a word (plural and case aside): "pea" finds "Peas". */
export function mentionsIngredient(ingredients: string, ingredient: string): boolean {
  const word = ingredient.trim().toLowerCase().replace(/e?s$/, '');
  if (word.length === 0) return false;
  return new RegExp(`\\b${escapeRegExp(word)}(e?s)?\\b`, 'i').test(ingredients);
}

/** Every reason the dish does not suit each child of the family, allergens first. */
export function dishConflicts(
  family: readonly FamilyMember[],
  dish: DishFacts,
  dietEquivalents: DietEquivalents = new Map(),
): Conflict[] {
  const tags = new Set(dish.tagIds);
  const conflicts: Conflict[] = [];
  for (const child of family) {
    const who = { childId: child.id, childName: child.name };
    for (const allergen of child.allergens) {
      if (!tags.has(allergen.tagId)) conflicts.push({ ...who, kind: 'allergen', detail: allergen.allergen });
    }
    if (child.diet) {
      const accepted = [child.diet.tagId, ...(dietEquivalents.get(child.diet.tagId) ?? [])];
      if (!accepted.some((tagId) => tags.has(tagId)))
        conflicts.push({ ...who, kind: 'diet', detail: child.diet.name.toLowerCase() });
    }
    if (child.dislikedProductIds.includes(dish.productId))
      conflicts.push({ ...who, kind: 'dislike', detail: 'this dish' });
    for (const ingredient of child.dislikedIngredients) {
      if (mentionsIngredient(dish.ingredients, ingredient))
        conflicts.push({ ...who, kind: 'dislike', detail: ingredient });
    }
  }
  const order: Record<ConflictKind, number> = { allergen: 0, diet: 1, dislike: 2 };
  return conflicts.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** Whether a dish is safe to give the family: no allergen and no diet conflict (a dislike is not a danger). */
export function isSafeFor(
  family: readonly FamilyMember[],
  dish: DishFacts,
  dietEquivalents?: DietEquivalents,
): boolean {
  return dishConflicts(family, dish, dietEquivalents).every((conflict) => conflict.kind === 'dislike');
}

/** Whether the dish suits every child: no conflict of any kind. */
export function suitsEveryone(
  family: readonly FamilyMember[],
  dish: DishFacts,
  dietEquivalents?: DietEquivalents,
): boolean {
  return dishConflicts(family, dish, dietEquivalents).length === 0;
}
