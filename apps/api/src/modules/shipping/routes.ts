import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { deliveryDatesFor, findZipCode } from './service';

export default async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(app, endpoints.checkout.zipCode, { tags: ['shipping'] }, async (request) => ({
    data: await findZipCode(app.database.db, request.params.code),
    meta: {},
  }));
  route(
    app,
    endpoints.checkout.deliveryDates,
    {
      tags: ['shipping'],
    },
    async (request) => deliveryDatesFor(app.database.db, request.params.code),
  );
}
