import {
  cancellationBody,
  cancellationStartedResponse,
  lifecycleOutcomeResponse,
  messageErrorBody,
  outcomeVisitBody,
  pauseBody,
  pausePreviewResponse,
  reactivationBody,
  reactivationDatesResponse,
  resumeOutcomeResponse,
  resumeWithCardBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../http/guards';
import { replacePaymentMethod } from './account-payment-method';
import * as lifecycle from './subscription-lifecycle';

const tags = ['account'];
const errors = {
  401: messageErrorBody,
  403: messageErrorBody,
  404: messageErrorBody,
  409: messageErrorBody,
  422: validationErrorBody,
};

/**
 * Pause, cancel (with its offer) and reactivate: the customer's own subscription only. The flows
 * take the one dependency set, app.deps (docs/decisions/050).
 */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => app.deps;
  const outcome = { 200: lifecycleOutcomeResponse, ...errors };

  app.post(
    '/api/me/subscription/pause',
    {
      schema: {
        tags,
        summary: 'Pause for 1 to 8 weeks or until a date: the boxes in between are skipped',
        body: pauseBody,
        response: outcome,
      },
    },
    async (request) => ({
      data: await lifecycle.pause(deps(), signedIn(request).user.id, request.body),
      meta: {},
    }),
  );

  app.get(
    '/api/me/subscription/pause/preview',
    {
      schema: {
        tags,
        summary: 'What a pause of 1 to 8 weeks would skip, and the first box after it (nothing changes)',
        response: { 200: pausePreviewResponse, ...errors },
      },
    },
    async (request) => ({
      data: await lifecycle.previewPauses(app.database.db, signedIn(request).user.id),
      meta: {},
    }),
  );

  app.delete(
    '/api/me/subscription/pause',
    {
      schema: { tags, summary: 'Resume a paused subscription now', response: outcome },
    },
    async (request) => ({ data: await lifecycle.resumeNow(deps(), signedIn(request).user.id), meta: {} }),
  );

  app.post(
    '/api/me/subscription/resume',
    {
      schema: {
        tags,
        summary:
          'Paused after failed charges: save a new card and resume in one step; the failed box is charged again if it can still be sent',
        body: resumeWithCardBody,
        response: { 200: resumeOutcomeResponse, ...errors },
      },
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

  app.get(
    '/api/me/subscription/reactivation/dates',
    {
      schema: {
        tags,
        summary:
          "The first delivery dates a reactivation offers (the zip's open dates whose box is not already made)",
        response: { 200: reactivationDatesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await lifecycle.reactivationDates(app.database.db, signedIn(request).user.id),
      meta: {},
    }),
  );

  app.post(
    '/api/me/subscription/cancellation',
    {
      schema: {
        tags,
        summary: 'Start canceling: the reason, answered with the one offer it gets',
        body: cancellationBody,
        response: { 200: cancellationStartedResponse, ...errors },
      },
    },
    async (request) => ({
      data: await lifecycle.startCancellation(deps(), signedIn(request).user.id, request.body),
      meta: {},
    }),
  );

  app.post(
    '/api/me/subscription/cancellation/offer',
    {
      schema: { tags, summary: 'Accept the offer and stay', response: outcome },
    },
    async (request) => ({ data: await lifecycle.acceptOffer(deps(), signedIn(request).user.id), meta: {} }),
  );

  app.post(
    '/api/me/subscription/cancellation/confirm',
    {
      schema: {
        tags,
        summary: 'Decline the offer and cancel: locked boxes still ship, later ones are canceled',
        response: outcome,
      },
    },
    async (request) => ({
      data: await lifecycle.confirmCancellation(deps(), signedIn(request).user.id),
      meta: {},
    }),
  );

  app.post(
    '/api/me/subscription/reactivation',
    {
      schema: {
        tags,
        summary: 'Start a paused or canceled subscription again',
        body: reactivationBody,
        response: outcome,
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      // A new card is saved first, through the provider, as the account's card form does.
      if (request.body.payment_method_id !== undefined) {
        await replacePaymentMethod(app.deps, user, request.body.payment_method_id, new Date());
      }
      return { data: await lifecycle.reactivate(deps(), user.id, request.body), meta: {} };
    },
  );

  app.post(
    '/api/me/subscription/outcome-visits',
    {
      schema: {
        tags,
        summary: "An outcome page's one visit: uses up its grant and answers the outcome to show",
        body: outcomeVisitBody,
        response: outcome,
      },
    },
    async (request) => ({
      data: await lifecycle.visitOutcome(app.database.db, signedIn(request).user.id, request.body.path),
      meta: {},
    }),
  );
}
