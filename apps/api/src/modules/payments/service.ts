import type { Order, PaymentConfig } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../domain/payment-provider';
import * as repository from './repository';

/** An order's status as the wire names it (the orders themselves are checkout's). */
export type OrderStatus = Order['status'];

/** What the storefront's payment fields need to start: the provider and its public key. */
export function paymentConfig(provider: PaymentProvider): PaymentConfig {
  return { provider: provider.name, publishable_key: provider.publishableKey };
}

type OrderChange = { intentId: string; status: OrderStatus; from: OrderStatus[] };

/**
 * The order change a Stripe event means, if any. Each moves only from the statuses it can follow,
 * so events arriving out of order never undo a later state (a late "succeeded" after a refund).
 */
export function orderChangeFor(event: Stripe.Event): OrderChange | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { intentId: event.data.object.id, status: 'paid', from: ['payment_pending'] };
    case 'payment_intent.canceled':
      return { intentId: event.data.object.id, status: 'canceled', from: ['payment_pending'] };
    case 'charge.refunded': {
      const charge = event.data.object;
      // Only a full refund refunds the order; a partial one leaves it paid.
      if (!charge.refunded || !charge.payment_intent) return null;
      const intentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent.id;
      return { intentId, status: 'refunded', from: ['paid', 'payment_pending'] };
    }
    default:
      return null;
  }
}

export type WebhookOutcome = { duplicate: boolean; ordersChanged: number };

/**
 * Records a Stripe event's id, in the caller's transaction: false when it was recorded already (a
 * redelivery: Stripe retries until it gets a 2xx), and the event must change nothing.
 */
export function recordStripeEvent(tx: Database, event: Stripe.Event): Promise<boolean> {
  return repository.recordPaymentEvent(tx, { provider: 'stripe', eventId: event.id, type: event.type });
}
