import { calendarMonth, endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { signedIn } from '../../http/guards';
import * as families from './service';

const tags = ['families'];

/**
 * The family's children (docs/decisions/055). A customer session (the route guard's 401); another
 * customer's child is 404. An admin acting as the customer (support) manages them as the customer
 * does, as with the address: only the email and password are the customer's alone.
 */
export default async function familyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const today = () => calendarMonth(new Date());

  route(app, endpoints.families.children, { tags }, async (request) => ({
    data: await families.listFamily(db(), signedIn(request).user.id, today()),
    meta: {},
  }));

  route(app, endpoints.families.addChild, { tags }, async (request, reply) => {
    const child = await families.addChild(db(), signedIn(request).user.id, request.body, today());
    return reply.status(201).send({ data: child, meta: {} });
  });

  route(app, endpoints.families.updateChild, { tags }, async (request) => ({
    data: await families.updateChild(
      db(),
      signedIn(request).user.id,
      request.params.childId,
      request.body,
      today(),
    ),
    meta: {},
  }));

  route(app, endpoints.families.removeChild, { tags }, async (request) => ({
    data: await families.removeChild(db(), signedIn(request).user.id, request.params.childId, today()),
    meta: {},
  }));
}
