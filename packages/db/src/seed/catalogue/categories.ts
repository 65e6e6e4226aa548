import type { CategorySeed } from './types';

export const categories = [
  {
    slug: 'purees',
    name: 'Purees (6+ months)',
    description:
      'Silky single-veg and fruit-and-veg blends for first tastes, cold-pressed and never heated past what the food needs.',
    basePriceCents: 499,
    sortingWeight: 10,
    isComposable: true,
    theme: { from: '#FFF4D6', to: '#FFD9A8', plate: '#F6B26B', accent: '#FFFFFF' },
  },
  {
    slug: 'finger-foods',
    name: 'Finger Foods (9+ months)',
    description: 'Soft, easy-to-grip bites that melt in little mouths and build self-feeding confidence.',
    basePriceCents: 549,
    sortingWeight: 20,
    isComposable: true,
    theme: { from: '#EAF7E4', to: '#BFE3B0', plate: '#7DBE6A', accent: '#FFFFFF' },
  },
  {
    slug: 'toddler-meals',
    name: 'Toddler Meals (12+ months)',
    description:
      'Complete little plates with protein, whole grains and a hidden serving of veg, ready in 90 seconds.',
    basePriceCents: 699,
    sortingWeight: 30,
    isComposable: true,
    theme: { from: '#E3F1FF', to: '#A9D0F5', plate: '#5B9BD5', accent: '#FFFFFF' },
  },
  {
    slug: 'family-bowls',
    name: 'Family Bowls',
    description:
      'Generous grown-up-sized bowls the whole table can share, mild enough for kids and tasty enough for everyone.',
    basePriceCents: 799,
    sortingWeight: 40,
    isComposable: true,
    theme: { from: '#FBE7E1', to: '#F2B8A2', plate: '#D9785A', accent: '#FFFDF8' },
  },
  {
    slug: 'smoothies',
    name: 'Smoothies',
    description: 'Chilled fruit-and-veg smoothies with no added sugar, in spill-proof pouches and bottles.',
    basePriceCents: 399,
    sortingWeight: 50,
    isComposable: false,
    theme: { from: '#F6E6FA', to: '#DDB6EA', plate: '#B27BC8', accent: '#FFFFFF' },
  },
  {
    slug: 'snacks',
    name: 'Snacks',
    description: 'Lunchbox-friendly bars, puffs and crackers made with whole grains and real fruit.',
    basePriceCents: 349,
    sortingWeight: 60,
    isComposable: false,
    theme: { from: '#FFF8DC', to: '#F5DD8C', plate: '#E0B13A', accent: '#FFFFFF' },
  },
] as const satisfies readonly CategorySeed[];

export type CategorySlug = (typeof categories)[number]['slug'];
