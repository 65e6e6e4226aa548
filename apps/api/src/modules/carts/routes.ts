import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import { cartIdFromCookie } from '../../http/cart-cookie';
import { route } from '../../http/endpoint';
import * as carts from './service';

const tags = ['abandoned carts'];

/**
 * The cart's own routes, each from its declaration (its older `/api/sales` path registered beside
 * it, hidden). The changes that answer to other modules (contact details, items, plan, filters)
 * are workflows/cart-routes.ts.
 */
export default async function cartRoutes(fastify: FastifyInstance) {
  const db = () => fastify.database.db;

  route(fastify, endpoints.carts.create, { tags }, async (_request, reply) => {
    const cart = await carts.createAbandonedCart(db());
    return reply.status(201).send({ data: { ...cart, abandonedCartId: cart.id }, meta: {} });
  });

  route(
    fastify,
    endpoints.carts.read,
    { tags },
    // The applied code is always part of the cart; include=promoCode is accepted as older clients send it.
    async (request) => ({ data: await carts.readAbandonedCart(db(), request.params.cartId), meta: {} }),
  );

  route(fastify, endpoints.carts.clear, { tags }, async (request) => ({
    data: await carts.deleteAbandonedCart(db(), request.params.cartId),
    meta: {},
  }));

  route(fastify, endpoints.carts.fillWithBestsellers, { tags }, async (request) => ({
    data: await carts.fillWithBestsellers(db(), request.params.cartId, request.params.bestsellerGroupId),
    meta: {},
  }));

  // Kept for API clients that read it; the storefront's panel groups the cart's own lines by
  // category instead (docs/decisions/047).
  route(fastify, endpoints.account.categoryQuantities, { tags }, async (request) => ({
    data: await carts.listCategoryQuantities(db(), cartIdFromCookie(request.headers.cookie)),
    meta: {},
  }));
}
