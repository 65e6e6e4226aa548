import { adminExperimentBody, adminExperimentUpdateBody, adminIdParams } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/guards';
import { adminExperiment, createExperiment, listAdminExperiments, updateAdminExperiment } from './admin';

const tags = ['admin'];
const ok = <T>(data: T) => ({ data, meta: {} });

/** /api/admin/experiments: behind the app-wide admin guard of every /api/admin route (decision 027). */
export default async function experimentAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const actor = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;

  app.get(
    '/api/admin/experiments',
    { schema: { tags, summary: 'Experiments with assignment, exposure and conversion per variant' } },
    async () => ok(await listAdminExperiments(db(), new Date())),
  );

  app.get(
    '/api/admin/experiments/:id',
    { schema: { tags, summary: 'One experiment and its numbers', params: adminIdParams } },
    async (request) => ok(await adminExperiment(db(), request.params.id, new Date())),
  );

  app.post(
    '/api/admin/experiments',
    { schema: { tags, summary: 'Define an experiment', body: adminExperimentBody } },
    async (request, reply) => {
      const created = await createExperiment(db(), actor(request), request.body, new Date());
      // The storefront reads the experiments from the catalogue's cache: drop it in every replica.
      await app.catalogue.changed();
      return reply.status(201).send(ok(created));
    },
  );

  app.patch(
    '/api/admin/experiments/:id',
    {
      schema: {
        tags,
        summary: 'Change an experiment: name, weights (new visitors only), dates',
        params: adminIdParams,
        body: adminExperimentUpdateBody,
      },
    },
    async (request) => {
      const updated = await updateAdminExperiment(
        db(),
        actor(request),
        request.params.id,
        request.body,
        new Date(),
      );
      await app.catalogue.changed();
      return ok(updated);
    },
  );
}
