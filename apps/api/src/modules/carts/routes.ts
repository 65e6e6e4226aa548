import {
  abandonedCartParams,
  abandonedCartQuery,
  abandonedCartResponse,
  cartChangeErrorBodies,
  cartFiltersBody,
  categoryQuantitiesResponse,
  createdAbandonedCartResponse,
  fillWithBestsellersBody,
  fillWithBestsellersParams,
  messageErrorBody,
  selectPlanBody,
  selectPlanResponse,
  setCartItemBody,
  setCartItemErrorBodies,
  setCartItemResponse,
  updateAbandonedCartBody,
  updateAbandonedCartResponse,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CART_PREFIXES, cartIdFromCookie } from '../../http/cart-cookie';
import * as carts from './service';

const errors = cartChangeErrorBodies;
const tags = ['abandoned carts'];
const PREFIXES = CART_PREFIXES;

export default async function cartRoutes(fastify: FastifyInstance, options: { emailChecksPerHour: number }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  for (const prefix of PREFIXES) {
    const hide = prefix !== PREFIXES[0];

    app.post(
      prefix,
      {
        schema: {
          tags,
          hide,
          summary: 'Create an abandoned cart (abandonedCartId and cart, as spec section 7 names them)',
          response: { 201: createdAbandonedCartResponse },
        },
      },
      async (_request, reply) => {
        const cart = await carts.createAbandonedCart(db());
        return reply.status(201).send({ data: { ...cart, abandonedCartId: cart.id }, meta: {} });
      },
    );

    app.get(
      `${prefix}/:cartId`,
      {
        schema: {
          tags,
          hide,
          summary: 'The abandoned cart with its items and costs',
          params: abandonedCartParams,
          querystring: abandonedCartQuery,
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => {
        // The applied code is always part of the cart; include=promoCode is accepted as the spec sends it.
        return { data: await carts.readAbandonedCart(db(), request.params.cartId), meta: {} };
      },
    );

    app.put(
      `${prefix}/:cartId`,
      {
        schema: {
          tags,
          hide,
          summary: 'Update contact, address and preferences (a Lead pixel when an email is first captured)',
          params: abandonedCartParams,
          body: updateAbandonedCartBody,
          response: { 200: updateAbandonedCartResponse, ...errors, 429: messageErrorBody },
        },
      },
      async (request) => {
        const result = await carts.updateAbandonedCart(db(), request.params.cartId, request.body, {
          ip: request.ip,
          emailChecksPerHour: options.emailChecksPerHour,
        });
        return {
          data: result.cart,
          meta: { pixels: result.pixels, ...(result.waitlist ? { waitlist: result.waitlist } : {}) },
        };
      },
    );

    app.delete(
      `${prefix}/:cartId`,
      {
        schema: {
          tags,
          hide,
          summary: 'Drop the abandoned cart (answers it as it was)',
          params: abandonedCartParams,
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => ({ data: await carts.deleteAbandonedCart(db(), request.params.cartId), meta: {} }),
    );

    app.put(
      `${prefix}/:cartId/items`,
      {
        schema: {
          tags,
          hide,
          summary: 'Set the absolute quantity of one product (0 removes it)',
          params: abandonedCartParams,
          body: setCartItemBody,
          response: { 200: setCartItemResponse, ...setCartItemErrorBodies },
        },
      },
      async (request) => {
        const result = await carts.setCartItem(db(), request.params.cartId, request.body);
        return {
          data: result.cart,
          meta: { difference: { data: result.difference }, pixels: result.pixels },
        };
      },
    );

    app.post(
      `${prefix}/:cartId/plans`,
      {
        schema: {
          tags,
          hide,
          summary: 'Choose the plan (box size); a smaller box empties the cart first',
          params: abandonedCartParams,
          body: selectPlanBody,
          response: { 200: selectPlanResponse, ...errors },
        },
      },
      async (request) => {
        const result = await carts.selectPlan(db(), request.params.cartId, request.body);
        return { data: result.cart, meta: { event_id: result.eventId } };
      },
    );

    app.post(
      `${prefix}/:cartId/filters`,
      {
        schema: {
          tags,
          hide,
          summary: 'Save the menu filters of this cart',
          params: abandonedCartParams,
          body: cartFiltersBody,
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => ({
        data: await carts.saveFilters(db(), request.params.cartId, request.body),
        meta: {},
      }),
    );

    app.post(
      `${prefix}/:cartId/filled-with-bestsellers/:bestsellerGroupId`,
      {
        schema: {
          tags,
          hide,
          summary: 'Fill the box with a bestseller preset, up to the plan threshold',
          params: fillWithBestsellersParams,
          body: fillWithBestsellersBody.optional(),
          response: { 200: abandonedCartResponse, ...errors },
        },
      },
      async (request) => ({
        data: await carts.fillWithBestsellers(db(), request.params.cartId, request.params.bestsellerGroupId),
        meta: {},
      }),
    );
  }

  // Served as spec section 7 lists it; the storefront's panel groups the cart's own lines by
  // category instead (docs/decisions/047).
  app.get(
    '/api/me/category-quantities',
    {
      schema: {
        tags,
        summary: "Items per category in the visitor's cart (cookie abandoned_cart_id)",
        querystring: z.object({}).strict(),
        response: { 200: categoryQuantitiesResponse },
      },
    },
    async (request) => {
      return {
        data: await carts.listCategoryQuantities(db(), cartIdFromCookie(request.headers.cookie)),
        meta: {},
      };
    },
  );
}
