import { endpoints } from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import { withCookies } from '../features/forms/reply.server';
import { cookiesOf } from '../lib/api-client.server';
import type { Route } from './+types/admin.impersonation';

/**
 * POST /admin/impersonation: ends acting as a customer (the "acting as" bar's one button). The
 * API revokes the customer session and gives the admin their own session back; the admin lands
 * on the customer's page of the admin site. A full page load: another site.
 */
export async function action({ context }: Route.ActionArgs) {
  const me = await context.api.call(endpoints.auth.initial);
  const customerId = me.kind === 'ok' ? me.data.user?.id : undefined;
  const answer = await context.api.call(endpoints.auth.endImpersonation);
  const to = answer.kind === 'ok' && customerId ? `/admin/customers/${customerId}` : '/admin';
  return redirectDocument(to, { headers: withCookies(cookiesOf(answer)) });
}

/** Nothing to show at this address. */
export function loader() {
  return redirect('/admin');
}
