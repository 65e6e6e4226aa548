import type { SubmissionResult } from '@conform-to/react';
import {
  type AbandonedCart,
  type BestsellerGroup,
  CART_LOCKED_CODE,
  type CartItemRefusal,
  cartItemRefusal,
  EMAIL_IN_USE_MESSAGE,
  endpoints,
  GENERIC_SERVER_ERROR,
  type Plan,
  type PlanChoiceRefusal,
  planChoiceRefusal,
  type WaitingItems,
  waitlistMessage,
} from '@sprout/contracts';
import type { ApiFailure, ApiResult, FieldErrors } from '../../lib/api';
import type { ServerApiClient } from '../../lib/api-client.server';
import {
  AUTO_APPLY_PROMO_COOKIE,
  clearedPromoCookieHeaders,
  normalizeCode,
  type PromoCookieSite,
  readCookie,
} from '../promotions/cookies';
import {
  isDefinitiveFailure,
  isPromoAlreadyApplied,
  promoErrorMessage,
  referralErrorMessage,
} from '../promotions/rules';
import { type Pending, pendingToSearch } from './pending';
import { cartCookie, droppedCartCookie, readCartIdFromCookie } from './storage';

export type { Pending } from './pending';

/** What a cart change answers a fetcher (a document POST is redirected instead). */
export type CartActionData = {
  intent: string;
  ok: boolean;
  /** Field errors keyed by the API's field names. */
  errors?: FieldErrors;
  /** A contracts form's reply (the capture and promo forms): errors keyed by the form's fields. */
  result?: SubmissionResult<string[]>;
  /** A message for the whole change (toast or form alert). */
  message?: string;
  /** The visitor must give an email and zip code first: the capture popup opens with this. */
  capture?: Pending;
  /** The change needs a bigger plan: ask first (never a silent upgrade), showing the plan and its price. */
  upgrade?: { plan: Pick<Plan, 'id' | 'name' | 'threshold' | 'box_price_from'>; pending: Pending };
  /** Said after the change (a box emptied to fit a smaller plan, a code that stays). */
  notice?: string;
  /** The details were saved, but we don't deliver to the zip yet: said instead of going on to fill a box. */
  waitlist?: string;
  /** A smaller plan would empty the box: the plans page asks first (docs/decisions/045). */
  confirmEmpty?: { planId: number };
  /** What waited for a plan needed a bigger one, chosen instead of the visitor's (docs/decisions/045). */
  upgradedTo?: string;
  /**
   * The priced cart the change answered (decision 052): the page renders from it and the root
   * loader does not read the cart again. Absent when the page needs more than the cart (see
   * `rendersFromCart`).
   */
  cart?: AbandonedCart;
};

/** A redirect, with what to say once on the page it leads to (a box emptied, a plan upgraded). */
export type CartOutcome = CartActionData | { redirect: string; notice?: string };

/**
 * The visitor's abandoned cart for one request: its id comes from the `abandoned_cart_id` cookie
 * (mirrored from local storage, decision 044), it is created on the first change, and a cart that is
 * not the visitor's (403) is dropped for a fresh one. A cart that can no longer change (400/10002:
 * checked out) is dropped and the visitor goes to the menus page, told why: `locked` says it.
 * Cookies to set are collected for the answer.
 */
export class CartSession {
  id: string | null;
  readonly setCookies: string[] = [];
  /** The API's reason when the cart turned out checked out (400/10002): the answer goes to /menus. */
  locked: string | null = null;
  /** Why the code a link left in its cookie was refused when a cart was made for it, if it was. */
  codeRefusal: string | null = null;
  private readonly secure: boolean;
  private readonly cookieSite: PromoCookieSite;
  /** A link's code (`?pc=`, its cookie) that waited for a cart: applied to the cart once it is made. */
  private waitingCode: string | null;

  constructor(
    private readonly api: ServerApiClient,
    request: Request,
    siteUrl: string,
  ) {
    const header = request.headers.get('cookie');
    this.id = readCartIdFromCookie(header);
    this.secure = new URL(request.url).protocol === 'https:';
    this.cookieSite = { siteUrl, secure: this.secure };
    this.waitingCode = normalizeCode(readCookie(header, AUTO_APPLY_PROMO_COOKIE));
  }

  private remember(id: string | null) {
    this.id = id;
    this.setCookies.push(cartCookie(id, this.secure));
  }

  /** The store could not reload the cart: the browser is told to clear its stored id too. */
  private drop(failure: ApiFailure) {
    this.id = null;
    this.setCookies.push(droppedCartCookie(this.secure));
    if (failure.kind === 'cart-locked') this.locked = failure.message;
  }

  /** A signed-in customer's browser keeps no guest cart (docs/decisions/042): its cookie goes. */
  forgetGuestCart() {
    this.remember(null);
  }

  /** The visitor removed the code from their box: a link's code no longer waits for a cart. */
  forgetLinkCode() {
    this.waitingCode = null;
    this.setCookies.push(...clearedPromoCookieHeaders(this.cookieSite));
  }

  /** A link's code in this request replaces the one its cookie kept (the link applies it itself). */
  replaceWaitingCode(code: string | null) {
    this.waitingCode = code;
  }

  /** The cart, or null without one; an unknown, foreign or checked-out id is forgotten. */
  async read(): Promise<AbandonedCart | null> {
    if (!this.id) return null;
    const result = await this.api.call(endpoints.carts.read, {
      params: { cartId: this.id },
      query: { include: 'promoCode' },
    });
    if (result.kind === 'ok') return result.data.data;
    if (result.kind === 'error' && result.error.status !== null && result.error.status < 500)
      this.drop(result.error);
    return null;
  }

  /** A new cart; the code a link left waiting is applied to it (its cookies stay, docs/decisions/044). */
  async create() {
    const result = await this.api.call(endpoints.carts.create);
    if (result.kind !== 'ok') return result;
    const id = result.data.data.id;
    this.remember(id);
    if (this.waitingCode) {
      const applied = await this.api.call(endpoints.carts.applyPromoCode, {
        params: { cartId: id },
        body: { code: this.waitingCode },
      });
      // A code the store refused (unknown, expired…) would be refused on every cart: it goes.
      if (applied.kind === 'error' && isDefinitiveFailure(applied.error)) {
        this.codeRefusal = promoErrorMessage(applied.error);
        this.setCookies.push(...clearedPromoCookieHeaders(this.cookieSite));
      }
      this.waitingCode = null;
    }
    return result;
  }

  /** Drops a cart made in this request for nothing (a link's code the store refused). */
  async discard(): Promise<void> {
    if (!this.id) return;
    await this.api.call(endpoints.carts.clear, { params: { cartId: this.id } });
    this.remember(null);
  }

  /** Runs a change on the cart (made when missing); a foreign cart starts over once. */
  async change<T>(run: (id: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    if (this.locked) return lockedResult(this.locked);
    if (!this.id) {
      const created = await this.create();
      if (created.kind !== 'ok') return created;
    }
    const result = await run(this.id as string);
    if (result.kind !== 'error') return result;
    if (result.error.kind === 'cart-locked') {
      this.drop(result.error);
      return result;
    }
    if (result.error.kind !== 'forbidden') return result;
    this.remember(null);
    const created = await this.create();
    if (created.kind !== 'ok') return created;
    return run(this.id as string);
  }

  get hasCart(): boolean {
    return this.id !== null;
  }
}

/** The typed reason of a refused plan choice, when the API gave one. */
function planRefusal<T>(result: ApiResult<T>): PlanChoiceRefusal | null {
  if (result.kind !== 'error' || result.error.refusal === undefined) return null;
  const parsed = planChoiceRefusal.safeParse(result.error.refusal);
  return parsed.success ? parsed.data : null;
}

/** The typed reason of a refused item change (decision 052), when the API gave one. */
function itemRefusal<T>(result: ApiResult<T>): CartItemRefusal | null {
  if (result.kind !== 'error' || result.error.refusal === undefined) return null;
  const parsed = cartItemRefusal.safeParse(result.error.refusal);
  return parsed.success ? parsed.data : null;
}

function lockedResult(message: string): { kind: 'error'; error: ApiFailure } {
  return {
    kind: 'error',
    error: { kind: 'cart-locked', status: 400, message, fieldErrors: {}, code: CART_LOCKED_CODE },
  };
}

function failureData(intent: string, error: ApiFailure): CartActionData {
  const hasFields = Object.keys(error.fieldErrors).length > 0;
  return {
    intent,
    ok: false,
    ...(hasFields ? { errors: error.fieldErrors } : {}),
    message: hasFields ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.message) : error.message,
  };
}

function asFailure<T>(intent: string, result: ApiResult<T>): CartActionData | null {
  if (result.kind === 'ok') return null;
  if (result.kind === 'aborted') return { intent, ok: false, message: GENERIC_SERVER_ERROR };
  return failureData(intent, result.error);
}

/**
 * The capture form's answer when no cart could be made for its details: a creation
 * the API answered (a 5xx, a 4xx without field errors) is the generic message on the email field; a
 * 429 keeps its own words there, which say when to try again. A creation that got no answer at all
 * is passed on as it failed ("No response received from server", the form's message). Null when a
 * cart exists: the change itself was answered.
 */
function creationFailure<T>(result: ApiResult<T>, session: CartSession): CartActionData | null {
  if (result.kind !== 'error' || session.hasCart || result.error.kind === 'cart-locked') return null;
  const { status, message } = result.error;
  if (status === null) return failureData('update-details', result.error);
  const shown = status === 429 ? message : GENERIC_SERVER_ERROR;
  return { intent: 'update-details', ok: false, errors: { email: [shown] }, message: shown };
}

/** The storefront's cart rules, each change one function over the session and the API. */
export function cartService(api: ServerApiClient, session: CartSession, options: { sourceUrl: string }) {
  const source_url = options.sourceUrl.slice(0, 2000);

  async function plans(): Promise<Plan[]> {
    const result = await api.call(endpoints.catalog.plans, {
      query: { abandoned_cart_id: session.id ?? undefined },
    });
    return result.kind === 'ok' ? result.data.data : [];
  }

  async function bestsellers(): Promise<BestsellerGroup[]> {
    const result = await api.call(endpoints.catalog.bestsellers, {
      query: { abandonedCartId: session.id ?? undefined },
    });
    return result.kind === 'ok' ? result.data.data : [];
  }

  /** What waits, as the API takes it (docs/decisions/045). */
  function waitingOf(pending: Pending): WaitingItems {
    return 'groupId' in pending ? { bestseller_group_id: pending.groupId } : { items: pending.items };
  }

  /**
   * Says the API's refusal of an add (decision 052): details first, a plan first, or a bigger plan,
   * asked before (never a silent upgrade) with the plan the API named.
   */
  function refusedAdd(refusal: CartItemRefusal, pending: Pending, context: AddContext): CartOutcome {
    switch (refusal.code) {
      case 'details_required':
        return { intent: 'add', ok: false, capture: pending };
      case 'plan_required': {
        const search = pendingToSearch(pending);
        if (context.menu) search.set('navItem', context.menu);
        return { redirect: `/onboarding/plans?${search}` };
      }
      case 'box_full': {
        if (!refusal.plan) return { intent: 'add', ok: false, message: refusal.message };
        const { id, name, threshold, box_price_from } = refusal.plan;
        return {
          intent: 'add',
          ok: false,
          upgrade: { plan: { id, name, threshold, box_price_from }, pending },
        };
      }
    }
  }

  /**
   * Adds what waited (dishes or a ready-made box) in one call: the API decides whether it fits and
   * which plan would. `asFarAsFits` (a link's box): what fits is added, without asking.
   */
  async function addPending(
    pending: Pending,
    context: AddContext,
    asFarAsFits = false,
  ): Promise<CartOutcome> {
    if (context.signedIn) return { redirect: context.accountUrl };
    if (!session.hasCart) return { intent: 'add', ok: false, capture: pending };
    const result = await session.change((id) =>
      api.call(endpoints.carts.addItems, {
        params: { cartId: id },
        body: {
          waiting: waitingOf(pending),
          source_url,
          details_first: true,
          ...(asFarAsFits ? { as_far_as_fits: true } : {}),
        },
      }),
    );
    if (result.kind === 'ok') return { intent: 'add', ok: true };
    const refusal = itemRefusal(result);
    if (refusal) return refusedAdd(refusal, pending, context);
    return asFailure('add', result) ?? { intent: 'add', ok: false };
  }

  /** `detailsFirst`: an add to a cart without an email and zip is refused (`details_required`). */
  async function setItem(sku: string, quantity: number, detailsFirst = false) {
    return session.change((id) =>
      api.call(endpoints.carts.setItem, {
        params: { cartId: id },
        body: {
          sku,
          quantity: Math.max(0, quantity),
          source_url,
          ...(detailsFirst ? { details_first: true } : {}),
        },
      }),
    );
  }

  /**
   * An absolute quantity, in one call (decision 052): the API answers the priced cart, or refuses
   * with its reason (details first, a plan first, a box too small with the plan that fits), which
   * is said here as the API decided it.
   */
  async function changeQuantity(sku: string, quantity: number, context: AddContext): Promise<CartOutcome> {
    if (context.signedIn) return { redirect: context.accountUrl };
    // No cart yet: the visitor gives their details first, and no cart is made for that.
    if (!session.hasCart && quantity > 0)
      return { intent: 'add', ok: false, capture: { items: [{ sku, quantity }] } };
    const result = await setItem(sku, quantity, true);
    if (result.kind === 'ok') return { intent: 'set-item', ok: true, cart: result.data.data };
    const refusal = itemRefusal(result);
    if (!refusal) return asFailure('set-item', result) ?? { intent: 'set-item', ok: false };
    return refusedAdd(refusal, { items: [{ sku, quantity: refusal.adding }] }, context);
  }

  /**
   * The box size, with what waited for it: the API puts it on the first plan that holds it all
   * (docs/decisions/045) and says so. A plan too small for the box's items empties it, which is
   * asked first unless `confirmedEmpty` (a link's plan empties at once). What waited for details
   * the visitor has not given yet waits on: the plan is chosen and the capture opens.
   */
  async function selectPlan(
    planId: number,
    pending: Pending | null,
    context: AddContext,
    { confirmedEmpty = false }: { confirmedEmpty?: boolean } = {},
  ): Promise<CartOutcome> {
    if (pending && context.signedIn) return { redirect: context.accountUrl };
    const choose = (waiting: Pending | null) =>
      session.change((id) =>
        api.call(endpoints.carts.selectPlan, {
          params: { cartId: id },
          body: {
            plan_id: planId,
            source_url,
            ...(waiting ? { waiting: waitingOf(waiting) } : {}),
            ...(confirmedEmpty ? {} : { keep_items: true }),
          },
        }),
      );
    let result = await choose(pending);
    let refusal = planRefusal(result);
    let capture: Pending | null = null;
    if (pending && refusal?.code === 'details_required') {
      capture = pending;
      result = await choose(null);
      refusal = planRefusal(result);
    }
    if (refusal?.code === 'empties_box')
      return { intent: 'select-plan', ok: false, confirmEmpty: { planId: refusal.plan_id } };
    const failed = asFailure('select-plan', result);
    if (failed || result.kind !== 'ok') return failed ?? { intent: 'select-plan', ok: false };
    if (capture) return { intent: 'add', ok: false, capture };
    const { notices, upgraded_to } = result.data.meta;
    return {
      intent: 'select-plan',
      ok: true,
      ...(notices.length > 0 ? { notice: notices.join(' ') } : {}),
      ...(upgraded_to ? { upgradedTo: upgraded_to } : {}),
    };
  }

  /** Email and zip code (capture, a link's parameters); 422s come back keyed by the API's fields. */
  async function updateDetails(
    body: { email?: string; zip_code?: string },
    pending: Pending | null,
    context: AddContext,
  ) {
    const result = await session.change((id) =>
      api.call(endpoints.checkout.saveCart, { params: { cartId: id }, body }),
    );
    const creationFailed = creationFailure(result, session);
    if (creationFailed) return creationFailed;
    if (result.kind === 'error' && result.error.fieldErrors.email?.includes(EMAIL_IN_USE_MESSAGE)) {
      const query = new URLSearchParams({ email: String(body.email ?? ''), error: EMAIL_IN_USE_MESSAGE });
      return { redirect: `/onboarding/login?${query}` };
    }
    const failed = asFailure('update-details', result);
    if (failed) return failed;
    // Nothing to fill a box for where we don't deliver: what waited is dropped, and the visitor told.
    const waitlist = result.kind === 'ok' ? result.data.meta.waitlist : undefined;
    if (waitlist && result.kind === 'ok') {
      const message = waitlistMessage(waitlist, result.data.data.email ?? String(body.email ?? ''));
      return { intent: 'update-details', ok: true, waitlist: message };
    }
    if (pending) return addPending(pending, context);
    return { intent: 'update-details', ok: true };
  }

  async function applyPromo(code: string): Promise<CartOutcome> {
    const result = await session.change((id) =>
      api.call(endpoints.carts.applyPromoCode, { params: { cartId: id }, body: { code } }),
    );
    if (result.kind === 'ok') return { intent: 'apply-promo', ok: true };
    if (result.kind === 'error' && isPromoAlreadyApplied(result.error))
      return { intent: 'apply-promo', ok: true };
    const message = result.kind === 'error' ? promoErrorMessage(result.error) : GENERIC_SERVER_ERROR;
    return { intent: 'apply-promo', ok: false, errors: { promo_code: [message] }, message };
  }

  async function removePromo(): Promise<CartOutcome> {
    if (!session.hasCart) return { intent: 'remove-promo', ok: true };
    const result = await session.change((id) =>
      api.call(endpoints.carts.removePromoCode, { params: { cartId: id } }),
    );
    const failed = asFailure('remove-promo', result);
    if (!failed) session.forgetLinkCode();
    return failed ?? { intent: 'remove-promo', ok: true };
  }

  async function applyReferral(code: string, email: string): Promise<CartOutcome> {
    const result = await session.change((id) =>
      api.call(endpoints.carts.applyReferralCode, {
        params: { cartId: id },
        body: { referral_code: code, refereeEmail: email },
      }),
    );
    if (result.kind === 'ok') return { intent: 'apply-referral', ok: true };
    const message = result.kind === 'error' ? referralErrorMessage(result.error) : GENERIC_SERVER_ERROR;
    return { intent: 'apply-referral', ok: false, message };
  }

  async function upsell(sku: string, direction: 'increase' | 'decrease'): Promise<CartOutcome> {
    const result = await session.change((id) =>
      api.call(direction === 'increase' ? endpoints.carts.upsellIncrease : endpoints.carts.upsellDecrease, {
        body: { abandoned_cart_id: id, sku },
      }),
    );
    return asFailure('upsell', result) ?? { intent: 'upsell', ok: true };
  }

  /** The menu filters chosen: kept on the cart for a returning visitor. */
  async function saveFilters(filters: { indicators: string[]; tags: string[] }): Promise<CartOutcome> {
    if (!session.hasCart) return { intent: 'save-filters', ok: true };
    const result = await session.change((id) =>
      api.call(endpoints.carts.setFilters, { params: { cartId: id }, body: filters }),
    );
    return asFailure('save-filters', result) ?? { intent: 'save-filters', ok: true };
  }

  return {
    plans,
    bestsellers,
    addPending,
    changeQuantity,
    selectPlan,
    updateDetails,
    applyPromo,
    removePromo,
    applyReferral,
    upsell,
    saveFilters,
  };
}

/** What an add needs to know about the visitor besides the cart. */
export type AddContext = { signedIn: boolean; accountUrl: string; menu: string | null };

export type CartService = ReturnType<typeof cartService>;
