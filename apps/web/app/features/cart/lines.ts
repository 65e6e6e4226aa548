import type { Cart, CartCosts, CartItem } from '@sprout/contracts';

/**
 * The cart as the panel and checkout show it is the contracts' cart (loader data, snake_case as
 * the API sends it): only these small helpers sit on top.
 */

const NO_COSTS: CartCosts = {
  cart_items: 0,
  order_value_discount: 0,
  promo_code_cost: 0,
  gift_cards_amount_applied: 0,
  gift_cards_amount_available: 0,
  comped_amount_applied: 0,
  referral_credits_amount_applied: 0,
  shipping_cost: 0,
  shipping_cost_before_discount: 0,
  tax_cost: 0,
  tax_cost_before_discount: 0,
  credits_applied_amount: 0,
  total_cost: 0,
};

/** The box of a visitor without a cart. */
export const EMPTY_CART: Cart = {
  id: '',
  items: [],
  item_count: 0,
  threshold: null,
  upsell_items: [],
  costs: NO_COSTS,
  discount_description: null,
  promo_code: null,
};

/** The discount line's label: the server's discount description, else the applied code's own. */
export function discountDescription(cart: Pick<Cart, 'discount_description' | 'promo_code'>): string {
  if (cart.discount_description) return cart.discount_description;
  const promo = cart.promo_code;
  return promo?.description_checkout || promo?.description || '';
}

/** Whether the applied code's first-box tier makes tax free (tax shows "Free" only then). */
export function firstBoxTaxFree(cart: Pick<Cart, 'promo_code'>): boolean {
  const promo = cart.promo_code;
  return Boolean(
    promo?.is_applicable && promo.regulations.find((tier) => tier.weekly_ordinal_number === 1)?.free_tax,
  );
}

export type CategoryGroup = { category: CartItem['category'] | null; lines: CartItem[] };

/** Cart lines grouped by category, groups by sorting weight descending, as the menus order categories. */
export function groupLinesByCategory(lines: CartItem[]): CategoryGroup[] {
  const groups = new Map<string, CategoryGroup>();
  for (const line of lines) {
    const key = line.category ? String(line.category.id) : 'none';
    const group = groups.get(key) ?? { category: line.category ?? null, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const weight = (group: CategoryGroup) => group.category?.sorting_weight ?? Number.NEGATIVE_INFINITY;
  return [...groups.values()].sort((a, b) => weight(b) - weight(a));
}
