import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { confirmPurchaseByIntent } from '../gift-cards/service';
import { handleStripeEvent } from './service';
import type { StripePaymentProvider } from './stripe-provider';

type Options = {
  provider: StripePaymentProvider;
  webhookSecret: string;
  site?: { name: string; url: string };
};

/** Stripe's events can carry whole charge objects with their refunds: more room than a form post. */
const WEBHOOK_BODY_LIMIT = 1_048_576;

/**
 * Stripe's webhook. Its signature covers the exact bytes Stripe sent, so this encapsulated plugin
 * (and only it) keeps JSON bodies as raw buffers; every other route still gets parsed JSON.
 */
export default async function stripeWebhookRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Stripe's events (signed): payment captured, canceled or refunded",
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new AppError('bad_request', 'A signed Stripe event is expected.');
      }
      let event: Stripe.Event;
      try {
        event = options.provider.constructWebhookEvent(request.body, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('bad_request', 'The Stripe signature of this event is not valid.');
        }
        throw error;
      }
      const outcome = await handleStripeEvent(app.database.db, event);
      // A gift card whose payment succeeded while the buyer's confirmation was lost is issued now
      // (idempotent: a purchase is issued once, whichever of the two comes first).
      if (event.type === 'payment_intent.succeeded' && options.site) {
        await confirmPurchaseByIntent(
          {
            db: app.database.db,
            payments: options.provider,
            mailer: app.mailer,
            log: request.log,
            site: options.site,
          },
          event.data.object.id,
        );
      }
      request.log.info(
        { stripeEventId: event.id, type: event.type, ...outcome },
        outcome.duplicate ? 'stripe event already handled' : 'stripe event handled',
      );
      return { received: true as const, duplicate: outcome.duplicate };
    },
  );
}
