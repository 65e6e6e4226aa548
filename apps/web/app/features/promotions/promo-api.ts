import type { AbandonedCart } from '@sprout/contracts';
import type { ApiClient, ApiResult } from '../../lib/api.client';

/** Promo and referral calls of spec section 7 (customers prefix, like the other cart calls). */
const CUSTOMERS = '/api/customers/abandoned-carts';
const cartPath = (id: string) => `${CUSTOMERS}/${encodeURIComponent(id)}`;

export type AppSettingGroup = { group: string; values: Record<string, unknown> };

export type ReferralResult = {
  referrer: { first_name: string | null; last_name: string | null };
  referee: { first_name: string | null; last_name: string | null; email: string };
  cart: AbandonedCart;
  referral_code: string;
  referral_code_status: string;
  on_referral_redemption_limit: boolean;
};

export type PromotionsApi = {
  applyPromoCode(cartId: string, code: string): Promise<ApiResult<{ data: AbandonedCart }>>;
  removePromoCode(cartId: string): Promise<ApiResult<{ data: AbandonedCart }>>;
  applyReferralCode(
    cartId: string,
    body: { referral_code: string; refereeEmail: string },
  ): Promise<ApiResult<{ data: ReferralResult }>>;
  getAppSettings(): Promise<ApiResult<{ data: AppSettingGroup[] }>>;
};

export function createPromotionsApi(client: ApiClient): PromotionsApi {
  return {
    applyPromoCode: (cartId, code) =>
      client.request('POST', `${cartPath(cartId)}/promo-codes`, { body: { code } }),
    removePromoCode: (cartId) => client.request('DELETE', `${cartPath(cartId)}/promo-codes`),
    applyReferralCode: (cartId, body) =>
      client.request('POST', `${cartPath(cartId)}/referral-codes`, { body }),
    getAppSettings: () => client.request('GET', '/api/sales/app-settings'),
  };
}
