import {
  initializedCheckoutBody,
  marketingEventResponse,
  messageErrorBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordInitializedCheckout } from './service';

export default async function marketingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/marketing/events/initialized-checkout',
    {
      schema: {
        tags: ['marketing'],
        summary: 'The visitor opened checkout',
        body: initializedCheckoutBody,
        response: { 201: marketingEventResponse, 404: messageErrorBody, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const eventId = await recordInitializedCheckout(app.database.db, request.body);
      return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
    },
  );
}
