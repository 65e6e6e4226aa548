import type { CartItem, PromoCode } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { discountDescription, firstBoxTaxFree, groupLinesByCategory } from './lines';

/** The product fields the helpers read; the rest of a product does not matter here. */
function line(sku: string, category: { id: number; slug: string; weight: number } | null, quantity = 1) {
  return {
    sku,
    name: sku,
    quantity,
    category: category && {
      id: category.id,
      name: category.slug,
      slug: category.slug,
      description: '',
      price: 5,
      sorting_weight: category.weight,
    },
  } as unknown as CartItem;
}

const purees = { id: 1, slug: 'purees', weight: 10 };
const meals = { id: 3, slug: 'toddler-meals', weight: 30 };
const snacks = { id: 6, slug: 'snacks', weight: 60 };

describe('cart lines grouped by category', () => {
  it('sorts groups by sorting weight descending, lines without a category last', () => {
    const groups = groupLinesByCategory([
      line('SS-PUR-001', purees),
      line('SS-TOD-001', meals),
      line('X-1', null),
      line('SS-SNK-001', snacks, 2),
      line('SS-PUR-002', purees),
    ]);
    expect(groups.map((group) => group.category?.slug ?? null)).toEqual([
      'snacks',
      'toddler-meals',
      'purees',
      null,
    ]);
    expect(groups[2]?.lines.map((item) => item.sku)).toEqual(['SS-PUR-001', 'SS-PUR-002']);
  });
});

describe('the discount line', () => {
  const code = {
    description: 'Half off',
    description_checkout: '50% off your first box',
    is_applicable: true,
    regulations: [{ weekly_ordinal_number: 1, free_tax: true }],
  } as unknown as PromoCode;

  it("says the server's description, else the code's checkout words, else its description", () => {
    expect(discountDescription({ discount_description: '$5 off', promo_code: code })).toBe('$5 off');
    expect(discountDescription({ discount_description: null, promo_code: code })).toBe(
      '50% off your first box',
    );
    expect(
      discountDescription({ discount_description: null, promo_code: { ...code, description_checkout: '' } }),
    ).toBe('Half off');
    expect(discountDescription({ discount_description: null, promo_code: null })).toBe('');
  });

  it('makes tax free only with an applicable code whose first box is tax free', () => {
    expect(firstBoxTaxFree({ promo_code: code })).toBe(true);
    expect(firstBoxTaxFree({ promo_code: { ...code, is_applicable: false } })).toBe(false);
    expect(firstBoxTaxFree({ promo_code: null })).toBe(false);
  });
});
