import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from '../auth/guards';

/** True for the admin API's routes, by their registered pattern (never the raw, encodable URL). */
export function isAdminRoute(routeUrl: string | undefined): boolean {
  return routeUrl === '/api/admin' || (routeUrl?.startsWith('/api/admin/') ?? false);
}

/**
 * One guard for every /api/admin route, whichever module registers it (issue 17): an onRequest
 * hook on the whole app, so it runs before the body is parsed or validated (a visitor gets 401
 * and a customer 403, never a 422 that tells them what the route expects). Registered before the
 * modules' routes (fastify-plugin: the hook is not encapsulated in this plugin).
 */
export default fp(async function adminGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (isAdminRoute(request.routeOptions.url)) await requireAdmin(request);
  });
});
