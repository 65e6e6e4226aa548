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
// The pay flow's own endpoints only: the browser's chunk carries these schemas, not every endpoint's.
import { checkoutEndpoints as pay } from '@sprout/contracts';
import type { ApiClient, ApiResult } from '../../lib/api';
import { browserApiClient } from '../../lib/api.client';

/** The checkout calls of the storefront (decision 013). */
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

export function createCheckoutApi(client: ApiClient = browserApiClient()): CheckoutApi {
  return {
    zipCode: (code) => client.call(pay.zipCode, { params: { code } }),
    deliveryDates: (code) => client.call(pay.deliveryDates, { params: { code } }),
    upsellItems: (abandonedCartId) =>
      client.call(pay.upsellItems, { query: { abandoned_cart_id: abandonedCartId } }),
    initializedCheckout: (body) => client.call(pay.initialized, { body }),
    paymentConfig: () => client.call(pay.paymentConfig),
    saveCart: (abandonedCartId, body) =>
      client.call(pay.saveCart, { params: { cartId: abandonedCartId }, body }),
    checkGiftCards: (body) => client.call(pay.checkGiftCards, { body }),
    complete: (body) => client.call(pay.complete, { body }),
  };
}
