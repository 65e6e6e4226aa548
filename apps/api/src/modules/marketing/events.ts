import type { Database } from '@sprout/db';
import * as repository from './repository';

/** A marketing event in the caller's transaction (carts record their leads with the change itself). */
export function recordMarketingEvent(
  tx: Database,
  event: Parameters<typeof repository.insertMarketingEvent>[1],
) {
  return repository.insertMarketingEvent(tx, event);
}
