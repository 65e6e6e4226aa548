import { type DeliveryStatus, formatZonedDate, formatZonedInstant, weekdayName } from '@sprout/contracts';

/**
 * Words of the account site. Instants are written in the kitchen's time zone, where the cutoff
 * rule is defined (noon four days before delivery), from their parts, so the server render and the
 * browser agree to the character.
 */
export const KITCHEN_TIME_ZONE = 'America/New_York';

/** What each box status means to a customer. */
export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  scheduled: 'Scheduled',
  skipped: 'Skipped',
  locked: 'Being prepared',
  charged: 'Paid',
  failed: 'Payment failed',
  canceled: 'Canceled',
};

/** A `failed` box whose bank asked its customer to confirm the charge (decision 041): not failed. */
export const AUTHENTICATION_REQUIRED_LABEL = 'Confirm payment';

/** ISO weekday (1 = Monday) → its name. */
export { weekdayName };

/** An instant → 'Friday, November 27, 12:00 PM' on the kitchen's clock (null when not an instant). */
export function formatKitchenInstant(isoInstant: string): string | null {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return null;
  return formatZonedInstant(instant, KITCHEN_TIME_ZONE);
}

/** An instant → 'November 3, 2026' (orders, referrals). */
export function formatDay(isoInstant: string): string {
  const instant = new Date(isoInstant);
  if (Number.isNaN(instant.getTime())) return isoInstant;
  return formatZonedDate(instant, KITCHEN_TIME_ZONE);
}

export type Countdown = { closed: boolean; text: string; seconds: number };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The time left until a cutoff, in words: days, hours and minutes while more than a day is left,
 * then hours, minutes and seconds. `closed` once it has passed.
 */
export function countdown(cutoffAt: string, nowMs: number): Countdown {
  const cutoff = new Date(cutoffAt).getTime();
  if (Number.isNaN(cutoff)) return { closed: true, text: 'closed', seconds: 0 };
  const seconds = Math.floor((cutoff - nowMs) / 1000);
  if (seconds <= 0) return { closed: true, text: 'closed', seconds: 0 };
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const pieces =
    days > 0
      ? [plural(days, 'day'), plural(hours, 'hour'), plural(minutes, 'minute')]
      : hours > 0
        ? [plural(hours, 'hour'), plural(minutes, 'minute'), plural(secs, 'second')]
        : [plural(minutes, 'minute'), plural(secs, 'second')];
  return { closed: false, text: pieces.join(' '), seconds };
}

/** The box's fill against the plan: '18 of 24 items'. */
export function fillLabel(count: number, threshold: number): string {
  return `${count} of ${threshold} items`;
}
