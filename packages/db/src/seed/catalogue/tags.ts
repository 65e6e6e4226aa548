import type { TagSeed } from './types';

export const tags = [
  { slug: 'vegan', name: 'Vegan', group: 'diet', sortingWeight: 10 },
  { slug: 'vegetarian', name: 'Vegetarian', group: 'diet', sortingWeight: 20 },
  { slug: 'dairy-free', name: 'Dairy-free', group: 'allergen', sortingWeight: 30 },
  { slug: 'nut-free', name: 'Nut-free', group: 'allergen', sortingWeight: 40 },
  { slug: 'gluten-free', name: 'Gluten-free', group: 'allergen', sortingWeight: 50 },
  { slug: 'egg-free', name: 'Egg-free', group: 'allergen', sortingWeight: 60 },
  { slug: 'soy-free', name: 'Soy-free', group: 'allergen', sortingWeight: 70 },
] as const satisfies readonly TagSeed[];

export type TagSlug = (typeof tags)[number]['slug'];
