import type { AbandonedCart, CartCosts } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupLinesByCategory,
  toCart,
  toCartLine,
  toClientCosts,
  toOnboarding,
  toUpdateBody,
} from './mapping';

/** The product fields the mapping reads; the rest of a product is passed through untouched. */
function makeProduct(sku: string, name: string, category: { id: number; slug: string; weight: number }) {
  const { id, slug, weight } = category;
  return {
    sku,
    name,
    image: { uris: {} },
    category: { id, name: slug, slug, description: '', price: 5, sorting_weight: weight },
  } as unknown as AbandonedCart['cart']['items'][number];
}

const costs: CartCosts = {
  cart_items: 59.88,
  order_value_discount: 1,
  promo_code_cost: 5,
  gift_cards_amount_applied: 2,
  gift_cards_amount_available: 10,
  comped_amount_applied: 0,
  referral_credits_amount_applied: 3,
  shipping_cost: 0,
  shipping_cost_before_discount: 7.99,
  tax_cost: 4.2,
  tax_cost_before_discount: 4.6,
  credits_applied_amount: 1.5,
  total_cost: 51.58,
};

const mac = makeProduct('SS-TOD-001', 'Butternut Mac & Cheese', { id: 3, slug: 'toddler-meals', weight: 30 });
const puree = makeProduct('SS-PUR-001', 'Sweet Potato Puree', { id: 1, slug: 'purees', weight: 10 });
const bar = makeProduct('SS-SNK-001', 'Apple Oat Bar', { id: 6, slug: 'snacks', weight: 60 });
const line = (product: typeof mac, quantity: number) => ({
  ...product,
  quantity,
  total_cost: quantity * 5,
  total_cost_before_discount: quantity * 5,
});

const serverCart: AbandonedCart = {
  id: 'a1',
  email: 'pat@example.com',
  profile_id: 9,
  plan_id: 2,
  plan: { id: 2, slug: 'plan-24', name: '24 items', tag: 'popular', threshold: 24 },
  filters: { indicators: ['high-protein'], tags: ['nut-free'] },
  first_name: 'Pat',
  last_name: 'Lee',
  address_line_1: '1 Main St',
  address_line_2: null,
  city: 'New York',
  phone: '212-555-0100',
  state_id: 33,
  zip_code_id: 1001,
  zip_code: '10001',
  is_zip_code_delivered: true,
  delivery_instructions: 'Leave at the door',
  receives_sms_updates: false,
  has_password: false,
  price_variance_group_id: 1,
  partnership: { code: 'SCHOOL', description: 'School partner', max_order_value: 80 },
  referral_code: 'FRIEND',
  referral_code_status: 'applied',
  referrer: { first_name: 'Sam', last_name: 'Ray' },
  referee: { first_name: 'Pat', last_name: 'Lee', email: 'pat@example.com' },
  on_referral_redemption_limit: false,
  is_ready_to_checkout: false,
  is_ready_to_complete_checkout: false,
  cart: {
    id: 'c1',
    items: [line(mac, 2), line(puree, 3)],
    item_count: 5,
    threshold: 24,
    upsell_items: [],
    costs,
    discount_description: '$5 off your first box',
    promo_code: null,
  },
};

describe('server costs → client costs (spec section 3)', () => {
  it('maps every client cost name', () => {
    expect(toClientCosts(costs, '$5 off')).toEqual({
      items: 59.88,
      tax: 4.2,
      taxBeforeDiscount: 4.6,
      total: 51.58,
      discount: 5,
      discountDescription: '$5 off',
      referralCredits: 3,
      shipping: 0,
      shippingBeforeDiscount: 7.99,
      orderValueDiscount: 1,
      credits: 1.5,
      giftCards: 2,
      comped: 0,
    });
    expect(toClientCosts(costs).discountDescription).toBe('');
  });
});

describe('abandoned cart → onboarding and cart state', () => {
  it('camel-cases the onboarding fields', () => {
    expect(toOnboarding(serverCart)).toMatchObject({
      abandonedCartId: 'a1',
      cartId: 'c1',
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      stateId: 33,
      zipCodeId: 1001,
      zipCode: '10001',
      planId: 2,
      profileId: 9,
      filters: { indicators: ['high-protein'], tags: ['nut-free'] },
      isReadyToCheckout: false,
      isReadyToCompleteCheckout: false,
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'New York',
      phone: '212-555-0100',
      deliveryInstructions: 'Leave at the door',
      receivesSmsUpdates: false,
      onReferralRedemptionLimit: false,
      priceVarianceGroupId: 1,
      partnership: { code: 'SCHOOL', description: 'School partner', maxOrderValue: 80 },
      referee: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com' },
      referrer: { firstName: 'Sam', lastName: 'Ray' },
    });
  });

  it('maps the cart, its costs with the promo description and the category sorting weight', () => {
    const cart = toCart(serverCart);
    expect(cart).toMatchObject({
      id: 'c1',
      itemCount: 5,
      threshold: 24,
      referralCode: 'FRIEND',
      referralCodeStatus: 'applied',
    });
    expect(cart.costs.discountDescription).toBe('$5 off your first box');
    expect(cart.items[0]?.category).toEqual({
      id: 3,
      name: 'toddler-meals',
      slug: 'toddler-meals',
      description: '',
      price: 5,
      sortingWeight: 30,
    });
    expect(cart.items[0]).not.toHaveProperty('category.sorting_weight');
    expect(cart.items[1]?.quantity).toBe(3);
  });
});

describe('client fields → cart update body', () => {
  it('snake-cases, trims and drops empty values', () => {
    expect(
      toUpdateBody({
        email: ' pat@example.com ',
        zipCode: '10001',
        firstName: '',
        lastName: null,
        addressLine1: '1 Main St',
        stateId: 33,
        receivesSmsUpdates: false,
        password: ' secret words ',
        phone: undefined,
      }),
    ).toEqual({
      email: 'pat@example.com',
      zip_code: '10001',
      address_line_1: '1 Main St',
      state_id: 33,
      receives_sms_updates: false,
      password: ' secret words ',
    });
  });
});

describe('cart lines grouped by category', () => {
  it('sorts groups by sortingWeight descending', () => {
    const lines = [line(puree, 1), line(mac, 1), line(bar, 2), line(puree, 1)].map(toCartLine);
    const groups = groupLinesByCategory(lines);
    expect(groups.map((group) => group.category?.slug)).toEqual(['snacks', 'toddler-meals', 'purees']);
    expect(groups[2]?.lines).toHaveLength(2);
  });
});
