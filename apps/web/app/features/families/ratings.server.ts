import { DISH_RATING_LABELS, DISH_RATINGS, type DishRating, type DishRatingEntry } from '@sprout/contracts';

/**
 * The rating forms' server side (docs/decisions/055, Ratings): the choices as the page shows them
 * (the browser gets words, not the contracts' module), and the posted radios read back as entries.
 */

export type RatingChoice = { value: DishRating; label: string };

export const ratingChoices = (): RatingChoice[] =>
  DISH_RATINGS.map((value) => ({ value, label: DISH_RATING_LABELS[value] }));

/** A radio's name: one group per child and dish. */
export const RATING_FIELD_PREFIX = 'rating:';

/** The chosen radios (`rating:{childId}:{sku}` = loved | ok | refused) as the API's entries. */
export function ratingsFromForm(form: FormData): DishRatingEntry[] {
  const entries: DishRatingEntry[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(RATING_FIELD_PREFIX) || typeof value !== 'string') continue;
    const rest = name.slice(RATING_FIELD_PREFIX.length);
    const colon = rest.indexOf(':');
    const childId = Number(rest.slice(0, colon));
    const sku = rest.slice(colon + 1);
    if (colon < 1 || !Number.isInteger(childId) || !(DISH_RATINGS as readonly string[]).includes(value))
      continue;
    entries.push({ child_id: childId, sku, rating: value as DishRating });
  }
  return entries;
}
