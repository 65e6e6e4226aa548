import { redirect, redirectDocument } from 'react-router';
import { withCookies } from '../features/forms/reply.server';
import type { Route } from './+types/account.sign-out';

/**
 * POST /account/sign-out: ends the session (DELETE /auth) and goes to the store's home page, a
 * full page load so nothing of the account stays in memory. The API's cookie clearing goes along.
 */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.api.send('DELETE', '/auth');
  return redirectDocument('/', { headers: withCookies(answer.setCookies) });
}

/** Nothing to show at this address. */
export function loader() {
  return redirect('/account');
}
