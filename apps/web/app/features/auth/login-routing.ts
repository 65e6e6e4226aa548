import type { LoginResult } from '@sprout/contracts';

/** Account and admin sites: ACCOUNT_SITE_URL and ADMIN_SITE_URL, paths on this origin by default. */
export const ACCOUNT_SITE_URL = '/account';
export const ADMIN_SITE_URL = '/admin';
export type Sites = { account: string; admin: string };
export const LOGIN_PATH = '/onboarding/login';

export type LoginStep =
  | { kind: 'verification'; to: string }
  | { kind: 'admin'; to: string }
  | { kind: 'signed-in'; to: string }
  /** Neither signed in nor asked for a code: the answer carries no way on. */
  | { kind: 'failed' };

/**
 * Where a login leads: not authenticated with the next action verification → the verification
 * route; an admin → the admin site; otherwise the customer is signed in (→ the account site).
 */
export function nextLoginStep(
  result: Pick<LoginResult, 'authenticated' | 'nextAction' | 'verificationId' | 'is_admin'>,
  sites: { account: string; admin: string } = { account: ACCOUNT_SITE_URL, admin: ADMIN_SITE_URL },
  /** A customer's page to go back to (already checked to be a path on this site), kept through the code step. */
  returnTo: string | null = null,
): LoginStep {
  if (!result.authenticated) {
    if (result.nextAction === 'verification' && result.verificationId) {
      const query = new URLSearchParams({ code: result.verificationId });
      if (returnTo) query.set('next', returnTo);
      return { kind: 'verification', to: `/onboarding/verification?${query}` };
    }
    return { kind: 'failed' };
  }
  // An admin goes to the admin site whatever page asked: the account site is for customers.
  // An admin page that asked for the sign-in is where the admin goes back to.
  if (result.is_admin) {
    const backToAdmin = returnTo && (returnTo === sites.admin || returnTo.startsWith(`${sites.admin}/`));
    return { kind: 'admin', to: backToAdmin ? returnTo : sites.admin };
  }
  return { kind: 'signed-in', to: returnTo ?? sites.account };
}
