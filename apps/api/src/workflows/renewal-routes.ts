import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { payWaitingDelivery } from './renewal-authentication';

const tags = ['account'];

/** A renewal's own routes: a box paid by its customer when the bank asked (docs/decisions/041). */
export default async function renewalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The email's link when the bank asked to confirm a renewal (3-D Secure: docs/decisions/041-renewals-that-ask-for-3-d-secure.md). Asked
  // once to start the step, and again once the browser finished it.
  route(
    app,
    endpoints.deliveries.pay,
    {
      tags,
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await payWaitingDelivery(app.deps, user.id, request.params.date), meta: {} };
    },
  );
}
