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
import { signedIn } from '../../http/guards';
import { readOncePerPage } from '../../lib/page-reads';
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
    },
    async (request) => {
      const { user } = signedIn(request);
      // A signed-in page asks twice (the storefront's box panel and the account page): one read
      // per page (lib/page-reads, decision 022); a request from the network always reads anew.
      const data = await readOncePerPage(`deliveries:${user.id}`, () =>
        subscriptions.listUpcomingDeliveries(db(), user.id, new Date()),
      );
      return { data, meta: {} };
    },
  );

  /**
   * Skipping a box and bringing it back: the same path, guard and answer, each its own method and
   * service call.
   */
  const skipRoute = (method: 'POST' | 'DELETE', summary: string, change: typeof subscriptions.skipDelivery) =>
    app.route({
      method,
      url: '/api/me/deliveries/:date/skip',
      schema: {
        tags,
        summary,
        params: deliveryParams,
        response: { 200: deliveryResponse, ...changeErrors },
      },
      handler: async (request) => {
        const { user } = signedIn(request);
        return { data: await change(db(), user.id, request.params.date, new Date()), meta: {} };
      },
    });
  skipRoute('POST', 'Skip a box (until its cutoff)', subscriptions.skipDelivery);
  skipRoute('DELETE', 'Bring a skipped box back (until its cutoff)', subscriptions.unskipDelivery);

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
