import {
  abandonedCartParams,
  abandonedCartQuery,
  abandonedCartResponse,
  cartFiltersBody,
  createdAbandonedCartResponse,
  fillWithBestsellersBody,
  fillWithBestsellersParams,
  selectPlanBody,
  selectPlanResponse,
  setCartItemBody,
  setCartItemErrorBodies,
  setCartItemResponse,
} from './carts';
import { upsellChangeBody } from './checkout';
import { cartFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import { codedErrorBody, messageErrorBody, validationErrorBody } from './errors';
import { cartChildrenBody, cartChildrenResponse } from './families';
import { applyPromoCodeBody, applyReferralCodeBody, referralResponse } from './promotions';

export const cartsEndpoints = {
  /** Create an abandoned cart */
  create: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts',
    responses: { 201: createdAbandonedCartResponse },
    aliases: ['/api/sales/abandoned-carts'],
  }),
  /** The abandoned cart with its items and costs */
  read: declare({
    method: 'GET',
    path: '/api/customers/abandoned-carts/:cartId',
    params: abandonedCartParams,
    query: abandonedCartQuery,
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId'],
  }),
  /** Drop the abandoned cart (answers it as it was) */
  clear: declare({
    method: 'DELETE',
    path: '/api/customers/abandoned-carts/:cartId',
    params: abandonedCartParams,
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId'],
  }),
  /** Set the absolute quantity of one product (0 removes it) */
  setItem: declare({
    method: 'PUT',
    path: '/api/customers/abandoned-carts/:cartId/items',
    params: abandonedCartParams,
    body: setCartItemBody,
    responses: { 200: setCartItemResponse, ...setCartItemErrorBodies },
    aliases: ['/api/sales/abandoned-carts/:cartId/items'],
  }),
  /** Choose the plan (box size); a smaller box empties the cart first */
  selectPlan: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts/:cartId/plans',
    params: abandonedCartParams,
    body: selectPlanBody,
    responses: { 200: selectPlanResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId/plans'],
  }),
  /** The children told before checkout (docs/decisions/055): they become the account's profiles at checkout */
  readChildren: declare({
    method: 'GET',
    path: '/api/customers/abandoned-carts/:cartId/children',
    params: abandonedCartParams,
    responses: { 200: cartChildrenResponse, ...cartFailures },
  }),
  /** Replace the children told before checkout (each checked as a profile is) */
  setChildren: declare({
    method: 'PUT',
    path: '/api/customers/abandoned-carts/:cartId/children',
    params: abandonedCartParams,
    body: cartChildrenBody,
    responses: { 200: cartChildrenResponse, ...cartFailures },
  }),
  /** Save the menu filters of this cart */
  setFilters: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts/:cartId/filters',
    params: abandonedCartParams,
    body: cartFiltersBody,
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId/filters'],
  }),
  /** Fill the box with a bestseller preset, up to the plan threshold (the body is optional) */
  fillWithBestsellers: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts/:cartId/filled-with-bestsellers/:bestsellerGroupId',
    params: fillWithBestsellersParams,
    body: fillWithBestsellersBody.optional(),
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId/filled-with-bestsellers/:bestsellerGroupId'],
  }),
  /** Apply a promo code (or a partnership code) to the cart */
  applyPromoCode: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts/:cartId/promo-codes',
    params: abandonedCartParams,
    body: applyPromoCodeBody,
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId/promo-codes'],
  }),
  /** Remove the promo code from the cart */
  removePromoCode: declare({
    method: 'DELETE',
    path: '/api/customers/abandoned-carts/:cartId/promo-codes',
    params: abandonedCartParams,
    responses: { 200: abandonedCartResponse, ...cartFailures },
    aliases: ['/api/sales/abandoned-carts/:cartId/promo-codes'],
  }),
  /** Apply a friend's referral code */
  applyReferralCode: declare({
    method: 'POST',
    path: '/api/customers/abandoned-carts/:cartId/referral-codes',
    params: abandonedCartParams,
    body: applyReferralCodeBody,
    responses: {
      200: referralResponse,
      400: codedErrorBody,
      403: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
      429: messageErrorBody,
    },
    aliases: ['/api/sales/abandoned-carts/:cartId/referral-codes'],
  }),
  /** One more of an add-on */
  upsellIncrease: declare({
    method: 'POST',
    path: '/api/sales/checkout/upsell/items/increase',
    body: upsellChangeBody,
    responses: { 200: abandonedCartResponse, ...cartFailures },
  }),
  /** One fewer of an add-on */
  upsellDecrease: declare({
    method: 'POST',
    path: '/api/sales/checkout/upsell/items/decrease',
    body: upsellChangeBody,
    responses: { 200: abandonedCartResponse, ...cartFailures },
  }),
};
