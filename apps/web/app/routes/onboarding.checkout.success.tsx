import { CheckoutSuccessPage } from '../features/checkout/CheckoutSuccessPage';
import { runNonprofitAction } from '../features/marketing/nonprofit.server';
import type { Route } from './+types/onboarding.checkout.success';
import { loadCheckoutSuccess } from './onboarding.checkout.success.server';
import '../features/checkout/checkout.css';

export const handle = { title: 'Thank you' };

/**
 * /onboarding/checkout/success (checkout-page-success): entered once after an order. The visit
 * consumes its route-access grant on the server, so a second visit goes to the menus.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadCheckoutSuccess(args);
}

/** The charity choice (a real form; once hydrated it goes through a fetcher). */
export async function action({ request, context }: Route.ActionArgs) {
  return runNonprofitAction(context, await request.formData());
}

// The grant is spent by the first load: never load again in place.
export function shouldRevalidate() {
  return false;
}

export default function CheckoutSuccessRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CheckoutSuccessPage
      order={loaderData.order}
      subscription={loaderData.subscription}
      nonprofit={actionData}
    />
  );
}
