import {
  alsoLovedQuery,
  alsoLovedResponse,
  bestsellersQuery,
  bestsellersResponse,
  indicatorsResponse,
  leastExpensiveProductQuery,
  menuResponse,
  menuSlugParams,
  menusQuery,
  menusResponse,
  messageErrorBody,
  productDetailQuery,
  productDetailResponse,
  productResponse,
  productSkusResponse,
  productSlugParams,
  productsQuery,
  productsResponse,
  tagsResponse,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CachedAnswer, matchesEtag } from '../../lib/catalogue-cache';
import * as catalog from './service';

const errors = { 404: messageErrorBody, 422: validationErrorBody };
const tags = ['catalogue'];

/**
 * Answers that name no cart are the same for every visitor: a CDN or the browser may keep them
 * half a minute and serve them stale for five more while it revalidates. A cart's answer is
 * priced for that cart: private, and revalidated every time (its ETag still saves the body).
 */
const SHARED_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** A cached catalogue answer: its JSON as is (validated when it was loaded), or 304 when unchanged. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer<unknown>,
  cartId: string | undefined,
) {
  reply.header('etag', answer.etag);
  reply.header('cache-control', cartId === undefined ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/products',
    {
      schema: {
        tags,
        summary: 'Products of the menu, paged, filtered and priced for the cart (only_skus=true: skus only)',
        querystring: productsQuery,
        response: { 200: productsResponse.or(productSkusResponse), ...errors },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.products(request.query), request.query.abandoned_cart),
  );

  app.get(
    '/api/products/:slug',
    {
      schema: {
        tags,
        summary: 'One active product by slug, priced for the cart, with its ingredients and allergens',
        params: productSlugParams,
        querystring: productDetailQuery,
        response: { 200: productDetailResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalog.findProduct(db(), request.params.slug, request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );

  // Served as spec section 7 lists it; the storefront reads its "from" prices with the menus
  // instead (docs/decisions/047).
  app.get(
    '/api/least-expensive-product',
    {
      schema: {
        tags,
        summary: 'The cheapest active product, optionally within a category',
        querystring: leastExpensiveProductQuery,
        response: { 200: productResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalog.findLeastExpensiveProduct(db(), request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );

  const menusSchema = { querystring: menusQuery, response: { 200: menusResponse, ...errors } };
  app.get(
    '/api/menus',
    { schema: { tags, summary: 'Menus, sorted by sorting_weight descending', ...menusSchema } },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  app.get(
    '/api/product-menu-items',
    { schema: { tags, summary: 'Menu items for navigation (same resource as /api/menus)', ...menusSchema } },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  app.get(
    '/api/menus/:slug',
    {
      schema: {
        tags,
        summary: 'One menu by slug or id',
        params: menuSlugParams,
        querystring: menusQuery,
        response: { 200: menuResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalog.findMenu(db(), request.params.slug, request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );

  app.get(
    '/api/product-filters/indicators',
    { schema: { tags, summary: 'Nutrition indicators to filter by', response: { 200: indicatorsResponse } } },
    async (request, reply) => sendCached(request, reply, await app.catalogue.indicators(), undefined),
  );
  app.get(
    '/api/tags',
    { schema: { tags, summary: 'Diet and allergen tags to filter by', response: { 200: tagsResponse } } },
    async (request, reply) => sendCached(request, reply, await app.catalogue.tags(), undefined),
  );
  app.get(
    '/api/bestsellers',
    {
      schema: {
        tags,
        summary: 'Bestseller groups: curated presets of items, priced for the cart',
        querystring: bestsellersQuery,
        response: { 200: bestsellersResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.catalogue.bestsellers(request.query),
        request.query.abandonedCartId,
      ),
  );
  app.get(
    '/api/customers-also-loved-clicked',
    {
      schema: {
        tags,
        summary: 'Products customers also loved with the given skus (top rated when none)',
        querystring: alsoLovedQuery,
        response: { 200: alsoLovedResponse, ...errors },
      },
    },
    async (request) => ({
      data: await catalog.listAlsoLoved(db(), request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );
}
