import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { replacePaymentMethod } from './account-payment-method';
import * as lifecycle from './subscription-lifecycle';

const tags = ['account'];

/**
 * Pause, cancel (with its offer) and reactivate: the customer's own subscription only. The flows
 * take the one dependency set, app.deps (docs/decisions/050).
 */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => app.deps;

  route(app, endpoints.lifecycle.pause, { tags }, async (request) => ({
    data: await lifecycle.pause(deps(), signedIn(request).user.id, request.body),
    meta: {},
  }));

  route(
    app,
    endpoints.lifecycle.pausePreview,
    {
      tags,
    },
    async (request) => ({
      data: await lifecycle.previewPauses(app.database.db, signedIn(request).user.id),
      meta: {},
    }),
  );

  route(app, endpoints.lifecycle.unpause, { tags }, async (request) => ({
    data: await lifecycle.resumeNow(deps(), signedIn(request).user.id),
    meta: {},
  }));

  route(
    app,
    endpoints.lifecycle.resume,
    {
      tags,
    },
    async (request) => {
      const { user } = signedIn(request);
      // The card is saved first, through the provider, as the account's card form does; only a
      // subscription paused by failed charges takes this way back (the service checks it again).
      if (await lifecycle.findPaymentPause(app.database.db, user.id)) {
        await replacePaymentMethod(app.deps, user, request.body.payment_method_id, new Date());
      }
      return {
        data: await lifecycle.resumeWithNewCard(deps(), user.id),
        meta: {},
      };
    },
  );

  route(
    app,
    endpoints.lifecycle.reactivationDates,
    {
      tags,
    },
    async (request) => ({
      data: await lifecycle.reactivationDates(app.database.db, signedIn(request).user.id),
      meta: {},
    }),
  );

  route(app, endpoints.lifecycle.startCancellation, { tags }, async (request) => ({
    data: await lifecycle.startCancellation(deps(), signedIn(request).user.id, request.body),
    meta: {},
  }));

  route(app, endpoints.lifecycle.acceptCancellationOffer, { tags }, async (request) => ({
    data: await lifecycle.acceptOffer(deps(), signedIn(request).user.id),
    meta: {},
  }));

  route(app, endpoints.lifecycle.confirmCancellation, { tags }, async (request) => ({
    data: await lifecycle.confirmCancellation(deps(), signedIn(request).user.id),
    meta: {},
  }));

  route(app, endpoints.lifecycle.reactivate, { tags }, async (request) => {
    const { user } = signedIn(request);
    // A new card is saved first, through the provider, as the account's card form does.
    if (request.body.payment_method_id !== undefined) {
      await replacePaymentMethod(app.deps, user, request.body.payment_method_id, new Date());
    }
    return { data: await lifecycle.reactivate(deps(), user.id, request.body), meta: {} };
  });

  route(app, endpoints.lifecycle.outcomeVisit, { tags }, async (request) => ({
    data: await lifecycle.visitOutcome(app.database.db, signedIn(request).user.id, request.body.path),
    meta: {},
  }));
}
