import type { LoginResult } from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import type { ApiAnswer } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { cartCookie } from '../cart/storage';
import { withCookies } from '../forms/reply.server';
import { nextLoginStep } from './login-routing';

/**
 * What follows a login, a verified code or a reset-password token (spec section 4), answered by
 * the action: the verification step, or the admin or account site (other sites: a full page load)
 * with the session cookie the API set. The API clears the impersonation cookie on sign-in;
 * `clearCart` (the password reset) also forgets the abandoned cart. Null when the answer carries
 * no way on.
 */
export function signInRedirect(
  answer: Extract<ApiAnswer<LoginResult>, { ok: true }>,
  site: SiteSettings,
  options: { clearCart?: boolean; secure?: boolean; returnTo?: string | null } = {},
): Response | null {
  const step = nextLoginStep(
    answer.data,
    { account: site.accountUrl, admin: site.adminUrl },
    options.returnTo ?? null,
  );
  if (step.kind === 'failed') return null;
  const headers = withCookies(answer.setCookies);
  if (options.clearCart) headers.append('set-cookie', cartCookie(null, options.secure ?? false));
  if (step.kind === 'verification') return redirect(step.to, { headers });
  return redirectDocument(step.to, { headers });
}
