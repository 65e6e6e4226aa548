import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { signedIn } from '../../http/guards';
import { adminExperiment, createExperiment, listAdminExperiments, updateAdminExperiment } from './admin';

const tags = ['admin'];
const ok = <T>(data: T) => ({ data, meta: {} });

/** /api/admin/experiments: behind the app-wide admin guard of every /api/admin route (docs/decisions/027-admin-site.md). */
export default async function experimentAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const actor = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.id;

  route(app, endpoints.admin.experiments, { tags }, async () =>
    ok(await listAdminExperiments(db(), new Date())),
  );

  route(app, endpoints.admin.experiment, { tags }, async (request) =>
    ok(await adminExperiment(db(), request.params.id, new Date())),
  );

  route(app, endpoints.admin.createExperiment, { tags }, async (request, reply) => {
    const created = await createExperiment(db(), actor(request), request.body, new Date());
    // The storefront reads the experiments from the catalogue's cache: drop it in every replica.
    await app.catalogue.changed();
    return reply.status(201).send(ok(created));
  });

  route(app, endpoints.admin.updateExperiment, { tags }, async (request) => {
    const updated = await updateAdminExperiment(
      db(),
      actor(request),
      request.params.id,
      request.body,
      new Date(),
    );
    await app.catalogue.changed();
    return ok(updated);
  });
}
