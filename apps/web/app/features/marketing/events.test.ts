import type { AbandonedCart } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { cartChangeEvents, experimentsEvent, purchaseEvent, viewEvent, viewedPageBody } from './events';

const line = (sku: string, quantity: number, price = 4.99) =>
  ({
    sku,
    name: `Dish ${sku}`,
    quantity,
    item_price: price,
    total_cost: price * quantity,
    category: { name: 'Toddler meals' },
  }) as unknown as AbandonedCart['cart']['items'][number];

function cart(overrides: Partial<AbandonedCart> = {}, items: ReturnType<typeof line>[] = []): AbandonedCart {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    email: null,
    profile_id: null,
    plan_id: null,
    plan: null,
    first_name: null,
    last_name: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    phone: null,
    state_id: null,
    zip_code_id: null,
    zip_code: null,
    delivery_instructions: null,
    is_ready_to_checkout: false,
    is_ready_to_complete_checkout: false,
    cart: {
      id: 'x',
      items,
      item_count: items.reduce((sum, item) => sum + item.quantity, 0),
      threshold: 12,
      costs: {
        cart_items: 9.98,
        order_value_discount: 0,
        promo_code_cost: 0,
        shipping_cost: 0,
        tax_cost: 0.5,
        total_cost: 10.48,
      },
    },
    ...overrides,
  } as unknown as AbandonedCart;
}

describe('data layer events', () => {
  it('names the view event as configured and carries the page', () => {
    expect(
      viewEvent('content-view', {
        url: 'http://shop/menus',
        path: '/menus',
        routeName: 'menus',
        title: 'Menus',
        eventId: 'e1',
      }),
    ).toEqual({
      event: 'content-view',
      eventId: 'e1',
      page: { url: 'http://shop/menus', path: '/menus', name: 'menus', title: 'Menus' },
    });
  });

  it('says nothing about the cart the page loaded with', () => {
    expect(cartChangeEvents(undefined, cart({ email: 'a@b.co' }))).toEqual({ push: [], announce: [] });
  });

  it('announces a created cart, the discovered user and the captured details', () => {
    const captured = cart({ email: 'robin@example.com', zip_code_id: 7, zip_code: '10001' });
    const { push, announce } = cartChangeEvents(null, captured);
    expect(push.map((event) => event.event)).toEqual([
      'initializedAbandonedCart',
      'userDiscovered',
      'updatedAbandonedCart',
    ]);
    expect(push[1]).toMatchObject({ email: 'robin@example.com', zipCode: '10001' });
    expect(announce).toEqual([{ type: 'cart-created', detail: { abandonedCartId: captured.id } }]);
  });

  it('sends planChanged with profile, address, name and phone', () => {
    const before = cart({ email: 'robin@example.com', first_name: 'Robin', phone: '(212) 555-0142' });
    const after = cart({
      ...before,
      plan_id: 2,
      plan: { id: 2, slug: 'plan-24', name: '24 items', tag: 'popular', threshold: 24 },
    });
    const [event] = cartChangeEvents(before, after).push;
    expect(event).toMatchObject({
      event: 'planChanged',
      plan: { slug: 'plan-24', threshold: 24 },
      profile: { id: null, email: 'robin@example.com' },
      address: { city: null, zipCode: null },
      name: { firstName: 'Robin', lastName: null },
      phone: '(212) 555-0142',
    });
  });

  it('sends add-to-cart with the totals and items, and GA4 add_to_cart with the added value', () => {
    const before = cart({ email: 'a@b.co' }, [line('A', 1)]);
    const after = cart({ email: 'a@b.co' }, [line('A', 2), line('B', 1, 5.5)]);
    const { push, announce } = cartChangeEvents(before, after);
    const addToCart = push.find((event) => event.event === 'addToCart');
    expect(addToCart).toMatchObject({
      added: [
        { sku: 'A', quantity: 1, quantityAbsolute: 2 },
        { sku: 'B', quantity: 1, quantityAbsolute: 1 },
      ],
      cart: { itemCount: 3, total: 10.48, currency: 'USD', items: [{ sku: 'A' }, { sku: 'B' }] },
    });
    expect(push.find((event) => event.event === 'add_to_cart')).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'USD',
        value: 10.49,
        items: [
          { item_id: 'A', item_name: 'Dish A', price: 4.99, quantity: 1 },
          { item_id: 'B', item_name: 'Dish B', price: 5.5, quantity: 1 },
        ],
      },
    });
    expect(announce.map((entry) => entry.type)).toEqual(['cart-change']);
  });

  it('announces a removal and a readiness change without an add-to-cart', () => {
    const before = cart({ email: 'a@b.co' }, [line('A', 2)]);
    const after = cart({ email: 'a@b.co', is_ready_to_checkout: true }, []);
    const { push, announce } = cartChangeEvents(before, after);
    expect(push).toEqual([]);
    expect(announce.map((entry) => entry.type)).toEqual(['cart-change', 'status-change']);
    expect(announce[0]!.detail.difference).toEqual([
      { sku: 'A', name: 'Dish A', quantity: -2, quantityAbsolute: 0, price: 4.99 },
    ]);
  });

  it('turns experiments into user properties', () => {
    expect(
      experimentsEvent([
        {
          code: 'capture-submit-label.control',
          experiment_name: 'Capture popup submit label',
          experiment_code: 'capture-submit-label',
          variant: 'control',
        },
      ]),
    ).toEqual({
      event: 'experimentsLoaded',
      user_properties: { 'exp_capture-submit-label': 'control' },
      experiments: ['capture-submit-label.control'],
    });
  });

  it('builds the purchase and the page-view marketing event bodies', () => {
    expect(
      purchaseEvent({ orderId: 'SS-1', value: 60, items: [{ sku: 'A', name: 'A', quantity: 2, price: 5 }] }),
    ).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: 'SS-1', value: 60, items: [{ item_id: 'A' }] },
    });
    expect(
      viewedPageBody({
        origin: 'http://shop',
        path: '/menus',
        routeName: 'menus',
        cartId: 'c',
        eventId: 'e',
      }),
    ).toEqual({
      url: 'http://shop/menus',
      name: 'menus',
      abandonedCartId: 'c',
      parameters: { eventId: 'e' },
    });
  });
});
