import { endpoints } from '@sprout/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { type CachedAnswer, matchesEtag } from '../../lib/catalogue-cache';
import * as catalog from './service';

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

  route(
    app,
    endpoints.catalog.products,
    {
      tags,
      summary: 'Products of the menu, paged, filtered and priced for the cart (only_skus=true: skus only)',
    },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.products(request.query), request.query.abandoned_cart),
  );

  route(
    app,
    endpoints.catalog.product,
    { tags, summary: 'One active product by slug, priced for the cart, with its ingredients and allergens' },
    async (request) => ({
      data: await catalog.findProduct(db(), request.params.slug, request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );

  // Served for any client of the product's API; the storefront reads its "from" prices with the
  // menus instead (docs/decisions/047-four-departures-from-the-spec.md).
  route(
    app,
    endpoints.catalog.leastExpensiveProduct,
    { tags, summary: 'The cheapest active product, optionally within a category' },
    async (request) => ({
      data: await catalog.findLeastExpensiveProduct(db(), request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );

  route(
    app,
    endpoints.catalog.menus,
    { tags, summary: 'Menus, sorted by sorting_weight descending' },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  route(
    app,
    endpoints.catalog.productMenuItems,
    { tags, summary: 'Menu items for navigation (same resource as /api/menus)' },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  route(app, endpoints.catalog.menu, { tags, summary: 'One menu by slug or id' }, async (request) => ({
    data: await catalog.findMenu(db(), request.params.slug, request.query, app.catalogue.shoppers),
    meta: {},
  }));

  route(
    app,
    endpoints.catalog.indicators,
    { tags, summary: 'Nutrition indicators to filter by' },
    async (request, reply) => sendCached(request, reply, await app.catalogue.indicators(), undefined),
  );
  route(
    app,
    endpoints.catalog.tags,
    { tags, summary: 'Diet and allergen tags to filter by' },
    async (request, reply) => sendCached(request, reply, await app.catalogue.tags(), undefined),
  );
  route(
    app,
    endpoints.catalog.bestsellers,
    { tags, summary: 'Bestseller groups: curated presets of items, priced for the cart' },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await app.catalogue.bestsellers(request.query),
        request.query.abandonedCartId,
      ),
  );
  route(
    app,
    endpoints.catalog.alsoLoved,
    { tags, summary: 'Products customers also loved with the given skus (top rated when none)' },
    async (request) => ({
      data: await catalog.listAlsoLoved(db(), request.query, app.catalogue.shoppers),
      meta: {},
    }),
  );
}
