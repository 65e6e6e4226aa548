import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DishFacts,
  dishConflicts,
  type FamilyMember,
  isSafeFor,
  mentionsIngredient,
  suitsEveryone,
} from './suitability';

/** The one rule (docs/decisions/055), over random families and dishes. */

const ALLERGEN_TAGS = [3, 4, 5, 6, 7];
const VEGAN = 1;
const VEGETARIAN = 2;
const DIET_EQUIVALENTS = new Map([[VEGETARIAN, [VEGAN]]]);
const WORDS = ['peas', 'carrot', 'cheese', 'rice', 'lentils', 'peanut', 'tomato'];

const member = (id: number): fc.Arbitrary<FamilyMember> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Mia', 'Leo', 'Ada', 'Sam'),
    allergens: fc
      .subarray(ALLERGEN_TAGS)
      .map((tagIds) => tagIds.map((tagId) => ({ tagId, allergen: `allergen-${tagId}` }))),
    dislikedProductIds: fc.subarray([10, 11, 12, 13]),
    dislikedIngredients: fc.subarray(WORDS),
    diet: fc.option(
      fc.constantFrom({ tagId: VEGETARIAN, name: 'Vegetarian' }, { tagId: VEGAN, name: 'Vegan' }),
      {
        nil: null,
      },
    ),
  });

const family = fc
  .integer({ min: 0, max: 4 })
  .chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => member(index + 1))));

const dish: fc.Arbitrary<DishFacts> = fc.record({
  productId: fc.integer({ min: 10, max: 14 }),
  tagIds: fc.subarray([VEGAN, VEGETARIAN, ...ALLERGEN_TAGS]),
  ingredients: fc.subarray(WORDS).map((words) => words.join(', ')),
});

describe('dishConflicts', () => {
  it('never calls a dish safe that lacks a child allergen tag', () => {
    fc.assert(
      fc.property(family, dish, (members, facts) => {
        const lacking = members.some((child) =>
          child.allergens.some((allergen) => !facts.tagIds.includes(allergen.tagId)),
        );
        if (lacking) expect(isSafeFor(members, facts, DIET_EQUIVALENTS)).toBe(false);
      }),
    );
  });

  it('names every child and allergen the dish lacks, and only those', () => {
    fc.assert(
      fc.property(family, dish, (members, facts) => {
        const found = dishConflicts(members, facts, DIET_EQUIVALENTS)
          .filter((conflict) => conflict.kind === 'allergen')
          .map((conflict) => `${conflict.childId}:${conflict.detail}`)
          .sort();
        const expected = members
          .flatMap((child) =>
            child.allergens
              .filter((allergen) => !facts.tagIds.includes(allergen.tagId))
              .map((allergen) => `${child.id}:${allergen.allergen}`),
          )
          .sort();
        expect(found).toEqual(expected);
      }),
    );
  });

  it('calls a dish with every allergen tag and the diet (or a stricter one) safe, and suiting when nothing is disliked', () => {
    fc.assert(
      fc.property(family, fc.integer({ min: 20, max: 30 }), (members, productId) => {
        const facts = { productId, tagIds: [VEGAN, ...ALLERGEN_TAGS], ingredients: '' };
        expect(isSafeFor(members, facts, DIET_EQUIVALENTS)).toBe(true);
        expect(suitsEveryone(members, facts, DIET_EQUIVALENTS)).toBe(true);
      }),
    );
  });

  it('a vegetarian child takes a vegan dish; a vegan child does not take a vegetarian one', () => {
    const child = (diet: FamilyMember['diet']): FamilyMember[] => [
      { id: 1, name: 'Mia', allergens: [], dislikedProductIds: [], dislikedIngredients: [], diet },
    ];
    const vegan = { productId: 1, tagIds: [VEGAN], ingredients: '' };
    const vegetarian = { productId: 2, tagIds: [VEGETARIAN], ingredients: '' };
    expect(isSafeFor(child({ tagId: VEGETARIAN, name: 'Vegetarian' }), vegan, DIET_EQUIVALENTS)).toBe(true);
    expect(dishConflicts(child({ tagId: VEGAN, name: 'Vegan' }), vegetarian, DIET_EQUIVALENTS)).toEqual([
      { childId: 1, childName: 'Mia', kind: 'diet', detail: 'vegan' },
    ]);
  });

  it('suits everyone implies safe; a dislike never makes a dish unsafe', () => {
    fc.assert(
      fc.property(family, dish, (members, facts) => {
        const conflicts = dishConflicts(members, facts, DIET_EQUIVALENTS);
        if (suitsEveryone(members, facts, DIET_EQUIVALENTS))
          expect(isSafeFor(members, facts, DIET_EQUIVALENTS)).toBe(true);
        expect(isSafeFor(members, facts, DIET_EQUIVALENTS)).toBe(
          conflicts.every((conflict) => conflict.kind === 'dislike'),
        );
      }),
    );
  });

  it('lists allergens first, then diets, then dislikes', () => {
    const rank = { allergen: 0, diet: 1, dislike: 2 };
    fc.assert(
      fc.property(family, dish, (members, facts) => {
        const ranks = dishConflicts(members, facts, DIET_EQUIVALENTS).map((conflict) => rank[conflict.kind]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
    );
  });

  it('a family without children has no conflicts', () => {
    fc.assert(
      fc.property(dish, (facts) => {
        expect(dishConflicts([], facts)).toEqual([]);
      }),
    );
  });
});

describe('mentionsIngredient', () => {
  it('finds the word, plural and case aside, never inside another word', () => {
    expect(mentionsIngredient('Sweet Peas, carrots', 'pea')).toBe(true);
    expect(mentionsIngredient('sweet pea puree', 'peas')).toBe(true);
    expect(mentionsIngredient('Peanut butter', 'pea')).toBe(false);
    expect(mentionsIngredient('tomatoes, basil', 'tomato')).toBe(true);
    expect(mentionsIngredient('anything', '  ')).toBe(false);
  });
});
