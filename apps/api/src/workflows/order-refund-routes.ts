import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { resendOrderConfirmation } from '../modules/checkout/service';
import { refundOrder } from './order-refund';

const tags = ['admin'];

/**
 * An admin's refund of an order and the confirmation sent again (docs/decisions/049), under
 * /api/admin like the admin module's routes (the route guard's prefix covers them).
 */
export default async function orderRefundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;
  const ok = <T>(data: T) => ({ data, meta: {} });

  route(
    app,
    endpoints.admin.refund,
    {
      tags,
    },
    async (request) => ok(await refundOrder(app.deps, actor(request), request.params.id, request.body)),
  );

  route(app, endpoints.admin.resendConfirmation, { tags }, async (request, reply) => {
    await resendOrderConfirmation(app.deps, actor(request), request.params.id);
    return reply.status(202).send({ message: 'The confirmation is on its way.' });
  });
}
