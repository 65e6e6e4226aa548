import { CheckoutPage } from '../features/checkout/CheckoutPage';
import type { Route } from './+types/onboarding.checkout';
import { loadCheckout } from './onboarding.checkout.server';
import '../features/checkout/checkout.css';

export const handle = { title: 'Checkout' };

/**
 * /onboarding/checkout (menu-page-default, scroll to top): open only when the cart is ready to
 * check out; the server redirects to the menus otherwise, before anything renders.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadCheckout(args);
}

/**
 * The page keeps its own state (what was typed, the chosen date, add-ons) and the cart store keeps
 * the costs: cart changes on this page (promo codes, add-ons) need no second load.
 */
export function shouldRevalidate() {
  return false;
}

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} />;
}
