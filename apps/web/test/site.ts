import type { SiteSettings } from '../app/lib/context';

/**
 * The storefront's settings as the server tests give them to loaders and actions: the store on
 * localhost:3000 (the origin the API's same-origin guard accepts in tests), no social sign-in, not
 * in demo mode. One copy, so the tests agree on where the store is.
 */
export const TEST_SITE: SiteSettings = {
  url: 'http://localhost:3000',
  name: 'Sprout & Spoon',
  accountUrl: '/account',
  adminUrl: '/admin',
  socialProviders: [],
  demo: false,
};
