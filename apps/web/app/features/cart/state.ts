import type { AbandonedCart, BestsellerGroup, Plan } from '@sprout/contracts';
import type { FieldErrors } from '../../lib/api.client';
import type { AppSettingGroup } from '../promotions/promo-api';
import {
  type CartFromServer,
  type CartLine,
  EMPTY_COSTS,
  type OnboardingFromServer,
  toCart,
  toOnboarding,
} from './mapping';

/** A product waiting to be added once the visitor has given details or chosen a plan. */
export type PendingCartItem = { sku: string; name: string; quantity: number };
/** One entry of a preset of items (the skus and quantities query parameters). */
export type PresetItem = { sku: string; quantity: number };
export type CategoryQuantity = { categoryId: number; categorySlug: string; quantity: number };

/**
 * Onboarding state of spec section 3: what the last abandoned-cart answer said (before the first
 * answer there is no cart yet), plus what the storefront loads and keeps pending itself.
 */
export type OnboardingState = Omit<OnboardingFromServer, 'abandonedCartId' | 'cartId'> & {
  abandonedCartId: string | null;
  cartId: string | null;
  plans: Plan[];
  bestsellerGroups: BestsellerGroup[];
  categories: CategoryQuantity[];
  allowedRoutes: string[];
  pendingBestsellerGroupId: number | null;
  pendingItemsPreset: PresetItem[] | null;
  pendingCartItem: PendingCartItem | null;
  /** A referral code (?referral_id=) waiting for the visitor's email, applied after the capture popup. */
  pendingReferralCode: string | null;
};

/** Cart state of spec section 3: what the server's cart answer sets, plus the panel's own UI state. */
export type CartState = Omit<CartFromServer, 'id'> & {
  id: string | null;
  isOpen: boolean;
  isGuideVisible: boolean;
};

/** The box is full and the visitor tried to add more: offer the next plan. */
export type UpgradePrompt = { planId: number; item: PendingCartItem | null };

export type UiState = {
  /** idle before hydration, starting during the app start sequence, then ready. */
  phase: 'idle' | 'starting' | 'ready';
  isCaptureOpen: boolean;
  /** Field errors to show in the capture form that did not come from its own submit (cart creation). */
  captureErrors: FieldErrors;
  upgradePrompt: UpgradePrompt | null;
  /** Skus with a quantity change in flight. */
  pendingSkus: string[];
  /** Presets, plan changes and other multi-step work in flight. */
  busy: number;
};

export type AppState = {
  onboarding: OnboardingState;
  cart: CartState;
  ui: UiState;
  /** App setting groups (GET /api/sales/app-settings): referral_system_discounts and others. */
  appSettings: AppSettingGroup[];
};

export const initialOnboarding: OnboardingState = {
  email: null,
  firstName: null,
  lastName: null,
  stateId: null,
  zipCodeId: null,
  zipCode: null,
  isZipCodeDelivered: null,
  abandonedCartId: null,
  cartId: null,
  planId: null,
  plan: null,
  profileId: null,
  plans: [],
  bestsellerGroups: [],
  filters: { indicators: [], tags: [] },
  isReadyToCheckout: false,
  isReadyToCompleteCheckout: false,
  categories: [],
  addressLine1: null,
  addressLine2: null,
  city: null,
  phone: null,
  deliveryInstructions: null,
  receivesSmsUpdates: true,
  hasPassword: false,
  onReferralRedemptionLimit: false,
  priceVarianceGroupId: null,
  partnership: null,
  referee: null,
  referrer: null,
  allowedRoutes: [],
  pendingBestsellerGroupId: null,
  pendingItemsPreset: null,
  pendingCartItem: null,
  pendingReferralCode: null,
};

export const initialCart: CartState = {
  id: null,
  items: [],
  itemCount: 0,
  threshold: null,
  upsellItems: [],
  costs: EMPTY_COSTS,
  promoCode: null,
  isOpen: false,
  promoCodeBanner: null,
  isGuideVisible: false,
  referralCode: null,
  referralCodeStatus: null,
  referrer: null,
  referee: null,
};

export const initialUi: UiState = {
  phase: 'idle',
  isCaptureOpen: false,
  captureErrors: {},
  upgradePrompt: null,
  pendingSkus: [],
  busy: 0,
};

export const initialState: AppState = {
  onboarding: initialOnboarding,
  cart: initialCart,
  ui: initialUi,
  appSettings: [],
};

type PendingPatch = Partial<
  Pick<OnboardingState, 'pendingBestsellerGroupId' | 'pendingItemsPreset' | 'pendingCartItem'>
>;

export type CartAction =
  | { type: 'abandonedCart/loaded'; data: AbandonedCart }
  | { type: 'abandonedCart/cleared' }
  | { type: 'plans/loaded'; plans: Plan[] }
  | { type: 'bestsellers/loaded'; groups: BestsellerGroup[] }
  | { type: 'categories/loaded'; categories: CategoryQuantity[] }
  | { type: 'pending/set'; patch: PendingPatch }
  | { type: 'pending/cleared' }
  | { type: 'cart/opened' }
  | { type: 'cart/closed' }
  | { type: 'cart/toggled' }
  | { type: 'capture/opened' }
  | { type: 'capture/closed' }
  | { type: 'capture/errors'; errors: FieldErrors }
  | { type: 'upgrade/prompted'; prompt: UpgradePrompt | null }
  | { type: 'sku/pending'; sku: string; pending: boolean }
  | { type: 'busy'; delta: 1 | -1 }
  | { type: 'referral/pending'; code: string | null }
  | { type: 'appSettings/loaded'; groups: AppSettingGroup[] }
  | { type: 'phase'; phase: UiState['phase'] };

function categoryQuantities(items: CartLine[]): CategoryQuantity[] {
  const byCategory = new Map<number, CategoryQuantity>();
  for (const item of items) {
    if (!item.category) continue;
    const entry = byCategory.get(item.category.id) ?? {
      categoryId: item.category.id,
      categorySlug: item.category.slug,
      quantity: 0,
    };
    entry.quantity += item.quantity;
    byCategory.set(item.category.id, entry);
  }
  return [...byCategory.values()];
}

export function cartReducer(state: AppState, action: CartAction): AppState {
  switch (action.type) {
    case 'abandonedCart/loaded': {
      const cart = toCart(action.data);
      const onboarding = toOnboarding(action.data);
      const upgradePrompt =
        state.ui.upgradePrompt && state.ui.upgradePrompt.planId === onboarding.planId
          ? null
          : state.ui.upgradePrompt;
      return {
        ...state,
        // Items per category follow every cart answer (the API's /api/me/category-quantities agrees).
        onboarding: { ...state.onboarding, ...onboarding, categories: categoryQuantities(cart.items) },
        cart: { ...state.cart, ...cart },
        ui: { ...state.ui, upgradePrompt },
      };
    }
    case 'abandonedCart/cleared':
      return {
        ...state,
        onboarding: {
          ...initialOnboarding,
          plans: state.onboarding.plans.map((plan) => ({ ...plan, is_selected: false })),
          bestsellerGroups: state.onboarding.bestsellerGroups,
          // A friend's code still waits for the visitor's email on the new cart.
          pendingReferralCode: state.onboarding.pendingReferralCode,
        },
        cart: { ...initialCart, isOpen: state.cart.isOpen },
        ui: { ...state.ui, upgradePrompt: null, pendingSkus: [], captureErrors: {} },
      };
    case 'plans/loaded':
      return { ...state, onboarding: { ...state.onboarding, plans: action.plans } };
    case 'bestsellers/loaded':
      return { ...state, onboarding: { ...state.onboarding, bestsellerGroups: action.groups } };
    case 'categories/loaded':
      return { ...state, onboarding: { ...state.onboarding, categories: action.categories } };
    case 'pending/set':
      return { ...state, onboarding: { ...state.onboarding, ...action.patch } };
    case 'pending/cleared':
      return {
        ...state,
        onboarding: {
          ...state.onboarding,
          pendingBestsellerGroupId: null,
          pendingItemsPreset: null,
          pendingCartItem: null,
        },
      };
    case 'cart/opened':
      return state.cart.isOpen ? state : { ...state, cart: { ...state.cart, isOpen: true } };
    case 'cart/closed':
      return state.cart.isOpen ? { ...state, cart: { ...state.cart, isOpen: false } } : state;
    case 'cart/toggled':
      return { ...state, cart: { ...state.cart, isOpen: !state.cart.isOpen } };
    case 'capture/opened':
      return { ...state, ui: { ...state.ui, isCaptureOpen: true } };
    case 'capture/closed':
      return { ...state, ui: { ...state.ui, isCaptureOpen: false, captureErrors: {} } };
    case 'capture/errors':
      return { ...state, ui: { ...state.ui, captureErrors: action.errors } };
    case 'upgrade/prompted':
      return { ...state, ui: { ...state.ui, upgradePrompt: action.prompt } };
    case 'sku/pending': {
      const without = state.ui.pendingSkus.filter((sku) => sku !== action.sku);
      return {
        ...state,
        ui: { ...state.ui, pendingSkus: action.pending ? [...without, action.sku] : without },
      };
    }
    case 'busy':
      return { ...state, ui: { ...state.ui, busy: Math.max(0, state.ui.busy + action.delta) } };
    case 'phase':
      return { ...state, ui: { ...state.ui, phase: action.phase } };
    case 'referral/pending':
      return state.onboarding.pendingReferralCode === action.code
        ? state
        : { ...state, onboarding: { ...state.onboarding, pendingReferralCode: action.code } };
    case 'appSettings/loaded':
      return { ...state, appSettings: action.groups };
  }
}

export type CartStore = {
  getState(): AppState;
  dispatch(action: CartAction): void;
  subscribe(listener: () => void): () => void;
};

/** A tiny external store: actions read the current state synchronously, React subscribes to it. */
export function createCartStore(initial: AppState = initialState): CartStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = cartReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Selectors

/** Identified: the visitor has given an email and a zip code (spec section 2). */
export function isIdentified(state: AppState): boolean {
  return Boolean(state.onboarding.email) && state.onboarding.zipCodeId !== null;
}

export function quantityOf(state: AppState, sku: string): number {
  return state.cart.items.find((item) => item.sku === sku)?.quantity ?? 0;
}

export function plansByThreshold(plans: Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.threshold - b.threshold);
}

/** The first plan whose threshold is at least `needed` (spec section 4, presets needing an upgrade). */
export function firstPlanAtLeast(plans: Plan[], needed: number): Plan | null {
  return plansByThreshold(plans).find((plan) => plan.threshold >= needed) ?? null;
}

/** The next bigger plan than the current one, for the "box is full" prompt. */
export function nextBiggerPlan(plans: Plan[], threshold: number | null): Plan | null {
  if (threshold === null) return null;
  return plansByThreshold(plans).find((plan) => plan.threshold > threshold) ?? null;
}

/** Where get-started goes (spec section 2): signup, then plans, then menus. */
export function getStartedPath(state: AppState): string {
  if (!isIdentified(state)) return '/onboarding/signup';
  if (state.onboarding.planId === null) return '/onboarding/plans';
  return '/menus';
}
