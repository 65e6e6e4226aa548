import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';

const { marketingEvents } = schema;

/** Appends an event for the email service provider integration (design.md "Marketing"). */
export async function insertMarketingEvent(
  db: Database,
  event: { id: string; name: string; cartId: string; payload: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(marketingEvents)
    .values({ id: event.id, name: event.name, abandonedCartId: event.cartId, payload: event.payload });
}
