import { createHash, randomBytes } from 'node:crypto';
import { addDays, type DishRating, RATING_LINK_DAYS } from '@sprout/contracts';

/**
 * Ratings' pure rules (docs/decisions/055, Ratings): the email link's token and its life, and how
 * children's ratings become a dish's public stars.
 */

/** Stars a rating counts for in a dish's public figure. */
export const RATING_STARS: Record<DishRating, number> = { loved: 5, ok: 3, refused: 1 };

/** Customers' ratings a dish needs before they replace its seeded figure. */
export const PUBLIC_RATING_THRESHOLD = 5;

export type RatingCounts = Record<DishRating, number>;

/**
 * A dish's public rating from its customers' ratings: the mean of their stars to two decimals, and
 * how many; null below the threshold (the seeded figure stays).
 */
export function publicRating(counts: RatingCounts): { rating: number; count: number } | null {
  const count = counts.loved + counts.ok + counts.refused;
  if (count < PUBLIC_RATING_THRESHOLD) return null;
  const stars =
    counts.loved * RATING_STARS.loved + counts.ok * RATING_STARS.ok + counts.refused * RATING_STARS.refused;
  return { rating: Math.round((stars / count) * 100) / 100, count };
}

/** A new link token: 32 random bytes, base64url; only its hash is kept. */
export function newRatingToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table keeps of a token: its SHA-256 (a leaked table opens no form). */
export function hashRatingToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * When a link stops opening the form: the start (00:00 UTC) of the day after the 14th day after
 * the delivery, so it works through that whole day.
 */
export function ratingLinkExpiry(deliveryDate: string): Date {
  return new Date(`${addDays(deliveryDate, RATING_LINK_DAYS + 1)}T00:00:00Z`);
}

export type RatingLinkState = 'open' | 'used' | 'expired';

/** A link is used once its ratings were sent (one submit closes it), else expired after its time. */
export function ratingLinkState(link: { usedAt: Date | null; expiresAt: Date }, now: Date): RatingLinkState {
  if (link.usedAt !== null) return 'used';
  return now.getTime() >= link.expiresAt.getTime() ? 'expired' : 'open';
}
