import { abandonedCartParams, updateAbandonedCartBody, updateAbandonedCartResponse } from './carts';
import {
  completeCheckoutBody,
  completeCheckoutResponse,
  deliveryDatesResponse,
  initializedCheckoutBody,
  marketingEventResponse,
  paymentConfigResponse,
  upsellItemsQuery,
  upsellItemsResponse,
} from './checkout';
import { giftCardFailures, readFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import { codedErrorBody, messageErrorBody, validationErrorBody } from './errors';
import { giftCardCheckBody, giftCardCheckResponse } from './gift-cards';
import { zipCodeParams, zipCodeResponse } from './shipping';

export const checkoutEndpoints = {
  saveCart: declare({
    summary: 'Update contact, address and preferences (a Lead pixel when an email is first captured)',
    method: 'PUT',
    path: '/api/customers/abandoned-carts/:cartId',
    params: abandonedCartParams,
    body: updateAbandonedCartBody,
    responses: {
      200: updateAbandonedCartResponse,
      400: codedErrorBody,
      403: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
      429: messageErrorBody,
    },
    aliases: ['/api/sales/abandoned-carts/:cartId'],
  }),
  zipCode: declare({
    summary: 'Whether a zip code is delivered, its state and delivery weekdays',
    method: 'GET',
    path: '/api/shipping/zip-codes/:code',
    params: zipCodeParams,
    responses: { 200: zipCodeResponse, ...readFailures },
  }),
  deliveryDates: declare({
    summary: 'First delivery dates still open for orders in this zip code, and the frequencies',
    method: 'GET',
    path: '/api/shipping/zip-codes/:code/delivery-dates',
    params: zipCodeParams,
    responses: { 200: deliveryDatesResponse, ...readFailures },
  }),
  upsellItems: declare({
    summary: 'Add-ons offered at checkout, with how many of each the cart holds',
    method: 'GET',
    path: '/api/sales/checkout/upsell/items',
    query: upsellItemsQuery,
    responses: { 200: upsellItemsResponse, 404: messageErrorBody },
  }),
  paymentConfig: declare({
    summary: "The payment provider and its publishable key, for the browser's card fields",
    method: 'GET',
    path: '/api/sales/checkout/payment-config',
    responses: { 200: paymentConfigResponse },
  }),
  checkGiftCards: declare({
    summary: 'What gift card codes would pay on a cart, before paying (nothing is debited)',
    method: 'POST',
    path: '/api/sales/gift-cards/check',
    body: giftCardCheckBody,
    responses: { 200: giftCardCheckResponse, ...giftCardFailures },
  }),
  initialized: declare({
    summary: 'The visitor opened checkout',
    method: 'POST',
    path: '/api/marketing/events/initialized-checkout',
    body: initializedCheckoutBody,
    responses: { 201: marketingEventResponse, ...readFailures },
  }),
  complete: declare({
    summary: 'Complete checkout: one customer, subscription, paid first order per idempotency key',
    method: 'POST',
    path: '/api/sales/checkout',
    body: completeCheckoutBody,
    responses: {
      200: completeCheckoutResponse,
      201: completeCheckoutResponse,
      400: codedErrorBody,
      404: messageErrorBody,
      409: messageErrorBody,
      422: validationErrorBody,
      429: messageErrorBody,
    },
  }),
};
