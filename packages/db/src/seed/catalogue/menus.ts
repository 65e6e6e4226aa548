import type { ImageUris } from '../../schema/catalog';
import { menuImageUris } from '../media';
import type { CategorySlug } from './categories';
import type { MenuSeed } from './types';

const menuSeeds = [
  {
    slug: 'purees',
    name: 'Purees',
    description: 'Smooth single-ingredient and blended first foods, from sweet potato to mango dal.',
    subtitle: '6+ months',
    sortingWeight: 1,
    primaryCategory: 'purees',
    primaryComposableCategory: 'purees',
    categories: ['purees'],
    emoji: ['jar', 'carrot', 'pear'],
  },
  {
    slug: 'finger-foods',
    name: 'Finger Foods',
    description: 'Soft bites, mini pancakes and melt-away snacks for confident self-feeders.',
    subtitle: '9+ months',
    sortingWeight: 2,
    primaryCategory: 'finger-foods',
    primaryComposableCategory: 'finger-foods',
    categories: ['finger-foods', 'snacks'],
    emoji: ['broccoli', 'pancakes', 'falafel'],
  },
  {
    slug: 'toddler-meals',
    name: 'Toddler Meals',
    description: 'Complete little plates with protein, whole grains and hidden veg, ready in 90 seconds.',
    subtitle: '12+ months',
    sortingWeight: 3,
    primaryCategory: 'toddler-meals',
    primaryComposableCategory: 'toddler-meals',
    categories: ['toddler-meals'],
    emoji: ['spaghetti', 'taco', 'cheese-wedge'],
  },
  {
    slug: 'family-bowls',
    name: 'Family Bowls',
    description: 'Shareable bowls for the whole table, plus toddler plates to round out dinner.',
    subtitle: 'For the whole family',
    sortingWeight: 4,
    primaryCategory: 'family-bowls',
    primaryComposableCategory: 'family-bowls',
    categories: ['family-bowls', 'toddler-meals'],
    emoji: ['steaming-bowl', 'green-salad', 'curry-rice'],
  },
  {
    slug: 'smoothies',
    name: 'Smoothies',
    description: 'Chilled fruit-and-veg smoothies with no added sugar to add to any box.',
    subtitle: 'All ages',
    sortingWeight: 5,
    primaryCategory: 'smoothies',
    primaryComposableCategory: null,
    categories: ['smoothies'],
    emoji: ['cup-with-straw', 'strawberry', 'kiwi-fruit'],
  },
  {
    slug: 'snacks',
    name: 'Snacks',
    description: 'Bars, puffs and crunchy bites for lunchboxes, strollers and after school.',
    subtitle: '12+ months',
    sortingWeight: 6,
    primaryCategory: 'snacks',
    primaryComposableCategory: null,
    categories: ['snacks'],
    emoji: ['popcorn', 'cookie', 'red-apple'],
  },
] as const satisfies readonly MenuSeed<CategorySlug>[];

export type MenuSlug = (typeof menuSeeds)[number]['slug'];

export type DemoMenu = MenuSeed<CategorySlug> & { slug: MenuSlug; image: ImageUris };

export const menus: readonly DemoMenu[] = menuSeeds.map((menu) => ({
  ...menu,
  image: menuImageUris(menu.slug),
}));
