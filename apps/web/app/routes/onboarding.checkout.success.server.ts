import type { CheckoutSuccess } from '@sprout/contracts';
import { endpoints } from '@sprout/contracts';
import { redirectDocument } from 'react-router';
import { orderAfterNonprofitPost } from '../features/marketing/nonprofit.server';
import { type ServerApiClient as ApiClient, isApiError } from '../lib/api-client.server';
import { guardRoute } from '../lib/route-access.server';

export type CheckoutSuccessLoaderData = CheckoutSuccess & { title: string };

/**
 * /onboarding/checkout/success: open once after an order (decision 013). The route-access lookup
 * checks the grant, then the visit consumes it and returns the order; without a grant (a second
 * visit, another browser) the visitor goes to the menus.
 */
export async function loadCheckoutSuccess({
  request,
  context,
}: {
  request: Request;
  context: { api: ApiClient };
}): Promise<CheckoutSuccessLoaderData> {
  // A charity posted before hydration: the action ran first, the grant is already spent.
  const afterPost = await orderAfterNonprofitPost(context);
  if (afterPost) return { title: 'Thank you', ...afterPost };
  await guardRoute({ request, context });
  try {
    const { data } = await context.api.read(endpoints.orders.successVisit);
    return { title: 'Thank you', ...data };
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 401 || error.status === 404))
      throw redirectDocument('/menus');
    throw error;
  }
}
