import {
  type AbandonedCart,
  type BestsellerGroup,
  type CartItem,
  type Plan,
  PROMO_ALREADY_APPLIED_MESSAGE,
  type Product,
  type PromoCode,
} from '@sprout/contracts';
import type { ApiFailure, ApiResult } from '../../lib/api.client';
import { failureFromResponse } from '../../lib/api.client';
import type { FlashDetail } from '../flash/flash';
import { type CookieJar, memoryCookieJar } from '../promotions/cookies';
import { type AppStartContext, runAppStart } from './app-start';
import type { CartApi } from './cart-api';
import { createCartController } from './controller';
import { createCartStore } from './state';
import { memoryCartStorage } from './storage';

/** Test support: a small in-memory stand-in for the cart API that records the calls it gets. */

export const CART_ID = '6f1c9a52-8a1e-4c3b-9d7e-0a1b2c3d4e5f';
export const NEW_CART_ID = '0b7e2a11-3c4d-4e5f-8a9b-1c2d3e4f5a6b';

const uris = {
  'cart-desktop': '/media/x/cart-desktop.webp',
  'cart-mobile': '/media/x/cart-mobile.webp',
  'landing-desktop': '/media/x/landing-desktop.webp',
  'meal-card-desktop': '/media/x/meal-card-desktop.webp',
  'meal-card-mobile': '/media/x/meal-card-mobile.webp',
};

export function makeProduct(
  sku: string,
  name: string,
  category = { id: 1, slug: 'purees', weight: 10 },
): Product {
  return {
    id: Number.parseInt(sku.replace(/\D/g, ''), 10) || 1,
    sku,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    description: '',
    excerpt: '',
    type: 'meal',
    ingredients: '',
    with: '',
    package: 'pouch',
    packing_name: 'pouch',
    weight: 120,
    fiber_milligrams: 0,
    protein_milligrams: 0,
    veggie_milliservings: 0,
    superfoods_number: 0,
    rating: 4.5,
    rating_count: 10,
    is_active: true,
    is_composite: false,
    is_flavor_explorer: false,
    is_hidden_veggie: false,
    is_premium: false,
    item_price: 5,
    price: {
      price: 5,
      regular_price: 5,
      original_price: 5,
      original_regular_price: 5,
      premium_difference: 0,
      original_premium_difference: 0,
    },
    image: { uris },
    images: [],
    nutrition_image: '',
    indicators: [],
    tags: [],
    badge: null,
    category: {
      id: category.id,
      name: category.slug,
      slug: category.slug,
      description: '',
      price: 5,
      sorting_weight: category.weight,
    },
  };
}

export function makePlan(id: number, threshold: number, tag: string | null = null): Plan {
  // Only the fields the storefront reads; the contract may grow (promotions) without touching the tests.
  const plan: Partial<Plan> = {
    id,
    slug: `plan-${threshold}`,
    name: `${threshold} items`,
    tag,
    threshold,
    description: '',
    item_discount_percent: 0,
    item_price_from: 5,
    box_price_from: threshold * 5,
    shipping_cost: 0,
    is_selected: false,
  };
  return plan as Plan;
}

export const PLANS = [makePlan(1, 12), makePlan(2, 24, 'popular'), makePlan(3, 36, 'best-value')];

export const PRODUCTS = [
  makeProduct('SS-PUR-001', 'Sweet Potato Puree'),
  makeProduct('SS-PUR-002', 'Pear Spinach Puree'),
  makeProduct('SS-TOD-001', 'Butternut Mac & Cheese', { id: 3, slug: 'toddler-meals', weight: 30 }),
  makeProduct('SS-SNK-001', 'Apple Oat Bar', { id: 6, slug: 'snacks', weight: 60 }),
];

export function makeGroup(
  id: number,
  items: { sku: string; quantity: number }[],
  name = `Group ${id}`,
): BestsellerGroup {
  return {
    id,
    slug: `group-${id}`,
    name,
    description: '',
    show_on_cart: true,
    total_quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    total_price: 0,
    items: items.map((item) => ({ ...item, name: item.sku, item_price: 5, image: { uris } })),
  };
}

type ServerCart = {
  id: string;
  email: string | null;
  zipCode: string | null;
  planId: number | null;
  items: Map<string, number>;
  promoCode?: string | null;
  referralCode?: string | null;
  onReferralRedemptionLimit?: boolean;
};

/** Demo codes of the fake: WELCOME50 takes 50% off, FIVEFREE frees 5 items, SAVE20 needs $40. */
export function makePromo(code: string, itemsCost = 0): PromoCode | null {
  const tier = (
    type: 'percent_off' | 'products_off' | 'dollars_off',
    amount: number,
    freeShipping = false,
  ) => ({
    id: 1,
    type,
    amount,
    weekly_ordinal_number: 1,
    free_shipping: freeShipping,
    free_tax: false,
    code,
  });
  const base = {
    id: 1,
    code,
    description_checkout: `${code} discount`,
    cart_amount_minimum: null,
    cart_amount_maximum: null,
    aggregate_dollars_off_amount: 0,
    show_banner: true,
    show_banner_checkout: true,
    is_applicable: true,
    inapplicable_reason: null,
  };
  switch (code) {
    case 'WELCOME50':
      return {
        ...base,
        id: 1,
        description: 'Welcome! 50% off',
        regulations: [tier('percent_off', 50, true)],
      };
    case 'FIVEFREE':
      return { ...base, id: 2, description: '5 items on us', regulations: [tier('products_off', 5)] };
    case 'SAVE20': {
      const below = itemsCost < 40;
      return {
        ...base,
        id: 3,
        description: '$20 off',
        cart_amount_minimum: 40,
        regulations: [tier('dollars_off', 20)],
        is_applicable: !below,
        inapplicable_reason: below ? 'This promo code needs a cart of at least $40.' : null,
      };
    }
    default:
      return null;
  }
}

function promoDiscount(promo: PromoCode | null, itemCount: number): number {
  if (!promo?.is_applicable) return 0;
  const tier = promo.regulations[0];
  if (!tier) return 0;
  const items = itemCount * 5;
  if (tier.type === 'percent_off') return Math.round(items * tier.amount) / 100;
  if (tier.type === 'products_off') return Math.min(itemCount, tier.amount) * 5;
  return Math.min(items, tier.amount);
}

const ok = <T>(data: T, status = 200): ApiResult<T> => ({ kind: 'ok', data, status });
const fail = (status: number, body: unknown): { kind: 'error'; error: ApiFailure } =>
  failureFromResponse(status, body, false);

export type FakeCartApi = CartApi & {
  calls: string[];
  carts: Map<string, ServerCart>;
  /** Hold item changes until released (for the abort tests). */
  holdItems: boolean;
  /** What GET /auth/initial answers. */
  signedIn: boolean;
  release(): void;
  /** Answer the next call of this name with this result instead. */
  failNext(name: keyof CartApi, result: ApiResult<never>): void;
};

export function fakeCartApi(
  options: { existing?: Partial<ServerCart>; groups?: BestsellerGroup[] } = {},
): FakeCartApi {
  const carts = new Map<string, ServerCart>();
  if (options.existing) {
    const cart: ServerCart = {
      id: CART_ID,
      email: null,
      zipCode: null,
      planId: null,
      items: new Map(),
      ...options.existing,
    };
    carts.set(cart.id, cart);
  }
  const groups = options.groups ?? [];
  const calls: string[] = [];
  const overrides = new Map<string, ApiResult<never>[]>();
  let held: (() => void)[] = [];

  const plan = (cart: ServerCart) => PLANS.find((candidate) => candidate.id === cart.planId) ?? null;
  const count = (cart: ServerCart) => [...cart.items.values()].reduce((sum, quantity) => sum + quantity, 0);

  function toWire(cart: ServerCart): AbandonedCart {
    const current = plan(cart);
    const items: CartItem[] = [...cart.items.entries()].map(([sku, quantity]) => {
      const product = PRODUCTS.find((candidate) => candidate.sku === sku)!;
      return { ...product, quantity, total_cost: quantity * 5, total_cost_before_discount: quantity * 5 };
    });
    const itemCount = count(cart);
    const itemsCost = itemCount * 5;
    const promo = cart.promoCode ? makePromo(cart.promoCode, itemsCost) : null;
    const discount = promoDiscount(promo, itemCount);
    const referred = cart.referralCode === 'DEMOREF';
    const credits = referred ? Math.min(25, itemsCost - discount) : 0;
    return {
      id: cart.id,
      email: cart.email,
      profile_id: null,
      plan_id: cart.planId,
      plan: current
        ? {
            id: current.id,
            slug: current.slug,
            name: current.name,
            tag: current.tag,
            threshold: current.threshold,
          }
        : null,
      filters: { indicators: [], tags: [] },
      first_name: null,
      last_name: null,
      address_line_1: null,
      address_line_2: null,
      city: null,
      phone: null,
      state_id: cart.zipCode ? 33 : null,
      zip_code_id: cart.zipCode ? 1001 : null,
      zip_code: cart.zipCode,
      is_zip_code_delivered: cart.zipCode ? cart.zipCode === '10001' : null,
      delivery_instructions: null,
      receives_sms_updates: true,
      has_password: false,
      price_variance_group_id: null,
      partnership: null,
      referral_code: referred ? 'DEMOREF' : null,
      referral_code_status: referred ? 'applied' : null,
      referrer: referred ? { first_name: 'Jamie', last_name: 'Rivera' } : null,
      referee: referred ? { first_name: null, last_name: null, email: cart.email } : null,
      on_referral_redemption_limit: cart.onReferralRedemptionLimit ?? false,
      is_ready_to_checkout: current !== null && itemCount === current.threshold,
      is_ready_to_complete_checkout: false,
      cart: {
        id: `cart-${cart.id}`,
        items,
        item_count: itemCount,
        threshold: current?.threshold ?? null,
        upsell_items: [],
        costs: {
          cart_items: itemsCost,
          order_value_discount: 0,
          promo_code_cost: discount,
          gift_cards_amount_applied: 0,
          gift_cards_amount_available: 0,
          comped_amount_applied: 0,
          referral_credits_amount_applied: credits,
          shipping_cost: 0,
          shipping_cost_before_discount: 0,
          tax_cost: 0,
          tax_cost_before_discount: 0,
          credits_applied_amount: 0,
          total_cost: itemsCost - discount - credits,
        },
        discount_description: promo?.is_applicable ? promo.description_checkout : null,
        promo_code: promo,
      },
    };
  }

  function override<T>(name: keyof CartApi): ApiResult<T> | undefined {
    const queue = overrides.get(name);
    return queue?.shift() as ApiResult<T> | undefined;
  }

  function find(id: string) {
    return carts.get(id);
  }

  const api: FakeCartApi = {
    calls,
    carts,
    holdItems: false,
    signedIn: false,
    release() {
      const waiting = held;
      held = [];
      for (const resume of waiting) resume();
    },
    failNext(name, result) {
      overrides.set(name, [...(overrides.get(name) ?? []), result]);
    },
    async createCart() {
      calls.push('createCart');
      const forced = override<never>('createCart');
      if (forced) return forced;
      const cart: ServerCart = {
        id: NEW_CART_ID,
        email: null,
        zipCode: null,
        planId: null,
        items: new Map(),
      };
      carts.set(cart.id, cart);
      return ok({ data: toWire(cart), meta: {} }, 201);
    },
    async getCart(id) {
      calls.push(`getCart ${id}`);
      const forced = override<never>('getCart');
      if (forced) return forced;
      const cart = find(id);
      return cart ? ok({ data: toWire(cart) }) : fail(404, { message: 'Unknown abandoned cart' });
    },
    async updateCart(id, body) {
      calls.push(`updateCart ${JSON.stringify(body)}`);
      const forced = override<never>('updateCart');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      if (body.email === 'taken@example.com')
        return failureFromResponse(
          422,
          { message: 'This email is already in use.', errors: { email: ['This email is already in use.'] } },
          true,
        );
      if (body.zip_code === '00000')
        return failureFromResponse(
          422,
          {
            message: 'We could not find this zip code.',
            errors: { zip_code_id: ['We could not find this zip code.'] },
          },
          true,
        );
      if (body.email) cart.email = body.email;
      if (body.zip_code) cart.zipCode = body.zip_code;
      return ok({ data: toWire(cart), meta: { pixels: [] } });
    },
    async deleteCart(id) {
      calls.push(`deleteCart ${id}`);
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      carts.delete(id);
      return ok({ data: toWire(cart) });
    },
    async setItem(id, body, signal) {
      calls.push(`setItem ${body.sku}=${body.quantity}`);
      if (api.holdItems) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          signal?.addEventListener('abort', () => resolve());
        });
        if (signal?.aborted) return { kind: 'aborted' };
      }
      const forced = override<never>('setItem');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      const current = plan(cart);
      if (!current)
        return fail(422, { message: 'Choose a plan first.', errors: { plan_id: ['Choose a plan first.'] } });
      if (!PRODUCTS.some((product) => product.sku === body.sku))
        return fail(404, { message: 'Unknown product' });
      const before = cart.items.get(body.sku) ?? 0;
      if (count(cart) - before + body.quantity > current.threshold)
        return fail(422, {
          message: `Your box holds ${current.threshold} items.`,
          errors: { quantity: [`Your box holds ${current.threshold} items.`] },
        });
      if (body.quantity === 0) cart.items.delete(body.sku);
      else cart.items.set(body.sku, body.quantity);
      return ok({
        data: toWire(cart),
        meta: {
          difference: {
            data: {
              sku: body.sku,
              name: body.sku,
              quantity: body.quantity - before,
              quantity_absolute: body.quantity,
              price: 5,
              total: (body.quantity - before) * 5,
              category_name: 'x',
            },
          },
          pixels: [],
        },
      });
    },
    async selectPlan(id, body) {
      calls.push(`selectPlan ${body.plan_id}`);
      const forced = override<never>('selectPlan');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      const next = PLANS.find((candidate) => candidate.id === body.plan_id);
      if (!next) return fail(422, { message: 'Unknown plan', errors: { plan_id: ['Unknown plan'] } });
      if (next.threshold < count(cart)) cart.items.clear();
      cart.planId = next.id;
      return ok({ data: toWire(cart), meta: { event_id: 'evt' } });
    },
    async saveFilters(id) {
      calls.push('saveFilters');
      const cart = find(id);
      return cart ? ok({ data: toWire(cart) }) : fail(404, { message: 'Unknown abandoned cart' });
    },
    async fillWithBestsellers(id, groupId) {
      calls.push(`fillWithBestsellers ${groupId}`);
      const cart = find(id);
      const group = groups.find((candidate) => candidate.id === groupId);
      if (!cart || !group) return fail(404, { message: 'Not found' });
      const current = plan(cart);
      if (!current)
        return fail(422, { message: 'Choose a plan first.', errors: { plan_id: ['Choose a plan first.'] } });
      for (const item of group.items) {
        const room = current.threshold - count(cart);
        if (room <= 0) break;
        cart.items.set(item.sku, (cart.items.get(item.sku) ?? 0) + Math.min(room, item.quantity));
      }
      return ok({ data: toWire(cart) });
    },
    async getPlans(abandonedCartId) {
      calls.push('getPlans');
      const cart = abandonedCartId ? find(abandonedCartId) : undefined;
      return ok({
        data: PLANS.map((candidate) => ({ ...candidate, is_selected: candidate.id === cart?.planId })),
      });
    },
    async getBestsellers() {
      calls.push('getBestsellers');
      return ok({ data: groups });
    },
    async getCategoryQuantities() {
      calls.push('getCategoryQuantities');
      return ok({ data: [] });
    },
    async getSession() {
      return ok({ authenticated: api.signedIn });
    },
    async applyPromoCode(id, code) {
      calls.push(`applyPromoCode ${code}`);
      const forced = override<never>('applyPromoCode');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      const promoError = (message: string) => fail(422, { message, errors: { promo_code: [message] } });
      const upper = code.toUpperCase();
      if (upper === 'EXPIRED10') return promoError('This promo code has expired.');
      const itemsCost = count(cart) * 5;
      const promo = makePromo(upper, itemsCost);
      if (!promo) return promoError("We don't know this promo code.");
      if (cart.promoCode === upper) return promoError(PROMO_ALREADY_APPLIED_MESSAGE);
      if (!promo.is_applicable && count(cart) > 0) return promoError(promo.inapplicable_reason ?? 'No');
      cart.promoCode = upper;
      return ok({ data: toWire(cart) });
    },
    async removePromoCode(id) {
      calls.push('removePromoCode');
      const forced = override<never>('removePromoCode');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      cart.promoCode = null;
      return ok({ data: toWire(cart) });
    },
    async applyReferralCode(id, body) {
      calls.push(`applyReferralCode ${body.referral_code} ${body.refereeEmail}`);
      const forced = override<never>('applyReferralCode');
      if (forced) return forced;
      const cart = find(id);
      if (!cart) return fail(404, { message: 'Unknown abandoned cart' });
      const referralError = (message: string) => fail(422, { message, errors: { referral_code: [message] } });
      if (body.referral_code === 'LIMITED') {
        // The server refreshes the flag on the cart even though the call fails.
        cart.onReferralRedemptionLimit = true;
        return referralError('This friend has already shared all of their referral rewards.');
      }
      if (body.referral_code !== 'DEMOREF') return referralError('This referral code is not valid.');
      cart.referralCode = 'DEMOREF';
      cart.email = body.refereeEmail;
      cart.onReferralRedemptionLimit = false;
      return ok({
        data: {
          referrer: { first_name: 'Jamie', last_name: 'Rivera' },
          referee: { first_name: null, last_name: null, email: body.refereeEmail },
          cart: toWire(cart),
          referral_code: 'DEMOREF',
          referral_code_status: 'applied',
          on_referral_redemption_limit: false,
        },
      });
    },
    async getAppSettings() {
      calls.push('getAppSettings');
      const forced = override<never>('getAppSettings');
      if (forced) return forced;
      return ok({
        data: [
          {
            group: 'referral_system_discounts',
            values: { referee_discount: { type: 'dollars_off', amount: 25, weekly_ordinal_number: 1 } },
          },
        ],
      });
    },
  };
  return api;
}

/** Runs the whole app start against a fake API, as the browser would on arriving at `url`. */
export function startApp(
  api: FakeCartApi,
  url: string,
  options: { storedId?: string | null; cookies?: CookieJar; pendingReferral?: string | null } = {},
) {
  const { storedId = CART_ID, cookies = memoryCookieJar() } = options;
  const store = createCartStore();
  const storage = memoryCartStorage(storedId);
  storage.pendingReferral = options.pendingReferral ?? null;
  const navigations: { to: string; replace?: boolean }[] = [];
  const flashes: FlashDetail[] = [];
  const address = new URL(url, 'http://shop.test');
  const controller = createCartController({
    api,
    store,
    storage,
    navigate: (to, navigateOptions) => navigations.push({ to, replace: navigateOptions?.replace }),
    flash: (detail) => flashes.push(detail),
    location: () => ({
      origin: address.origin,
      pathname: address.pathname,
      search: address.search,
      hash: '',
    }),
    revalidate: () => {},
  });
  const context: AppStartContext = {
    actions: controller.actions,
    store,
    location: { pathname: address.pathname, search: address.search, hash: address.hash },
    navigate: (to, navigateOptions) => navigations.push({ to, replace: navigateOptions?.replace }),
    cookies,
    flash: (detail) => flashes.push(detail),
  };
  const errors: [string, unknown][] = [];
  const done = runAppStart(context, { onError: (step, error) => errors.push([step, error]) });
  return { done, store, storage, navigations, errors, context, flashes, cookies, controller };
}
