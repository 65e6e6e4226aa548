import { describe, expect, it } from 'vitest';
import { decideRouteAccess, factsNeeded, isExternal, normalizePath } from './rules';

const visitor = {
  signedIn: false,
  isAdmin: false,
  cartReadyToCheckout: false,
  hasCheckoutSuccessGrant: false,
};
const sites = { accountSiteUrl: '/account', adminSiteUrl: 'https://admin.example.com/' };

describe('route access', () => {
  it('trims trailing slashes, queries and hashes', () => {
    expect(normalizePath('/menus/')).toBe('/menus');
    expect(normalizePath('/onboarding/checkout/?step=2#top')).toBe('/onboarding/checkout');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('//')).toBe('/');
  });

  it('opens checkout only for a ready cart', () => {
    expect(decideRouteAccess('/onboarding/checkout/', visitor, sites)).toEqual({
      allowed: false,
      redirect: '/menus',
    });
    expect(
      decideRouteAccess('/onboarding/checkout', { ...visitor, cartReadyToCheckout: true }, sites),
    ).toEqual({ allowed: true });
  });

  it('shows checkout success only with its grant', () => {
    expect(decideRouteAccess('/onboarding/checkout/success', visitor, sites)).toEqual({
      allowed: false,
      redirect: '/menus',
    });
    expect(
      decideRouteAccess('/onboarding/checkout/success', { ...visitor, hasCheckoutSuccessGrant: true }, sites),
    ).toEqual({ allowed: true });
  });

  it('sends signed-in customers from login and forgot-password to the account site, admins to the admin site', () => {
    const customer = { ...visitor, signedIn: true };
    expect(decideRouteAccess('/onboarding/login', customer, sites)).toEqual({
      allowed: false,
      redirect: '/account',
    });
    expect(decideRouteAccess('/onboarding/forgot-password', { ...customer, isAdmin: true }, sites)).toEqual({
      allowed: false,
      redirect: 'https://admin.example.com/',
    });
    expect(decideRouteAccess('/onboarding/login', visitor, sites)).toEqual({ allowed: true });
  });

  it('reactivate needs a session', () => {
    expect(decideRouteAccess('/reactivate', visitor, sites)).toEqual({
      allowed: false,
      redirect: '/onboarding/login',
    });
    expect(decideRouteAccess('/reactivate', { ...visitor, signedIn: true }, sites)).toEqual({
      allowed: true,
    });
  });

  it('leaves every other route open and asks for no facts', () => {
    expect(decideRouteAccess('/menus/purees/', visitor, sites)).toEqual({ allowed: true });
    const none = { session: false, cart: false, grant: false, outcomeGrant: false, subscription: false };
    expect(factsNeeded('/menus')).toEqual(none);
    expect(factsNeeded('/onboarding/checkout/')).toEqual({ ...none, cart: true });
    expect(factsNeeded('/onboarding/checkout/success')).toEqual({ ...none, session: true, grant: true });
  });

  it('knows an external redirect', () => {
    expect(isExternal('https://admin.example.com/', 'https://shop.example.com')).toBe(true);
    expect(isExternal('https://shop.example.com/account', 'https://shop.example.com')).toBe(false);
    expect(isExternal('/account', 'https://shop.example.com')).toBe(false);
  });

  it('opens an outcome page once, with its grant, and only to the signed-in customer', () => {
    const customer = { ...visitor, signedIn: true };
    for (const path of ['/pausing-processing', '/offer-accepted-processing/', '/cancellation-processing']) {
      expect(decideRouteAccess(path, visitor, sites)).toEqual({
        allowed: false,
        redirect: '/onboarding/login',
      });
      expect(decideRouteAccess(path, customer, sites)).toEqual({ allowed: false, redirect: '/account' });
      expect(decideRouteAccess(path, { ...customer, hasOutcomeGrant: true }, sites)).toEqual({
        allowed: true,
      });
      expect(factsNeeded(path)).toMatchObject({ session: true, outcomeGrant: true });
    }
  });

  it('sends an active customer from /reactivate to the account site', () => {
    const customer = { ...visitor, signedIn: true };
    expect(decideRouteAccess('/reactivate', customer, sites)).toEqual({ allowed: true });
    expect(decideRouteAccess('/reactivate', { ...customer, hasActiveSubscription: true }, sites)).toEqual({
      allowed: false,
      redirect: '/account',
    });
  });
});
