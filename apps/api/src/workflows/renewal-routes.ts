import {
  deliveryParams,
  deliveryPaymentResponse,
  messageErrorBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../http/guards';
import { payWaitingDelivery } from './renewal-authentication';

const tags = ['account'];

/** A renewal's own routes: a box paid by its customer when the bank asked (docs/decisions/041). */
export default async function renewalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const changeErrors = {
    400: messageErrorBody,
    401: messageErrorBody,
    404: messageErrorBody,
    422: validationErrorBody,
  };

  // The email's link when the bank asked to confirm a renewal (3-D Secure: decision 041). Asked
  // once to start the step, and again once the browser finished it.
  app.post(
    '/api/me/deliveries/:date/payment',
    {
      schema: {
        tags,
        summary: "Pay a box whose bank asked you to confirm its charge (3-D Secure), with the box's card",
        params: deliveryParams,
        response: { 200: deliveryPaymentResponse, ...changeErrors, 409: messageErrorBody },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await payWaitingDelivery(app.deps, user.id, request.params.date), meta: {} };
    },
  );
}
