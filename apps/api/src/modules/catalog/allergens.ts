/**
 * Which ingredients of a dish carry a major food allergen (the US "big nine"), read from the
 * recipe's own ingredient list. The product's "-free" tags are claims the kitchen makes on
 * purpose, so an allergen the dish is tagged free of is never flagged (coconut milk in a
 * dairy-free dal is not dairy); every other allergen is flagged where an ingredient names it.
 */
export const ALLERGENS = [
  {
    slug: 'milk',
    name: 'Milk',
    freeTag: 'dairy-free',
    words: [
      'milk',
      'buttermilk',
      'yogurt',
      'kefir',
      'cheese',
      'cheddar',
      'ricotta',
      'monterey jack',
      'butter',
      'cream',
      'ghee',
      'whey',
    ],
  },
  { slug: 'egg', name: 'Egg', freeTag: 'egg-free', words: ['egg', 'eggs'] },
  {
    slug: 'wheat',
    name: 'Wheat and gluten',
    freeTag: 'gluten-free',
    words: [
      'wheat',
      'couscous',
      'bulgur',
      'orzo',
      'pita',
      'barley',
      'rye',
      'spelt',
      'semolina',
      'oat',
      'oats',
    ],
  },
  {
    slug: 'soy',
    name: 'Soy',
    freeTag: 'soy-free',
    words: ['soy', 'soybean', 'tofu', 'edamame', 'tamari', 'miso'],
  },
  {
    slug: 'tree-nuts',
    name: 'Tree nuts and peanuts',
    freeTag: 'nut-free',
    words: [
      'almond',
      'almonds',
      'cashew',
      'cashews',
      'walnut',
      'walnuts',
      'pecan',
      'pecans',
      'hazelnut',
      'hazelnuts',
      'pistachio',
      'pistachios',
      'peanut',
      'peanuts',
    ],
  },
  { slug: 'sesame', name: 'Sesame', freeTag: null, words: ['sesame', 'tahini', 'hummus'] },
  {
    slug: 'fish',
    name: 'Fish',
    freeTag: null,
    words: ['fish', 'salmon', 'cod', 'tuna', 'trout', 'sardine', 'sardines', 'anchovy', 'anchovies'],
  },
  {
    slug: 'shellfish',
    name: 'Shellfish',
    freeTag: null,
    words: ['shrimp', 'prawn', 'prawns', 'crab', 'lobster'],
  },
] as const;

export type AllergenSlug = (typeof ALLERGENS)[number]['slug'];

// The words are plain letters and spaces, safe in a pattern. Whole words only: "butternut squash"
// is not butter, "whole-milk yogurt" is milk.
const patterns = ALLERGENS.map((allergen) => ({
  allergen,
  pattern: new RegExp(`(^|[^a-z])(${allergen.words.join('|')})(?![a-z])`, 'i'),
}));

export type IngredientAllergens = {
  ingredients: { name: string; allergen: AllergenSlug | null }[];
  allergens: { slug: AllergenSlug; name: string }[];
};

/** Splits the comma-separated ingredient list and flags each ingredient's allergen, if any. */
export function ingredientAllergens(ingredients: string, tags: readonly string[]): IngredientAllergens {
  const candidates = patterns.filter(
    ({ allergen }) => allergen.freeTag === null || !tags.includes(allergen.freeTag),
  );
  const list = ingredients
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
    .map((name) => ({
      name,
      allergen: candidates.find(({ pattern }) => pattern.test(name))?.allergen.slug ?? null,
    }));
  const found = new Set(list.map((item) => item.allergen));
  return {
    ingredients: list,
    allergens: ALLERGENS.filter((allergen) => found.has(allergen.slug)).map(({ slug, name }) => ({
      slug,
      name,
    })),
  };
}
