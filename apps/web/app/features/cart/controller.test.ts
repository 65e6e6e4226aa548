import { describe, expect, it, vi } from 'vitest';
import type { FlashDetail } from '../flash/flash';
import { createCartController } from './controller';
import { createCartStore } from './state';
import { memoryCartStorage } from './storage';
import { CART_ID, type FakeCartApi, fakeCartApi, makeGroup, NEW_CART_ID, PLANS } from './testing';

const MAC = { sku: 'SS-TOD-001', name: 'Butternut Mac & Cheese' };
const PUREE = { sku: 'SS-PUR-001', name: 'Sweet Potato Puree' };

function setup(api: FakeCartApi, location = '/menus') {
  const store = createCartStore();
  const storage = memoryCartStorage(CART_ID);
  const navigations: string[] = [];
  const flashes: FlashDetail[] = [];
  const revalidate = vi.fn();
  const controller = createCartController({
    api,
    store,
    storage,
    navigate: (to) => navigations.push(to),
    flash: (detail) => flashes.push(detail),
    location: () => ({ origin: 'http://shop.test', pathname: location, search: '', hash: '' }),
    revalidate,
  });
  return { controller, store, storage, navigations, flashes, revalidate, state: () => store.getState() };
}

/** An identified visitor with a plan, cart restored and plans loaded. */
async function ready(
  options: { planId?: number | null; items?: [string, number][] } = {},
  groups = [makeGroup(7, [])],
) {
  const api = fakeCartApi({
    existing: {
      email: 'pat@example.com',
      zipCode: '10001',
      planId: options.planId === undefined ? 1 : options.planId,
      items: new Map(options.items ?? []),
    },
    groups,
  });
  const context = setup(api);
  await context.controller.actions.restoreOrCreateCart();
  await context.controller.actions.loadPlans();
  await context.controller.actions.loadBestsellers();
  api.calls.length = 0;
  return { api, ...context };
}

describe('adding and removing products', () => {
  it('adds one to the existing quantity, or n when asked', async () => {
    const { controller, api, state } = await ready({ items: [[MAC.sku, 2]] });
    await controller.addProduct(MAC);
    await controller.addProduct(PUREE, 3);
    expect(api.calls).toContain(`setItem ${MAC.sku}=3`);
    expect(api.calls).toContain(`setItem ${PUREE.sku}=3`);
    expect(state().cart.itemCount).toBe(6);
    expect(state().cart.items.find((item) => item.sku === MAC.sku)?.quantity).toBe(3);
  });

  it('subtracts one and never goes below zero; remove sends quantity 0', async () => {
    const { controller, api, state } = await ready({ items: [[MAC.sku, 1]] });
    await controller.subtractProduct(MAC);
    await controller.subtractProduct(MAC);
    expect(api.calls.filter((call) => call.startsWith('setItem'))).toEqual([`setItem ${MAC.sku}=0`]);
    expect(state().cart.items).toEqual([]);

    const second = await ready({ items: [[PUREE.sku, 4]] });
    await second.controller.removeProduct(PUREE);
    expect(second.api.calls).toEqual([`setItem ${PUREE.sku}=0`]);
  });

  it('opens the capture popup with the item pending when email or zip is missing', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { controller, state, storage } = setup(api);
    await controller.actions.restoreOrCreateCart();
    await controller.addProduct(MAC);
    expect(state().ui.isCaptureOpen).toBe(true);
    expect(state().onboarding.pendingCartItem).toEqual({ ...MAC, quantity: 1 });
    expect(storage.signupUsed).toBe(true);
    expect(api.calls.some((call) => call.startsWith('setItem'))).toBe(false);
  });

  it('goes to the plans (with the menu as navItem) when there is no plan, keeping the item pending', async () => {
    const api = fakeCartApi({ existing: { email: 'pat@example.com', zipCode: '10001' } });
    const context = setup(api, '/menus/purees/');
    await context.controller.actions.restoreOrCreateCart();
    await context.controller.actions.loadPlans();
    await context.controller.addProduct(PUREE);
    expect(context.navigations).toEqual(['/onboarding/plans?navItem=purees']);
    expect(context.state().onboarding.pendingCartItem).toEqual({ ...PUREE, quantity: 1 });

    // Choosing a plan adds the pending item.
    await context.controller.selectPlan(2, { navigateTo: '/menus/purees/' });
    expect(context.navigations.at(-1)).toBe('/menus/purees/');
    expect(context.state().cart.items.map((item) => [item.sku, item.quantity])).toEqual([[PUREE.sku, 1]]);
    expect(context.state().onboarding.pendingCartItem).toBeNull();
    expect(context.revalidate).toHaveBeenCalled();
  });

  it('prompts an upgrade to the next plan instead of passing the threshold', async () => {
    const { controller, api, state } = await ready({ planId: 1, items: [[MAC.sku, 12]] });
    await controller.addProduct(PUREE);
    expect(api.calls.some((call) => call.startsWith('setItem'))).toBe(false);
    expect(state().ui.upgradePrompt).toEqual({ planId: 2, item: { ...PUREE, quantity: 1 } });
    expect(state().cart.isOpen).toBe(true);

    await controller.upgradeTo(2);
    expect(api.calls).toEqual(expect.arrayContaining(['selectPlan 2', `setItem ${PUREE.sku}=1`]));
    expect(state().cart.threshold).toBe(24);
    expect(state().cart.itemCount).toBe(13);
    expect(state().ui.upgradePrompt).toBeNull();
  });

  it('shows the first server error of a failed add as a 4000 ms error toast', async () => {
    const { controller, api, flashes } = await ready();
    api.failNext('setItem', {
      kind: 'error',
      error: {
        kind: 'validation',
        status: 422,
        message: 'x',
        fieldErrors: { quantity: ['Your box holds 12 items.'] },
        code: null,
      },
    });
    await controller.addProduct(MAC);
    expect(flashes).toEqual([{ type: 'error', message: 'Your box holds 12 items.', duration: 4000 }]);
  });

  it('a 400 with code 10002 goes to the menus; a 403 resets the abandoned cart', async () => {
    const locked = await ready();
    locked.api.failNext('setItem', {
      kind: 'error',
      error: { kind: 'cart-locked', status: 400, message: 'Checked out', fieldErrors: {}, code: 10002 },
    });
    await locked.controller.addProduct(MAC);
    expect(locked.navigations).toEqual(['/menus']);
    expect(locked.flashes).toEqual([]);

    const forbidden = await ready();
    forbidden.api.failNext('setItem', {
      kind: 'error',
      error: { kind: 'forbidden', status: 403, message: 'No', fieldErrors: {}, code: null },
    });
    await forbidden.controller.addProduct(MAC);
    expect(forbidden.api.calls).toEqual([`setItem ${MAC.sku}=1`, 'createCart']);
    expect(forbidden.state().onboarding.abandonedCartId).toBe(NEW_CART_ID);
    expect(forbidden.storage.get()).toBe(NEW_CART_ID);
    expect(forbidden.state().onboarding.email).toBeNull();
  });
});

describe('a new cart change aborts the one in flight', () => {
  it('ignores the aborted answer silently and keeps the newest', async () => {
    const { controller, api, state, flashes } = await ready();
    api.holdItems = true;
    const first = controller.addProduct(MAC);
    await vi.waitFor(() => expect(api.calls).toContain(`setItem ${MAC.sku}=1`));
    expect(state().ui.pendingSkus).toEqual([MAC.sku]);
    const second = controller.addProduct(PUREE);
    await vi.waitFor(() => expect(api.calls).toContain(`setItem ${PUREE.sku}=1`));
    api.holdItems = false;
    api.release();
    await Promise.all([first, second]);
    // The first request was aborted before it reached the (fake) server: only the second landed.
    expect(state().cart.items.map((item) => item.sku)).toEqual([PUREE.sku]);
    expect(state().ui.pendingSkus).toEqual([]);
    expect(flashes).toEqual([]);
    // The cart is read again once the latest change settled, so an aborted change that did land shows up.
    await vi.waitFor(() => expect(api.calls).toContain(`getCart ${CART_ID}`));
  });
});

describe('presets', () => {
  it('fills with bestsellers when the group fits the plan', async () => {
    const group = makeGroup(7, [
      { sku: MAC.sku, quantity: 6 },
      { sku: PUREE.sku, quantity: 6 },
    ]);
    const { controller, api, state } = await ready({ planId: 1 }, [group]);
    await controller.addBestsellerGroup(7);
    expect(api.calls).toEqual(['fillWithBestsellers 7']);
    expect(state().onboarding.categories).toEqual([
      { categoryId: 3, categorySlug: 'toddler-meals', quantity: 6 },
      { categoryId: 1, categorySlug: 'purees', quantity: 6 },
    ]);
    expect(state().cart.itemCount).toBe(12);
    expect(state().onboarding.isReadyToCheckout).toBe(true);
  });

  it('upgrades to the first plan that fits, then adds one by one skipping 404 and 422', async () => {
    const group = makeGroup(8, [
      { sku: MAC.sku, quantity: 10 },
      { sku: 'SS-GONE-999', quantity: 2 },
      { sku: PUREE.sku, quantity: 4 },
    ]);
    const { controller, api, state } = await ready({ planId: 1, items: [[MAC.sku, 2]] }, [group]);
    await controller.addBestsellerGroup(8);
    // 2 in the box + 16 from the group = 18: the 24-item plan is the first that holds them.
    expect(api.calls.filter((call) => !call.startsWith('get'))).toEqual([
      'selectPlan 2',
      `setItem ${MAC.sku}=12`,
      'setItem SS-GONE-999=2',
      `setItem ${PUREE.sku}=4`,
    ]);
    expect(state().cart.threshold).toBe(24);
    expect(state().cart.itemCount).toBe(16);
  });

  it('keeps the preset pending until the visitor gives details', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { controller, state } = setup(api);
    await controller.actions.restoreOrCreateCart();
    await controller.actions.loadPlans();
    await controller.addPreset([{ sku: MAC.sku, quantity: 2 }]);
    expect(state().onboarding.pendingItemsPreset).toEqual([{ sku: MAC.sku, quantity: 2 }]);
    const result = await controller.submitCapture({ email: 'pat@example.com', zipCode: '10001' });
    expect(result).toEqual({ ok: true });
    expect(state().cart.items.map((item) => [item.sku, item.quantity])).toEqual([[MAC.sku, 2]]);
    expect(state().onboarding.pendingItemsPreset).toBeNull();
    expect(PLANS).toHaveLength(3);
  });
});

describe('capture submit', () => {
  it('updates the cart with email and zip code, then adds the pending product', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { controller, state } = setup(api);
    await controller.actions.restoreOrCreateCart();
    await controller.addProduct(MAC);
    const result = await controller.submitCapture({ email: ' pat@example.com ', zipCode: '10001' });
    expect(result).toEqual({ ok: true });
    expect(api.calls).toContain('updateCart {"email":"pat@example.com","zip_code":"10001"}');
    expect(state().cart.items.map((item) => item.sku)).toEqual([MAC.sku]);
  });

  it("'This email is already in use.' closes cart and popup and goes to the login", async () => {
    const api = fakeCartApi({ existing: {} });
    const { controller, state, navigations, store } = setup(api);
    await controller.actions.restoreOrCreateCart();
    store.dispatch({ type: 'cart/opened' });
    controller.openCapture();
    const result = await controller.submitCapture({ email: 'taken@example.com', zipCode: '10001' });
    expect(result).toMatchObject({ ok: false, redirected: true });
    expect(state().ui.isCaptureOpen).toBe(false);
    expect(state().cart.isOpen).toBe(false);
    expect(navigations).toEqual([
      '/onboarding/login?email=taken%40example.com&error=This+email+is+already+in+use.',
    ]);
  });

  it('returns other field errors camel-cased for the form', async () => {
    const api = fakeCartApi({ existing: {} });
    const { controller } = setup(api);
    await controller.actions.restoreOrCreateCart();
    const result = await controller.submitCapture({ email: 'pat@example.com', zipCode: '00000' });
    expect(result).toEqual({
      ok: false,
      redirected: false,
      fieldErrors: { zipCodeId: ['We could not find this zip code.'] },
      message: null,
    });
  });

  it('a close without submission clears what was pending', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { controller, state } = setup(api);
    await controller.actions.restoreOrCreateCart();
    await controller.addProduct(MAC);
    controller.closeCapture({ submitted: false });
    expect(state().ui.isCaptureOpen).toBe(false);
    expect(state().onboarding.pendingCartItem).toBeNull();
  });

  it('a cart that could not be created puts the generic server error on the email field', async () => {
    const api = fakeCartApi();
    const { controller, state } = setup(api);
    api.failNext('createCart', {
      kind: 'error',
      error: { kind: 'server', status: 500, message: 'x', fieldErrors: {}, code: null },
    });
    const result = await controller.submitCapture({ email: 'pat@example.com', zipCode: '10001' });
    expect(result).toEqual({
      ok: false,
      redirected: false,
      fieldErrors: { email: ['Sorry, something went wrong. An error has occurred on the server'] },
      message: null,
    });
    expect(state().ui.captureErrors).toEqual({
      email: ['Sorry, something went wrong. An error has occurred on the server'],
    });
  });
});
