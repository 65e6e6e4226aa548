import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin-routes';
import promoRoutes from './promo-routes';
import routeAccessRoutes from './route-access';

/**
 * The routes of flows that span modules (ARCHITECTURE.md): registered after every module's routes,
 * with the same options. Listed, not discovered, as modules/index.ts is (docs/decisions/002).
 * Keep one entry per line, in alphabetical order: several changes add entries at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: each flow's routes read the options they need
export const workflowRoutes: Record<string, FastifyPluginAsync<any>> = {
  admin: adminRoutes,
  promo: promoRoutes,
  routeAccess: routeAccessRoutes,
};
