import { CheckoutPage } from '../features/checkout/CheckoutPage';
import type { Route } from './+types/onboarding.checkout';
import { loadCheckout, saveCheckoutDetails } from './onboarding.checkout.server';
import '../features/checkout/checkout.css';

export const handle = { title: 'Checkout' };

/**
 * /onboarding/checkout (menu-page-default, scroll to top): open only when the cart is ready to
 * check out; the server redirects to the menus otherwise, before anything renders.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadCheckout(args);
}

/** The details form posted before the JavaScript loaded (once hydrated, Pay saves them itself). */
export async function action(args: Route.ActionArgs) {
  return saveCheckoutDetails(args);
}

/**
 * The page keeps its own state (the chosen date, add-ons) and the root loader's cart the costs:
 * cart changes on this page (promo codes, add-ons) need no second load of this one.
 */
export function shouldRevalidate() {
  return false;
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} actionData={actionData} />;
}
