import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { WebhookOutcome } from './service';
import type { StripePaymentProvider } from './stripe-provider';

/** What a verified event does, handed from above (the payment webhook flow, workflows/payment-webhook.ts). */
export type StripeEventHandler = (event: Stripe.Event, log: FastifyBaseLogger) => Promise<WebhookOutcome>;

type Options = {
  provider: StripePaymentProvider;
  webhookSecret: string;
  onEvent: StripeEventHandler;
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
      const outcome = await options.onEvent(event, request.log);
      request.log.info(
        { stripeEventId: event.id, type: event.type, ...outcome },
        outcome.duplicate ? 'stripe event already handled' : 'stripe event handled',
      );
      return { received: true as const, duplicate: outcome.duplicate };
    },
  );
}
