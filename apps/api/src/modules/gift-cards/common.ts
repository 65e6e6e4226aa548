import { formatCalendarDay } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import { calendarDay, DELIVERY_TIME_ZONE } from '../../domain/delivery-dates';
import type { PaymentProvider } from '../../domain/payment-provider';
import type { Site } from '../../lib/site';
import type { Mailer } from '../../plugins/mail';

/**
 * What every part of the gift cards module shares: the dependencies of its flows, the kitchen's
 * today and the emails' day formatter.
 */

export type GiftCardDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: Pick<Site, 'name' | 'url' | 'accountUrl'>;
  now?: () => Date;
  /** How long a purchase waits for others in flight, of its card or its key (limits.IN_FLIGHT_WAIT_MS). */
  inFlightWaitMs?: number;
};

export const today = (now: Date) => calendarDay(now, DELIVERY_TIME_ZONE);

/** "Thursday, December 3, 2026" for a calendar day: the one formatter every email shares (decision 053). */
export function formatDay(day: string): string {
  return formatCalendarDay(day, { year: true });
}
