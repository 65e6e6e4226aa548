import type { CartActions, NavigateOptions } from './controller';
import type { CartStore, PresetItem } from './state';

/** The email query parameter stays on this path (spec section 2). */
export const RESET_PASSWORD_PATH = '/onboarding/reset-password';
const MAX_URL_QUANTITY = 99;

export type PageLocation = { pathname: string; search: string; hash: string };

export type AppStartContext = {
  actions: CartActions;
  store: CartStore;
  /** The address the visitor arrived at; steps that strip parameters update it. */
  location: PageLocation;
  navigate(to: string, options?: NavigateOptions): void;
};

export type AppStartStep = { name: string; run(context: AppStartContext): Promise<void> };

function params(context: AppStartContext) {
  return new URLSearchParams(context.location.search);
}

/** Drops query parameters from the address with a replace navigation (no new history entry). */
function stripParams(context: AppStartContext, names: string[]) {
  const search = params(context);
  if (!names.some((name) => search.has(name))) return;
  for (const name of names) search.delete(name);
  const query = search.toString();
  context.location = { ...context.location, search: query ? `?${query}` : '' };
  const { pathname, hash } = context.location;
  context.navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, {
    replace: true,
    preventScrollReset: true,
  });
}

/** `skus=A,B&quantities=2` → A×2, B×1: both comma lists, a missing or invalid quantity is 1. */
export function parseSkuParams(search: string): PresetItem[] {
  const query = new URLSearchParams(search);
  const split = (name: string) =>
    query
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim());
  const skus = split('skus');
  const quantities = split('quantities');
  const items: PresetItem[] = [];
  skus.forEach((sku, index) => {
    if (sku === '') return;
    const parsed = Number.parseInt(quantities[index] ?? '', 10);
    const quantity = Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, MAX_URL_QUANTITY) : 1;
    const existing = items.find((item) => item.sku === sku);
    if (existing) existing.quantity += quantity;
    else items.push({ sku, quantity });
  });
  return items;
}

/** 1. Reload the stored abandoned cart or create one; a failed reload clears the stored id. */
export const restoreOrCreateCart: AppStartStep = {
  name: 'restoreOrCreateCart',
  run: (context) => context.actions.restoreOrCreateCart(),
};

/** 2. Experiments: assigned by the API once the experiments issue lands. The step keeps its place. */
export const loadExperiments: AppStartStep = {
  name: 'loadExperiments',
  run: async () => {},
};

/**
 * 3. A logged-in user with an abandoned cart has both cleared. There are no accounts yet (every
 * visitor is anonymous), so this step has nothing to clear until login lands.
 */
export const clearCartForLoggedInUser: AppStartStep = {
  name: 'clearCartForLoggedInUser',
  run: async () => {},
};

/** 4a. email and zip from the URL update the cart; the email then leaves the URL (not on reset-password). */
export const handleEmailAndZipFromUrl: AppStartStep = {
  name: 'handleEmailAndZipFromUrl',
  run: async (context) => {
    const query = params(context);
    const email = query.get('email')?.trim() || null;
    const zipCode = query.get('zip')?.trim() || null;
    if (!email && !zipCode) return;
    // A URL with a bad email or zip code is ignored: the capture form asks again when needed.
    await context.actions.updateCart({ email, zipCode });
    if (context.location.pathname.replace(/\/+$/, '') !== RESET_PASSWORD_PATH)
      stripParams(context, ['email']);
  },
};

/** 4b. Promo codes (pc, pc_overwrite) arrive with promotions (issue 4). The step keeps its place. */
export const handlePromoCode: AppStartStep = {
  name: 'handlePromoCode',
  run: async () => {},
};

/** 4c. Plans, marked with the cart's plan. */
export const loadPlans: AppStartStep = {
  name: 'loadPlans',
  run: (context) => context.actions.loadPlans(),
};

/**
 * 4d. plan=slug: that plan, else the one tagged popular. A smaller threshold than the current plan's
 * empties the cart first; then the plan is saved with the source URL. The parameter then leaves the URL.
 */
export const handlePlanFromUrl: AppStartStep = {
  name: 'handlePlanFromUrl',
  run: async (context) => {
    const slug = params(context).get('plan');
    if (!slug) return;
    const state = context.store.getState();
    const { plans } = state.onboarding;
    const plan =
      plans.find((candidate) => candidate.slug === slug) ??
      plans.find((candidate) => candidate.tag?.includes('popular'));
    // One-shot: left in the URL, a reload would undo a later plan change (and empty a smaller box).
    stripParams(context, ['plan']);
    if (!plan || plan.id === state.onboarding.planId) return;
    const current = state.cart.threshold ?? state.onboarding.plan?.threshold ?? null;
    if (current !== null && plan.threshold < current && state.cart.items.length > 0) {
      await context.actions.emptyCart();
    }
    await context.actions.selectPlan(plan.id, { processPending: false });
  },
};

/** 4e. referral_id arrives with referrals. The step keeps its place. */
export const handleReferralCode: AppStartStep = {
  name: 'handleReferralCode',
  run: async () => {},
};

/** 4f. App settings (referral discounts…) arrive with referrals. The step keeps its place. */
export const loadAppSettings: AppStartStep = {
  name: 'loadAppSettings',
  run: async () => {},
};

/** Bestseller presets for the cart panel, priced under the cart's plan. */
export const loadBestsellerGroups: AppStartStep = {
  name: 'loadBestsellerGroups',
  run: (context) => context.actions.loadBestsellers(),
};

/** Then skus and quantities are added to the cart and leave the URL, so a reload does not add them twice. */
export const handleSkusFromUrl: AppStartStep = {
  name: 'handleSkusFromUrl',
  run: async (context) => {
    const items = parseSkuParams(context.location.search);
    if (items.length === 0) return;
    stripParams(context, ['skus', 'quantities']);
    await context.actions.addPreset(items);
  },
};

export const loadCategoryQuantities: AppStartStep = {
  name: 'loadCategoryQuantities',
  run: (context) => context.actions.refreshCategories(),
};

/** Spec section 4, in this order. */
export const APP_START_STEPS: readonly AppStartStep[] = [
  restoreOrCreateCart,
  loadExperiments,
  clearCartForLoggedInUser,
  handleEmailAndZipFromUrl,
  handlePromoCode,
  loadPlans,
  handlePlanFromUrl,
  handleReferralCode,
  loadAppSettings,
  loadBestsellerGroups,
  handleSkusFromUrl,
  loadCategoryQuantities,
];

/**
 * Runs the steps one after the other. A failing step is reported and the next one still runs
 * (plans and menus work without a cart; the cart is created again on the first add).
 */
export async function runAppStart(
  context: AppStartContext,
  options: { steps?: readonly AppStartStep[]; onError?: (step: string, error: unknown) => void } = {},
): Promise<void> {
  const { steps = APP_START_STEPS, onError } = options;
  context.store.dispatch({ type: 'phase', phase: 'starting' });
  try {
    for (const step of steps) {
      try {
        await step.run(context);
      } catch (error) {
        onError?.(step.name, error);
      }
    }
  } finally {
    context.store.dispatch({ type: 'phase', phase: 'ready' });
  }
}
