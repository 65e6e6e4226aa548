import type { APIRequestContext } from '@playwright/test';
import routes from '../apps/web/app/routes';
import { expect, test } from './fixtures';

/**
 * Every page of the store is titled by the one template, "{title} - Sprout & Spoon" (the home page
 * by the site name alone): the root layout's pageTitle (apps/web/app/lib/seo.ts). The walk opens
 * every page route of apps/web/app/routes.ts as a guest, the demo customer and the demo admin, so
 * a route added later must be walked too, or named here with the reason it is not.
 */
const SITE = 'Sprout & Spoon';

type RouteEntry = { id?: string; path?: string; file: string; children?: RouteEntry[] };

/** Page routes (not layouts, not resource routes: those are .ts modules) by id. */
function pageRoutes(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.file.startsWith('routes/') && entry.file.endsWith('.tsx') && entry.id ? [entry.id] : []),
    ...pageRoutes(entry.children ?? []),
  ]);
}

/** Pages a guest opens at these addresses. */
const GUEST: Record<string, string> = {
  index: '/',
  'how-it-works': '/how-it-works',
  'gift-cards': '/gift-cards',
  faq: '/faq',
  'contact-us': '/contact-us',
  'food-nutrition': '/food-nutrition',
  packaging: '/packaging',
  'privacy-policy': '/privacy-policy',
  terms: '/terms',
  'what-we-stand-for': '/what-we-stand-for',
  'email-unsubscribe': '/email/unsubscribe',
  menus: '/menus/family-bowls/',
  'onboarding-plans': '/onboarding/plans',
  'onboarding-signup': '/onboarding/signup',
  'onboarding-login': '/onboarding/login',
  'onboarding-forgot-password': '/onboarding/forgot-password',
  'onboarding-reset-password': '/onboarding/reset-password',
  'gift-cards-index-old': '/gift-cards/index-old',
  blog: '/blog/',
  'blog-search': '/blog/search/?q=oats',
  'blog-page': '/blog/page/2',
  'blog-post': '/blog/starting-solids-first-two-weeks/',
  'blog-category-page': '/blog/category/recipes/',
  'not-found': '/no-such-page',
};

/** Pages of the demo customer; a `:param` is filled from the first link to it on the page named. */
const CUSTOMER: Record<string, string | { from: string; link: RegExp }> = {
  account: '/account',
  'account-deliveries': '/account/deliveries',
  'account-delivery': { from: '/account/deliveries', link: /^\/account\/deliveries\/\d{4}-\d{2}-\d{2}$/ },
  'account-plan': '/account/plan',
  'account-orders': '/account/orders',
  'account-order': { from: '/account/orders', link: /^\/account\/orders\/[^/]+$/ },
  'account-address': '/account/address',
  'account-referrals': '/account/referrals',
  'account-gift-cards': '/account/gift-cards',
  'account-family': '/account/family',
  'account-profile': '/account/profile',
  'account-pause': '/account/pause',
  'account-cancel': '/account/cancel',
};

const ADMIN: Record<string, string | { from: string; link: RegExp }> = {
  admin: '/admin',
  'admin-orders': '/admin/orders',
  'admin-order': { from: '/admin/orders', link: /^\/admin\/orders\/[^/]+$/ },
  'admin-customers': '/admin/customers',
  'admin-customer': { from: '/admin/customers', link: /^\/admin\/customers\/(?!new$)[^/?]+$/ },
  'admin-products': '/admin/products',
  'admin-product': { from: '/admin/products', link: /^\/admin\/products\/(?!new$)[^/?]+$/ },
  'admin-categories': '/admin/categories',
  'admin-menus': '/admin/menus',
  'admin-promo-codes': '/admin/promo-codes',
  'admin-promo-code-new': '/admin/promo-codes/new',
  'admin-promo-code': { from: '/admin/promo-codes', link: /^\/admin\/promo-codes\/(?!new$)[^/?]+$/ },
  'admin-gift-cards': '/admin/gift-cards',
  'admin-posts': '/admin/posts',
  'admin-post-new': '/admin/posts/new',
  'admin-post': { from: '/admin/posts?status=published', link: /^\/admin\/posts\/(?!new$)[^/?]+$/ },
  'admin-partnerships': '/admin/partnerships',
  'admin-experiments': '/admin/experiments',
  'admin-experiment': { from: '/admin/experiments', link: /^\/admin\/experiments\/(?!new$)[^/?]+$/ },
  'admin-audit': '/admin/audit',
};

/** Pages the walk does not open, and why. */
const NOT_WALKED: Record<string, string> = {
  // account.spec.ts asserts these three titles on their one visit after the change.
  'cancellation-processing': 'one visit, right after a cancellation',
  'offer-accepted-processing': 'one visit, right after an accepted offer',
  'pausing-processing': 'one visit, right after a pause',
  'onboarding-checkout-success': 'one visit, right after paying',
  'onboarding-checkout': 'a cart ready to check out (a guest without one goes to the menus)',
  'onboarding-verification': 'a sign-in code just sent',
  'cart-restore': "a reminder email's link",
  rate: "the ratings email's link (ratings.spec.ts opens it)",
  'onboarding-children': 'right after the capture (onboarding-children.spec.ts opens it)',
  'account-delivery-pay': 'a box whose charge asks for 3-D Secure',
  'account-resume': 'a paused subscription',
  reactivate: 'a canceled subscription',
  onboarding: 'no page: a redirect to /onboarding/signup',
  maintenance: 'the maintenance build',
  'admin-gift-card': 'a sold gift card (a fresh demo store has none)',
  'blog-category-page-number':
    "no demo category has a second page (page 1 redirects to the category's address)",
};

async function titleOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&') ?? null;
  return { status: response.status(), title, html };
}

async function signIn(
  request: APIRequestContext,
  origin: string,
  account: { email: string; password: string },
) {
  const mailbox = async () =>
    (
      (await (await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(account.email)}`)).json()) as {
        data: { subject: string }[];
      }
    ).data.map((mail) => mail.subject);
  const before = new Set(await mailbox());
  const login = await request.post('/auth', { data: account, headers: { origin } });
  expect(login.ok()).toBe(true);
  const answer = (await login.json()) as { authenticated: boolean; verificationId?: string };
  if (answer.authenticated) return;
  let codes: string[] = [];
  await expect
    .poll(async () => {
      codes = (await mailbox())
        .filter((subject) => !before.has(subject))
        .flatMap((subject) => subject.match(/^(\d{6}) is your/)?.[1] ?? []);
      return codes.length;
    })
    .toBeGreaterThan(0);
  // Another journey may sign the same account in meanwhile: the code for this sign-in is one of the new ones.
  for (const code of codes) {
    const verified = await request.post('/auth/verification', {
      data: { code, verificationId: answer.verificationId },
      headers: { origin },
    });
    if (verified.ok()) return;
  }
  throw new Error(`No new sign-in code verified ${account.email}`);
}

async function walk(
  request: APIRequestContext,
  pages: Record<string, string | { from: string; link: RegExp }>,
) {
  for (const [id, target] of Object.entries(pages)) {
    let path = typeof target === 'string' ? target : null;
    if (typeof target !== 'string') {
      const { html } = await titleOf(request, target.from);
      path =
        [...html.matchAll(/href="([^"]+)"/g)]
          .map((match) => match[1]!)
          .find((href) => target.link.test(href)) ?? null;
      expect(path, `${id}: a link on ${target.from}`).not.toBeNull();
    }
    const { status, title } = await titleOf(request, path as string);
    expect(status, `${id} ${path}`).toBe(id === 'not-found' ? 404 : 200);
    if (id === 'index') expect(title, path as string).toBe(SITE);
    else expect(title, `${id} ${path}`).toMatch(new RegExp(`^\\S.* - ${SITE}$`));
    if (id !== 'not-found')
      expect(title, `${id} ${path}`).not.toMatch(/^(Page not found|Something went wrong) - /);
  }
}

test('every page route is titled "{title} - Sprout & Spoon"', async ({ page, baseURL }) => {
  test.slow();
  const origin = new URL(baseURL as string).origin;
  const ids = pageRoutes(routes as RouteEntry[]);
  // Each page route is walked here, or named with where its title is checked.
  expect(new Set(ids)).toEqual(
    new Set([
      ...Object.keys(GUEST),
      ...Object.keys(CUSTOMER),
      ...Object.keys(ADMIN),
      ...Object.keys(NOT_WALKED),
    ]),
  );
  await walk(page.request, GUEST);
  await signIn(page.request, origin, { email: 'demo@example.com', password: 'mealtime-demo' });
  await walk(page.request, CUSTOMER);
  await page.request.delete('/auth', { headers: { origin } });
  await page.context().clearCookies();
  await signIn(page.request, origin, { email: 'admin@example.com', password: 'mealtime-admin' });
  await walk(page.request, ADMIN);
});
