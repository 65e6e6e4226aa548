/**
 * Which routes a visitor may open (`GET /api/route-access`). Pure: the caller gathers the facts
 * (session, cart readiness, grants) that the path needs.
 */

export type AccessFacts = {
  signedIn: boolean;
  isAdmin: boolean;
  cartReadyToCheckout: boolean;
  /** The one-time grant to see the checkout success page, issued by checkout completion. */
  hasCheckoutSuccessGrant: boolean;
  /** The one-time grant to see an outcome page (pause, offer accepted, cancellation) of this path. */
  hasOutcomeGrant?: boolean;
  /** The signed-in customer's subscription is active (they have nothing to reactivate). */
  hasActiveSubscription?: boolean;
};

/** Pages that show a lifecycle outcome once, right after it (docs/decisions/023). */
export const OUTCOME_ROUTES = [
  '/pausing-processing',
  '/offer-accepted-processing',
  '/cancellation-processing',
];

export type AccessDecision = { allowed: true } | { allowed: false; redirect: string };

export type AccessSites = { accountSiteUrl: string; adminSiteUrl: string };

/** Allowed routes are held with trailing slashes trimmed: /menus/ and /menus are one route. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Which facts a path needs, so the lookup does no work for the many open routes. */
export function factsNeeded(path: string): {
  session: boolean;
  cart: boolean;
  grant: boolean;
  outcomeGrant: boolean;
  subscription: boolean;
} {
  const route = normalizePath(path);
  return {
    // The success grant belongs to the customer checkout signed in.
    session: [
      '/onboarding/login',
      '/onboarding/forgot-password',
      '/reactivate',
      '/onboarding/checkout/success',
      ...OUTCOME_ROUTES,
    ].includes(route),
    cart: route === '/onboarding/checkout',
    grant: route === '/onboarding/checkout/success',
    outcomeGrant: OUTCOME_ROUTES.includes(route),
    subscription: route === '/reactivate',
  };
}

export function decideRouteAccess(path: string, facts: AccessFacts, sites: AccessSites): AccessDecision {
  const route = normalizePath(path);
  switch (route) {
    case '/onboarding/checkout':
      return facts.cartReadyToCheckout ? { allowed: true } : { allowed: false, redirect: '/menus' };
    case '/onboarding/checkout/success':
      return facts.hasCheckoutSuccessGrant ? { allowed: true } : { allowed: false, redirect: '/menus' };
    case '/onboarding/login':
    case '/onboarding/forgot-password':
      if (!facts.signedIn) return { allowed: true };
      return { allowed: false, redirect: facts.isAdmin ? sites.adminSiteUrl : sites.accountSiteUrl };
    case '/reactivate':
      if (!facts.signedIn) return { allowed: false, redirect: '/onboarding/login' };
      return facts.hasActiveSubscription
        ? { allowed: false, redirect: sites.accountSiteUrl }
        : { allowed: true };
    case '/pausing-processing':
    case '/offer-accepted-processing':
    case '/cancellation-processing':
      if (!facts.signedIn) return { allowed: false, redirect: '/onboarding/login' };
      return facts.hasOutcomeGrant ? { allowed: true } : { allowed: false, redirect: sites.accountSiteUrl };
    default:
      return { allowed: true };
  }
}

/** A redirect is external when it is an absolute URL on another origin than the site. */
export function isExternal(redirect: string, siteUrl: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(redirect)) return false;
  return new URL(redirect).origin !== new URL(siteUrl).origin;
}
