import { checkoutSuccessResponse, ordersParams, ordersQuery, ordersResponse } from './checkout';
import { declare } from './endpoints-types';
import { messageErrorBody } from './errors';

export const ordersEndpoints = {
  successVisit: declare({
    summary: 'The checkout success page: uses its one-time grant up and shows the order',
    method: 'POST',
    path: '/api/sales/checkout/success-visit',
    responses: { 200: checkoutSuccessResponse, 401: messageErrorBody, 403: messageErrorBody },
  }),
  ofUser: declare({
    summary: "A customer's orders, newest first",
    method: 'GET',
    path: '/api/sales/users/:userId/orders',
    params: ordersParams,
    query: ordersQuery,
    responses: { 200: ordersResponse, 401: messageErrorBody, 403: messageErrorBody },
  }),
};
