import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes';
import adminRoutes from './admin-routes';
import cartRoutes from './cart-routes';
import checkoutFlowRoutes from './checkout-routes';
import deliveryRoutes from './delivery-routes';
import dishRatingRoutes from './dish-rating-routes';

import familyRoutes from './family-routes';
import giftCardFlowRoutes from './gift-card-routes';
import orderRefundRoutes from './order-refund-routes';
import promoRoutes from './promo-routes';
import renewalRoutes from './renewal-routes';
import routeAccessRoutes from './route-access';
import sessionRoutes from './session-routes';
import subscriptionRoutes from './subscription-routes';

/**
 * The routes of flows that span modules (ARCHITECTURE.md): registered after every module's routes,
 * with the same options. Listed, not discovered, as modules/index.ts is (docs/decisions/002).
 * Keep one entry per line, in alphabetical order: several changes add entries at once.
 */
// biome-ignore lint/suspicious/noExplicitAny: each flow's routes read the options they need
export const workflowRoutes: Record<string, FastifyPluginAsync<any>> = {
  accountFlows: accountRoutes,
  admin: adminRoutes,
  cartChanges: cartRoutes,
  checkoutFlow: checkoutFlowRoutes,
  deliveries: deliveryRoutes,
  dishRatings: dishRatingRoutes,

  familyFlags: familyRoutes,
  giftCardFlow: giftCardFlowRoutes,
  orderRefund: orderRefundRoutes,
  promo: promoRoutes,
  renewals: renewalRoutes,
  routeAccess: routeAccessRoutes,
  sessionFlows: sessionRoutes,
  subscriptionLifecycle: subscriptionRoutes,
};
