import type { LoginResult } from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import type { ApiResult } from '../../lib/api';
import { cookiesOf } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { cartCookie } from '../cart/storage';
import { withCookies } from '../forms/reply.server';
import { clearedPromoCookieHeaders } from '../promotions/cookies';
import { nextLoginStep } from './login-routing';

/**
 * What follows a login, a verified code or a reset-password token, answered by the action: the
 * verification step, or the admin or account site (other sites: a full page load) with the session
 * cookie the API set. The API clears the impersonation cookie on sign-in; a completed sign-in also
 * forgets the guest cart and its link's promo code (decision 042: a signed-in customer's storefront
 * is their next box, and no guest cart survives sign-in). `clearCart` forgets it already at the
 * code step (the password reset). Null when the answer carries no way on.
 */
export function signInRedirect(
  answer: Extract<ApiResult<LoginResult>, { kind: 'ok' }>,
  site: SiteSettings,
  options: { clearCart?: boolean; secure?: boolean; returnTo?: string | null } = {},
): Response | null {
  const step = nextLoginStep(
    answer.data,
    { account: site.accountUrl, admin: site.adminUrl },
    options.returnTo ?? null,
  );
  if (step.kind === 'failed') return null;
  const headers = withCookies(cookiesOf(answer));
  const secure = options.secure ?? site.url.startsWith('https:');
  if (options.clearCart || step.kind !== 'verification') {
    headers.append('set-cookie', cartCookie(null, secure));
    for (const line of clearedPromoCookieHeaders({ siteUrl: site.url, secure }))
      headers.append('set-cookie', line);
  }
  if (step.kind === 'verification') return redirect(step.to, { headers });
  return redirectDocument(step.to, { headers });
}
