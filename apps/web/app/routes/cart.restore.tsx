import { endpoints, REMINDER_LINK_INVALID } from '@sprout/contracts';
import { data, Link, redirect } from 'react-router';
import { cartCookie } from '../features/cart/storage';
import type { Route } from './+types/cart.restore';

export const handle = { title: 'Open your box' };

/**
 * A reminder email's "Open my box" link (docs/decisions/026): in any browser, the saved box becomes this
 * browser's cart (the cart cookie), then the menus show it. A stale or ordered box says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const result = await context.api.call(endpoints.marketing.restoreCart, { body: { token } });
  if (result.kind === 'ok') {
    const cookie = cartCookie(result.data.data.abandoned_cart_id, url.protocol === 'https:');
    return redirect('/menus', { headers: { 'set-cookie': cookie } });
  }
  const message = result.kind === 'error' ? result.error.message : REMINDER_LINK_INVALID;
  const status =
    result.kind === 'error' && result.error.status && result.error.status < 500 ? result.error.status : 400;
  return data({ title: 'Open your box', message }, { status: status === 422 ? 400 : status });
}

export default function CartRestoreRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="content-page" aria-labelledby="restore-heading">
      <h1 id="restore-heading">We could not open this box</h1>
      <p role="alert">{loaderData.message}</p>
      <p>
        <Link to="/menus">Browse the menus</Link> to start a new box.
      </p>
    </section>
  );
}
