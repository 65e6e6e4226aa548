import type { Child } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { childSummary } from './ChildCard';
import { allergenLabel } from './ChildForm';

const child: Child = {
  id: 1,
  name: 'Mia',
  birth_year: 2023,
  birth_month: 9,
  age_band: '3-5 years',
  allergens: [
    { slug: 'dairy-free', name: 'Dairy-free', allergen: 'dairy' },
    { slug: 'egg-free', name: 'Egg-free', allergen: 'egg' },
  ],
  disliked_dishes: [{ sku: 'SS-TOD-001', name: 'Butternut Mac & Cheese' }],
  disliked_ingredients: ['peas', 'mushrooms'],
  diet: { slug: 'vegetarian', name: 'Vegetarian' },
};

describe('the family page words', () => {
  it('says a child’s allergies, dislikes, diet and birth month as sentences', () => {
    expect(childSummary(child)).toEqual({
      allergies: 'Allergic to dairy and egg',
      dislikes: "Won't eat Butternut Mac & Cheese, peas and mushrooms",
      diet: 'Vegetarian',
      born: 'September 2023',
    });
    expect(
      childSummary({ ...child, allergens: [], disliked_dishes: [], disliked_ingredients: [], diet: null }),
    ).toMatchObject({ allergies: 'No allergies', dislikes: 'No dislikes', diet: 'No special diet' });
  });

  it('names an allergen tag by what the child is allergic to', () => {
    expect(allergenLabel({ slug: 'dairy-free', name: 'Dairy-free' })).toBe('Dairy');
    expect(allergenLabel({ slug: 'nut-free', name: 'Nut free' })).toBe('Nut');
  });
});
