import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { setOrderStatusByPaymentIntent } from '../modules/checkout/service';
import { confirmPurchaseByIntent } from '../modules/gift-cards/service';
import { orderChangeFor, recordStripeEvent, type WebhookOutcome } from '../modules/payments/service';
import type { FlowDeps } from './deps';

/**
 * The payment webhook (docs/decisions/049): a verified Stripe event, once.
 *
 *   [one transaction: record-event → change-order] → issue-gift-card
 *
 * record-event and change-order share a transaction, so a redelivery (Stripe retries until it gets
 * a 2xx) finds the event and changes nothing, and a failure records nothing, letting Stripe's retry
 * try again: their compensation is the rollback. issue-gift-card needs none: a purchase is issued
 * once (a guarded update), whichever of the buyer's confirmation and this event comes first.
 */
export async function handleStripeEvent(
  deps: FlowDeps,
  event: Stripe.Event,
  log: FastifyBaseLogger = deps.log,
): Promise<WebhookOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    // record-event
    const first = await recordStripeEvent(tx, event);
    if (!first) return { duplicate: true, ordersChanged: 0 };
    // change-order: each change moves only from the statuses it can follow (orderChangeFor).
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
  // issue-gift-card: a gift card whose payment succeeded while the buyer's confirmation was lost
  // is issued now.
  if (event.type === 'payment_intent.succeeded') {
    await confirmPurchaseByIntent({ ...deps, log }, event.data.object.id);
  }
  return outcome;
}
