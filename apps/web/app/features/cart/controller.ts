import {
  type AbandonedCart,
  type BestsellerGroup,
  EMAIL_IN_USE_MESSAGE,
  GENERIC_SERVER_ERROR,
  type Pixel,
} from '@sprout/contracts';
import {
  type ApiFailure,
  type ApiResult,
  type FieldErrors,
  firstErrorMessage,
  NO_RESPONSE_MESSAGE,
} from '../../lib/api.client';
import { CART_ADD_ERROR_DURATION, type FlashDetail } from '../flash/flash';
import { createPromotionsActions, type ReferralOutcome } from '../promotions/actions';
import type { CartApi, SetItemResponse, UpdateCartResponse } from './cart-api';
import { type CartUpdateFields, toUpdateBody } from './mapping';
import {
  type AppState,
  type CartStore,
  firstPlanAtLeast,
  isIdentified,
  type PendingCartItem,
  type PresetItem,
  plansByThreshold,
  quantityOf,
} from './state';
import type { CartIdStorage } from './storage';

export type NavigateOptions = { replace?: boolean; preventScrollReset?: boolean };

export type ControllerDeps = {
  api: CartApi;
  store: CartStore;
  storage: CartIdStorage;
  navigate(to: string, options?: NavigateOptions): void;
  flash(detail: FlashDetail): void;
  /** The page's current address (window.location in the browser). */
  location(): { origin: string; pathname: string; search: string; hash: string };
  /** Re-run the page loaders (prices follow the cart's plan). */
  revalidate(): void;
  /** Marketing pixels from cart answers (data layer). */
  track?(pixels: Pixel[]): void;
};

/** A failure that ended a step of the app start (the create-cart "original error rethrown"). */
export class ApiFailureError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiFailureError';
  }
}

export type ChangeOutcome =
  | { kind: 'ok'; response: SetItemResponse }
  | { kind: 'aborted' }
  /** A 403 (cart reset) or a 400/10002 (sent to the menus) already dealt with. */
  | { kind: 'handled' }
  | { kind: 'error'; error: ApiFailure };

export type CaptureSubmitResult =
  | { ok: true }
  | { ok: false; redirected: boolean; fieldErrors: FieldErrors; message: string | null };

export type ProductRef = { sku: string; name: string };

/** Spec section 8: creating the cart failed with a response → errors.email is the generic message. */
function createFailure(error: ApiFailure): ApiFailure {
  if (error.status === null) return error;
  return {
    ...error,
    kind: 'validation',
    message: GENERIC_SERVER_ERROR,
    fieldErrors: { email: [GENERIC_SERVER_ERROR] },
  };
}

/**
 * The cart's actions (spec section 4 "Cart" and the store actions list). Plain functions over a
 * store and an injected API, so the rules are unit-tested without React.
 */
export function createCartController(deps: ControllerDeps) {
  const { api, store, storage } = deps;
  const { dispatch, getState } = store;

  let started: Promise<void> | null = null;
  /** The cart change in flight: a new one aborts it (spec section 4). */
  let inFlight: AbortController | null = null;
  /** Set when a change was aborted; the cart is re-read once the latest change settles. */
  let abortedSinceSettled = false;
  /** Counts cart changes, so a re-read that started before a newer change never overwrites it. */
  let changeVersion = 0;
  /** The latest change per sku, so an aborted one does not clear the busy flag of its successor. */
  const latestBySku = new Map<string, AbortController>();

  function sourceUrl(): string {
    const { origin, pathname, search } = deps.location();
    const params = new URLSearchParams(search);
    params.delete('email');
    const query = params.toString();
    return `${origin}${pathname}${query ? `?${query}` : ''}`.slice(0, 2000);
  }

  function plansPath(): string {
    const menu = /^\/menus\/([^/]+)\/?$/.exec(deps.location().pathname)?.[1];
    return menu ? `/onboarding/plans?navItem=${encodeURIComponent(menu)}` : '/onboarding/plans';
  }

  function loaded(data: AbandonedCart) {
    storage.set(data.id);
    dispatch({ type: 'abandonedCart/loaded', data });
  }

  async function withBusy<T>(work: () => Promise<T>): Promise<T> {
    dispatch({ type: 'busy', delta: 1 });
    try {
      return await work();
    } finally {
      dispatch({ type: 'busy', delta: -1 });
    }
  }

  // Abandoned cart lifecycle

  async function createCart(): Promise<{ ok: true; id: string } | { ok: false; error: ApiFailure }> {
    const result = await api.createCart();
    if (result.kind === 'ok') {
      loaded(result.data.data);
      dispatch({ type: 'capture/errors', errors: {} });
      return { ok: true, id: result.data.data.id };
    }
    if (result.kind === 'aborted') return { ok: false, error: createFailure(noResponse()) };
    const error = createFailure(result.error);
    if (error.status !== null) dispatch({ type: 'capture/errors', errors: error.fieldErrors });
    return { ok: false, error };
  }

  async function restoreCart(id: string): Promise<boolean> {
    const result = await api.getCart(id);
    if (result.kind !== 'ok') return false;
    loaded(result.data.data);
    return true;
  }

  /** App start step 1: reload the stored cart, or create one; a failed reload clears the stored id. */
  async function restoreOrCreateCart(): Promise<void> {
    const storedId = storage.get();
    if (storedId) {
      if (await restoreCart(storedId)) return;
      storage.clear();
    }
    const created = await createCart();
    // No response: the original error goes up (spec section 8); with a response it sits on the email field.
    if (!created.ok && created.error.status === null) throw new ApiFailureError(created.error);
  }

  async function ensureCartId(): Promise<{ ok: true; id: string } | { ok: false; error: ApiFailure }> {
    const id = getState().onboarding.abandonedCartId;
    if (id) return { ok: true, id };
    return createCart();
  }

  /**
   * App start step 3: a signed-in customer has no abandoned cart (their account has its own
   * subscription), so one that exists is dropped on the server and forgotten here.
   */
  async function clearForSignedInCustomer(): Promise<boolean> {
    const session = await api.getSession();
    if (session.kind !== 'ok' || !session.data.authenticated) return false;
    const id = getState().onboarding.abandonedCartId;
    inFlight?.abort();
    inFlight = null;
    if (id) await api.deleteCart(id);
    storage.clear();
    dispatch({ type: 'abandonedCart/cleared' });
    return true;
  }

  /**
   * After an order: the abandoned cart became the customer's subscription. The local cart and the
   * stored id are forgotten (the new customer is signed in, so no new abandoned cart is made).
   */
  function clearAfterOrder(): void {
    inFlight?.abort();
    inFlight = null;
    storage.clear();
    dispatch({ type: 'abandonedCart/cleared' });
    dispatch({ type: 'cart/closed' });
  }

  /** Clears the local cart and the stored id, then starts a new abandoned cart. */
  async function resetCart(): Promise<void> {
    inFlight?.abort();
    inFlight = null;
    storage.clear();
    dispatch({ type: 'abandonedCart/cleared' });
    await createCart();
  }

  /** 400/10002 → the menus page; 403 → a new abandoned cart. True when the failure was dealt with. */
  async function handleCartFailure(error: ApiFailure): Promise<boolean> {
    if (error.kind === 'cart-locked') {
      deps.navigate('/menus');
      return true;
    }
    if (error.kind === 'forbidden') {
      await resetCart();
      return true;
    }
    return false;
  }

  const promotions = createPromotionsActions({
    api,
    store,
    storage,
    loaded,
    ensureCartId,
    handleCartFailure,
    reloadCart: restoreCart,
    revalidate: () => deps.revalidate(),
  });

  /** A referral that failed after the visitor acted (capture popup) is told as a toast. */
  function flashReferral(outcome: ReferralOutcome) {
    if (outcome.kind === 'rejected' || outcome.kind === 'failed')
      deps.flash({ type: 'error', message: outcome.message });
  }

  async function updateCart(
    fields: CartUpdateFields,
    retried = false,
  ): Promise<ApiResult<UpdateCartResponse>> {
    const cart = await ensureCartId();
    if (!cart.ok) return { kind: 'error', error: cart.error };
    const result = await api.updateCart(cart.id, toUpdateBody(fields));
    if (result.kind === 'ok') {
      loaded(result.data.data);
      deps.track?.(result.data.meta?.pixels ?? []);
      return result;
    }
    if (result.kind === 'error') {
      if (result.error.kind === 'forbidden' && !retried) {
        // Spec section 8: a 403 resets the abandoned cart. The details just typed go to the new one.
        await resetCart();
        return updateCart(fields, true);
      }
      if (result.error.kind === 'cart-locked') deps.navigate('/menus');
    }
    return result;
  }

  // Reference data

  async function loadPlans(): Promise<void> {
    const result = await api.getPlans(getState().onboarding.abandonedCartId);
    if (result.kind === 'ok') dispatch({ type: 'plans/loaded', plans: result.data.data });
  }

  async function loadBestsellers(): Promise<void> {
    const result = await api.getBestsellers(getState().onboarding.abandonedCartId);
    if (result.kind === 'ok') dispatch({ type: 'bestsellers/loaded', groups: result.data.data });
  }

  async function refreshCategories(): Promise<void> {
    if (!getState().onboarding.abandonedCartId) return;
    const result = await api.getCategoryQuantities();
    if (result.kind !== 'ok') return;
    dispatch({
      type: 'categories/loaded',
      categories: result.data.data.map((row) => ({
        categoryId: row.category_id,
        categorySlug: row.category_slug,
        quantity: row.quantity,
      })),
    });
  }

  async function reconcile(): Promise<void> {
    const id = getState().onboarding.abandonedCartId;
    if (!id) return;
    const version = changeVersion;
    const result = await api.getCart(id);
    // A change that started meanwhile answers with a newer cart: let it win.
    if (result.kind === 'ok' && inFlight === null && version === changeVersion) loaded(result.data.data);
  }

  // Cart changes

  /** Sends an absolute quantity for a sku. A newer change aborts this one, which is then ignored. */
  async function changeQuantity(sku: string, quantity: number): Promise<ChangeOutcome> {
    const cart = await ensureCartId();
    if (!cart.ok) return { kind: 'error', error: cart.error };
    if (inFlight) {
      inFlight.abort();
      abortedSinceSettled = true;
    }
    const controller = new AbortController();
    inFlight = controller;
    changeVersion += 1;
    latestBySku.set(sku, controller);
    dispatch({ type: 'sku/pending', sku, pending: true });
    let result: ApiResult<SetItemResponse>;
    try {
      result = await api.setItem(
        cart.id,
        { sku, quantity: Math.max(0, quantity), source_url: sourceUrl() },
        controller.signal,
      );
    } finally {
      if (latestBySku.get(sku) === controller) {
        latestBySku.delete(sku);
        dispatch({ type: 'sku/pending', sku, pending: false });
      }
    }
    if (result.kind === 'aborted' || controller.signal.aborted) return { kind: 'aborted' };
    inFlight = null;
    if (result.kind === 'error') {
      if (await handleCartFailure(result.error)) return { kind: 'handled' };
      return { kind: 'error', error: result.error };
    }
    loaded(result.data.data);
    deps.track?.(result.data.meta?.pixels ?? []);
    if (abortedSinceSettled) {
      abortedSinceSettled = false;
      void reconcile();
    }
    return { kind: 'ok', response: result.data };
  }

  function openCapture() {
    dispatch({ type: 'capture/opened' });
    storage.markSignupUsed();
  }

  /** A close without submission drops what was waiting for the visitor's details. */
  function closeCapture({ submitted }: { submitted: boolean }) {
    if (!submitted) dispatch({ type: 'pending/cleared' });
    dispatch({ type: 'capture/closed' });
  }

  function promptUpgrade(item: PendingCartItem): void {
    const state = getState();
    const plan = firstPlanAtLeast(state.onboarding.plans, state.cart.itemCount + item.quantity);
    if (!plan) {
      deps.flash({
        type: 'error',
        message: `Your box is full: it holds ${state.cart.threshold ?? 0} items.`,
        duration: CART_ADD_ERROR_DURATION,
      });
      return;
    }
    dispatch({ type: 'upgrade/prompted', prompt: { planId: plan.id, item } });
    dispatch({ type: 'cart/opened' });
  }

  function flashAddError(error: ApiFailure) {
    deps.flash({ type: 'error', message: firstErrorMessage(error), duration: CART_ADD_ERROR_DURATION });
  }

  /** Existing quantity plus n (spec section 4), after the visitor is identified and has a plan. */
  async function addProduct(product: ProductRef, quantity = 1): Promise<void> {
    const state = getState();
    const item: PendingCartItem = { sku: product.sku, name: product.name, quantity };
    if (!isIdentified(state)) {
      dispatch({ type: 'pending/set', patch: { pendingCartItem: item } });
      openCapture();
      return;
    }
    if (state.onboarding.planId === null) {
      dispatch({ type: 'pending/set', patch: { pendingCartItem: item } });
      deps.navigate(plansPath());
      return;
    }
    const { threshold, itemCount } = state.cart;
    if (threshold !== null && itemCount + quantity > threshold) {
      promptUpgrade(item);
      return;
    }
    const outcome = await changeQuantity(product.sku, quantityOf(state, product.sku) + quantity);
    if (outcome.kind === 'error') flashAddError(outcome.error);
  }

  /** One less, never below zero. */
  async function subtractProduct(product: ProductRef): Promise<void> {
    const existing = quantityOf(getState(), product.sku);
    if (existing <= 0) return;
    const outcome = await changeQuantity(product.sku, existing - 1);
    if (outcome.kind === 'error') deps.flash({ type: 'error', message: firstErrorMessage(outcome.error) });
  }

  async function removeProduct(product: ProductRef): Promise<void> {
    if (quantityOf(getState(), product.sku) === 0) return;
    const outcome = await changeQuantity(product.sku, 0);
    if (outcome.kind === 'error') deps.flash({ type: 'error', message: firstErrorMessage(outcome.error) });
  }

  /** Empties the cart line by line (plan from the URL with a smaller threshold, spec section 4). */
  async function emptyCart(): Promise<void> {
    for (const line of [...getState().cart.items]) {
      const outcome = await changeQuantity(line.sku, 0);
      if (outcome.kind === 'handled') return;
    }
  }

  /** Adds items one by one, skipping any the server refuses with 404 or 422 (spec section 4). */
  async function addItemsOneByOne(items: PresetItem[]): Promise<void> {
    for (const item of items) {
      const outcome = await changeQuantity(item.sku, quantityOf(getState(), item.sku) + item.quantity);
      if (outcome.kind === 'handled') return;
      if (outcome.kind !== 'error') continue;
      if (outcome.error.kind === 'not-found' || outcome.error.kind === 'validation') continue;
      flashAddError(outcome.error);
      return;
    }
  }

  /** Before adding `extra` items: the first plan that fits them when the current one does not. */
  async function upgradeFor(extra: number): Promise<boolean> {
    const state = getState();
    const needed = state.cart.itemCount + extra;
    if (state.cart.threshold !== null && needed <= state.cart.threshold) return true;
    const plan =
      firstPlanAtLeast(state.onboarding.plans, needed) ?? plansByThreshold(state.onboarding.plans).at(-1);
    if (!plan || plan.id === state.onboarding.planId) return true;
    return selectPlan(plan.id, { processPending: false });
  }

  function findGroup(groupId: number): BestsellerGroup | undefined {
    return getState().onboarding.bestsellerGroups.find((group) => group.id === groupId);
  }

  async function addBestsellerGroup(groupId: number): Promise<void> {
    let group = findGroup(groupId);
    if (!group) {
      await loadBestsellers();
      group = findGroup(groupId);
    }
    if (!group) {
      deps.flash({ type: 'error', message: GENERIC_SERVER_ERROR, duration: CART_ADD_ERROR_DURATION });
      return;
    }
    const state = getState();
    if (!isIdentified(state)) {
      dispatch({ type: 'pending/set', patch: { pendingBestsellerGroupId: group.id } });
      openCapture();
      return;
    }
    if (state.onboarding.planId === null) {
      dispatch({ type: 'pending/set', patch: { pendingBestsellerGroupId: group.id } });
      deps.navigate(plansPath());
      return;
    }
    const chosen = group;
    await withBusy(async () => {
      const { threshold, itemCount } = getState().cart;
      if (threshold === null || itemCount + chosen.total_quantity > threshold) {
        if (!(await upgradeFor(chosen.total_quantity))) return;
        await addItemsOneByOne(chosen.items.map(({ sku, quantity }) => ({ sku, quantity })));
        return;
      }
      const cart = await ensureCartId();
      if (!cart.ok) return flashAddError(cart.error);
      const result = await api.fillWithBestsellers(cart.id, chosen.id, { source_url: sourceUrl() });
      if (result.kind === 'aborted') return;
      if (result.kind === 'error') {
        if (!(await handleCartFailure(result.error))) flashAddError(result.error);
        return;
      }
      loaded(result.data.data);
    });
  }

  /** A list of skus and quantities (the URL's skus/quantities): upgrade if needed, then one by one. */
  async function addPreset(items: PresetItem[]): Promise<void> {
    if (items.length === 0) return;
    const state = getState();
    if (!isIdentified(state)) {
      dispatch({ type: 'pending/set', patch: { pendingItemsPreset: items } });
      openCapture();
      return;
    }
    if (state.onboarding.planId === null) {
      dispatch({ type: 'pending/set', patch: { pendingItemsPreset: items } });
      deps.navigate(plansPath());
      return;
    }
    await withBusy(async () => {
      const total = items.reduce((sum, item) => sum + item.quantity, 0);
      if (!(await upgradeFor(total))) return;
      await addItemsOneByOne(items);
    });
  }

  /** Whatever waited for details or a plan: the bestseller group, else the product, else the preset. */
  async function processPending(): Promise<void> {
    const { pendingBestsellerGroupId, pendingCartItem, pendingItemsPreset } = getState().onboarding;
    dispatch({ type: 'pending/cleared' });
    if (pendingBestsellerGroupId !== null) await addBestsellerGroup(pendingBestsellerGroupId);
    else if (pendingCartItem?.sku) await addProduct(pendingCartItem, pendingCartItem.quantity);
    else if (pendingItemsPreset && pendingItemsPreset.length > 0) await addPreset(pendingItemsPreset);
  }

  async function selectPlan(
    planId: number,
    options: { navigateTo?: string; processPending?: boolean } = {},
  ): Promise<boolean> {
    const { navigateTo, processPending: runPending = true } = options;
    const itemsBefore = getState().cart.itemCount;
    const ok = await withBusy(async () => {
      const cart = await ensureCartId();
      if (!cart.ok) {
        deps.flash({ type: 'error', message: cart.error.message });
        return false;
      }
      const result = await api.selectPlan(cart.id, { plan_id: planId, source_url: sourceUrl() });
      if (result.kind === 'aborted') return false;
      if (result.kind === 'error') {
        if (!(await handleCartFailure(result.error)))
          deps.flash({ type: 'error', message: firstErrorMessage(result.error) });
        return false;
      }
      loaded(result.data.data);
      return true;
    });
    if (!ok) return false;
    const { itemCount, threshold } = getState().cart;
    if (itemsBefore > 0 && itemCount === 0 && threshold !== null && threshold < itemsBefore) {
      deps.flash({ type: 'success', message: `Your box was emptied to fit the ${threshold}-item plan.` });
    }
    deps.revalidate();
    // Preset prices follow the plan (the app start loads them after its plan step anyway).
    if (getState().ui.phase !== 'starting') void loadBestsellers();
    if (navigateTo) deps.navigate(navigateTo);
    if (runPending) await processPending();
    return true;
  }

  /** The "box is full" prompt's button: change plan, then add what did not fit. */
  async function upgradeTo(planId: number): Promise<void> {
    const prompt = getState().ui.upgradePrompt;
    dispatch({ type: 'upgrade/prompted', prompt: null });
    if (!(await selectPlan(planId, { processPending: false }))) return;
    const threshold = getState().cart.threshold;
    if (threshold !== null)
      deps.flash({ type: 'success', message: `Your box now holds ${threshold} items.` });
    if (prompt?.item) await addProduct(prompt.item, prompt.item.quantity);
  }

  /** Capture-email submit (spec section 4): update the cart, then add what was pending. */
  async function submitCapture(fields: { email: string; zipCode: string }): Promise<CaptureSubmitResult> {
    const result = await updateCart({ email: fields.email, zipCode: fields.zipCode });
    if (result.kind === 'aborted') return { ok: false, redirected: false, fieldErrors: {}, message: null };
    if (result.kind === 'error') {
      const { fieldErrors } = result.error;
      if (fieldErrors.email?.includes(EMAIL_IN_USE_MESSAGE)) {
        dispatch({ type: 'cart/closed' });
        closeCapture({ submitted: false });
        const query = new URLSearchParams({ email: fields.email.trim(), error: EMAIL_IN_USE_MESSAGE });
        deps.navigate(`/onboarding/login?${query}`);
        return { ok: false, redirected: true, fieldErrors: {}, message: null };
      }
      if (result.error.kind === 'cart-locked')
        return { ok: false, redirected: true, fieldErrors: {}, message: null };
      const hasFields = Object.keys(fieldErrors).length > 0;
      return { ok: false, redirected: false, fieldErrors, message: hasFields ? null : result.error.message };
    }
    // A friend's code waited for this email (spec section 4: referrals need the referee's email).
    if (getState().onboarding.pendingReferralCode) flashReferral(await promotions.applyReferralCode(null));
    await processPending();
    return { ok: true };
  }

  const actions = {
    restoreOrCreateCart,
    clearForSignedInCustomer,
    restoreCart,
    createCart,
    resetCart,
    clearAfterOrder,
    updateCart,
    loadPlans,
    loadBestsellers,
    refreshCategories,
    changeQuantity,
    addProduct,
    subtractProduct,
    removeProduct,
    emptyCart,
    addBestsellerGroup,
    addPreset,
    selectPlan,
    upgradeTo,
    submitCapture,
    openCapture,
    closeCapture,
    ...promotions,
  };

  /** Public actions wait for the app start to finish, so they see the restored cart. */
  function afterStart<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      await (started ?? Promise.resolve());
      return action(...args);
    };
  }

  return {
    getState,
    /** Internal actions, unguarded: for the app start sequence and tests. */
    actions,
    setStart(run: () => Promise<void>): Promise<void> {
      started ??= run();
      return started;
    },
    whenStarted: () => started ?? Promise.resolve(),
    addProduct: afterStart(addProduct),
    subtractProduct: afterStart(subtractProduct),
    removeProduct: afterStart(removeProduct),
    addBestsellerGroup: afterStart(addBestsellerGroup),
    addPreset: afterStart(addPreset),
    selectPlan: afterStart(selectPlan),
    upgradeTo: afterStart(upgradeTo),
    submitCapture: afterStart(submitCapture),
    applyPromoCode: afterStart(promotions.applyPromoCode),
    removePromoCode: afterStart(promotions.removePromoCode),
    updateCart: afterStart(updateCart),
    /** Stores a cart answer from another feature's call (checkout add-ons). */
    cartLoaded: loaded,
    clearAfterOrder,
    openCapture,
    closeCapture,
    openCart: () => dispatch({ type: 'cart/opened' }),
    closeCart: () => dispatch({ type: 'cart/closed' }),
    toggleCart: () => dispatch({ type: 'cart/toggled' }),
    dismissUpgrade: () => dispatch({ type: 'upgrade/prompted', prompt: null }),
  };
}

export type CartController = ReturnType<typeof createCartController>;
export type CartActions = CartController['actions'];
export type { AppState };

function noResponse(): ApiFailure {
  return { kind: 'no-response', status: null, message: NO_RESPONSE_MESSAGE, fieldErrors: {}, code: null };
}
