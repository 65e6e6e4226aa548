import { checkoutSuccessResponse, ordersParams, ordersQuery, ordersResponse } from './checkout';
import { declare } from './endpoints-types';
import { messageErrorBody } from './errors';

export const ordersEndpoints = {
  /** The checkout success page: uses its one-time grant up and shows the order */
  successVisit: declare({
    method: 'POST',
    path: '/api/sales/checkout/success-visit',
    responses: { 200: checkoutSuccessResponse, 401: messageErrorBody, 403: messageErrorBody },
  }),
  /** A customer's orders, newest first */
  ofUser: declare({
    method: 'GET',
    path: '/api/sales/users/:userId/orders',
    params: ordersParams,
    query: ordersQuery,
    responses: { 200: ordersResponse, 401: messageErrorBody, 403: messageErrorBody },
  }),
};
