import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartIdFromCookie } from '../http/cart-cookie';
import { route } from '../http/endpoint';
import { currentSession } from '../http/guards';
import { decideRouteAccess, factsNeeded, isExternal, normalizePath } from '../modules/access/rules';
import { loadAbandonedCart } from '../modules/carts/service';
import { hasCheckoutSuccessGrant, hasVisitGrant } from '../modules/checkout/service';
import { findCurrentSubscriptionWithPlan } from '../modules/subscriptions/service';

type Options = { siteUrl: string; accountSiteUrl: string; adminSiteUrl: string };

export default async function accessRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.access.routeAccess, { tags: ['access'] }, async (request) => {
    const { path } = request.query;
    const needed = factsNeeded(path);
    const session = needed.session ? await currentSession(request) : undefined;
    const cartId = needed.cart ? cartIdFromCookie(request.headers.cookie) : undefined;
    const cart = cartId ? await loadAbandonedCart(db(), cartId).catch(() => undefined) : undefined;
    const userId = session?.user.id;
    const decision = decideRouteAccess(
      path,
      {
        signedIn: session !== undefined,
        isAdmin: session?.user.isAdmin ?? false,
        cartReadyToCheckout: cart?.is_ready_to_checkout ?? false,
        hasCheckoutSuccessGrant:
          needed.grant && session !== undefined
            ? await hasCheckoutSuccessGrant(db(), session.user.id)
            : false,
        hasOutcomeGrant:
          needed.outcomeGrant && userId !== undefined
            ? await hasVisitGrant(db(), userId, normalizePath(path))
            : false,
        hasActiveSubscription:
          needed.subscription && userId !== undefined
            ? (await findCurrentSubscriptionWithPlan(db(), userId))?.subscription.status === 'active'
            : false,
      },
      { accountSiteUrl: options.accountSiteUrl, adminSiteUrl: options.adminSiteUrl },
    );
    return {
      data: decision.allowed
        ? { allowed: true, redirect: null, external: false }
        : {
            allowed: false,
            redirect: decision.redirect,
            external: isExternal(decision.redirect, options.siteUrl),
          },
      meta: {},
    };
  });
}
