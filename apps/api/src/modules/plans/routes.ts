import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { listPlans } from './service';

export default async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(app, endpoints.catalog.plans, { tags: ['plans'] }, async (request) => {
    const db = app.database.db;
    const shopper = await app.catalogue.shoppers.resolve(
      db,
      { abandonedCartId: request.query.abandoned_cart_id, promoCode: request.query.promoCode },
      'abandoned_cart_id',
    );
    return { data: await listPlans(db, shopper), meta: {} };
  });
}
