import { endpoints } from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import { cartCookie } from '../features/cart/storage';
import { withCookies } from '../features/forms/reply.server';
import { cookiesOf } from '../lib/api-client.server';
import type { Route } from './+types/account.sign-out';

/**
 * POST /account/sign-out (the store's header and the account site): ends the session (DELETE /auth)
 * and goes to the store's home page, a full page load so nothing of the account stays in memory.
 * The API's cookie clearing goes along, and the browser forgets its cart: the next visitor on this
 * browser starts with an empty box.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const answer = await context.api.call(endpoints.auth.signOut);
  const secure = new URL(request.url).protocol === 'https:';
  return redirectDocument('/', { headers: withCookies([...cookiesOf(answer), cartCookie(null, secure)]) });
}

/** Nothing to show at this address. */
export function loader() {
  return redirect('/account');
}
