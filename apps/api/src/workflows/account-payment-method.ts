import type { SavedPaymentMethod } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../errors/app-error';
import * as subscriptions from '../modules/subscriptions/service';
import type { FlowDeps } from './deps';
import { chargeDueBoxes } from './renewals';

/**
 * The card later boxes are charged to (GET/PUT /api/me/payment-method), written by the account API
 * beside the engine: replaced through the provider, and a box that failed on the old card is
 * charged again at once with the new one.
 */

function toSavedPaymentMethod(subscription: subscriptions.SubscriptionRow): SavedPaymentMethod | null {
  if (!subscription.paymentMethodId || !subscription.paymentProvider) return null;
  return {
    provider: subscription.paymentProvider,
    brand: subscription.cardBrand,
    last4: subscription.cardLast4,
  };
}

/** The latest subscription's card, a canceled one's included: it is what a reactivation charges. */
export async function currentPaymentMethod(db: Database, userId: number): Promise<SavedPaymentMethod | null> {
  const current = await subscriptions.findLatestSubscription(db, userId);
  return current ? toSavedPaymentMethod(current.subscription) : null;
}

export async function replacePaymentMethod(
  deps: FlowDeps,
  user: { id: number; email: string; firstName: string | null; lastName: string | null },
  paymentMethodId: string,
  now: Date,
): Promise<{
  method: SavedPaymentMethod;
  retried: { date: string; status: subscriptions.DeliveryStatus }[];
}> {
  // A canceled customer may replace the card too, before reactivating (docs/decisions/023).
  const current = await subscriptions.findLatestSubscription(deps.db, user.id);
  if (!current) {
    throw new AppError(
      'conflict',
      'You have no subscription to charge: a card is saved with your first order.',
    );
  }
  const { subscription } = current;
  const saved = await deps.payments.savePaymentMethod({
    paymentMethodId,
    customerId: subscription.paymentProvider === deps.payments.name ? subscription.paymentCustomerId : null,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
  });

  const failed = await deps.db.transaction(async (tx) => {
    await subscriptions.lockSubscription(tx, subscription.id);
    await subscriptions.updateSubscription(tx, subscription.id, {
      paymentProvider: deps.payments.name,
      paymentMethodId: saved.paymentMethodId,
      paymentCustomerId: saved.customerId,
      cardBrand: saved.card?.brand ?? null,
      cardLast4: saved.card?.last4 ?? null,
    });
    const rows = await subscriptions.listDeliveries(tx, subscription.id, '1970-01-01');
    const due = rows.filter((row) => row.delivery.status === 'failed');
    // Due now: the charge pass below (or the job's next pass, if this one is interrupted) takes them.
    for (const row of due) {
      await subscriptions.transitionDelivery(tx, row.delivery.id, ['failed'], { nextChargeAt: now });
    }
    return due.map((row) => row.delivery.deliveryDate);
  });
  if (failed.length > 0) await chargeDueBoxes(deps, null);

  const after = await subscriptions.findSubscriptionWithPlan(deps.db, subscription.id);
  const retried = [];
  for (const date of failed) {
    const row = await subscriptions.findDeliveryWithItems(deps.db, subscription.id, date);
    if (row) retried.push({ date, status: row.delivery.status });
  }
  return { method: toSavedPaymentMethod(after!.subscription)!, retried };
}
