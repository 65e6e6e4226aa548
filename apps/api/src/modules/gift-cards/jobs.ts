import type { Job } from '../../lib/jobs';
import { type GiftCardDeps, runDeliveries, settleStalePurchases } from './service';

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

/**
 * Purchases left unfinished for an hour (the browser gone, a crash between authorize and capture):
 * a captured payment issues its card, anything else has its hold released and the purchase fails,
 * so no buyer's money is held for ever. Claimed with SKIP LOCKED; `npm run jobs -- --as-of=…` runs it.
 */
export function staleGiftCardPurchasesJob(deps: GiftCardDeps, intervalMs: number): Job {
  return {
    name: 'gift-card-stale-purchases',
    intervalMs,
    run: (asOf) => settleStalePurchases(deps, asOf),
  };
}
