import type { CategoryTheme, EmojiSet } from '../catalogue/types';

export type BlogCategorySeed = {
  slug: string;
  name: string;
  description: string;
  sortingWeight: number;
  /** Not stored: colours of the posts' rendered hero pictures. */
  theme: CategoryTheme;
  /** Not stored: the picture a post of this category gets when it has none of its own. */
  emoji: EmojiSet;
};

export const blogCategories = [
  {
    slug: 'recipes',
    name: 'Recipes',
    description: 'Quick, kid-tested recipes that stretch a Sprout & Spoon box into family meals.',
    sortingWeight: 40,
    theme: { from: '#FFF1E0', to: '#FFC99A', plate: '#E8894A', accent: '#FFFFFF' },
    emoji: ['pot-of-food', 'carrot', 'herb'],
  },
  {
    slug: 'nutrition',
    name: 'Nutrition',
    description: 'What growing bodies need, explained by our dietitians without the jargon.',
    sortingWeight: 30,
    theme: { from: '#ECF8E8', to: '#B8E0A8', plate: '#6DAE58', accent: '#FFFFFF' },
    emoji: ['green-salad', 'red-apple', 'beans'],
  },
  {
    slug: 'feeding-milestones',
    name: 'Feeding milestones',
    description: 'From the first spoonful to the family table: what to expect at every stage.',
    sortingWeight: 20,
    theme: { from: '#EEF0FF', to: '#BFC6F5', plate: '#7380D6', accent: '#FFFFFF' },
    emoji: ['baby-bottle', 'spoon', 'banana'],
  },
  {
    slug: 'news',
    name: 'News',
    description: 'New dishes, new delivery areas and what is happening in the Sprout & Spoon kitchen.',
    sortingWeight: 10,
    theme: { from: '#FFF6D8', to: '#FFE08A', plate: '#E0B230', accent: '#FFFFFF' },
    emoji: ['package', 'sparkles', 'seedling'],
  },
] as const satisfies readonly BlogCategorySeed[];

export type BlogCategorySlug = (typeof blogCategories)[number]['slug'];
