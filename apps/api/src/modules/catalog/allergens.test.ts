import { demoCatalogue } from '@sprout/db/seed';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLERGENS, ingredientAllergens } from './allergens';

describe('ingredientAllergens', () => {
  it('flags each ingredient that names an allergen and lists the allergens once, in a fixed order', () => {
    const result = ingredientAllergens(
      'organic broccoli, organic cheddar cheese, organic eggs, organic oat flour, sea salt',
      [],
    );
    expect(result.ingredients).toEqual([
      { name: 'organic broccoli', allergen: null },
      { name: 'organic cheddar cheese', allergen: 'milk' },
      { name: 'organic eggs', allergen: 'egg' },
      { name: 'organic oat flour', allergen: 'wheat' },
      { name: 'sea salt', allergen: null },
    ]);
    expect(result.allergens.map((allergen) => allergen.slug)).toEqual(['milk', 'egg', 'wheat']);
  });

  it('matches whole words only: butternut squash is not butter, sunflower oil is not a nut', () => {
    const result = ingredientAllergens(
      'organic butternut squash, organic sunflower oil, organic coconut',
      [],
    );
    expect(result.allergens).toEqual([]);
  });

  it('never flags an allergen the dish is tagged free of', () => {
    const result = ingredientAllergens('organic coconut milk, wild salmon', ['dairy-free']);
    expect(result.ingredients).toEqual([
      { name: 'organic coconut milk', allergen: null },
      { name: 'wild salmon', allergen: 'fish' },
    ]);
  });

  it('keeps every ingredient, in order, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes(',') && s.trim() !== '')),
        (names) => {
          const result = ingredientAllergens(names.join(', '), []);
          expect(result.ingredients.map((item) => item.name)).toEqual(names.map((name) => name.trim()));
        },
      ),
    );
  });

  it('finds at least one allergen in the demo dishes that obviously have some, and none against their tags', () => {
    const { products } = demoCatalogue;
    for (const product of products) {
      const result = ingredientAllergens(product.ingredients, product.tags);
      for (const allergen of result.allergens) {
        const freeTag = ALLERGENS.find((candidate) => candidate.slug === allergen.slug)?.freeTag;
        expect(freeTag && (product.tags as readonly string[]).includes(freeTag)).toBeFalsy();
      }
    }
    const bites = products.find((product) => product.slug === 'broccoli-cheddar-bites')!;
    expect(ingredientAllergens(bites.ingredients, bites.tags).allergens.length).toBeGreaterThan(0);
  });
});
