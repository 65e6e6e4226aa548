import type {
  AbandonedCartResponse,
  CompleteCheckoutBody,
  CompleteCheckoutResponse,
  DeliveryDatesResponse,
  GiftCardCheckResponse,
  PaymentConfig,
  UpdateAbandonedCartBody,
  UpsellItem,
  ZipCode,
} from '@sprout/contracts';
import type { ApiClient, ApiResult } from '../../lib/api';
import { browserApiClient } from '../../lib/api.client';

/** The checkout calls of the storefront (spec section 7 "Gift cards and checkout", design "Checkout"). */
export type CheckoutApi = {
  zipCode(code: string): Promise<ApiResult<{ data: ZipCode }>>;
  deliveryDates(code: string): Promise<ApiResult<DeliveryDatesResponse>>;
  upsellItems(abandonedCartId: string): Promise<ApiResult<{ data: UpsellItem[] }>>;
  initializedCheckout(body: {
    abandoned_cart_id: string;
    source_url?: string;
  }): Promise<ApiResult<{ data: { event_id: string } }>>;
  paymentConfig(): Promise<ApiResult<{ data: PaymentConfig }>>;
  complete(body: CompleteCheckoutBody): Promise<ApiResult<CompleteCheckoutResponse>>;
  /** What gift card codes would pay on the cart (checked before paying, nothing debited). */
  checkGiftCards(body: {
    abandoned_cart_id: string;
    gift_card_codes: string[];
  }): Promise<ApiResult<GiftCardCheckResponse>>;
  /** Pay's own save of the details, before the card is read (decision 013). */
  saveCart(abandonedCartId: string, body: UpdateAbandonedCartBody): Promise<ApiResult<AbandonedCartResponse>>;
};

const zipPath = (code: string) => `/api/shipping/zip-codes/${encodeURIComponent(code)}`;

export function createCheckoutApi(client: ApiClient = browserApiClient()): CheckoutApi {
  return {
    zipCode: (code) => client.request('GET', zipPath(code)),
    deliveryDates: (code) => client.request('GET', `${zipPath(code)}/delivery-dates`),
    upsellItems: (abandonedCartId) =>
      client.request('GET', '/api/sales/checkout/upsell/items', {
        query: { abandoned_cart_id: abandonedCartId },
      }),
    initializedCheckout: (body) =>
      client.request('POST', '/api/marketing/events/initialized-checkout', { body }),
    paymentConfig: () => client.request('GET', '/api/sales/checkout/payment-config'),
    saveCart: (abandonedCartId, body) =>
      client.request('PUT', `/api/customers/abandoned-carts/${encodeURIComponent(abandonedCartId)}`, {
        body,
      }),
    checkGiftCards: (body) => client.request('POST', '/api/sales/gift-cards/check', { body }),
    complete: (body) => client.request('POST', '/api/sales/checkout', { body }),
  };
}
