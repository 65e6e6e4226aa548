import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { paymentConfig } from './service';

/**
 * The storefront's view of payments. The provider's own HTTP surface (the test provider's browser
 * API, Stripe's webhook) is registered by plugins/payments.ts with the provider it belongs to.
 */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.checkout.paymentConfig,
    {
      tags: ['payments'],
    },
    async () => ({ data: paymentConfig(app.payments), meta: {} }),
  );
}
