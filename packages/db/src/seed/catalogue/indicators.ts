import type { IndicatorSeed } from './types';

export const indicators = [
  {
    slug: 'hidden-veggie',
    name: 'Hidden veggie',
    description: 'At least half a serving of vegetables blended in where picky eaters will not spot it.',
    sortingWeight: 10,
  },
  {
    slug: 'high-protein',
    name: 'High protein',
    description: 'More protein per portion than most meals for the same age, for growing muscles.',
    sortingWeight: 20,
  },
  {
    slug: 'iron-rich',
    name: 'Iron rich',
    description:
      'Made with iron-rich foods such as lentils, spinach or beef, paired with vitamin C to help absorption.',
    sortingWeight: 30,
  },
  {
    slug: 'superfoods',
    name: 'Superfoods',
    description: 'Two or more nutrient-dense superfoods like kale, chia, quinoa or blueberries.',
    sortingWeight: 40,
  },
  {
    slug: 'high-fiber',
    name: 'High fiber',
    description: 'Whole grains, beans and fruit with the skin on for happy little tummies.',
    sortingWeight: 50,
  },
  {
    slug: 'omega-3',
    name: 'Omega-3',
    description: 'A source of omega-3 fats from salmon, chia, flax or hemp seeds for growing brains.',
    sortingWeight: 60,
  },
] as const satisfies readonly IndicatorSeed[];

export type IndicatorSlug = (typeof indicators)[number]['slug'];
