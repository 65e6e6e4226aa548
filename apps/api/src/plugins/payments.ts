import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../domain/payment-provider';
import {
  createStripeClient,
  StripePaymentProvider,
  type StripeSettings,
} from '../modules/payments/stripe-provider';
import { TestPaymentProvider } from '../modules/payments/test-provider';
import testProviderRoutes from '../modules/payments/test-provider-routes';
import stripeWebhookRoutes, { type StripeEventHandler } from '../modules/payments/webhook-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor: Stripe when configured, else the embedded test provider (docs/decisions/011). */
    payments: PaymentProvider;
  }
}

type Options = {
  /** Set when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are; the test provider otherwise. */
  stripe: StripeSettings | undefined;
  /** The store's origins (SITE_URL and ALLOWED_ORIGINS), allowed to call the test provider's browser API. */
  siteUrl: string;
  /** What a verified Stripe event does: the payment webhook flow, handed over by app.ts. */
  onStripeEvent: StripeEventHandler;
  allowedOrigins: string[];
  /** Tests only: send Stripe API calls to a local imitation instead of api.stripe.com. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
};

/**
 * Decorates the app with the payment provider chosen by configuration, and registers that
 * provider's own HTTP surface: the test provider's browser API, or Stripe's webhook (when its
 * signing secret is set; without it no event could be verified).
 */
export default fp<Options>(
  async function paymentsPlugin(app: FastifyInstance, options) {
    if (options.stripe) {
      const provider = new StripePaymentProvider(
        createStripeClient(options.stripe.secretKey, options.stripeApi),
        options.stripe.publishableKey,
      );
      app.decorate('payments', provider satisfies PaymentProvider);
      if (options.stripe.webhookSecret) {
        await app.register(stripeWebhookRoutes, {
          provider,
          webhookSecret: options.stripe.webhookSecret,
          onEvent: options.onStripeEvent,
        });
      } else {
        app.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe events are not received');
      }
      return;
    }

    const provider = new TestPaymentProvider(app.database.db);
    app.decorate('payments', provider satisfies PaymentProvider);
    const allowedOrigins = new Set(
      [options.siteUrl, ...options.allowedOrigins].map((origin) => new URL(origin).origin),
    );
    await app.register(testProviderRoutes, { provider, allowedOrigins });
  },
  { name: 'payments', dependencies: ['database'] },
);
