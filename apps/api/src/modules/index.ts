import type { FastifyPluginAsync } from 'fastify';
import routeGuard from '../http/route-guard';
import accountRoutes from './accounts/routes';
import authRoutes from './auth/routes';
import blogRoutes from './blog/routes';
import cartRoutes from './carts/routes';
import catalogRoutes from './catalog/routes';
import checkoutRoutes from './checkout/routes';
import familyRoutes from './families/routes';
import giftCardRoutes from './gift-cards/routes';
import experimentAdminRoutes from './marketing/admin-routes';
import marketingRoutes from './marketing/routes';
import paymentRoutes from './payments/routes';
import planRoutes from './plans/routes';
import promotionRoutes from './promotions/routes';
import shippingRoutes from './shipping/routes';

/**
 * Every domain module's routes. Listed rather than discovered from the file system so that the
 * same code runs under tsx, vitest and a bundler alike (docs/decisions/002).
 */
// biome-ignore lint/suspicious/noExplicitAny: each module reads the options it needs (siteUrl, siteName)
export const modules: Record<string, FastifyPluginAsync<any>> = {
  // First: its hook guards the /api/admin and /api/me routes every module below registers.
  routeGuard,
  accounts: accountRoutes,
  auth: authRoutes,
  blog: blogRoutes,
  catalog: catalogRoutes,
  carts: cartRoutes,
  checkout: checkoutRoutes,
  families: familyRoutes,
  giftCards: giftCardRoutes,
  marketing: marketingRoutes,
  experimentAdmin: experimentAdminRoutes,
  payments: paymentRoutes,
  plans: planRoutes,
  promotions: promotionRoutes,
  shipping: shippingRoutes,
};
