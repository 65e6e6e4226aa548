import { randomUUID } from 'node:crypto';
import type { WaitlistPlace } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import * as repository from './repository';

/** A marketing event in the caller's transaction (carts record their leads with the change itself). */
export function recordMarketingEvent(
  tx: Database,
  event: Parameters<typeof repository.insertMarketingEvent>[1],
) {
  return repository.insertMarketingEvent(tx, event);
}

/**
 * A visitor whose zip code we don't deliver to yet: their email and where they are, kept for the
 * email service provider to write to them when deliveries reach them.
 */
export function recordWaitlistLead(
  tx: Database,
  lead: { cartId: string; email: string; place: WaitlistPlace },
): Promise<void> {
  return repository.insertMarketingEvent(tx, {
    id: randomUUID(),
    name: 'WaitlistLead',
    cartId: lead.cartId,
    payload: { email: lead.email, ...lead.place },
  });
}
