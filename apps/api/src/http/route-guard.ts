import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin, requireUser } from './guards';

/** True for the admin API's routes, by their registered pattern (never the raw, encodable URL). */
export function isAdminRoute(routeUrl: string | undefined): boolean {
  return routeUrl === '/api/admin' || (routeUrl?.startsWith('/api/admin/') ?? false);
}

/**
 * The /api/me routes that answer a visitor by the cart's cookie (paths the storefront calls), not a
 * signed-in customer: every other /api/me route needs a session, one added later included.
 */
export const VISITOR_ME_ROUTES: ReadonlySet<string> = new Set([
  '/api/me/category-quantities',
  '/api/me/promo-code',
]);

/** True for the signed-in customer's routes (/api/me and below), by their registered pattern. */
export function isCustomerRoute(routeUrl: string | undefined): boolean {
  if (routeUrl === undefined || VISITOR_ME_ROUTES.has(routeUrl)) return false;
  return routeUrl === '/api/me' || routeUrl.startsWith('/api/me/');
}

/**
 * One guard for the routes that need a session, whichever module registers them (decision 037):
 * an onRequest hook on the whole app, so it runs before the body is parsed or validated. A
 * visitor gets 401 (and a customer 403 on the admin API), never a 422 that tells them what the
 * route expects. Registered before the modules' routes (fastify-plugin: the hook is not
 * encapsulated in this plugin). The handler reads the session with `signedIn(request)`.
 */
export default fp(async function routeGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (isAdminRoute(route)) await requireAdmin(request);
    else if (isCustomerRoute(route)) await requireUser(request);
  });
});
