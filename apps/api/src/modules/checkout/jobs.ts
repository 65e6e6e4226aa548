import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../payments/provider';
import * as repository from './repository';
import { capturePayment, releaseHold } from './workflow';

/**
 * The two loose ends checkout can leave, settled in the background by every replica (the guarded
 * updates of the attempt and order rows make two replicas doing the same work harmless):
 * - a card hold whose checkout never completed (the customer left after 3-D Secure, the retry
 *   never came) is released after STALE_AUTHORIZATION_MINUTES;
 * - an order whose capture failed after its commit is captured again, and canceled (subscription
 *   paused) once the payment can never be collected.
 */

export const STALE_AUTHORIZATION_MINUTES = 30;
export const CAPTURE_RETRY_AFTER_SECONDS = 60;
export const MAX_CAPTURE_FAILURES = 10;
const BATCH = 50;

type JobDeps = { db: Database; payments: PaymentProvider; log: FastifyBaseLogger };

export async function releaseStaleAuthorizations(
  deps: JobDeps,
  olderThanMinutes = STALE_AUTHORIZATION_MINUTES,
): Promise<number> {
  const stale = await repository.listStaleAttempts(deps.db, olderThanMinutes, BATCH);
  for (const attempt of stale) await releaseHold(deps, attempt.idempotencyKey);
  return stale.length;
}

export async function retryPendingCaptures(
  deps: JobDeps,
  olderThanSeconds = CAPTURE_RETRY_AFTER_SECONDS,
): Promise<{ paid: number; canceled: number }> {
  const pending = await repository.listPendingCaptures(
    deps.db,
    olderThanSeconds,
    MAX_CAPTURE_FAILURES,
    BATCH,
  );
  const outcome = { paid: 0, canceled: 0 };
  for (const order of pending) {
    if (!order.paymentIntentId) continue;
    const intent = await deps.payments.retrieve(order.paymentIntentId).catch(() => null);
    if (intent && (intent.status === 'canceled' || intent.status === 'declined')) {
      deps.log.error({ orderId: order.id }, 'an order payment can no longer be collected; order canceled');
      await repository.cancelUnpaidOrder(deps.db, order.id, order.subscriptionId);
      outcome.canceled += 1;
      continue;
    }
    if ((await capturePayment(deps, order.id, order.paymentIntentId)) === 'paid') outcome.paid += 1;
  }
  return outcome;
}

/** Runs both jobs on an interval; an overlapping tick is skipped. */
export class CheckoutJobs {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The pass under way, awaited by stop() so the pool is never closed under it. */
  private current: Promise<void> | undefined;

  constructor(
    private readonly deps: JobDeps,
    private readonly intervalMs: number,
  ) {}

  start() {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.current;
  }

  tick(): Promise<void> {
    if (this.running) return this.current ?? Promise.resolve();
    this.current = this.pass();
    return this.current;
  }

  private async pass() {
    this.running = true;
    try {
      await releaseStaleAuthorizations(this.deps);
      await retryPendingCaptures(this.deps);
    } catch (error) {
      this.deps.log.error({ err: error }, 'checkout background jobs failed');
    } finally {
      this.running = false;
    }
  }
}
