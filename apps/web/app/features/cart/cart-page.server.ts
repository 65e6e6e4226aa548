import { parseWithZod } from '@conform-to/zod/v4';
import {
  type AbandonedCart,
  type BestsellerGroup,
  CONFIRM_PLAN_PARAM,
  captureDetailsForm,
  type Delivery,
  endpoints,
  PLAN_PARAM,
  type Plan,
  promoCodeForm,
  SESSION_COOKIE,
} from '@sprout/contracts';
import { data, redirect } from 'react-router';
import type { ServerApiClient } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { nextEditableBox } from '../account/account.server';
import { addToNextBox, BOX_ADD_INTENTS } from '../account/box-add.server';
import { filteredMenuPath } from '../catalog/saved-filters.server';
import {
  childrenStepCookie,
  childrenStepOffered,
  childrenStepPath,
} from '../family/onboarding-children.server';
import type { FlashDetail } from '../flash/flash';
import { replyWithFieldErrors } from '../forms/reply.server';
import type { ReferralOffer } from '../promotions/banner';
import {
  AUTO_APPLY_PROMO_COOKIE,
  clearedPromoCookieHeaders,
  normalizeCode,
  parseOverwrite,
  promoCookieHeaders,
} from '../promotions/cookies';
import { referralOfferOf } from '../promotions/referral-offer.server';
import {
  type AddContext,
  type CartActionData,
  type CartOutcome,
  type CartService,
  CartSession,
  cartService,
} from './cart.server';
import { parseSkuParams, pendingFromSearch, pendingToSearch } from './pending';
import { refusalMessage } from './refusal';
import { cartCookie, readCartIdFromCookie } from './storage';

/** One-shot parameters of a link (docs/decisions/010, 017): applied on arrival, then dropped. */
const LINK_PARAMS = ['email', 'zip', 'plan', 'skus', 'quantities', 'referral_id', 'pc', 'pc_overwrite'];
/**
 * Sign-in pages keep their email (the login is prefilled with it) and change no cart: the reset
 * page used to save the account's email on a guest cart.
 */
const AUTH_PAGES = /^\/onboarding\/(login|verification|forgot-password|reset-password)\/?$/;
const PLANS_PATH = '/onboarding/plans';
const PLANS_PAGE = /^\/onboarding\/plans\/?$/;
export const NOTICE_COOKIE = 'cart_notice';
/** Where a visitor whose cart was already checked out starts again (the API refuses it with 400/10002). */
const MENUS_PATH = '/menus';
const PENDING_REFERRAL_COOKIE = 'pending_referral_code';
const YEAR = 365 * 24 * 60 * 60;

/** A friend's code on the cart once it has its email: the refusal to say, if any. */
async function applyReferral(service: CartService, code: string, email: string): Promise<string | null> {
  const outcome = await service.applyReferral(code, email);
  return !('redirect' in outcome) && !outcome.ok && outcome.message ? outcome.message : null;
}

/**
 * A signed-in subscriber's next editable box, as the storefront's box panel shows it (docs/decisions/042):
 * only what the panel renders. `box` null: no box can change now (skipped, paused, past cutoff).
 */
export type SubscriberBox = {
  box:
    | (Pick<
        Delivery,
        'date' | 'cutoff_at' | 'item_count' | 'threshold' | 'costs' | 'discount_description'
      > & {
        items: Pick<Delivery['items'][number], 'sku' | 'name' | 'quantity' | 'unit_price' | 'total'>[];
      })
    | null;
};

export type CartPageData = {
  /** Never a signed-in customer's: sign-in leaves no guest cart behind (docs/decisions/042). */
  cart: AbandonedCart | null;
  /** A signed-in customer with a subscription: the box the menus' Add and − change. */
  subscriber?: SubscriberBox | null;
  signedIn: boolean;
  /** The header links an admin to the admin site, a customer to the account site. */
  isAdmin: boolean;
  /** Plans, for the panel's "bigger box" offer (only with a chosen plan). */
  plans: Pick<Plan, 'id' | 'name' | 'threshold' | 'box_price_from'>[];
  /** Ready-made boxes offered by an empty cart panel. */
  cartPresets: Pick<BestsellerGroup, 'id' | 'name' | 'total_quantity' | 'total_price'>[];
  /**
   * Something to say once, rendered by the server (so it shows without JavaScript too): a code that
   * stays, a referral that failed, or why a form posted before the JavaScript loaded was refused.
   */
  notice: FlashDetail | null;
  /** What a referred friend is offered, for the referral banner (only with a referrer). */
  referralOffer: ReferralOffer | null;
};

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function cookie(name: string, value: string | null, secure: boolean, maxAge = YEAR): string {
  const attributes = ['Path=/', 'SameSite=Lax', `Max-Age=${value === null ? 0 : maxAge}`];
  if (secure) attributes.push('Secure');
  return `${name}=${value === null ? '' : encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

type Viewer = {
  signedIn: boolean;
  isAdmin: boolean;
  /** The plan of the signed-in customer's current subscription; null without one. */
  planId: number | null;
};
const ANONYMOUS: Viewer = { signedIn: false, isAdmin: false, planId: null };

/**
 * Who is looking, known on the server so the first paint of the header is already right. Without
 * a session cookie nobody is signed in: no call (most page views are anonymous visitors').
 */
async function readViewer(api: ServerApiClient, request: Request): Promise<Viewer> {
  if (!readCookie(request.headers.get('cookie'), SESSION_COOKIE)) return ANONYMOUS;
  const answer = await api.call(endpoints.auth.initial);
  if (answer.kind !== 'ok' || !answer.data.authenticated) return ANONYMOUS;
  const planId = answer.data.user?.subscription?.plan.id ?? null;
  return { signedIn: true, isAdmin: answer.data.is_admin, planId };
}

/**
 * Whose prices the storefront's catalogue shows (dish cards, a dish's dialog, ready-made boxes,
 * the menus' "from" prices), chosen here once: a guest's by the cart's plan (its cookie); a
 * signed-in customer's by their subscription's plan, the one their box is charged under, never a
 * guest cart (decision 042). The API prices either (pricing/item-prices); the web names the plan.
 */
export type CataloguePricing = {
  cartId: string | null;
  planId: number | undefined;
  /** A signed-in customer: the menus ask the API for their family's flags (docs/decisions/055). */
  signedIn?: boolean;
};

export async function cataloguePricing(api: ServerApiClient, request: Request): Promise<CataloguePricing> {
  const viewer = await readViewer(api, request);
  if (viewer.signedIn) return { cartId: null, planId: viewer.planId ?? undefined, signedIn: true };
  return { cartId: readCartIdFromCookie(request.headers.get('cookie')), planId: undefined };
}

async function isSignedIn(api: ServerApiClient, request: Request): Promise<boolean> {
  return (await readViewer(api, request)).signedIn;
}

/** A one-shot notice lives a minute: long enough for the redirect that shows it. */
function noticeCookie(notice: FlashDetail, secure: boolean): string {
  return cookie(NOTICE_COOKIE, JSON.stringify(notice), secure, 60);
}

export function readNotice(value: string | null): FlashDetail | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<FlashDetail>;
    if ((parsed.type === 'success' || parsed.type === 'error') && typeof parsed.message === 'string')
      return { type: parsed.type, message: parsed.message.slice(0, 500) };
  } catch {
    // A cookie we did not write (or an older form of it): nothing to say.
  }
  return null;
}

/**
 * A form posted before the JavaScript loaded gets a redirect back to its page: a refusal's message
 * (or its first field error) and a saved change's notice would otherwise be lost on the way.
 */
export function documentPostNotice(outcome: CartActionData): FlashDetail | null {
  if (outcome.waitlist) return { type: 'success', message: outcome.waitlist };
  if (!outcome.ok) {
    const message = refusalMessage(outcome);
    return message ? { type: 'error', message } : null;
  }
  return outcome.notice ? { type: 'success', message: outcome.notice } : null;
}

function menuOf(pathname: string): string | null {
  return /^\/menus\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
}

function setCookies(list: string[]): Headers {
  const headers = new Headers();
  for (const item of list) headers.append('set-cookie', item);
  return headers;
}

/**
 * The link's parameters, on any page: email and zip into the cart, the promo code (a code already
 * on the cart stays unless the link says to overwrite it, and the visitor is told), the plan, a
 * friend's referral code (waits for the email), then skus/quantities. Then a redirect to the clean
 * address, so a reload does not repeat them. Null when the address has none.
 */
async function applyLinkParams(request: Request, api: ServerApiClient, site: SiteSettings) {
  const url = new URL(request.url);
  const given = LINK_PARAMS.filter((name) => url.searchParams.has(name));
  if (given.length === 0) return null;
  if (AUTH_PAGES.test(url.pathname)) return null;
  const query = url.searchParams;
  const secure = url.protocol === 'https:';
  const session = new CartSession(api, request, site.url);
  const service = cartService(api, session, { sourceUrl: url.toString() });
  // On the plans page `plan` is the page's own: it names the visitor's plan, so it stays in the
  // address, where a reload keeps it. Already the cart's plan, there is nothing to apply and no redirect.
  const onPlansPage = PLANS_PAGE.test(url.pathname);
  let keptPlan: string | null = null;
  if (onPlansPage && given.length === 1 && given[0] === PLAN_PARAM && session.hasCart) {
    const selected = (await service.plans()).find((plan) => plan.is_selected);
    if (selected && selected.slug === query.get(PLAN_PARAM)) return null;
  }
  const cookies: string[] = [];
  const notices: string[] = [];
  /** Refusals the visitor can act on (said as an error, first). */
  const problems: string[] = [];
  const signedIn = await isSignedIn(api, request);
  // The link's own code is applied at its step below: a cart made before it takes no older code.
  if (query.has('pc')) session.replaceWaitingCode(null);

  const email = query.get('email')?.trim() || null;
  const zip = query.get('zip')?.trim() || null;
  // A signed-in customer has no abandoned cart: their details are their account's.
  if (!signedIn && (email || zip)) {
    const body: Record<string, string> = {};
    if (email) body.email = email;
    if (zip) body.zip_code = zip;
    // A bad email or zip is ignored: the capture form asks again when needed. A refusal of the whole
    // change (the per-address limit on email checks) is said: the visitor would not know otherwise
    // why the link's email did not stick.
    const saved = await service.updateDetails(body, null, {
      signedIn,
      accountUrl: site.accountUrl,
      menu: null,
    });
    if (!('redirect' in saved) && saved.waitlist) notices.push(saved.waitlist);
    if (!('redirect' in saved) && !saved.ok && !saved.errors && saved.message) problems.push(saved.message);
  }

  const code = normalizeCode(query.get('pc'));
  if (code && !signedIn && !session.locked) {
    // The link's code and its overwrite choice (docs/decisions/044) are kept for a year on the parent
    // domain, and applied to the cart now when there is one, else to the cart made later.
    const overwrite = parseOverwrite(query.get('pc_overwrite'));
    const promoSite = { siteUrl: site.url, secure };
    const cart = session.hasCart ? await session.read() : null;
    const current = cart?.cart.promo_code?.code ?? null;
    if (current && current.toLowerCase() !== code.toLowerCase() && !overwrite) {
      notices.push(
        `Your box keeps the code ${current}: a link's code (${code}) does not replace a code you already have. Remove ${current} in your box to use ${code}.`,
      );
      cookies.push(...promoCookieHeaders(code, overwrite, promoSite));
    } else {
      // A link with a code starts a cart for it, but only for a code the store takes: a refused code leaves no empty cart.
      const madeForTheCode = !session.hasCart;
      const outcome = await service.applyPromo(code);
      if (!('redirect' in outcome) && !outcome.ok) {
        if (outcome.message) problems.push(outcome.message);
        if (madeForTheCode && !session.locked) await session.discard();
        cookies.push(...clearedPromoCookieHeaders(promoSite));
      } else cookies.push(...promoCookieHeaders(code, overwrite, promoSite));
    }
  }

  const context: AddContext = { signedIn, accountUrl: site.accountUrl, menu: menuOf(url.pathname) };
  const slug = query.get('plan');
  if (slug && !signedIn) {
    const plans = await service.plans();
    const plan =
      plans.find((candidate) => candidate.slug === slug) ??
      plans.find((candidate) => candidate.tag?.includes('popular'));
    if (plan && !plan.is_selected) {
      // A link's plan empties a box too full for it at once, and says so (docs/decisions/045).
      const outcome = await service.selectPlan(plan.id, null, context, { confirmedEmpty: true });
      if (!('redirect' in outcome) && outcome.notice) notices.push(outcome.notice);
      if (!('redirect' in outcome) && outcome.ok) keptPlan = plan.slug;
    } else if (plan) keptPlan = plan.slug;
  }

  // A friend's code: the link's, or one an earlier link left waiting for the email (a referral needs the referee's email).
  const pendingReferral = normalizeCode(readCookie(request.headers.get('cookie'), PENDING_REFERRAL_COOKIE));
  const referral = normalizeCode(query.get('referral_id')) ?? pendingReferral;
  if (referral && !signedIn) {
    const cart = session.hasCart ? await session.read() : null;
    if (cart?.email) {
      const failed = await applyReferral(service, referral, cart.email);
      if (failed) problems.push(failed);
      if (pendingReferral) cookies.push(cookie(PENDING_REFERRAL_COOKIE, null, secure));
    } else if (referral !== pendingReferral)
      cookies.push(cookie(PENDING_REFERRAL_COOKIE, referral, secure, 30 * 24 * 60 * 60));
  }

  for (const name of LINK_PARAMS) query.delete(name);
  if (onPlansPage && keptPlan) query.set(PLAN_PARAM, keptPlan);
  let target = `${url.pathname}${query.size > 0 ? `?${query}` : ''}`;
  const items = parseSkuParams(new URL(request.url).searchParams);
  if (items.length > 0) {
    // A link's box is filled as it says: a bigger plan is chosen without asking: the link chose the items.
    const outcome: CartOutcome = await service.addPending({ items }, context, true);
    if ('redirect' in outcome) target = outcome.redirect;
    else if (outcome.capture) target = `/onboarding/signup?${pendingToSearch(outcome.capture)}`;
    else if (!outcome.ok && outcome.message) notices.push(outcome.message);
  }
  // A checked-out cart (400/10002): dropped, and the visitor starts again on the menus, told why.
  if (session.locked) {
    target = MENUS_PATH;
    problems.unshift(session.locked);
  }
  if (problems.length > 0)
    cookies.push(
      noticeCookie({ type: 'error', message: [...new Set([...problems, ...notices])].join(' ') }, secure),
    );
  else if (notices.length > 0)
    cookies.push(noticeCookie({ type: 'success', message: notices.join(' ') }, secure));
  return redirect(target, { headers: setCookies([...session.setCookies, ...cookies]) });
}

/**
 * A signed-in customer's box for the storefront's panel: the next box that can still change
 * (GET /api/me/deliveries, as the account site reads it). Null without a subscription.
 */
async function readSubscriberBox(api: ServerApiClient): Promise<SubscriberBox | null> {
  const answer = await api.call(endpoints.deliveries.list);
  if (answer.kind !== 'ok' || answer.data.data.length === 0) return null;
  const box = nextEditableBox(answer.data.data);
  if (!box) return { box: null };
  const { date, cutoff_at, item_count, threshold, costs, discount_description } = box;
  return {
    box: {
      date,
      cutoff_at,
      item_count,
      threshold,
      costs,
      discount_description,
      items: box.items.map(({ sku, name, quantity, unit_price, total }) => ({
        sku,
        name,
        quantity,
        unit_price,
        total,
      })),
    },
  };
}

/** The guest cart's cookies, expired: what a signed-in customer's browser must not keep (docs/decisions/042). */
function forgetGuestCart(siteUrl: string, secure: boolean): string[] {
  return [cartCookie(null, secure), ...clearedPromoCookieHeaders({ siteUrl, secure })];
}

/** The root loader's share: the visitor's cart by its cookie, with what the cart panel shows. */
export async function loadCartPage(request: Request, api: ServerApiClient, site: SiteSettings) {
  const applied = await applyLinkParams(request, api, site);
  if (applied) throw applied;
  const url = new URL(request.url);
  const session = new CartSession(api, request, site.url);
  const service = cartService(api, session, { sourceUrl: url.toString() });
  const { signedIn, isAdmin } = await readViewer(api, request);
  // Signed in, the storefront shows the customer's own next box, never a guest cart (docs/decisions/042): a
  // cart left from before the sign-in is dropped with its promo banner, and its cookie goes.
  const [cart, subscriber] = signedIn
    ? [null, isAdmin ? null : await readSubscriberBox(api)]
    : [await session.read(), null];
  const [plans, presets, settings] = await Promise.all([
    cart?.plan_id ? service.plans() : Promise.resolve([]),
    cart && cart.cart.items.length === 0 ? service.bestsellers() : Promise.resolve([]),
    cart?.referrer ? api.call(endpoints.catalog.appSettings) : Promise.resolve(null),
  ]);
  const header = request.headers.get('cookie');
  const secure = url.protocol === 'https:';
  // A checked-out cart (400/10002) is dropped, and the visitor told why on the menus.
  const lockedNotice: FlashDetail | null = session.locked ? { type: 'error', message: session.locked } : null;
  if (lockedNotice && url.pathname !== MENUS_PATH)
    throw redirect(MENUS_PATH, {
      headers: setCookies([...session.setCookies, noticeCookie(lockedNotice, secure)]),
    });
  const notice = lockedNotice ?? readNotice(readCookie(header, NOTICE_COOKIE));
  const cookies = [...session.setCookies];
  if (notice && !lockedNotice) cookies.push(cookie(NOTICE_COOKIE, null, secure));
  if (signedIn && (session.hasCart || readCookie(header, AUTO_APPLY_PROMO_COOKIE)))
    cookies.push(...forgetGuestCart(site.url, url.protocol === 'https:'));
  const page: CartPageData = {
    cart,
    subscriber,
    signedIn,
    isAdmin,
    plans: plans.map(({ id, name, threshold, box_price_from }) => ({ id, name, threshold, box_price_from })),
    cartPresets: presets
      .filter((group) => group.show_on_cart)
      .map(({ id, name, total_quantity, total_price }) => ({ id, name, total_quantity, total_price })),
    notice,
    referralOffer: settings?.kind === 'ok' ? referralOfferOf(settings.data.data) : null,
  };
  return { page, headers: setCookies(cookies) };
}

/** The cart resource route's action: one intent per change (decision 017). */
export async function runCartAction(request: Request, api: ServerApiClient, site: SiteSettings) {
  const form = await request.formData();
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  const intent = fields.get('intent') ?? '';
  const returnTo = safeReturn(fields.get('returnTo'));
  const referer = request.headers.get('referer');
  const page = new URL(returnTo ?? referer ?? '/', site.url);
  const session = new CartSession(api, request, site.url);
  const service = cartService(api, session, { sourceUrl: page.toString() });
  const adds = ['set-item', 'add-group', 'update-details', 'select-plan'].includes(intent);
  const context: AddContext = {
    // A guest cart's cookie beside a session is asked about too: the customer never changes it.
    signedIn: adds || session.hasCart ? await isSignedIn(api, request) : false,
    accountUrl: site.accountUrl,
    menu: menuOf(page.pathname),
  };
  const extraCookies: string[] = [];
  // Signed in, a guest cart left in the browser is dropped, never changed (docs/decisions/042).
  if (context.signedIn && session.hasCart) session.forgetGuestCart();
  // A signed-in customer's Add goes into their next box, not a cart (docs/decisions/042); their plan, codes
  // and details are the account site's.
  const outcome =
    context.signedIn && BOX_ADD_INTENTS.has(intent)
      ? await addToNextBox(api, intent, fields, service, site.accountUrl)
      : context.signedIn && !GUEST_FREE_INTENTS.has(intent)
        ? { redirect: site.accountUrl }
        : await perform(intent, fields, service, context, request, extraCookies);
  // A checked-out cart (400/10002): the visitor starts again on the menus, told why (the API refuses it with 400/10002).
  if (session.locked) {
    const notice = noticeCookie(
      { type: 'error', message: session.locked },
      new URL(request.url).protocol === 'https:',
    );
    return redirect(MENUS_PATH, { headers: setCookies([...session.setCookies, notice]) });
  }
  const headers = setCookies([...session.setCookies, ...extraCookies]);
  const secure = new URL(request.url).protocol === 'https:';
  if ('redirect' in outcome) {
    // Said once on the page the change leads to (a box emptied for a smaller plan, a plan upgraded).
    if (outcome.notice)
      headers.append('set-cookie', noticeCookie({ type: 'success', message: outcome.notice }, secure));
    return redirect(outcome.redirect, { headers });
  }
  if (returnTo) {
    // A document POST (before the JavaScript loaded): back to the page, or on to the capture page.
    if (outcome.capture)
      return redirect(`/onboarding/signup?${pendingToSearch(outcome.capture)}`, { headers });
    // What a fetcher would have shown beside the form goes along to the page, said once.
    const notice = documentPostNotice(outcome);
    if (notice) headers.append('set-cookie', noticeCookie(notice, secure));
    return redirect(returnTo, { headers });
  }
  // Refusals are answers to show (field errors, the capture popup), not failed requests.
  return data(rendersFromCart(outcome, headers), { headers });
}

/**
 * The answer keeps the priced cart only when the page can render from it alone (decision 052):
 * the root loader then skips its read (`shouldRevalidate`). A cart made or dropped in this change
 * (a cookie set) or an empty box (whose panel offers ready-made boxes the loader reads) needs the
 * loader again.
 */
export function rendersFromCart(outcome: CartActionData, headers: Headers): CartActionData {
  if (!outcome.cart) return outcome;
  if (headers.getSetCookie().length === 0 && outcome.cart.cart.items.length > 0) return outcome;
  const { cart: _cart, ...rest } = outcome;
  return rest;
}

/** Changes a signed-in customer may make on the storefront without a cart: the menu filters. */
const GUEST_FREE_INTENTS: ReadonlySet<string> = new Set(['save-filters']);

/** The capture form's zip shows the API's errors on the zip it resolved (zip_code_id) and its state. */
const CAPTURE_FIELD_KEYS = { zip_code: ['zip_code', 'zip_code_id', 'state_id'] };

async function perform(
  intent: string,
  fields: URLSearchParams,
  service: ReturnType<typeof cartService>,
  context: AddContext,
  request: Request,
  extraCookies: string[],
): Promise<CartOutcome> {
  const pending = pendingFromSearch(fields);
  const number = (name: string) => Number.parseInt(fields.get(name) ?? '', 10);
  switch (intent) {
    case 'set-item': {
      const sku = fields.get('sku') ?? '';
      const quantity = number('quantity');
      if (!sku || !Number.isInteger(quantity) || quantity < 0)
        return { intent, ok: false, message: 'Choose a dish and a quantity.' };
      return service.changeQuantity(sku, quantity, context);
    }
    case 'add-group': {
      const groupId = number('group');
      if (!Number.isInteger(groupId)) return { intent, ok: false, message: 'Choose a ready-made box.' };
      return service.addPending({ groupId }, context);
    }
    case 'select-plan': {
      const planId = number('plan_id');
      if (!Number.isInteger(planId)) return { intent, ok: false, message: 'Choose a plan.' };
      const confirmedEmpty = fields.get('confirm_empty') === '1';
      const outcome = await service.selectPlan(planId, pending, context, { confirmedEmpty });
      if ('redirect' in outcome) return outcome;
      const navItem = fields.get('navItem');
      const plansPage = (search: URLSearchParams) => {
        if (navItem) search.set('navItem', navItem);
        return { redirect: `${PLANS_PATH}?${search}` };
      };
      // A smaller plan would empty the box: the plans page asks first, with a form (decision 045).
      if (outcome.confirmEmpty) {
        const search = pendingToSearch(pending);
        search.set(CONFIRM_PLAN_PARAM, String(outcome.confirmEmpty.planId));
        return plansPage(search);
      }
      // What waited needed a bigger plan: the plans page shows the one chosen, named in its address.
      if (outcome.ok && outcome.upgradedTo) {
        const { redirect: target } = plansPage(new URLSearchParams({ [PLAN_PARAM]: outcome.upgradedTo }));
        return { redirect: target, ...(outcome.notice ? { notice: outcome.notice } : {}) };
      }
      const next = safeReturn(fields.get('next'));
      if (next && outcome.ok)
        return { redirect: next, ...(outcome.notice ? { notice: outcome.notice } : {}) };
      return outcome;
    }
    case 'update-details': {
      // The capture form (popup and signup page), checked by its contract before the API sees it.
      const submission = parseWithZod(fields, { schema: captureDetailsForm });
      if (submission.status !== 'success') return { intent, ok: false, result: submission.reply() };
      const { email } = submission.value;
      const outcome = await service.updateDetails(submission.value, pending, context);
      const next = safeReturn(fields.get('next'));
      // A friend's code waited for this email (a referral needs the referee's email): applied once the details are saved.
      const referral = normalizeCode(readCookie(request.headers.get('cookie'), PENDING_REFERRAL_COOKIE));
      // Not saved: refused fields, or the change refused whole (the per-address email checks).
      const saved =
        'redirect' in outcome
          ? !outcome.redirect.startsWith('/onboarding/login')
          : !outcome.errors && !(outcome.intent === 'update-details' && !outcome.ok);
      if (referral && saved) {
        const secure = new URL(request.url).protocol === 'https:';
        const failed = await applyReferral(service, referral, email);
        extraCookies.push(cookie(PENDING_REFERRAL_COOKIE, null, secure));
        if (failed) extraCookies.push(noticeCookie({ type: 'error', message: failed }, secure));
      }
      // Saved, the optional children step comes first (docs/decisions/055), once per browser: then on to
      // where the visitor was going (the plans, `next`, or the page the popup was opened on).
      const offerChildren = saved && !childrenStepOffered(request.headers.get('cookie'));
      const toChildrenStep = (going: string) => {
        extraCookies.push(childrenStepCookie(new URL(request.url).protocol === 'https:'));
        return childrenStepPath(going);
      };
      if ('redirect' in outcome) {
        return offerChildren ? { ...outcome, redirect: toChildrenStep(outcome.redirect) } : outcome;
      }
      if (outcome.intent === 'update-details' && !outcome.ok) {
        const result = replyWithFieldErrors(submission, outcome.errors ?? {}, {
          fields: ['email', 'zip_code'],
          fieldKeys: CAPTURE_FIELD_KEYS,
          message: outcome.message,
        });
        return { intent, ok: false, result };
      }
      if (outcome.ok && !outcome.waitlist && offerChildren) {
        const here = new URL(fields.get('returnTo') ?? request.headers.get('referer') ?? '/', request.url);
        return { redirect: toChildrenStep(next ?? `${here.pathname}${here.search}`) };
      }
      if (next && outcome.ok && !outcome.waitlist) return { redirect: next };
      return outcome;
    }
    case 'apply-promo': {
      const submission = parseWithZod(fields, { schema: promoCodeForm });
      if (submission.status !== 'success') return { intent, ok: false, result: submission.reply() };
      const outcome = await service.applyPromo(submission.value.code);
      if ('redirect' in outcome || outcome.ok) return outcome;
      const result = replyWithFieldErrors(submission, outcome.errors ?? {}, {
        fields: ['code'],
        fieldKeys: { code: ['code', 'promo_code'] },
        message: outcome.message,
      });
      return { intent, ok: false, result };
    }
    case 'remove-promo':
      return service.removePromo();
    case 'upsell': {
      const sku = fields.get('sku') ?? '';
      return service.upsell(sku, fields.get('direction') === 'decrease' ? 'decrease' : 'increase');
    }
    case 'save-filters': {
      const filters = { indicators: fields.getAll('indicators'), tags: fields.getAll('tags') };
      const saved = await service.saveFilters(filters);
      // The filter form: saved first, then the menu shows them, so the listing never reads a
      // selection older than the one just made (a cleared one included).
      const menu = safeReturn(fields.get('menu'));
      if (menu && /^\/menus(\/|$)/.test(menu)) return { redirect: filteredMenuPath(menu, filters) };
      return saved;
    }
    default:
      return { intent, ok: false, message: 'This change is not known.' };
  }
}

/** Only a path on this site (no `//host`), so a form cannot send the visitor elsewhere. */
function safeReturn(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
