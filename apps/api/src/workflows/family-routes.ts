import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCached } from '../http/catalogue-answer';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import * as catalog from '../modules/catalog/service';
import { familyDishes, familyForFlags, familyListing, familyOfRequest, fitOf } from './family-flags';

const catalogueTags = ['catalogue'];

/**
 * The catalogue's products answered for whoever asks (docs/decisions/055): a visitor gets the
 * cached, shared answer as before; a signed-in customer with children gets each dish with whom it
 * does not suit, and may filter by it (`suits`), privately. The family is read once per request.
 */
export default async function familyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(
    app,
    endpoints.catalog.products,
    {
      tags: catalogueTags,
    },
    async (request, reply) => {
      const { suits, ...query } = request.query;
      const family = await familyOfRequest(request, db(), app.catalogue);
      if (!family)
        return sendCached(request, reply, await app.catalogue.products(query), query.abandoned_cart);
      reply.header('cache-control', 'private, no-store');
      return familyListing(app.catalogue, query, family, suits);
    },
  );

  route(
    app,
    endpoints.catalog.product,
    {
      tags: catalogueTags,
    },
    async (request, reply) => {
      const [product, family] = await Promise.all([
        catalog.findProduct(db(), request.params.slug, request.query, app.catalogue.shoppers),
        familyOfRequest(request, db(), app.catalogue),
      ]);
      if (!family) return { data: product, meta: {} };
      reply.header('cache-control', 'private, no-store');
      return { data: { ...product, family: fitOf(family, product) }, meta: {} };
    },
  );

  route(app, endpoints.families.dishConflicts, { tags: ['account'] }, async (request) => {
    const { user } = signedIn(request);
    const tags = (await app.catalogue.tags()).value.data;
    const family = await familyForFlags(db(), user.id, tags, new Date());
    return { data: await familyDishes(db(), family, request.query.skus), meta: {} };
  });
}
