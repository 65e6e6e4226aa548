import { type DeliveryFrequencyWeeks, formatMoney } from '@sprout/contracts';

/**
 * Words and numbers of the checkout screens. Dates are formatted from their parts, in a named time
 * zone, so the server render and the browser agree to the character (hydration).
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' as its year, month (1–12), day and ISO weekday (1 = Monday). */
export function parseIsoDate(value: string): { year: number; month: number; day: number; weekday: number } {
  const match = ISO_DATE.exec(value);
  if (!match) throw new RangeError(`Not a date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new RangeError(`Not a date: ${value}`);
  const weekday = ((date.getUTCDay() + 6) % 7) + 1;
  return { year, month, day, weekday };
}

/** '2026-12-03' → 'Thursday, December 3'. */
export function formatDeliveryDate(value: string): string {
  const { month, day, weekday } = parseIsoDate(value);
  return `${WEEKDAYS[weekday - 1]}, ${MONTHS[month - 1]} ${day}`;
}

/** '2026-12-03' → 'Thu, Dec 3' (compact, for the date cards). */
export function formatShortDate(value: string): { weekday: string; date: string } {
  const { month, day, weekday } = parseIsoDate(value);
  return {
    weekday: (WEEKDAYS[weekday - 1] ?? '').slice(0, 3),
    date: `${(MONTHS[month - 1] ?? '').slice(0, 3)} ${day}`,
  };
}

/** The wall-clock parts of an instant in a time zone. */
function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    dayPeriod: part('dayPeriod').toUpperCase(),
  };
}

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
  const { weekday, month, day, hour, minute, dayPeriod } = zonedParts(instant, zone);
  return `Order by ${weekday}, ${month} ${day}, ${hour}:${minute} ${dayPeriod}`;
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
