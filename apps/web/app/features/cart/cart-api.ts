import type {
  AbandonedCart,
  BestsellerGroup,
  CartDifference,
  Pixel,
  Plan,
  UpdateAbandonedCartBody,
} from '@sprout/contracts';
import type { ApiClient, ApiResult } from '../../lib/api.client';
import { createPromotionsApi, type PromotionsApi } from '../promotions/promo-api';

/** Paths of spec section 7: most calls under customers, items, plans and bestseller fills under sales. */
const CUSTOMERS = '/api/customers/abandoned-carts';
const SALES = '/api/sales/abandoned-carts';

const cartPath = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

export type CartResponse = { data: AbandonedCart; meta?: Record<string, unknown> };
export type UpdateCartResponse = { data: AbandonedCart; meta: { pixels: Pixel[] } };
export type SetItemResponse = {
  data: AbandonedCart;
  meta: { difference: { data: CartDifference }; pixels: Pixel[] };
};
export type SelectPlanResponse = { data: AbandonedCart; meta: { event_id: string } };
export type CategoryQuantitiesResponse = {
  data: { category_id: number; category_slug: string; quantity: number }[];
};

/** Every cart call the storefront makes. Each resolves to an ApiResult and never throws. */
export type CartApi = PromotionsApi & {
  createCart(): Promise<ApiResult<CartResponse>>;
  getCart(id: string): Promise<ApiResult<CartResponse>>;
  updateCart(id: string, body: UpdateAbandonedCartBody): Promise<ApiResult<UpdateCartResponse>>;
  deleteCart(id: string): Promise<ApiResult<CartResponse>>;
  setItem(
    id: string,
    body: { sku: string; quantity: number; source_url?: string },
    signal?: AbortSignal,
  ): Promise<ApiResult<SetItemResponse>>;
  selectPlan(
    id: string,
    body: { plan_id: number; source_url?: string },
  ): Promise<ApiResult<SelectPlanResponse>>;
  saveFilters(id: string, body: { indicators: string[]; tags: string[] }): Promise<ApiResult<CartResponse>>;
  fillWithBestsellers(
    id: string,
    bestsellerGroupId: number,
    body: { source_url?: string },
  ): Promise<ApiResult<CartResponse>>;
  getPlans(abandonedCartId: string | null): Promise<ApiResult<{ data: Plan[] }>>;
  getBestsellers(abandonedCartId: string | null): Promise<ApiResult<{ data: BestsellerGroup[] }>>;
  getCategoryQuantities(): Promise<ApiResult<CategoryQuantitiesResponse>>;
  /** Whether a customer is signed in (app start clears a signed-in customer's abandoned cart). */
  getSession(): Promise<ApiResult<{ authenticated: boolean }>>;
};

export function createCartApi(client: ApiClient): CartApi {
  return {
    ...createPromotionsApi(client),
    createCart: () => client.request('POST', CUSTOMERS),
    getCart: (id) => client.request('GET', cartPath(CUSTOMERS, id), { query: { include: 'promoCode' } }),
    updateCart: (id, body) => client.request('PUT', cartPath(CUSTOMERS, id), { body, camelCaseFields: true }),
    deleteCart: (id) => client.request('DELETE', cartPath(CUSTOMERS, id)),
    setItem: (id, body, signal) => client.request('PUT', `${cartPath(SALES, id)}/items`, { body, signal }),
    selectPlan: (id, body) => client.request('POST', `${cartPath(SALES, id)}/plans`, { body }),
    saveFilters: (id, body) => client.request('POST', `${cartPath(CUSTOMERS, id)}/filters`, { body }),
    fillWithBestsellers: (id, groupId, body) =>
      client.request('POST', `${cartPath(SALES, id)}/filled-with-bestsellers/${groupId}`, { body }),
    getSession: () => client.request('GET', '/auth/initial'),
    getPlans: (abandonedCartId) =>
      client.request('GET', '/api/sales/plans', { query: { abandoned_cart_id: abandonedCartId } }),
    getBestsellers: (abandonedCartId) =>
      client.request('GET', '/api/bestsellers', { query: { abandonedCartId } }),
    getCategoryQuantities: () => client.request('GET', '/api/me/category-quantities'),
  };
}
