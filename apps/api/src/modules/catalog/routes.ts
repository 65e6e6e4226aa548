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
    },
    async (request, reply) =>
      sendCached(request, reply, await app.catalogue.products(request.query), request.query.abandoned_cart),
  );

  route(app, endpoints.catalog.product, { tags }, async (request) => ({
    data: await catalog.findProduct(db(), request.params.slug, request.query, app.catalogue.shoppers),
    meta: {},
  }));

  // Served for any client of the product's API; the storefront reads its "from" prices with the
  // menus instead (docs/decisions/047-four-departures-from-the-spec.md).
  route(app, endpoints.catalog.leastExpensiveProduct, { tags }, async (request) => ({
    data: await catalog.findLeastExpensiveProduct(db(), request.query, app.catalogue.shoppers),
    meta: {},
  }));

  route(app, endpoints.catalog.menus, { tags }, async (request, reply) =>
    sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  route(app, endpoints.catalog.productMenuItems, { tags }, async (request, reply) =>
    sendCached(request, reply, await app.catalogue.menus(request.query), request.query.abandoned_cart),
  );
  route(app, endpoints.catalog.menu, { tags }, async (request) => ({
    data: await catalog.findMenu(db(), request.params.slug, request.query, app.catalogue.shoppers),
    meta: {},
  }));

  route(app, endpoints.catalog.indicators, { tags }, async (request, reply) =>
    sendCached(request, reply, await app.catalogue.indicators(), undefined),
  );
  route(app, endpoints.catalog.tags, { tags }, async (request, reply) =>
    sendCached(request, reply, await app.catalogue.tags(), undefined),
  );
  route(app, endpoints.catalog.bestsellers, { tags }, async (request, reply) =>
    sendCached(request, reply, await app.catalogue.bestsellers(request.query), request.query.abandonedCartId),
  );
  route(app, endpoints.catalog.alsoLoved, { tags }, async (request) => ({
    data: await catalog.listAlsoLoved(db(), request.query, app.catalogue.shoppers),
    meta: {},
  }));
}
