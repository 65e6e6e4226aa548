import { z } from 'zod';
import { calendarDay, DELIVERY_TIME_ZONE } from './calendar';
import { REQUIRED_MESSAGE } from './constants';
import { commaList, list, resource } from './envelope';
import { ALLERGEN_WARNING_CODE, CONFLICT_KINDS } from './family-flags';
import { requiredString, tooLongMessage } from './fields';

/**
 * A family's children (docs/decisions/055): a profile per child, only what choosing their food
 * needs. Allergens are the catalogue's allergen tags (the child needs dishes that are "dairy-free"
 * …); a dish without the tag contains the allergen. Every route needs a customer session, and a
 * child of another customer is not found.
 */

export const MAX_CHILDREN = 8;
export const MAX_CHILD_NAME_LENGTH = 40;
export const MAX_DISLIKES = 20;
export const MAX_INGREDIENT_LENGTH = 40;
export const TOO_MANY_CHILDREN_MESSAGE = `A family holds at most ${MAX_CHILDREN} children.`;
export const BIRTH_MONTH_MESSAGE = 'Choose the month and year your child was born (not in the future).';
/** Profiles are for children: a birth month longer ago than this is refused. */
export const MAX_CHILD_AGE_YEARS = 16;
export const BIRTH_MONTH_FUTURE_MESSAGE =
  'That month is still to come: choose the month your child was born.';
export const BIRTH_MONTH_TOO_EARLY_MESSAGE = `Profiles are for children up to ${MAX_CHILD_AGE_YEARS} years old: check the year.`;
export const INGREDIENT_TOO_SHORT_MESSAGE =
  'Write each ingredient with at least 2 letters, separated by commas.';
export const TOO_MANY_DISLIKES_MESSAGE = `At most ${MAX_DISLIKES} dishes and ${MAX_DISLIKES} ingredients.`;

/** The age bands menus are written for; a child under 6 months shares the youngest one. */
export const AGE_BANDS = ['6-12 months', '1-2 years', '3-5 years', '6+ years'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The age band of a child born in `birthYear`-`birthMonth` (1–12), on `today` (a calendar date). */
export function ageBand(
  birthYear: number,
  birthMonth: number,
  today: { year: number; month: number },
): AgeBand {
  const months = (today.year - birthYear) * 12 + (today.month - birthMonth);
  if (months < 12) return '6-12 months';
  if (months < 36) return '1-2 years';
  if (months < 72) return '3-5 years';
  return '6+ years';
}

/** The allergen a tag names: "Dairy-free" → "dairy". */
export function allergenName(tagName: string): string {
  return tagName
    .replace(/[-\s]?free$/i, '')
    .trim()
    .toLowerCase();
}

const childName = requiredString()
  .trim()
  .min(1, { error: REQUIRED_MESSAGE })
  .max(MAX_CHILD_NAME_LENGTH, { error: tooLongMessage(MAX_CHILD_NAME_LENGTH) });

const tagSlug = z.string().trim().min(1).max(64);

/** The body of an add or an edit: the whole profile (an edit replaces every field). */
export const childBody = z
  .object({
    name: childName,
    birth_year: z.coerce
      .number({ error: BIRTH_MONTH_MESSAGE })
      .int({ error: BIRTH_MONTH_MESSAGE })
      .min(2000, {
        error: BIRTH_MONTH_MESSAGE,
      }),
    birth_month: z.coerce
      .number({ error: BIRTH_MONTH_MESSAGE })
      .int({ error: BIRTH_MONTH_MESSAGE })
      .min(1, { error: BIRTH_MONTH_MESSAGE })
      .max(12, { error: BIRTH_MONTH_MESSAGE }),
    /** Allergen tag slugs ("dairy-free": the child is allergic to dairy). */
    allergens: z.array(tagSlug).max(20).default([]),
    /** SKUs of dishes the child won't eat. */
    disliked_dishes: z
      .array(z.string().trim().min(1).max(64))
      .max(MAX_DISLIKES, { error: TOO_MANY_DISLIKES_MESSAGE })
      .default([]),
    /** Ingredients the child won't eat ("peas"), matched in dishes' ingredient lists. */
    disliked_ingredients: z
      .array(
        z
          .string()
          .trim()
          .min(2, { error: INGREDIENT_TOO_SHORT_MESSAGE })
          .max(MAX_INGREDIENT_LENGTH, { error: tooLongMessage(MAX_INGREDIENT_LENGTH) }),
      )
      .max(MAX_DISLIKES, { error: TOO_MANY_DISLIKES_MESSAGE })
      .default([]),
    /** A diet tag slug ("vegetarian"), or null for none. */
    diet: tagSlug.nullable().default(null),
  })
  .strict();
export type ChildBody = z.infer<typeof childBody>;

export const childParams = z.object({ childId: z.coerce.number().int().positive() }).strict();

export const child = z.object({
  id: z.number().int(),
  name: z.string(),
  birth_year: z.number().int(),
  birth_month: z.number().int(),
  age_band: z.enum(AGE_BANDS),
  allergens: z.array(z.object({ slug: z.string(), name: z.string(), allergen: z.string() })),
  disliked_dishes: z.array(z.object({ sku: z.string(), name: z.string() })),
  disliked_ingredients: z.array(z.string()),
  diet: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type Child = z.infer<typeof child>;

export const childResponse = resource(child);
export const childrenResponse = list(child);

// --- Child profiles' rules (fam-profiles) -------------------------------------------------------

/** The calendar month of an instant in the store's time zone: what "today" is for an age band. */
export function calendarMonth(instant: Date): { year: number; month: number } {
  const [year, month] = calendarDay(instant, DELIVERY_TIME_ZONE).split('-').map(Number);
  return { year: year!, month: month! };
}

/**
 * What is wrong with a birth month on `today`, or null: not in the future, and at most
 * MAX_CHILD_AGE_YEARS years ago (docs/decisions/055).
 */
export function birthMonthProblem(
  birthYear: number,
  birthMonth: number,
  today: { year: number; month: number },
): string | null {
  const months = (today.year - birthYear) * 12 + (today.month - birthMonth);
  if (months < 0) return BIRTH_MONTH_FUTURE_MESSAGE;
  if (months > MAX_CHILD_AGE_YEARS * 12) return BIRTH_MONTH_TOO_EARLY_MESSAGE;
  return null;
}

/** Disliked ingredients as a person types them: "peas, Peas ,  mushrooms" → ["peas", "mushrooms"]. */
export function splitIngredients(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const part of text.split(',')) {
    const word = part.trim().replace(/\s+/g, ' ');
    if (word === '' || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  return words;
}

// ─── Flags and warnings (docs/decisions/055, "Flags and warnings") ───────────────────────────────
// Whom a dish does not suit, as the API answers it with the products, the box and the warning on
// add. The web only shows these: it never decides suitability itself.

/** Why a dish does not suit one child: what it contains ("dairy", "peas"), or the diet it breaks. */
export const familyConflict = z.object({
  child_id: z.number().int(),
  child_name: z.string(),
  kind: z.enum(CONFLICT_KINDS),
  detail: z.string(),
  /** The flag in words, written once here (`conflictLabel`): "Contains dairy — Mia". */
  label: z.string(),
});
export type FamilyConflict = z.infer<typeof familyConflict>;

/** A dish for a signed-in family: whether it suits every child, and every reason it does not. */
export const dishFamilyFit = z.object({ suits_everyone: z.boolean(), conflicts: z.array(familyConflict) });
export type DishFamilyFit = z.infer<typeof dishFamilyFit>;

/** `?suits=everyone` or `?suits=<child id>`: only the dishes that suit them (a family's session). */
export const suitsFilter = z
  .string()
  .regex(/^(everyone|[1-9]\d{0,8})$/, { error: 'suits must be "everyone" or a child id' });

/** The 422 refusal of an add that needs the parent's confirmation (`accept_allergens: true`). */
export const allergenWarningRefusal = z.object({
  code: z.literal(ALLERGEN_WARNING_CODE),
  message: z.string(),
  sku: z.string(),
  conflicts: z.array(familyConflict),
});
export type AllergenWarningRefusal = z.infer<typeof allergenWarningRefusal>;

/**
 * `GET /api/me/family/dish-conflicts?skus=a,b`: the given dishes for the family (the box page's list),
 * in the order asked; an empty list for a customer without children (nothing to flag).
 */
export const dishConflictsQuery = z
  .object({ skus: commaList.pipe(z.array(z.string().max(64)).min(1).max(100)) })
  .strict();
export const familyDish = z.object({ sku: z.string(), name: z.string(), family: dishFamilyFit });
export type FamilyDish = z.infer<typeof familyDish>;
export const familyDishesResponse = list(familyDish);

// --- Children told before checkout, on the cart (fam-onboarding) --------------------------------

/** The children a visitor tells before checkout (docs/decisions/055): they become profiles at checkout. */
export const cartChildrenBody = z
  .object({ children: z.array(childBody).max(MAX_CHILDREN, { error: TOO_MANY_CHILDREN_MESSAGE }) })
  .strict();
export type CartChildrenBody = z.infer<typeof cartChildrenBody>;

/** A child on the cart: a profile without an id (there is no account yet). */
export const cartChild = child.omit({ id: true });
export type CartChildProfile = z.infer<typeof cartChild>;
export const cartChildrenResponse = list(cartChild);
