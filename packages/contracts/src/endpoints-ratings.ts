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
  formByLink: declare({
    summary: "The email link's rating form: the order's dishes and the family's children",
    method: 'GET',
    path: '/api/dish-ratings',
    query: ratingTokenQuery,
    responses: { 200: ratingFormResponse, ...ratingLinkFailures },
  }),
  rateByLink: declare({
    summary: 'Rate the dishes per child through the email link (one submit closes it)',
    method: 'POST',
    path: '/api/dish-ratings',
    body: dishRatingsByTokenBody,
    responses: { 200: ratingFormResponse, ...ratingLinkFailures },
  }),
  orderForm: declare({
    summary: "One of your orders' rating form, with the ratings given",
    method: 'GET',
    path: '/api/me/orders/:orderId/ratings',
    params: ratingOrderParams,
    responses: { 200: ratingFormResponse, ...signedInFailures },
  }),
  rateOrder: declare({
    summary: "Rate (or re-rate) your delivered order's dishes per child",
    method: 'PUT',
    path: '/api/me/orders/:orderId/ratings',
    params: ratingOrderParams,
    body: dishRatingsBody,
    responses: { 200: ratingFormResponse, ...signedInFailures, 409: messageErrorBody },
  }),
};
