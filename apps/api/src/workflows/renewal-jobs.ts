import type { Job } from '../lib/jobs';
import {
  chargeDueBoxes,
  lockBoxesPastCutoff,
  type RenewalRun,
  sendDeliveryReminders,
  topUpDeliveries,
} from './renewals';

/**
 * The renewal engine's passes for the job runner (lib/jobs), which catches, logs and backs off.
 * Each is safe in every replica at once (rows are claimed with FOR UPDATE SKIP LOCKED) and takes
 * its time from the runner's clock, so `npm run jobs -- --as-of=…` runs what would be due then.
 */

/** Every active subscription keeps its next eight boxes as rows. */
export function deliveriesJob(deps: RenewalRun, intervalMs: number): Job {
  return {
    name: 'deliveries',
    intervalMs,
    async run(asOf) {
      return { created: await topUpDeliveries(deps, asOf) };
    },
  };
}

/** The "edit or skip until …" email, 24 hours before each cutoff, once per box. */
export function deliveryRemindersJob(deps: RenewalRun, intervalMs: number): Job {
  return {
    name: 'delivery-reminders',
    intervalMs,
    async run(asOf) {
      return { sent: await sendDeliveryReminders(deps, asOf) };
    },
  };
}

/** At the cutoff: lock, price and order each box, then charge it (and retry the declined ones). */
export function renewalsJob(
  deps: RenewalRun,
  intervalMs: number,
): Job<{
  locked: Awaited<ReturnType<typeof lockBoxesPastCutoff>>;
  charges: Awaited<ReturnType<typeof chargeDueBoxes>>;
}> {
  return {
    name: 'renewals',
    intervalMs,
    async run(asOf) {
      const locked = await lockBoxesPastCutoff(deps, asOf);
      const charges = await chargeDueBoxes(deps, asOf);
      return { locked, charges };
    },
  };
}
