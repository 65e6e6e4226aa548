import { CHECKOUT_SUCCESS_PATH, endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CookieSettings, setSessionCookies } from '../http/cookies';
import { route } from '../http/endpoint';
import { requireUser, signedIn } from '../http/guards';
import { completeCheckout } from './checkout-completion';
import * as pages from './checkout-pages';

const tags = ['checkout'];

type Options = { siteUrl: string };

/**
 * The checkout's routes that span modules (docs/decisions/049): its add-ons, completing it, and
 * the success page. A customer's orders stay with the checkout module (modules/checkout/routes.ts).
 */
export default async function checkoutFlowRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const siteUrl = new URL(options.siteUrl);
  const cookies: CookieSettings = { secure: siteUrl.protocol === 'https:', siteHostname: siteUrl.hostname };

  route(app, endpoints.checkout.upsellItems, { tags }, async (request) => ({
    data: await pages.listUpsellItems(db(), request.query.abandoned_cart_id),
    meta: {},
  }));

  for (const [endpoint, change] of [
    [endpoints.carts.upsellIncrease, 1],
    [endpoints.carts.upsellDecrease, -1],
  ] as const) {
    route(app, endpoint, { tags }, async (request) => ({
      data: await pages.changeUpsellItem(db(), request.body.abandoned_cart_id, request.body.sku, change),
      meta: {},
    }));
  }

  route(app, endpoints.checkout.complete, { tags }, async (request, reply) => {
    const result = await completeCheckout(
      { ...app.deps, log: request.log, clientIp: request.ip },
      request.body,
    );
    if (result.status === 'requires_action') {
      return reply.code(200).send({
        data: { status: 'requires_action', payment_intent: result.paymentIntent },
        meta: {},
      });
    }
    // The new customer is signed in: the success page and the account are theirs now.
    setSessionCookies(reply, cookies, { sessionToken: result.sessionToken });
    const { order, subscription } = result.summary ?? (await pages.loadCheckoutResult(db(), result.orderId));
    return reply.code(201).send({
      data: {
        status: 'completed',
        order,
        subscription,
        user: result.user,
        redirect: CHECKOUT_SUCCESS_PATH,
      },
      meta: {},
    });
  });

  route(
    app,
    endpoints.orders.successVisit,
    {
      tags,
      route: { onRequest: requireUser },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await pages.visitCheckoutSuccess(db(), user.id), meta: {} };
    },
  );
}
