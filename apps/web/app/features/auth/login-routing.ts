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
 * Spec section 4: not authenticated with the next action verification → the verification route;
 * an admin → the admin site; otherwise the customer is signed in (→ the account site).
 */
export function nextLoginStep(
  result: Pick<LoginResult, 'authenticated' | 'nextAction' | 'verificationId' | 'is_admin'>,
  sites: { account: string; admin: string } = { account: ACCOUNT_SITE_URL, admin: ADMIN_SITE_URL },
): LoginStep {
  if (!result.authenticated) {
    if (result.nextAction === 'verification' && result.verificationId) {
      return {
        kind: 'verification',
        to: `/onboarding/verification?code=${encodeURIComponent(result.verificationId)}`,
      };
    }
    return { kind: 'failed' };
  }
  if (result.is_admin) return { kind: 'admin', to: sites.admin };
  return { kind: 'signed-in', to: sites.account };
}
