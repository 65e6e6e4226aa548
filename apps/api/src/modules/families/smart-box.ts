/**
 * The smart box (docs/decisions/055, "Smart box"): which dishes the store adds to a box short of
 * its plan's size, and why, in a sentence the parent reads. Pure and deterministic: the workflow
 * brings the candidates, the family, their ratings and the last boxes.
 *
 * Never a dish with an allergen, a diet conflict or a dislike of any child (suitsEveryone), never
 * one a child refused last time, never a third box running; then, one pick at a time, each for the
 * next child in turn: dishes not picked yet first (variety in the box), then loved by that child,
 * loved by a sibling, rated OK, not already in the box, not in the last box, written for the
 * child's age band, popular, and the lowest id (so the same input always gives the same box).
 */
import type { AgeBand } from '@sprout/contracts';
import { type DietEquivalents, type DishFacts, type FamilyMember, suitsEveryone } from './suitability';

export type SmartBoxCandidate = DishFacts & {
  /** The youngest age, in months, the dish's menus are written for ("9+ months" → 9; 0 for all ages). */
  minAgeMonths: number;
  /** The dish's public rating (0–5): what decides between dishes no child has rated. */
  popularity: number;
};

export type SmartBoxChild = FamilyMember & { ageBand: AgeBand };

export type DishRating = { childId: number; productId: number; rating: 'loved' | 'ok' | 'refused' };

export type SmartBoxInput = {
  candidates: readonly SmartBoxCandidate[];
  /** The children, in the order picks take turns (empty: an account without profiles). */
  family: readonly SmartBoxChild[];
  /** Every rating of these children, oldest first (a child's latest rating of a dish is what counts for "refused"). */
  ratings: readonly DishRating[];
  /** The dishes of the boxes before this one, the latest first. */
  recentBoxes: readonly (readonly number[])[];
  /** What the box holds now. */
  box: readonly { productId: number; quantity: number }[];
  /** How many units the box lacks. */
  missing: number;
  dietEquivalents?: DietEquivalents;
};

export type SmartBoxPick = { productId: number; quantity: number; reason: string };

/** Where each age band starts and ends, in months (a child under 6 months shares the youngest). */
const BAND_MONTHS: Record<AgeBand, { start: number; end: number }> = {
  '6-12 months': { start: 6, end: 12 },
  '1-2 years': { start: 12, end: 36 },
  '3-5 years': { start: 36, end: 72 },
  '6+ years': { start: 72, end: Number.POSITIVE_INFINITY },
};

/** Whether a child of the band can be old enough for a dish written for `minAgeMonths` and up. */
export function fitsAgeBand(band: AgeBand, minAgeMonths: number): boolean {
  return minAgeMonths < BAND_MONTHS[band].end;
}

/**
 * The youngest age a menu's subtitle names, in months: "6+ months" → 6, "2+ years" → 24, "For the
 * whole family" → 12 (family meals are not for babies), anything else ("All ages") → 0.
 */
export function minAgeFromSubtitle(subtitle: string): number {
  const match = /(\d+)\s*\+?\s*(month|year)/i.exec(subtitle);
  if (match) return Number(match[1]) * (match[2]!.toLowerCase() === 'year' ? 12 : 1);
  return /family/i.test(subtitle) ? 12 : 0;
}

function times(count: number): string {
  if (count === 1) return '';
  if (count === 2) return ' twice';
  return ` ${count} times`;
}

/** Who the dish is said to be popular with, from the age it is written for. */
function audience(minAgeMonths: number): string {
  if (minAgeMonths === 0) return 'families';
  if (minAgeMonths < 12) return 'babies';
  if (minAgeMonths < 36) return 'toddlers';
  return 'kids';
}

type Tally = { loved: Map<number, number>; ok: number; latest: Map<number, DishRating['rating']> };

function tallyRatings(ratings: readonly DishRating[]): Map<number, Tally> {
  const byDish = new Map<number, Tally>();
  for (const rating of ratings) {
    const tally = byDish.get(rating.productId) ?? { loved: new Map(), ok: 0, latest: new Map() };
    if (rating.rating === 'loved')
      tally.loved.set(rating.childId, (tally.loved.get(rating.childId) ?? 0) + 1);
    if (rating.rating === 'ok') tally.ok += 1;
    tally.latest.set(rating.childId, rating.rating);
    byDish.set(rating.productId, tally);
  }
  return byDish;
}

/** The dishes that may be picked at all: safe and liked by everyone, not refused, not a third box running. */
export function eligibleDishes(input: SmartBoxInput): SmartBoxCandidate[] {
  const tallies = tallyRatings(input.ratings);
  const [last, beforeLast] = input.recentBoxes;
  const twoRunning = new Set(last && beforeLast ? last.filter((id) => beforeLast.includes(id)) : []);
  const inFamily = new Set(input.family.map((child) => child.id));
  return [...input.candidates]
    .sort((a, b) => a.productId - b.productId)
    .filter((dish, index, all) => index === 0 || all[index - 1]!.productId !== dish.productId)
    .filter((dish) => suitsEveryone(input.family, dish, input.dietEquivalents))
    .filter((dish) => !twoRunning.has(dish.productId))
    .filter((dish) => {
      const latest = tallies.get(dish.productId)?.latest;
      return ![...(latest ?? [])].some(([childId, rating]) => inFamily.has(childId) && rating === 'refused');
    });
}

/** The dishes to add, at most `missing` units in all, each with its reason. */
export function pickSmartBox(input: SmartBoxInput): SmartBoxPick[] {
  const missing = Math.max(0, Math.floor(input.missing));
  if (missing === 0) return [];
  const eligible = eligibleDishes(input);
  if (eligible.length === 0) return [];
  const tallies = tallyRatings(input.ratings);
  const inBox = new Map(input.box.map((item) => [item.productId, item.quantity]));
  const lastBox = new Set(input.recentBoxes[0] ?? []);
  const picked = new Map<number, SmartBoxPick>();
  const lovedBy = (dish: number, childId: number) => tallies.get(dish)?.loved.get(childId) ?? 0;
  const lovedByAny = (dish: number) => input.family.reduce((sum, child) => sum + lovedBy(dish, child.id), 0);

  const reasonFor = (dish: SmartBoxCandidate, child: SmartBoxChild | null): string => {
    if (child && lovedBy(dish.productId, child.id) > 0)
      return `${child.name} loved it${times(lovedBy(dish.productId, child.id))}`;
    const fan = [...input.family]
      .filter((member) => lovedBy(dish.productId, member.id) > 0)
      .sort((a, b) => lovedBy(dish.productId, b.id) - lovedBy(dish.productId, a.id))[0];
    if (fan) return `${fan.name} loved it${times(lovedBy(dish.productId, fan.id))}`;
    const rater = input.family.find((member) => tallies.get(dish.productId)?.latest.get(member.id) === 'ok');
    if (rater) return `${rater.name} rated it OK`;
    if (child)
      return input.family.length > 1
        ? `New for ${child.name}: suits everyone`
        : `New for ${child.name}: nothing in it to avoid`;
    return `Popular with ${audience(dish.minAgeMonths)}`;
  };

  for (let slot = 0; slot < missing; slot++) {
    const child = input.family.length > 0 ? input.family[slot % input.family.length]! : null;
    // The dishes for this child's age; a child no dish fits leaves the slot to dishes any child fits.
    let pool = child ? eligible.filter((dish) => fitsAgeBand(child.ageBand, dish.minAgeMonths)) : eligible;
    if (pool.length === 0)
      pool = eligible.filter((dish) =>
        input.family.some((member) => fitsAgeBand(member.ageBand, dish.minAgeMonths)),
      );
    if (pool.length === 0) break;
    const keyOf = (dish: SmartBoxCandidate): number[] => {
      const id = dish.productId;
      const band = child ? BAND_MONTHS[child.ageBand].start : dish.minAgeMonths;
      return [
        picked.get(id)?.quantity ?? 0,
        -(child ? lovedBy(id, child.id) : 0),
        -lovedByAny(id),
        -(tallies.get(id)?.ok ?? 0),
        inBox.get(id) ?? 0,
        lastBox.has(id) ? 1 : 0,
        Math.abs(band - dish.minAgeMonths),
        -dish.popularity,
        id,
      ];
    };
    let best = pool[0]!;
    let bestKey = keyOf(best);
    for (const dish of pool.slice(1)) {
      const key = keyOf(dish);
      const index = key.findIndex((value, position) => value !== bestKey[position]);
      if (index >= 0 && key[index]! < bestKey[index]!) {
        best = dish;
        bestKey = key;
      }
    }
    const pick = picked.get(best.productId);
    if (pick) pick.quantity += 1;
    else
      picked.set(best.productId, { productId: best.productId, quantity: 1, reason: reasonFor(best, child) });
  }
  return [...picked.values()];
}
