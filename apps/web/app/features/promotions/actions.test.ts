import { describe, expect, it, vi } from 'vitest';
import { failureFromResponse, NO_RESPONSE_MESSAGE } from '../../lib/api.client';
import { createCartController } from '../cart/controller';
import { createCartStore } from '../cart/state';
import { memoryCartStorage } from '../cart/storage';
import { CART_ID, type FakeCartApi, fakeCartApi, NEW_CART_ID } from '../cart/testing';
import { cartBannerFromState } from './banner';

function setup(api: FakeCartApi, storedId: string | null = CART_ID) {
  const store = createCartStore();
  const storage = memoryCartStorage(storedId);
  const revalidate = vi.fn();
  const navigations: string[] = [];
  const controller = createCartController({
    api,
    store,
    storage,
    navigate: (to) => navigations.push(to),
    flash: () => {},
    location: () => ({ origin: 'http://shop.test', pathname: '/menus', search: '', hash: '' }),
    revalidate,
  });
  return { controller, store, storage, revalidate, navigations, state: () => store.getState() };
}

async function withCart(items: [string, number][] = [['SS-PUR-001', 2]]) {
  const api = fakeCartApi({
    existing: { email: 'pat@example.com', zipCode: '10001', planId: 1, items: new Map(items) },
  });
  const context = setup(api);
  await context.controller.actions.restoreOrCreateCart();
  api.calls.length = 0;
  return { api, ...context };
}

describe('promo code in the cart panel', () => {
  it('applies a code: the cart, its banner and costs follow, and the page loaders re-run', async () => {
    const { controller, api, state, revalidate } = await withCart();
    await expect(controller.applyPromoCode('  WELCOME50 ')).resolves.toEqual({ kind: 'applied' });
    expect(api.calls).toEqual(['applyPromoCode WELCOME50']);
    expect(state().cart.promoCode?.code).toBe('WELCOME50');
    expect(state().cart.promoCodeBanner).toMatchObject({ code: 'WELCOME50', showBanner: true });
    expect(state().cart.costs.discount).toBe(5);
    expect(state().cart.costs.discountDescription).toBe('WELCOME50 discount');
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("answers the server's first promo_code error, else 'Promo Code is invalid.'", async () => {
    const { controller, api } = await withCart();
    await expect(controller.applyPromoCode('EXPIRED10')).resolves.toEqual({
      kind: 'rejected',
      message: 'This promo code has expired.',
    });
    await expect(controller.applyPromoCode('SAVE20')).resolves.toEqual({
      kind: 'rejected',
      message: 'This promo code needs a cart of at least $40.',
    });
    api.failNext(
      'applyPromoCode',
      failureFromResponse(422, { message: 'Validation error occurred', errors: {} }),
    );
    await expect(controller.applyPromoCode('X')).resolves.toEqual({
      kind: 'rejected',
      message: 'Promo Code is invalid.',
    });
    api.failNext('applyPromoCode', {
      kind: 'error',
      error: { kind: 'no-response', status: null, message: NO_RESPONSE_MESSAGE, fieldErrors: {}, code: null },
    });
    await expect(controller.applyPromoCode('WELCOME50')).resolves.toEqual({
      kind: 'failed',
      message: NO_RESPONSE_MESSAGE,
    });
  });

  it('reports the already-applied answer apart, so callers can ignore it', async () => {
    const { controller } = await withCart();
    await controller.applyPromoCode('WELCOME50');
    await expect(controller.applyPromoCode('welcome50')).resolves.toEqual({ kind: 'already-applied' });
  });

  it('removes the code and restores the costs', async () => {
    const { controller, state, revalidate } = await withCart();
    const before = state().cart.costs;
    await controller.applyPromoCode('FIVEFREE');
    expect(state().cart.costs.total).toBe(0);
    await expect(controller.removePromoCode()).resolves.toEqual({ kind: 'applied' });
    expect(state().cart.promoCode).toBeNull();
    expect(state().cart.promoCodeBanner).toBeNull();
    expect(state().cart.costs).toEqual(before);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('creates the cart first when there is none yet', async () => {
    const api = fakeCartApi();
    const { controller, state } = setup(api, null);
    await controller.applyPromoCode('WELCOME50');
    expect(api.calls).toEqual(['createCart', 'applyPromoCode WELCOME50']);
    expect(state().onboarding.abandonedCartId).toBe(NEW_CART_ID);
    expect(state().cart.promoCode?.code).toBe('WELCOME50');
  });

  it('a 403 resets the abandoned cart and applies the code there; a 400/10002 goes to the menus', async () => {
    const { controller, api, navigations, state } = await withCart();
    api.failNext('applyPromoCode', failureFromResponse(403, { message: 'Forbidden' }));
    await expect(controller.applyPromoCode('WELCOME50')).resolves.toEqual({ kind: 'applied' });
    expect(api.calls).toEqual(['applyPromoCode WELCOME50', 'createCart', 'applyPromoCode WELCOME50']);
    expect(state().onboarding.abandonedCartId).toBe(NEW_CART_ID);
    expect(state().cart.promoCode?.code).toBe('WELCOME50');
    api.failNext('applyPromoCode', failureFromResponse(400, { message: 'Locked', code: 10002 }));
    await expect(controller.applyPromoCode('WELCOME50')).resolves.toEqual({ kind: 'handled' });
    expect(navigations).toEqual(['/menus']);
  });
});

describe('banner state', () => {
  it('a referral with items: credits beat no discount; then a bigger discount wins', async () => {
    const api = fakeCartApi({
      existing: {
        email: 'pat@example.com',
        zipCode: '10001',
        planId: 1,
        items: new Map([['SS-PUR-001', 2]]),
      },
    });
    const { controller, state } = setup(api);
    await controller.actions.restoreOrCreateCart();
    await controller.actions.loadAppSettings();
    await controller.actions.applyReferralCode('DEMOREF');
    expect(cartBannerFromState(state())).toEqual({
      kind: 'referral',
      text: 'Jamie sent you $25 off your first box',
    });
    // FIVEFREE frees both dishes: the discount exceeds the (now zero) credits.
    await controller.applyPromoCode('FIVEFREE');
    expect(state().cart.costs.referralCredits).toBe(0);
    expect(cartBannerFromState(state())).toMatchObject({ kind: 'discount', code: 'FIVEFREE' });
  });
});
