import {
  deliveryDatesResponse,
  messageErrorBody,
  validationErrorBody,
  zipCodeParams,
  zipCodeResponse,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deliveryDatesFor, findZipCode } from './service';

export default async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/shipping/zip-codes/:code',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Whether a zip code is delivered, its state and delivery weekdays',
        params: zipCodeParams,
        response: { 200: zipCodeResponse, 404: messageErrorBody, 422: validationErrorBody },
      },
    },
    async (request) => ({ data: await findZipCode(app.database.db, request.params.code), meta: {} }),
  );
  app.get(
    '/api/shipping/zip-codes/:code/delivery-dates',
    {
      schema: {
        tags: ['shipping'],
        summary: 'First delivery dates still open for orders in this zip code, and the frequencies',
        params: zipCodeParams,
        response: { 200: deliveryDatesResponse, 404: messageErrorBody, 422: validationErrorBody },
      },
    },
    async (request) => deliveryDatesFor(app.database.db, request.params.code),
  );
}
