import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { signedIn } from '../../http/guards';
import * as accounts from './service';

const tags = ['accounts'];

/**
 * The customer's addresses. The account's routes that compose other modules (profile and its
 * email and password, orders, the subscription's changes and card) are workflows/account-routes.ts.
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.account.address, { tags, summary: 'One of my addresses' }, async (request) => {
    const { user } = signedIn(request);
    return { data: await accounts.getAddress(db(), user.id, request.params.addressId), meta: {} };
  });

  route(
    app,
    endpoints.account.updateAddress,
    {
      tags,
      summary: 'Change one of my addresses (a zip code we deliver to; its city and state come with it)',
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await accounts.updateAddress(db(), user.id, request.params.addressId, request.body),
        meta: {},
      };
    },
  );
}
