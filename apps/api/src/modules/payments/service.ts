import type { PaymentConfig } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../domain/payment-provider';
import { type OrderStatus, setOrderStatusByPaymentIntent } from '../checkout/service';
import * as repository from './repository';

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
 * Handles a verified Stripe event once: the event id is recorded in the same transaction as the
 * order change, so a redelivery (Stripe retries until it gets a 2xx) finds it and changes nothing,
 * and a failure records nothing, letting Stripe's retry try again.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const first = await repository.recordPaymentEvent(tx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
    });
    if (!first) return { duplicate: true, ordersChanged: 0 };
    const change = orderChangeFor(event);
    if (!change) return { duplicate: false, ordersChanged: 0 };
    const ordersChanged = await setOrderStatusByPaymentIntent(
      tx,
      change.intentId,
      change.status,
      change.from,
    );
    return { duplicate: false, ordersChanged };
  });
}
