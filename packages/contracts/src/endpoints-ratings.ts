import { signedInFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import { messageErrorBody, validationErrorBody } from './errors';
import {
  dishRatingsBody,
  dishRatingsByTokenBody,
  ratingFormResponse,
  ratingOrderParams,
  ratingTokenQuery,
} from './ratings';

/**
 * A link's failures: not a link we sent (404), used or expired (409: sign in and rate from the
 * account), bad input (422).
 */
const ratingLinkFailures = {
  404: messageErrorBody,
  409: messageErrorBody,
  422: validationErrorBody,
} as const;

/** Rating a delivered box's dishes per child (docs/decisions/055, Ratings). */
export const ratingsEndpoints = {
  /** The email link's rating form (no sign-in; the link opens one order) */
  formByLink: declare({
    method: 'GET',
    path: '/api/dish-ratings',
    query: ratingTokenQuery,
    responses: { 200: ratingFormResponse, ...ratingLinkFailures },
  }),
  /** Rate through the email link: one submit closes the link */
  rateByLink: declare({
    method: 'POST',
    path: '/api/dish-ratings',
    body: dishRatingsByTokenBody,
    responses: { 200: ratingFormResponse, ...ratingLinkFailures },
  }),
  /** A signed-in customer's rating form of one of their orders */
  orderForm: declare({
    method: 'GET',
    path: '/api/me/orders/:orderId/ratings',
    params: ratingOrderParams,
    responses: { 200: ratingFormResponse, ...signedInFailures },
  }),
  /** Rate (or re-rate) one of my delivered orders' dishes per child */
  rateOrder: declare({
    method: 'PUT',
    path: '/api/me/orders/:orderId/ratings',
    params: ratingOrderParams,
    body: dishRatingsBody,
    responses: { 200: ratingFormResponse, ...signedInFailures, 409: messageErrorBody },
  }),
};
