import {
  type DeliveryFrequencyWeeks,
  formatCalendarDay,
  formatMoney,
  formatShortCalendarDay,
  formatZonedInstant,
  parseCalendarDay,
} from '@sprout/contracts';

/**
 * Words and numbers of the checkout screens. Dates are the contracts' formatters (one for the API's
 * emails, the server render and the browser: docs/decisions/053), in a named time zone.
 */

/** A calendar date 'YYYY-MM-DD' as its year, month (1–12), day and ISO weekday (1 = Monday). */
export const parseIsoDate = parseCalendarDay;

/** '2026-12-03' → 'Thursday, December 3'. */
export const formatDeliveryDate = (value: string): string => formatCalendarDay(value);

/** '2026-12-03' → 'Thu, Dec 3' (compact, for the date cards). */
export const formatShortDate = formatShortCalendarDay;

/** An order cutoff instant → 'Order by Monday, November 30, 11:59 PM' in the store's time zone. */
export function formatCutoff(isoInstant: string, timeZone: string): string | null {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return null;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  return `Order by ${formatZonedInstant(instant, zone)}`;
}

/** 1 → 'Every week', 2 → 'Every 2 weeks'. */
export function frequencyLabel(weeks: number): string {
  return weeks === 1 ? 'Every week' : `Every ${weeks} weeks`;
}

/** 'every week' in a sentence. */
export function frequencyPhrase(weeks: number): string {
  return frequencyLabel(weeks).toLowerCase();
}

export const money = (value: number) => formatMoney(value, { alwaysShowCents: true });

/** The Pay button: the amount due, or a plain start when promotions cover everything. */
export function payButtonLabel(total: number): string {
  return total > 0 ? `Pay ${money(total)} and subscribe` : 'Start my subscription';
}

export const PROCESSING_LABEL = 'Processing…';

export function isFrequency(value: number): value is DeliveryFrequencyWeeks {
  return value === 1 || value === 2 || value === 4;
}
