import type { Job } from '../../lib/jobs';
import { type ReminderDeps, sendCartReminders } from './service';

/**
 * Abandoned-cart reminders for the job runner (lib/jobs): after an hour of quiet and again after a
 * day, at most two per cart; carts are claimed FOR UPDATE SKIP LOCKED and each reminder's
 * (cart, sequence) row is its idempotency key, so every replica may run it at once.
 */
export function cartRemindersJob(deps: ReminderDeps, intervalMs: number): Job {
  return {
    name: 'cart-reminders',
    intervalMs,
    run: (asOf) => sendCartReminders(deps, asOf),
  };
}
