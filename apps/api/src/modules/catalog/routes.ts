import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/catalogue-answer';
import { route } from '../../http/endpoint';
import * as catalog from './service';

const tags = ['catalogue'];

export default async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  // The products listing and one product are answered by workflows/family-routes.ts: a signed-in
  // family gets whom each dish does not suit (docs/decisions/055).

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
