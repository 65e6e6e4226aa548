import type { LoginResult } from '@sprout/contracts';
import { showFlash } from '../flash/flash';
import { isAbsoluteUrl, type LoginStep, nextLoginStep, SIGNED_IN_MESSAGE, type Sites } from './login-routing';
import { clearImpersonationCookie, clearStoredCart, refreshAuth } from './session';

export type SignInEffects = {
  /** A path of this app (the verification step). */
  navigate(to: string): void;
  /** The account or admin site: another site, so a full page load. */
  leave(to: string): void;
};

export const browserLeave = (to: string) => {
  window.location.assign(isAbsoluteUrl(to) ? to : new URL(to, window.location.origin).toString());
};

/**
 * What follows a login, a verified code or a reset-password token (spec section 4): the
 * verification step, the admin site, or a signed-in customer (impersonation cookie cleared, user
 * reloaded, a success flash, then the account site). `clearCart` for the password reset.
 */
export async function completeSignIn(
  result: LoginResult,
  effects: SignInEffects,
  options: { clearCart?: boolean; sites?: Sites } = {},
): Promise<LoginStep> {
  const step = nextLoginStep(result, options.sites);
  switch (step.kind) {
    case 'verification':
      effects.navigate(step.to);
      break;
    case 'admin':
    case 'signed-in':
      if (step.kind === 'signed-in') clearImpersonationCookie();
      if (options.clearCart) clearStoredCart();
      await refreshAuth();
      if (step.kind === 'signed-in') showFlash({ type: 'success', message: SIGNED_IN_MESSAGE });
      effects.leave(step.to);
      break;
    case 'failed':
      break;
  }
  return step;
}
