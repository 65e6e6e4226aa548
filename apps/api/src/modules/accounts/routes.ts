import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { signedIn } from '../../http/guards';
import * as accounts from './service';

const tags = ['accounts'];

/**
 * The customer's address. The account's routes that compose other modules (an address change,
 * which asks shipping for the zip code; profile and its email and password, orders, the
 * subscription's changes and card) are workflows/account-routes.ts.
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.account.address, { tags }, async (request) => {
    const { user } = signedIn(request);
    return { data: await accounts.getAddress(db(), user.id, request.params.addressId), meta: {} };
  });
}
