import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { route } from '../../http/endpoint';
import { requireUser, signedIn } from '../../http/guards';
import * as checkout from './service';

const tags = ['checkout'];

/**
 * A customer's orders. Completing a checkout, its add-ons and its success page span modules: they
 * are served by workflows/checkout-routes.ts (docs/decisions/049).
 */
export default async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.orders.ofUser, { tags, route: { onRequest: requireUser } }, async (request) => {
    const { user } = signedIn(request);
    if (user.id !== request.params.userId && !user.isAdmin) {
      throw new AppError('forbidden', 'You can only see your own orders.');
    }
    return checkout.listOrders(db(), request.params.userId, {
      page: request.query.page,
      perPage: request.query.per_page,
    });
  });
}
