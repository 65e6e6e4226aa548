import { redirect } from 'react-router';
import { runCartAction } from '../features/cart/cart-page.server';
import type { Route } from './+types/cart';

/**
 * POST /cart: every change to the visitor's cart, one `intent` per change (decision 017). Fetchers
 * get the outcome as data; a document POST (before the JavaScript loaded) is sent back to its page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runCartAction(request, context.api, context.site);
}

/** Nothing to show at this address. */
export function loader() {
  return redirect('/menus');
}
