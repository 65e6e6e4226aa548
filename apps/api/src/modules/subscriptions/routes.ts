import {
  deliveriesResponse,
  deliveryItemBody,
  deliveryParams,
  deliveryResponse,
  messageErrorBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../auth/guards';
import * as subscriptions from './service';

const tags = ['account'];

/** A customer's upcoming boxes: only ever their own (the path names no customer). */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const changeErrors = {
    400: messageErrorBody,
    401: messageErrorBody,
    404: messageErrorBody,
    422: validationErrorBody,
  };

  app.get(
    '/api/me/deliveries',
    {
      schema: {
        tags,
        summary: 'Your upcoming boxes with their contents and costs, soonest first',
        response: { 200: deliveriesResponse, 401: messageErrorBody },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await subscriptions.listUpcomingDeliveries(db(), user.id, new Date()), meta: {} };
    },
  );

  app.post(
    '/api/me/deliveries/:date/skip',
    {
      schema: {
        tags,
        summary: 'Skip a box (until its cutoff)',
        params: deliveryParams,
        response: { 200: deliveryResponse, ...changeErrors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await subscriptions.skipDelivery(db(), user.id, request.params.date, new Date()),
        meta: {},
      };
    },
  );

  app.delete(
    '/api/me/deliveries/:date/skip',
    {
      schema: {
        tags,
        summary: 'Bring a skipped box back (until its cutoff)',
        params: deliveryParams,
        response: { 200: deliveryResponse, ...changeErrors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await subscriptions.unskipDelivery(db(), user.id, request.params.date, new Date()),
        meta: {},
      };
    },
  );

  app.put(
    '/api/me/deliveries/:date/items',
    {
      schema: {
        tags,
        summary: "Set how many of a meal a box holds (absolute; 0 removes it), up to the plan's size",
        params: deliveryParams,
        body: deliveryItemBody,
        response: { 200: deliveryResponse, ...changeErrors },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await subscriptions.setDeliveryItem(
          db(),
          user.id,
          request.params.date,
          request.body,
          new Date(),
        ),
        meta: {},
      };
    },
  );
}
