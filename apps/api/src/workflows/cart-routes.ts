import { calendarMonth, endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import * as cartChanges from './cart-changes';

const tags = ['abandoned carts'];

/**
 * The cart's changes that answer to other modules (contact details, items, plan, filters), each
 * from its declaration with its older `/api/sales` path beside it (docs/decisions/048 and 051).
 */
export default async function cartRoutes(fastify: FastifyInstance, options: { emailChecksPerHour: number }) {
  const db = () => fastify.database.db;

  route(
    fastify,
    endpoints.checkout.saveCart,
    {
      tags,
    },
    async (request) => {
      const result = await cartChanges.updateAbandonedCart(db(), request.params.cartId, request.body, {
        ip: request.ip,
        emailChecksPerHour: options.emailChecksPerHour,
      });
      return {
        data: result.cart,
        meta: { pixels: result.pixels, ...(result.waitlist ? { waitlist: result.waitlist } : {}) },
      };
    },
  );

  route(fastify, endpoints.carts.setItem, { tags }, async (request) => {
    const result = await cartChanges.setCartItem(db(), request.params.cartId, request.body);
    return { data: result.cart, meta: { difference: { data: result.difference }, pixels: result.pixels } };
  });

  route(
    fastify,
    endpoints.carts.selectPlan,
    {
      tags,
    },
    async (request) => {
      const result = await cartChanges.selectPlan(db(), request.params.cartId, request.body);
      return {
        data: result.cart,
        meta: { event_id: result.eventId, notices: result.notices, upgraded_to: result.upgradedTo },
      };
    },
  );

  route(fastify, endpoints.carts.addItems, { tags }, async (request) => ({
    data: await cartChanges.addWaitingItems(db(), request.params.cartId, request.body),
    meta: {},
  }));

  route(fastify, endpoints.carts.setFilters, { tags }, async (request) => ({
    data: await cartChanges.saveFilters(db(), request.params.cartId, request.body),
    meta: {},
  }));

  route(fastify, endpoints.carts.readChildren, { tags }, async (request) => ({
    data: await cartChanges.readCartChildren(db(), request.params.cartId, calendarMonth(new Date())),
    meta: {},
  }));

  route(fastify, endpoints.carts.setChildren, { tags }, async (request) => ({
    data: await cartChanges.setCartChildren(
      db(),
      request.params.cartId,
      request.body.children,
      calendarMonth(new Date()),
    ),
    meta: {},
  }));
}
