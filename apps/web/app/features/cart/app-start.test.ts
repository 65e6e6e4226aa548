import { describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from '../promotions/cookies';
import { APP_START_STEPS, type AppStartContext, parseSkuParams, runAppStart } from './app-start';
import { createCartStore } from './state';
import { CART_ID, type FakeCartApi, fakeCartApi, NEW_CART_ID, startApp } from './testing';

const start = (api: FakeCartApi, url: string, storedId: string | null = CART_ID) =>
  startApp(api, url, { storedId });

describe('app start order (spec section 4)', () => {
  it('names its steps in the order of the spec', () => {
    expect(APP_START_STEPS.map((step) => step.name)).toEqual([
      'restoreOrCreateCart',
      'loadExperiments',
      'clearCartForLoggedInUser',
      'handleEmailAndZipFromUrl',
      'handlePromoCode',
      'followUpPromoCode',
      'loadPlans',
      'handlePlanFromUrl',
      'handleReferralCode',
      'loadAppSettings',
      'loadBestsellerGroups',
      'handleSkusFromUrl',
      'loadCategoryQuantities',
    ]);
  });

  it('restores the stored cart, then email and zip, plans, plan from the URL, then the skus', async () => {
    const api = fakeCartApi({ existing: {} });
    const { done, store, navigations, errors } = start(
      api,
      '/?skus=SS-PUR-001,SS-TOD-001&quantities=2&email=pat@example.com&zip=10001&plan=plan-12',
    );
    await done;
    expect(errors).toEqual([]);
    expect(api.calls).toEqual([
      `getCart ${CART_ID}`,
      'updateCart {"email":"pat@example.com","zip_code":"10001"}',
      'getPlans',
      'selectPlan 1',
      'getAppSettings',
      'getBestsellers',
      'setItem SS-PUR-001=2',
      'setItem SS-TOD-001=1',
      'getCategoryQuantities',
    ]);
    const state = store.getState();
    expect(state.ui.phase).toBe('ready');
    expect(state.onboarding.email).toBe('pat@example.com');
    expect(state.cart.items.map((item) => [item.sku, item.quantity])).toEqual([
      ['SS-PUR-001', 2],
      ['SS-TOD-001', 1],
    ]);
    // The email leaves the URL first, then the plan and the skus (so a reload does not apply them twice).
    expect(navigations).toEqual([
      { to: '/?skus=SS-PUR-001%2CSS-TOD-001&quantities=2&zip=10001&plan=plan-12', replace: true },
      { to: '/?skus=SS-PUR-001%2CSS-TOD-001&quantities=2&zip=10001', replace: true },
      { to: '/?zip=10001', replace: true },
    ]);
  });

  it('clears the stored id when the restore fails, then creates a cart', async () => {
    const api = fakeCartApi();
    const { done, storage, store } = start(api, '/menus');
    await done;
    expect(api.calls.slice(0, 2)).toEqual([`getCart ${CART_ID}`, 'createCart']);
    expect(storage.get()).toBe(NEW_CART_ID);
    expect(store.getState().onboarding.abandonedCartId).toBe(NEW_CART_ID);
  });

  it('creates a cart when none is stored', async () => {
    const api = fakeCartApi();
    const { done } = start(api, '/', null);
    await done;
    expect(api.calls[0]).toBe('createCart');
  });

  it('reports a create failure with no response and carries on with the other steps', async () => {
    const api = fakeCartApi();
    api.failNext('createCart', {
      kind: 'error',
      error: {
        kind: 'no-response',
        status: null,
        message: 'No response received from server',
        fieldErrors: {},
        code: null,
      },
    });
    const { done, errors } = start(api, '/', null);
    await done;
    expect(errors.map(([step, error]) => [step, (error as Error).message])).toEqual([
      ['restoreOrCreateCart', 'No response received from server'],
    ]);
    expect(api.calls).toContain('getPlans');
  });

  it('keeps the email in the URL on the reset-password page', async () => {
    const api = fakeCartApi({ existing: {} });
    const { done, navigations } = start(api, '/onboarding/reset-password?email=pat@example.com&token=abc');
    await done;
    expect(api.calls).toContain('updateCart {"email":"pat@example.com"}');
    expect(navigations).toEqual([]);
  });

  it('falls back to the popular plan for an unknown slug', async () => {
    const api = fakeCartApi({ existing: {} });
    const { done, store } = start(api, '/menus?plan=plan-999');
    await done;
    expect(api.calls).toContain('selectPlan 2');
    expect(store.getState().cart.threshold).toBe(24);
  });

  it('empties the cart first when the plan from the URL is smaller than the current one', async () => {
    const api = fakeCartApi({
      existing: {
        planId: 2,
        items: new Map([['SS-PUR-001', 3]]),
        email: 'pat@example.com',
        zipCode: '10001',
      },
    });
    const { done, store } = start(api, '/menus?plan=plan-12');
    await done;
    const changes = api.calls.filter((call) => call.startsWith('setItem') || call.startsWith('selectPlan'));
    expect(changes).toEqual(['setItem SS-PUR-001=0', 'selectPlan 1']);
    expect(store.getState().cart.threshold).toBe(12);
  });

  it('does not save the plan again when the URL names the current one', async () => {
    const api = fakeCartApi({ existing: { planId: 2 } });
    const { done } = start(api, '/menus?plan=plan-24');
    await done;
    expect(api.calls.some((call) => call.startsWith('selectPlan'))).toBe(false);
  });

  it('leaves the skus pending behind the capture popup for an unidentified visitor', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { done, store } = start(api, '/?skus=SS-PUR-001');
    await done;
    expect(store.getState().ui.isCaptureOpen).toBe(true);
    expect(store.getState().onboarding.pendingItemsPreset).toEqual([{ sku: 'SS-PUR-001', quantity: 1 }]);
  });

  it('runs every step once, in order, with an injected step list', async () => {
    const order: string[] = [];
    const steps = ['a', 'b', 'c'].map((name) => ({
      name,
      run: vi.fn(async () => {
        order.push(name);
        if (name === 'b') throw new Error('b failed');
      }),
    }));
    const store = createCartStore();
    const failed: string[] = [];
    await runAppStart(
      {
        actions: {} as AppStartContext['actions'],
        store,
        location: { pathname: '/', search: '', hash: '' },
        navigate: () => {},
        cookies: memoryCookieJar(),
        flash: () => {},
      },
      { steps, onError: (step) => failed.push(step) },
    );
    expect(order).toEqual(['a', 'b', 'c']);
    expect(failed).toEqual(['b']);
  });
});

describe('skus and quantities from the URL', () => {
  it('pairs comma lists; a missing or invalid quantity is 1', () => {
    expect(parseSkuParams('?skus=A,B,C&quantities=2,,x')).toEqual([
      { sku: 'A', quantity: 2 },
      { sku: 'B', quantity: 1 },
      { sku: 'C', quantity: 1 },
    ]);
    expect(parseSkuParams('?skus=A,B&quantities=2')).toEqual([
      { sku: 'A', quantity: 2 },
      { sku: 'B', quantity: 1 },
    ]);
    expect(parseSkuParams('?skus=A&skus=A&quantities=1')).toEqual([{ sku: 'A', quantity: 2 }]);
    expect(parseSkuParams('?quantities=3')).toEqual([]);
  });
});

describe('a signed-in customer (step 3)', () => {
  it('drops the stored abandoned cart on the server and forgets it', async () => {
    const api = fakeCartApi({ existing: {} });
    api.signedIn = true;
    const { done, store, errors } = start(api, '/menus');
    await done;
    expect(errors).toEqual([]);
    expect(api.calls).toContain(`deleteCart ${CART_ID}`);
    expect(api.calls.indexOf(`deleteCart ${CART_ID}`)).toBe(1);
    expect(store.getState().onboarding.abandonedCartId).toBeNull();
  });

  it('keeps a visitor’s cart', async () => {
    const api = fakeCartApi({ existing: {} });
    const { done, store } = start(api, '/menus');
    await done;
    expect(api.calls).not.toContain(`deleteCart ${CART_ID}`);
    expect(store.getState().onboarding.abandonedCartId).toBe(CART_ID);
  });
});
