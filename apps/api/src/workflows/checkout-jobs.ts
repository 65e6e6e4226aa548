import { calendarDay, DELIVERY_TIME_ZONE } from '../domain/delivery-dates';
import type { Job } from '../lib/jobs';
import {
  cancelUnpaidOrder,
  capturePayment,
  listPendingCaptures,
  listStaleAttempts,
  reconcilePendingAttempt,
  releaseHold,
} from '../modules/checkout/service';
import { pauseSubscription } from '../modules/subscriptions/service';
import type { FlowDeps } from './deps';

/**
 * The two loose ends checkout can leave, settled in the background by every replica (the guarded
 * updates of the attempt and order rows make two replicas doing the same work harmless):
 * - a card hold whose checkout never completed (the customer left after 3-D Secure, the retry
 *   never came, or the provider's answer was lost with the connection) is released after
 *   STALE_AUTHORIZATION_MINUTES;
 * - an order whose capture failed after its commit is captured again, and canceled (subscription
 *   paused) once the payment can never be collected: the order's cancelation and the pause, one
 *   transaction (its compensation is the rollback; docs/decisions/049).
 */

export const STALE_AUTHORIZATION_MINUTES = 30;
export const CAPTURE_RETRY_AFTER_SECONDS = 60;
export const MAX_CAPTURE_FAILURES = 10;
const BATCH = 50;

type JobDeps = Pick<FlowDeps, 'db' | 'payments' | 'log'>;

export async function releaseStaleAuthorizations(
  deps: JobDeps,
  olderThanMinutes = STALE_AUTHORIZATION_MINUTES,
  asOf: Date | null = null,
): Promise<number> {
  const stale = await listStaleAttempts(deps.db, olderThanMinutes, BATCH, asOf);
  for (const attempt of stale) {
    if (attempt.status === 'pending') await reconcilePendingAttempt(deps, attempt);
    else await releaseHold(deps, attempt.idempotencyKey);
  }
  return stale.length;
}

export async function retryPendingCaptures(
  deps: JobDeps,
  olderThanSeconds = CAPTURE_RETRY_AFTER_SECONDS,
  asOf: Date | null = null,
): Promise<{ paid: number; canceled: number }> {
  const pending = await listPendingCaptures(deps.db, olderThanSeconds, MAX_CAPTURE_FAILURES, BATCH, asOf);
  const outcome = { paid: 0, canceled: 0 };
  for (const order of pending) {
    if (!order.paymentIntentId) continue;
    const intent = await deps.payments.retrieve(order.paymentIntentId).catch(() => null);
    if (intent && (intent.status === 'canceled' || intent.status === 'declined')) {
      deps.log.error({ orderId: order.id }, 'an order payment can no longer be collected; order canceled');
      await deps.db.transaction(async (tx) => {
        await cancelUnpaidOrder(tx, order.id);
        if (order.subscriptionId !== null) {
          await pauseSubscription(tx, order.subscriptionId, calendarDay(new Date(), DELIVERY_TIME_ZONE));
        }
      });
      outcome.canceled += 1;
      continue;
    }
    if ((await capturePayment(deps, order.id, order.paymentIntentId)) === 'paid') outcome.paid += 1;
  }
  return outcome;
}

/** Both jobs as one pass for the job runner (lib/jobs), which catches, logs and backs off. */
export function checkoutJob(deps: JobDeps, intervalMs: number): Job {
  return {
    name: 'checkout',
    intervalMs,
    async run(asOf) {
      const released = await releaseStaleAuthorizations(deps, STALE_AUTHORIZATION_MINUTES, asOf);
      const captures = await retryPendingCaptures(deps, CAPTURE_RETRY_AFTER_SECONDS, asOf);
      return { released, ...captures };
    },
  };
}
