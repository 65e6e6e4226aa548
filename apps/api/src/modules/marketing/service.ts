import { randomUUID } from 'node:crypto';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { cartExists } from '../carts/service';
import { insertMarketingEvent } from './repository';

/** The visitor opened checkout with this cart: one event, its id shared with the browser's data layer. */
export async function recordInitializedCheckout(
  db: Database,
  input: { abandoned_cart_id: string; source_url?: string | undefined },
): Promise<string> {
  if (!(await cartExists(db, input.abandoned_cart_id))) throw AppError.notFound('Abandoned cart not found.');
  const eventId = randomUUID();
  await insertMarketingEvent(db, {
    id: eventId,
    name: 'InitializedCheckout',
    cartId: input.abandoned_cart_id,
    payload: { source_url: input.source_url ?? null },
  });
  return eventId;
}
