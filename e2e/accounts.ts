/**
 * The admin the reset journey (auth.spec.ts) gives a new password: an account of its own, so the
 * journeys signing in as the demo admin meanwhile (two workers) keep its password and sessions. The
 * e2e store's start makes it with `npm run admin` (playwright.config.ts), as a live store's owner
 * is made: it is no part of the demo seed.
 */
export const RESET_ADMIN_EMAIL = 'reset-admin@example.com';
