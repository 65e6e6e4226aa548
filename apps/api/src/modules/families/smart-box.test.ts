import { AGE_BANDS } from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DishRating,
  fitsAgeBand,
  minAgeFromSubtitle,
  pickSmartBox,
  type SmartBoxCandidate,
  type SmartBoxChild,
  type SmartBoxInput,
} from './smart-box';
import { dishConflicts } from './suitability';

const SESAME_FREE = 1;
const DAIRY_FREE = 2;
const VEGETARIAN = 3;

const dish = (productId: number, facts: Partial<SmartBoxCandidate> = {}): SmartBoxCandidate => ({
  productId,
  tagIds: [SESAME_FREE, DAIRY_FREE, VEGETARIAN],
  ingredients: 'carrots, apples',
  minAgeMonths: 12,
  popularity: 4,
  ...facts,
});

const child = (id: number, name: string, facts: Partial<SmartBoxChild> = {}): SmartBoxChild => ({
  id,
  name,
  allergens: [],
  dislikedProductIds: [],
  dislikedIngredients: [],
  diet: null,
  ageBand: '3-5 years',
  ...facts,
});

const input = (facts: Partial<SmartBoxInput>): SmartBoxInput => ({
  candidates: [],
  family: [],
  ratings: [],
  recentBoxes: [],
  box: [],
  missing: 1,
  ...facts,
});

const total = (picks: { quantity: number }[]) => picks.reduce((sum, pick) => sum + pick.quantity, 0);

describe('pickSmartBox', () => {
  it("fills the missing units with the children's loved dishes first, each with its reason", () => {
    const leo = child(1, 'Leo');
    const mia = child(2, 'Mia', { ageBand: '1-2 years' });
    const ratings: DishRating[] = [
      { childId: 1, productId: 11, rating: 'loved' },
      { childId: 1, productId: 11, rating: 'loved' },
      { childId: 2, productId: 12, rating: 'ok' },
    ];
    const picks = pickSmartBox(
      input({
        candidates: [dish(10), dish(11), dish(12), dish(13)],
        family: [leo, mia],
        ratings,
        missing: 3,
      }),
    );
    expect(picks).toEqual([
      { productId: 11, quantity: 1, reason: 'Leo loved it twice' },
      { productId: 12, quantity: 1, reason: 'Mia rated it OK' },
      { productId: 10, quantity: 1, reason: 'New for Leo: suits everyone' },
    ]);
  });

  it('never picks an allergen, a diet conflict, a disliked dish or ingredient, or a refused dish', () => {
    const leo = child(1, 'Leo', {
      allergens: [{ tagId: SESAME_FREE, allergen: 'sesame' }],
      dislikedIngredients: ['pea'],
    });
    const mia = child(2, 'Mia', {
      diet: { tagId: VEGETARIAN, name: 'Vegetarian' },
      dislikedProductIds: [14],
    });
    const candidates = [
      dish(10, { tagIds: [DAIRY_FREE, VEGETARIAN] }),
      dish(11, { tagIds: [SESAME_FREE, DAIRY_FREE] }),
      dish(12, { ingredients: 'peas, rice' }),
      dish(13),
      dish(14),
      dish(15),
    ];
    const ratings: DishRating[] = [
      { childId: 2, productId: 15, rating: 'loved' },
      { childId: 2, productId: 15, rating: 'refused' },
    ];
    const picks = pickSmartBox(input({ candidates, family: [leo, mia], ratings, missing: 4 }));
    expect(picks).toEqual([{ productId: 13, quantity: 4, reason: 'New for Leo: suits everyone' }]);
  });

  it('never gives a dish a third box running, and prefers one that was not in the last box', () => {
    const picks = pickSmartBox(
      input({
        candidates: [dish(10, { popularity: 5 }), dish(11, { popularity: 4 }), dish(12, { popularity: 3 })],
        recentBoxes: [[10, 11], [10]],
        missing: 1,
      }),
    );
    expect(picks).toEqual([{ productId: 12, quantity: 1, reason: 'Popular with toddlers' }]);
  });

  it("follows each child's age band: purees for the baby, meals for the preschooler", () => {
    const baby = child(1, 'Ada', { ageBand: '6-12 months' });
    const big = child(2, 'Sam', { ageBand: '3-5 years' });
    const picks = pickSmartBox(
      input({
        candidates: [dish(10, { minAgeMonths: 6 }), dish(11, { minAgeMonths: 12 })],
        family: [baby, big],
        missing: 2,
      }),
    );
    expect(picks).toEqual([
      { productId: 10, quantity: 1, reason: 'New for Ada: suits everyone' },
      { productId: 11, quantity: 1, reason: 'New for Sam: suits everyone' },
    ]);
  });

  it('picks nothing for a full box or when no dish is safe', () => {
    expect(pickSmartBox(input({ candidates: [dish(10)], missing: 0 }))).toEqual([]);
    const allergic = child(1, 'Leo', { allergens: [{ tagId: 99, allergen: 'egg' }] });
    expect(pickSmartBox(input({ candidates: [dish(10)], family: [allergic], missing: 3 }))).toEqual([]);
  });

  it('reads menu subtitles as ages and fits them to bands', () => {
    expect(minAgeFromSubtitle('6+ months')).toBe(6);
    expect(minAgeFromSubtitle('2+ years')).toBe(24);
    expect(minAgeFromSubtitle('For the whole family')).toBe(12);
    expect(minAgeFromSubtitle('All ages')).toBe(0);
    expect(fitsAgeBand('6-12 months', 9)).toBe(true);
    expect(fitsAgeBand('6-12 months', 12)).toBe(false);
    expect(fitsAgeBand('6+ years', 6)).toBe(true);
  });
});

// ─── Properties over random catalogues and families ─────────────────────────────────────────

const TAGS = [1, 2, 3, 4, 5];
const WORDS = ['peas', 'carrot', 'rice', 'beef', 'apple', 'kale'];

const catalogue = fc
  .uniqueArray(
    fc.record({
      productId: fc.integer({ min: 1, max: 40 }),
      tagIds: fc.subarray(TAGS),
      ingredients: fc.subarray(WORDS, { minLength: 1 }).map((words) => words.join(', ')),
      minAgeMonths: fc.constantFrom(0, 6, 9, 12),
      popularity: fc.integer({ min: 0, max: 5 }),
    }),
    { selector: (candidate) => candidate.productId, minLength: 0, maxLength: 25 },
  )
  .map((items) => items as SmartBoxCandidate[]);

const familyOf = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      allergenTags: fc.subarray(TAGS, { maxLength: 2 }),
      dislikedProductIds: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
      dislikedIngredients: fc.subarray(WORDS, { maxLength: 2 }),
      diet: fc.option(fc.constantFrom(...TAGS), { nil: null }),
      ageBand: fc.constantFrom(...AGE_BANDS),
    }),
    { selector: (member) => member.id, maxLength: 4 },
  )
  .map((members) =>
    members.map(
      (member): SmartBoxChild => ({
        id: member.id,
        name: `Child ${member.id}`,
        allergens: member.allergenTags.map((tagId) => ({ tagId, allergen: `allergen ${tagId}` })),
        dislikedProductIds: member.dislikedProductIds,
        dislikedIngredients: member.dislikedIngredients,
        diet: member.diet === null ? null : { tagId: member.diet, name: `Diet ${member.diet}` },
        ageBand: member.ageBand,
      }),
    ),
  );

const scenario = fc
  .record({
    candidates: catalogue,
    family: familyOf,
    ratings: fc.array(
      fc.record({
        childId: fc.integer({ min: 1, max: 6 }),
        productId: fc.integer({ min: 1, max: 40 }),
        rating: fc.constantFrom('loved' as const, 'ok' as const, 'refused' as const),
      }),
      { maxLength: 30 },
    ),
    recentBoxes: fc.array(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 6 }), { maxLength: 3 }),
    box: fc.uniqueArray(
      fc.record({ productId: fc.integer({ min: 1, max: 40 }), quantity: fc.integer({ min: 1, max: 3 }) }),
      { selector: (item) => item.productId, maxLength: 4 },
    ),
    missing: fc.integer({ min: 0, max: 12 }),
  })
  .map((facts): SmartBoxInput => facts);

describe('pickSmartBox, for any catalogue and family', () => {
  it('never picks a dish with an allergen, a diet conflict or a dislike of any child', () => {
    fc.assert(
      fc.property(scenario, (facts) => {
        const byId = new Map(facts.candidates.map((candidate) => [candidate.productId, candidate]));
        for (const pick of pickSmartBox(facts)) {
          expect(dishConflicts(facts.family, byId.get(pick.productId)!)).toEqual([]);
        }
      }),
    );
  });

  it('never picks more than the missing count, and gives every pick a reason', () => {
    fc.assert(
      fc.property(scenario, (facts) => {
        const picks = pickSmartBox(facts);
        expect(total(picks)).toBeLessThanOrEqual(Math.max(0, facts.missing));
        for (const pick of picks) {
          expect(pick.quantity).toBeGreaterThan(0);
          expect(pick.reason.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('never picks a dish that was in each of the last two boxes, nor one a child last refused', () => {
    fc.assert(
      fc.property(scenario, (facts) => {
        const [last = [], beforeLast] = facts.recentBoxes;
        for (const pick of pickSmartBox(facts)) {
          if (beforeLast)
            expect(last.includes(pick.productId) && beforeLast.includes(pick.productId)).toBe(false);
          for (const member of facts.family) {
            const latest = facts.ratings.filter(
              (rating) => rating.childId === member.id && rating.productId === pick.productId,
            );
            expect(latest.at(-1)?.rating).not.toBe('refused');
          }
        }
      }),
    );
  });

  it('prefers a loved dish over an unrated one when both are safe and fit every child', () => {
    fc.assert(
      fc.property(scenario, (facts) => {
        const picks = pickSmartBox(facts);
        const pickedIds = new Set(picks.map((pick) => pick.productId));
        const [last = [], beforeLast = []] = facts.recentBoxes;
        const fitsEveryone = (candidate: SmartBoxCandidate) =>
          dishConflicts(facts.family, candidate).length === 0 &&
          facts.family.every((member) => fitsAgeBand(member.ageBand, candidate.minAgeMonths)) &&
          !(last.includes(candidate.productId) && beforeLast.includes(candidate.productId));
        const ratingsOf = (id: number) =>
          facts.ratings.filter(
            (rating) =>
              rating.productId === id && facts.family.some((member) => member.id === rating.childId),
          );
        const lovedNeverRefused = (id: number) => {
          const own = ratingsOf(id);
          return (
            own.some((rating) => rating.rating === 'loved') &&
            facts.family.every(
              (member) => own.filter((rating) => rating.childId === member.id).at(-1)?.rating !== 'refused',
            )
          );
        };
        const loved = facts.candidates.filter((c) => fitsEveryone(c) && lovedNeverRefused(c.productId));
        const unrated = facts.candidates.filter(
          (c) => fitsEveryone(c) && ratingsOf(c.productId).length === 0,
        );
        if (unrated.some((candidate) => pickedIds.has(candidate.productId))) {
          for (const candidate of loved) expect(pickedIds.has(candidate.productId)).toBe(true);
        }
      }),
    );
  });

  it('is deterministic: the same input gives the same picks, whatever the order of the catalogue', () => {
    fc.assert(
      fc.property(scenario, (facts) => {
        const reversed = { ...facts, candidates: [...facts.candidates].reverse() };
        expect(pickSmartBox(reversed)).toEqual(pickSmartBox(facts));
      }),
    );
  });
});
