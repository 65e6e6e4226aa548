import { GENERIC_SERVER_ERROR, type Plan } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_CREATIONS_MESSAGE } from '../../api/src/plugins/rate-limit';
import { getJson, startTestApp, type TestContext } from '../../api/test/helpers';
import type { CartActionData } from '../app/features/cart/cart.server';
import { loadCartPage, runCartAction } from '../app/features/cart/cart-page.server';
import { type ApiTransport, NO_RESPONSE_MESSAGE } from '../app/lib/api';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { shouldRevalidate } from '../app/root';
import { DETAILS_SAVED_NOTICE, saveCheckoutDetails } from '../app/routes/onboarding.checkout.server';

/** The root loader's answer to a fetcher's cart change on the same page. */
function rootShouldRevalidate(actionResult: unknown): boolean {
  const url = new URL(`${SITE_URL}/menus`);
  return shouldRevalidate({
    formMethod: 'POST',
    formAction: '/cart',
    actionResult,
    currentUrl: url,
    nextUrl: url,
    defaultShouldRevalidate: true,
  } as Parameters<typeof shouldRevalidate>[0]);
}

/**
 * The cart action and the root loader's cart, against the real API in-process (PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set): what the storefront decides on the server before and
 * after it asks the API.
 */
const SITE_URL = 'http://localhost:3000';
const SITE = {
  url: SITE_URL,
  name: 'Sprout & Spoon',
  accountUrl: 'http://localhost:3000/account',
  adminUrl: 'http://localhost:3000/admin',
  socialProviders: [],
  demo: false,
};

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

function cartCookieOf(setCookies: string[]): string | null {
  const last = setCookies.filter((line) => line.startsWith('abandoned_cart_id=')).at(-1);
  const value = last?.split(';')[0]?.split('=')[1];
  return value ? value : null;
}

/** Posts the cart form as a fetcher does (no returnTo): the action's data and cookies. */
async function post(fields: Record<string, string>, cookie = '') {
  const request = new Request(`${SITE.url}/cart`, {
    method: 'POST',
    headers: { cookie, referer: `${SITE.url}/menus`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const api = createServerApiClient(inProcessTransport(context.app), request);
  const answer = await runCartAction(request, api, SITE);
  if (answer instanceof Response)
    return {
      redirect: answer.headers.get('location'),
      setCookies: answer.headers.getSetCookie(),
      data: null,
    };
  const init = answer.init as ResponseInit | null;
  return { redirect: null, setCookies: new Headers(init?.headers).getSetCookie(), data: answer.data };
}

/** A page load through the root loader's cart reading (link parameters included). */
async function load(path: string, cookie = '') {
  const request = new Request(`${SITE.url}${path}`, { headers: { cookie } });
  const api = createServerApiClient(inProcessTransport(context.app), request);
  try {
    const { page, headers } = await loadCartPage(request, api, SITE);
    return { page, setCookies: headers.getSetCookie(), redirect: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      page: null,
      setCookies: thrown.headers.getSetCookie(),
      redirect: thrown.headers.get('location'),
    };
  }
}

/** An identified visitor with a plan: the cookie of their cart. */
async function visitorWithPlan(plan = 'plan-12') {
  const arrived = await load(`/menus?email=${encodeURIComponent(email('cart'))}&zip=10001&plan=${plan}`);
  expect(arrived.redirect).toBe('/menus');
  const id = cartCookieOf(arrived.setCookies);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return `abandoned_cart_id=${id}`;
}

describe('the cart action', () => {
  it('asks an anonymous visitor for details before adding, and makes no cart for it', async () => {
    const answer = await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '1' });
    expect(answer.data).toMatchObject({
      ok: false,
      capture: { items: [{ sku: 'SS-PUR-001', quantity: 1 }] },
    });
    expect(answer.setCookies).toEqual([]);
  });

  it('adds an absolute quantity to the cart of the cookie', async () => {
    const cookie = await visitorWithPlan();
    const answer = await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '2' }, cookie);
    expect(answer.data).toMatchObject({ ok: true });
    const { page } = await load('/menus', cookie);
    expect(page?.cart?.cart.items.map((line) => [line.sku, line.quantity])).toEqual([['SS-PUR-001', 2]]);
  });

  it('a checked-out cart (400/10002) is dropped and the visitor goes to the menus, told why', async () => {
    const cookie = await visitorWithPlan();
    const spentId = cookie.split('=')[1] as string;
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ status: 'checked_out' })
      .where(eq(schema.abandonedCarts.id, spentId));

    const answer = await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '1' }, cookie);
    expect(answer.redirect).toBe('/menus');
    // The cookie stays empty (not deleted): the browser clears its stored id too (decision 044).
    const cartCookies = answer.setCookies.filter((line) => line.startsWith('abandoned_cart_id='));
    expect(cartCookies).toEqual([expect.stringMatching(/^abandoned_cart_id=; .*Max-Age=2592000/)]);
    const notice = answer.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(JSON.parse(decodeURIComponent(notice?.split(';')[0]?.split('=')[1] ?? '""'))).toEqual({
      type: 'error',
      message: 'This cart has already been checked out.',
    });

    // Any page read with that cookie does the same; the menus page says it in place.
    const elsewhere = await load('/faq', cookie);
    expect(elsewhere.redirect).toBe('/menus');
    const menus = await load('/menus', cookie);
    expect(menus.redirect).toBeNull();
    expect(menus.page?.notice).toEqual({ type: 'error', message: 'This cart has already been checked out.' });
  });

  it('a product that needs a bigger plan asks first, naming the plan and its price', async () => {
    const cookie = await visitorWithPlan('plan-12');
    expect(await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '12' }, cookie)).toMatchObject({
      data: { ok: true },
    });
    const answer = await post({ intent: 'set-item', sku: 'SS-TOD-001', quantity: '1' }, cookie);
    expect(answer.data).toMatchObject({
      ok: false,
      upgrade: { plan: { threshold: 24 }, pending: { items: [{ sku: 'SS-TOD-001', quantity: 1 }] } },
    });
    expect(
      (answer.data as { upgrade: { plan: { box_price_from: number } } }).upgrade.plan.box_price_from,
    ).toBeGreaterThan(0);
    // Nothing changed until the visitor agrees.
    expect((await load('/menus', cookie)).page?.cart?.cart.item_count).toBe(12);
    const planId = String((answer.data as { upgrade: { plan: { id: number } } }).upgrade.plan.id);
    const agreed = await post(
      { intent: 'select-plan', plan_id: planId, add: 'SS-TOD-001', add_qty: '1' },
      cookie,
    );
    expect(agreed.data).toMatchObject({ ok: true });
    const after = (await load('/menus', cookie)).page?.cart?.cart;
    expect([after?.item_count, after?.threshold]).toEqual([13, 24]);
  });

  it('an email that belongs to an account goes to the login with the email and the reason', async () => {
    const answer = await post({ intent: 'update-details', email: 'demo@example.com', zip_code: '10001' });
    expect(answer.redirect).toBe(
      '/onboarding/login?email=demo%40example.com&error=This+email+is+already+in+use.',
    );
  });

  it('a zip we do not deliver to is said at capture; the email is a waitlist lead and nothing is added', async () => {
    const address = email('far');
    // The popup's capture, with the product that waited and the signup page's next step.
    const answer = await post({
      intent: 'update-details',
      email: address,
      zip_code: '99501',
      add: 'SS-PUR-001',
      add_qty: '1',
      next: '/onboarding/plans',
    });
    expect(answer.redirect).toBeNull();
    expect(answer.data).toEqual({
      intent: 'update-details',
      ok: true,
      waitlist: `We don't deliver to Anchorage, AK (99501) yet. We've kept your email, ${address}, and we'll write to you as soon as we do.`,
    });
    const cookie = `abandoned_cart_id=${cartCookieOf(answer.setCookies)}`;
    expect((await load('/menus', cookie)).page?.cart?.cart.item_count).toBe(0);
    const [lead] = await context.database.db
      .select()
      .from(schema.marketingEvents)
      .where(eq(schema.marketingEvents.name, 'WaitlistLead'))
      .orderBy(desc(schema.marketingEvents.createdAt))
      .limit(1);
    expect(lead?.payload).toEqual({ email: address, zip_code: '99501', city: 'Anchorage', state_code: 'AK' });

    // Before the JavaScript loaded: back to the page, which says it once.
    const documentPost = await post({
      intent: 'update-details',
      email: email('far'),
      zip_code: '99501',
      returnTo: '/onboarding/signup',
    });
    expect(documentPost.redirect).toBe('/onboarding/signup');
    const notice = documentPost.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(decodeURIComponent(notice ?? '')).toMatch(/We don't deliver to Anchorage, AK/);
  });

  it('a refusal of a form posted before the JavaScript loaded goes back to its page and is said there once', async () => {
    const cookie = await visitorWithPlan();
    const documentPost = await post(
      { intent: 'apply-promo', code: 'NO-SUCH-CODE', returnTo: '/menus' },
      cookie,
    );
    expect(documentPost.redirect).toBe('/menus');
    const notice = documentPost.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(notice).toMatch(/Max-Age=60/);
    const { page } = await load('/menus', `${cookie}; ${notice?.split(';')[0]}`);
    expect(page?.notice?.type).toBe('error');
    expect(page?.notice?.message).toBeTruthy();
  });

  it('a checkout add-on is a form post too: before the JavaScript loaded it goes back to checkout with the add-on in the box', async () => {
    const cookie = await visitorWithPlan();
    const cartId = cookie.split('=')[1];
    const offered = await context.app.inject({
      method: 'GET',
      url: `/api/sales/checkout/upsell/items?abandoned_cart_id=${cartId}`,
      headers: { cookie },
    });
    const sku = (offered.json() as { data: { sku: string }[] }).data[0]?.sku as string;
    expect(sku).toBeTruthy();
    const fields = { intent: 'upsell', sku, direction: 'increase', returnTo: '/onboarding/checkout' };
    expect((await post(fields, cookie)).redirect).toBe('/onboarding/checkout');
    expect(await post({ ...fields, returnTo: '' }, cookie)).toMatchObject({
      data: { intent: 'upsell', ok: true },
    });
    const { page } = await load('/onboarding/checkout', cookie);
    expect(page?.cart?.cart.upsell_items).toEqual([expect.objectContaining({ sku, quantity: 2 })]);
    await post({ intent: 'upsell', sku, direction: 'decrease' }, cookie);
    expect((await load('/onboarding/checkout', cookie)).page?.cart?.cart.upsell_items).toEqual([
      expect.objectContaining({ sku, quantity: 1 }),
    ]);
  });

  it('field errors come back keyed by the form field', async () => {
    const answer = await post({ intent: 'update-details', email: email('zip'), zip_code: '00000' });
    expect(answer.data).toMatchObject({
      ok: false,
      result: { status: 'error', error: { zip_code: ['We could not find this zip code.'] } },
    });
  });

  it('the capture and promo forms are checked by their contracts before the API is asked', async () => {
    const capture = await post({ intent: 'update-details', email: 'not-an-email', zip_code: '' });
    expect(capture.setCookies).toEqual([]);
    expect(capture.data).toMatchObject({
      ok: false,
      result: {
        error: { email: ['Please enter a valid email address'], zip_code: ['This field is required'] },
      },
    });
    const promo = await post({ intent: 'apply-promo', code: '  ' });
    expect(promo.data).toMatchObject({
      ok: false,
      result: { error: { code: ['Please enter a promo code'] } },
    });
  });

  it("a refused promo code comes back on the form's field", async () => {
    const cookie = await visitorWithPlan();
    const answer = await post({ intent: 'apply-promo', code: 'NO-SUCH-CODE' }, cookie);
    expect(answer.data).toMatchObject({
      ok: false,
      result: { error: { code: [expect.stringMatching(/promo code/)] } },
    });
  });
});

describe('one call per cart change (decision 052)', () => {
  /** Posts a set-item as a fetcher does, counting the in-process API calls and their SQL statements. */
  async function countedPost(fields: Record<string, string>, cookie: string) {
    const calls: string[] = [];
    const transport = inProcessTransport(context.app);
    const counting: ApiTransport = (path, init) => {
      calls.push(`${init.method} ${path.split('?')[0]}`);
      return transport(path, init);
    };
    const request = new Request(`${SITE.url}/cart`, {
      method: 'POST',
      headers: { cookie, referer: `${SITE.url}/menus`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const api = createServerApiClient(counting, request);
    const before = context.database.statements.count;
    const answer = await runCartAction(request, api, SITE);
    const statements = context.database.statements.count - before;
    if (answer instanceof Response) throw new Error(`redirected to ${answer.headers.get('location')}`);
    return { calls, statements, data: answer.data as CartActionData, headers: answer.init?.headers };
  }

  it('a +1 is one API call whose answer is the priced cart the page renders (no second read)', async () => {
    const cookie = await visitorWithPlan();
    await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '1' }, cookie);
    const plusOne = await countedPost({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '2' }, cookie);
    expect(plusOne.calls).toEqual([`PUT /api/customers/abandoned-carts/${cookie.split('=')[1]}/items`]);
    // The lock with the product; the write with the cart's details; the AddToCart event; the lines
    // (PostgreSQL's driver also logs BEGIN and COMMIT, PGlite's does not).
    expect(plusOne.statements).toBe(process.env.TEST_DB === 'postgres' ? 6 : 4);
    expect(plusOne.data.cart?.cart.items.map((line) => [line.sku, line.quantity])).toEqual([
      ['SS-PUR-001', 2],
    ]);
    expect(plusOne.data.cart?.cart.costs.cart_items).toBeGreaterThan(0);
    // The root loader keeps the page: the answer is what it would have read.
    expect(rootShouldRevalidate(plusOne.data)).toBe(false);
    const { page } = await load('/menus', cookie);
    expect(page?.cart).toEqual(plusOne.data.cart);
  });

  it('a box too small is refused by the API with the plan that fits, in the same one call', async () => {
    const cookie = await visitorWithPlan('plan-12');
    await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '12' }, cookie);
    const refused = await countedPost({ intent: 'set-item', sku: 'SS-TOD-001', quantity: '2' }, cookie);
    expect(refused.calls).toHaveLength(1);
    expect(refused.data).toMatchObject({
      ok: false,
      upgrade: { plan: { threshold: 24 }, pending: { items: [{ sku: 'SS-TOD-001', quantity: 2 }] } },
    });
    expect(refused.data.cart).toBeUndefined();
    expect(rootShouldRevalidate(refused.data)).toBe(true);
  });

  it('a cart without details is asked for them by the API, and nothing is added', async () => {
    // A quantity of 0 makes a cart without asking anything: it has no email nor zip.
    const made = await post({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '0' });
    const id = cartCookieOf(made.setCookies);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = `abandoned_cart_id=${id}`;
    const asked = await countedPost({ intent: 'set-item', sku: 'SS-PUR-001', quantity: '1' }, cookie);
    expect(asked.calls).toHaveLength(1);
    expect(asked.data).toMatchObject({ ok: false, capture: { items: [{ sku: 'SS-PUR-001', quantity: 1 }] } });
    expect((await load('/menus', cookie)).page?.cart?.cart.item_count).toBe(0);
  });
});

describe('link parameters on arrival', () => {
  it("a link's code does not replace the cart's own, and the visitor is told which code stays and why", async () => {
    const cookie = await visitorWithPlan();
    expect(await post({ intent: 'apply-promo', code: 'FIVEFREE' }, cookie)).toMatchObject({
      data: { ok: true },
    });
    const arrived = await load('/?pc=WELCOME50', cookie);
    expect(arrived.redirect).toBe('/');
    const notice = arrived.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(decodeURIComponent(notice?.split(';')[0]?.split('=')[1] ?? '')).toMatch(
      /keeps the code FIVEFREE.*WELCOME50/,
    );
    const { page } = await load('/', `${cookie}; ${notice?.split(';')[0]}`);
    expect(page?.cart?.cart.promo_code?.code).toBe('FIVEFREE');
    expect(page?.notice).toMatchObject({ type: 'success', message: expect.stringMatching(/FIVEFREE/) });
  });

  it('the reset-password page changes no cart and keeps its email', async () => {
    const arrived = await load('/onboarding/reset-password?email=demo%40example.com&token=x');
    expect(arrived.redirect).toBeNull();
    expect(arrived.setCookies).toEqual([]);
  });
});

describe('link parameters and their cookies', () => {
  it('?pc= writes both cookies for 365 days on the parent domain of SITE_URL', async () => {
    const shop = { ...SITE, url: 'https://shop.example.com' };
    const request = new Request('https://shop.example.com/menus?pc=SAVE20&pc_overwrite=1');
    const api = createServerApiClient(inProcessTransport(context.app), request);
    const thrown = await loadCartPage(request, api, shop).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const lines = (thrown as Response).headers.getSetCookie();
    const attributes =
      /; Path=\/; SameSite=Lax; Max-Age=31536000; Expires=[^;]+; Domain=\.example\.com; Secure$/;
    expect(lines.find((line) => line.startsWith('auto_apply_promo_code='))).toMatch(
      new RegExp(`^auto_apply_promo_code=SAVE20${attributes.source}`),
    );
    expect(lines.find((line) => line.startsWith('overwrite_promo_code='))).toMatch(
      new RegExp(`^overwrite_promo_code=1${attributes.source}`),
    );
    // The code was taken: the cart made for it keeps it.
    const id = cartCookieOf(lines);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { page } = await load('/menus', `abandoned_cart_id=${id}`);
    expect(page?.cart?.cart.promo_code?.code).toBe('SAVE20');
  });

  it('on localhost the promo cookies are host-only', async () => {
    const arrived = await load('/menus?pc=SAVE20');
    const line = arrived.setCookies.find((text) => text.startsWith('auto_apply_promo_code='));
    expect(line).toMatch(/Max-Age=31536000/);
    expect(line).not.toMatch(/Domain=/);
  });

  it('an unknown code makes no cart and is said as an error; its cookies go', async () => {
    const carts = async () => (await context.database.db.select().from(schema.abandonedCarts)).length;
    const before = await carts();
    const arrived = await load('/menus?pc=BOGUS');
    expect(arrived.redirect).toBe('/menus');
    expect(cartCookieOf(arrived.setCookies)).toBeNull();
    expect(await carts()).toBe(before);
    const notice = arrived.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(JSON.parse(decodeURIComponent(notice?.split(';')[0]?.split('=')[1] ?? '""'))).toEqual({
      type: 'error',
      message: "We don't know this promo code.",
    });
    expect(arrived.setCookies.find((line) => line.startsWith('auto_apply_promo_code='))).toMatch(/Max-Age=0/);
  });

  it('a code waiting in its cookie is applied to the cart made later, and stays for its year', async () => {
    const answer = await post(
      { intent: 'update-details', email: email('later'), zip_code: '10001' },
      // children_step: this browser was offered the children step before (decision 055), so the
      // details answer here instead of redirecting to it.
      'auto_apply_promo_code=WELCOME50; overwrite_promo_code=0; children_step=1',
    );
    expect(answer.data).toMatchObject({ ok: true });
    expect(answer.setCookies.some((line) => line.startsWith('auto_apply_promo_code='))).toBe(false);
    const { page } = await load('/menus', `abandoned_cart_id=${cartCookieOf(answer.setCookies)}`);
    expect(page?.cart?.cart.promo_code?.code).toBe('WELCOME50');
  });

  it("a friend's code waiting for the email is applied by an ?email= link, and its cookie goes", async () => {
    const first = await load('/?referral_id=DEMOREF');
    const pending = first.setCookies.find((line) => line.startsWith('pending_referral_code='));
    expect(pending).toMatch(/^pending_referral_code=DEMOREF;/);
    const arrived = await load(
      `/menus?email=${encodeURIComponent(email('friend'))}&zip=10001`,
      pending?.split(';')[0] ?? '',
    );
    expect(arrived.redirect).toBe('/menus');
    expect(arrived.setCookies.find((line) => line.startsWith('pending_referral_code='))).toMatch(/Max-Age=0/);
    const { page } = await load('/menus', `abandoned_cart_id=${cartCookieOf(arrived.setCookies)}`);
    expect(page?.cart?.referral_code_status).toBe('applied');
    expect(page?.cart?.referrer).not.toBeNull();
  });

  it("a refused friend's code is said as an error", async () => {
    const cookie = await visitorWithPlan();
    const arrived = await load('/menus?referral_id=NOPE99', cookie);
    const notice = arrived.setCookies.find((line) => line.startsWith('cart_notice='));
    expect(JSON.parse(decodeURIComponent(notice?.split(';')[0]?.split('=')[1] ?? '""'))).toEqual({
      type: 'error',
      message: 'This referral code is not valid.',
    });
  });
});

describe('the checkout details form posted before the JavaScript loaded', () => {
  async function postDetails(fields: Record<string, string>, cookie: string) {
    const request = new Request(`${SITE.url}/onboarding/checkout`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const api = createServerApiClient(inProcessTransport(context.app), request);
    try {
      return { data: await saveCheckoutDetails({ request, context: { api } }), redirect: null };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { data: null, redirect: thrown.headers.get('location') };
    }
  }
  const details = {
    email: 'robin@example.com',
    first_name: 'Robin',
    last_name: 'Okafor',
    address_line_1: '12 Orchard Lane',
    address_line_2: '',
    city: 'New York',
    zip_code: '10001',
    phone: '(212) 555-0142',
    password: 'little-spoons',
    receives_sms_updates: 'true',
  };

  it('checks the fields by checkoutDetailsForm and never sends the password back', async () => {
    const cookie = await visitorWithPlan();
    const answer = await postDetails(
      { ...details, first_name: '', phone: 'call me', password: 'short' },
      cookie,
    );
    expect(answer.data?.result).toMatchObject({
      status: 'error',
      error: {
        first_name: ['This field is required'],
        phone: ['Please enter a valid US phone number'],
        password: ['Use at least 8 characters'],
      },
    });
    expect(answer.data?.result.initialValue).not.toHaveProperty('password');
    // Nothing was saved.
    expect((await load('/menus', cookie)).page?.cart?.first_name).toBeNull();
  });

  it('saves valid details to the cart and says that paying needs JavaScript', async () => {
    const cookie = await visitorWithPlan();
    const answer = await postDetails({ ...details, email: email('details') }, cookie);
    expect(answer.data).toMatchObject({ result: { status: 'success' }, notice: DETAILS_SAVED_NOTICE });
    const cart = (await load('/menus', cookie)).page?.cart;
    expect(cart).toMatchObject({ first_name: 'Robin', address_line_2: null, has_password: true });
  });

  it("an API refusal comes back beside the field (the zip shows zip_code_id's), an account's email goes to the login", async () => {
    const cookie = await visitorWithPlan();
    const unknownZip = await postDetails({ ...details, email: email('zip'), zip_code: '00000' }, cookie);
    expect(unknownZip.data?.result.error).toMatchObject({ zip_code: ['We could not find this zip code.'] });
    const taken = await postDetails({ ...details, email: 'demo@example.com' }, cookie);
    expect(taken.redirect).toBe(
      '/onboarding/login?email=demo%40example.com&error=This+email+is+already+in+use.',
    );
  });
});

describe('a cart that cannot be made for the capture form', () => {
  const CREATE = '/api/customers/abandoned-carts';

  /** The real API in-process, except for the cart creation, which fails as `failure` says. */
  function creationFails(failure: () => Response): ApiTransport {
    const real = inProcessTransport(context.app);
    return (path, init) => {
      if (init.method !== 'POST' || path !== CREATE) return real(path, init);
      return Promise.resolve(failure());
    };
  }

  async function capture(transport: ApiTransport) {
    const request = new Request(`${SITE.url}/cart`, {
      method: 'POST',
      headers: { referer: `${SITE.url}/menus`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'update-details', email: email('no-cart'), zip_code: '10001' }),
    });
    const answer = await runCartAction(request, createServerApiClient(transport, request), SITE);
    if (answer instanceof Response) throw new Error(`redirected to ${answer.headers.get('location')}`);
    return answer.data;
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('with a response (5xx, or 4xx without field errors): errors.email is the generic server error', async () => {
    for (const answer of [
      () => json(500, { message: 'Internal Server Error' }),
      () => json(422, { message: 'The given data was invalid.' }),
    ]) {
      expect(await capture(creationFails(answer))).toEqual({
        intent: 'update-details',
        ok: false,
        result: expect.objectContaining({ status: 'error', error: { email: [GENERIC_SERVER_ERROR] } }),
      });
    }
    // The per-address limit on new carts keeps its own words there: they say when to try again.
    const limited = await capture(creationFails(() => json(429, { message: CART_CREATIONS_MESSAGE })));
    expect(limited).toMatchObject({ result: { error: { email: [CART_CREATIONS_MESSAGE] } } });
  });

  it('with no response: the failure as it came, "No response received from server" as the form’s message', async () => {
    const answer = await capture((path, init) =>
      init.method === 'POST' && path === CREATE
        ? Promise.reject(new TypeError('fetch failed'))
        : inProcessTransport(context.app)(path, init),
    );
    expect(answer).toEqual({
      intent: 'update-details',
      ok: false,
      result: expect.objectContaining({ status: 'error', error: { '': [NO_RESPONSE_MESSAGE] } }),
    });
  });
});

describe('carts the storefront starts over', () => {
  it('a 403 on updating the cart (it became an account’s) resets it: the details go to a fresh cart', async () => {
    const cookie = await visitorWithPlan();
    const foreignId = cookie.split('=')[1] as string;
    const [owner] = await context.database.db
      .insert(schema.users)
      .values({ email: email('owner') })
      .returning();
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ profileId: owner?.id })
      .where(eq(schema.abandonedCarts.id, foreignId));

    const visitor = email('after-403');
    // children_step: the children step was offered before (decision 055): the details answer here.
    const answer = await post(
      { intent: 'update-details', email: visitor, zip_code: '10001' },
      `${cookie}; children_step=1`,
    );
    expect(answer.data).toMatchObject({ intent: 'update-details', ok: true });
    const freshId = cartCookieOf(answer.setCookies);
    expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
    expect(freshId).not.toBe(foreignId);
    const [fresh] = await context.database.db
      .select()
      .from(schema.abandonedCarts)
      .where(eq(schema.abandonedCarts.id, freshId as string));
    expect(fresh?.email).toBe(visitor);
  });

  it('?plan= with a slug no plan has selects the plan tagged popular', async () => {
    const arrived = await load(
      `/menus?email=${encodeURIComponent(email('plan'))}&zip=10001&plan=no-such-plan`,
    );
    const id = cartCookieOf(arrived.setCookies);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const plans = (await getJson(context.app, '/api/sales/plans')).body.data as Plan[];
    const popular = plans.find((plan) => plan.tag?.includes('popular'));
    expect(popular?.slug).toBe('plan-24');
    const [cart] = await context.database.db
      .select()
      .from(schema.abandonedCarts)
      .where(eq(schema.abandonedCarts.id, id as string));
    expect(cart?.planId).toBe(popular?.id);
  });
});
