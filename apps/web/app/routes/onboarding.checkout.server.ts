import type {
  AbandonedCart,
  DeliveryDatesResponse,
  PaymentConfig,
  UpsellItem,
  ZipCode,
} from '@sprout/contracts';
import { redirectDocument } from 'react-router';
import { readCartIdFromCookie } from '../features/cart/storage';
import { type DeliveryOptions, toDeliveryOptions } from '../features/checkout/delivery';
import type { ApiFailure } from '../lib/api';
import { type ServerApiClient as ApiClient, isApiError } from '../lib/api-client.server';
import { guardRoute } from '../lib/route-access.server';

export type CheckoutLoaderData = {
  title: string;
  cart: AbandonedCart;
  upsellItems: UpsellItem[];
  paymentConfig: PaymentConfig;
  /** The first delivery dates for the cart's zip code (null before a zip is known). */
  delivery: DeliveryOptions | null;
};

type Failure = Pick<ApiFailure, 'kind' | 'message' | 'fieldErrors'>;

/** A server-side API error in the browser client's failure words, so both build the same state. */
function asFailure(error: unknown): { kind: 'error'; error: Failure } {
  if (!isApiError(error)) throw error;
  const kind: ApiFailure['kind'] =
    error.status === 404
      ? 'not-found'
      : error.status === 422
        ? 'validation'
        : error.status >= 500
          ? 'server'
          : 'client';
  return {
    kind: 'error',
    error: { kind, message: error.body.message ?? error.message, fieldErrors: error.body.errors ?? {} },
  };
}

async function loadDelivery(api: ApiClient, zipCode: string): Promise<DeliveryOptions> {
  const path = `/api/shipping/zip-codes/${encodeURIComponent(zipCode)}`;
  const [zip, dates] = await Promise.all([
    api.get<{ data: ZipCode }>(path).then((body) => ({ kind: 'ok' as const, data: body.data }), asFailure),
    api
      .get<DeliveryDatesResponse>(`${path}/delivery-dates`)
      .then((body) => ({ kind: 'ok' as const, data: body }), asFailure),
  ]);
  return toDeliveryOptions(zipCode, zip, dates);
}

/**
 * /onboarding/checkout: the route-access lookup first (a cart that is not ready to check out is
 * sent to the menus by an HTTP redirect, never a flash of the page), then what the page shows.
 */
export async function loadCheckout({
  request,
  context,
}: {
  request: Request;
  context: { api: ApiClient };
}): Promise<CheckoutLoaderData> {
  await guardRoute({ request, context });
  const cartId = readCartIdFromCookie(request.headers.get('cookie'));
  if (!cartId) throw redirectDocument('/menus');
  const { api } = context;

  let cart: AbandonedCart;
  try {
    cart = (
      await api.get<{ data: AbandonedCart }>(`/api/customers/abandoned-carts/${encodeURIComponent(cartId)}`, {
        include: 'promoCode',
      })
    ).data;
  } catch (error) {
    // Gone or no longer this visitor's (403, 404, 400/10002): nothing to check out.
    if (isApiError(error) && error.status < 500) throw redirectDocument('/menus');
    throw error;
  }
  if (!cart.is_ready_to_checkout) throw redirectDocument('/menus');

  const [upsellItems, paymentConfig, delivery] = await Promise.all([
    // Add-ons are a bonus: the checkout opens without them if they cannot be read.
    api
      .get<{ data: UpsellItem[] }>('/api/sales/checkout/upsell/items', { abandoned_cart_id: cartId })
      .then((body) => body.data)
      .catch((error: unknown) => {
        if (isApiError(error)) return [];
        throw error;
      }),
    api.get<{ data: PaymentConfig }>('/api/sales/checkout/payment-config').then((body) => body.data),
    cart.zip_code ? loadDelivery(api, cart.zip_code) : Promise.resolve(null),
  ]);

  return { title: 'Checkout', cart, upsellItems, paymentConfig, delivery };
}
