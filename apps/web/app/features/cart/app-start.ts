import type { FlashDetail } from '../flash/flash';
import type { PromoOutcome } from '../promotions/actions';
import {
  AUTO_APPLY_PROMO_COOKIE,
  type CookieJar,
  normalizeCode,
  OVERWRITE_PROMO_COOKIE,
  parseOverwrite,
} from '../promotions/cookies';
import type { CartActions, NavigateOptions } from './controller';
import type { CartStore, PresetItem } from './state';

/** The email query parameter stays on this path (spec section 2). */
export const RESET_PASSWORD_PATH = '/onboarding/reset-password';
const MAX_URL_QUANTITY = 99;

export type PageLocation = { pathname: string; search: string; hash: string };

/** What the promo code step did, for its follow-up step. */
export type PromoCodeStepResult = {
  code: string;
  overwrite: boolean;
  outcome:
    | PromoOutcome['kind']
    /** No abandoned cart: the cookies keep the code for a later visit. */
    | 'no-cart'
    /** The cart has another code and the link did not say to overwrite it. */
    | 'kept-existing';
};

export type AppStartContext = {
  actions: CartActions;
  store: CartStore;
  /** The address the visitor arrived at; steps that strip parameters update it. */
  location: PageLocation;
  navigate(to: string, options?: NavigateOptions): void;
  /** The promo cookies (auto_apply_promo_code, overwrite_promo_code). */
  cookies: CookieJar;
  flash(detail: FlashDetail): void;
  /** Set by the promo code step for its follow-up. */
  promoCode?: PromoCodeStepResult;
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

/** 3. A logged-in user with an abandoned cart has both cleared (the local cart and the server's). */
export const clearCartForLoggedInUser: AppStartStep = {
  name: 'clearCartForLoggedInUser',
  run: async (context) => {
    await context.actions.clearForSignedInCustomer();
  },
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

/**
 * Cookies from the link: `pc` sets auto_apply_promo_code; `pc_overwrite` sets overwrite_promo_code
 * (a new `pc` without it drops an older overwrite value, so one link's choice does not leak into
 * the next one's).
 */
export function storePromoCookies(search: string, cookies: CookieJar): void {
  const query = new URLSearchParams(search);
  const code = normalizeCode(query.get('pc'));
  const overwrite = query.has('pc_overwrite') ? String(parseOverwrite(query.get('pc_overwrite'))) : null;
  if (code) cookies.set(AUTO_APPLY_PROMO_COOKIE, code);
  if (overwrite !== null) cookies.set(OVERWRITE_PROMO_COOKIE, overwrite);
  else if (code) cookies.remove(OVERWRITE_PROMO_COOKIE);
}

/**
 * 4b. The promo code from the cookie (set from `?pc=` above) is applied only when an abandoned cart
 * exists. A cart that already has a different code keeps it unless the overwrite value says
 * otherwise. 'This promo code is already applied.' is ignored silently; any other failure is a flash
 * error. The follow-up step then runs with the code and the overwrite value.
 */
export const handlePromoCode: AppStartStep = {
  name: 'handlePromoCode',
  run: async (context) => {
    storePromoCookies(context.location.search, context.cookies);
    const code = normalizeCode(context.cookies.get(AUTO_APPLY_PROMO_COOKIE));
    if (!code) return;
    const overwrite = parseOverwrite(context.cookies.get(OVERWRITE_PROMO_COOKIE));
    const step: PromoCodeStepResult = { code, overwrite, outcome: 'no-cart' };
    context.promoCode = step;
    const state = context.store.getState();
    if (!state.onboarding.abandonedCartId) return;
    const current = state.cart.promoCode?.code;
    if (current && current.toLowerCase() !== code.toLowerCase() && !overwrite) {
      step.outcome = 'kept-existing';
      return;
    }
    const outcome = await context.actions.applyPromoCode(code);
    step.outcome = outcome.kind;
    if (outcome.kind === 'rejected' || outcome.kind === 'failed') {
      context.flash({ type: 'error', message: outcome.message });
    }
  },
};

/** Outcomes after which the link's code has been dealt with, so the cookies go. */
const SETTLED_PROMO_OUTCOMES: ReadonlySet<PromoCodeStepResult['outcome']> = new Set([
  'applied',
  'already-applied',
  'kept-existing',
  'rejected',
]);

/**
 * 4b'. Follow-up of the promo code step, with its code and overwrite value: once the code is on the
 * cart (or was refused, or gave way to the cart's own code) the cookies are cleared, so a later
 * visit does not apply it again over the customer's own choice. Without a cart, or when the server
 * could not be reached, they stay for the next visit. `pc` and `pc_overwrite` leave the URL.
 */
export const followUpPromoCode: AppStartStep = {
  name: 'followUpPromoCode',
  run: async (context) => {
    stripParams(context, ['pc', 'pc_overwrite']);
    const step = context.promoCode;
    if (!step || !SETTLED_PROMO_OUTCOMES.has(step.outcome)) return;
    context.cookies.remove(AUTO_APPLY_PROMO_COOKIE);
    context.cookies.remove(OVERWRITE_PROMO_COOKIE);
  },
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

/**
 * 4e. `?referral_id=CODE` is applied only with an abandoned cart, with the cart's email as the
 * referee email. Without an email yet it waits (also across reloads) and is applied right after
 * the capture popup submits. The parameter leaves the URL.
 */
export const handleReferralCode: AppStartStep = {
  name: 'handleReferralCode',
  run: async (context) => {
    const code = params(context).get('referral_id');
    stripParams(context, ['referral_id']);
    const outcome = await context.actions.applyReferralCode(code);
    if (outcome.kind === 'rejected' || outcome.kind === 'failed') {
      context.flash({ type: 'error', message: outcome.message });
    }
  },
};

/** 4f. App settings (referral discounts…) into the state; on failure nothing. */
export const loadAppSettings: AppStartStep = {
  name: 'loadAppSettings',
  run: (context) => context.actions.loadAppSettings(),
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
  followUpPromoCode,
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
