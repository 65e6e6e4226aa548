import type { Job } from '../../lib/jobs';
import { type GiftCardDeps, runDeliveries } from './service';

/**
 * Scheduled gift cards for the job runner (lib/jobs): each card's email goes out on its delivery
 * day. Rows are claimed with FOR UPDATE SKIP LOCKED and the code is erased as the mail is queued,
 * so every replica may run it and a card is emailed once; `npm run jobs -- --as-of=…` runs it.
 */
export function giftCardDeliveriesJob(deps: GiftCardDeps, intervalMs: number): Job {
  return {
    name: 'gift-card-deliveries',
    intervalMs,
    async run(asOf) {
      return { sent: await runDeliveries(deps, asOf) };
    },
  };
}
