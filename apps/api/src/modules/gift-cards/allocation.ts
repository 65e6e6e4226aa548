/**
 * Pure gift card maths (docs/decisions/024), in integer cents.
 *
 * Several cards on one payment: the cards pay in the order they were given, each up to what is
 * still due after the other discounts and the cards before it. A card is only debited what it
 * pays, so two cards on one checkout never both drop to zero unless both were needed (the
 * Saleor #13640 bug), and nothing is taken beyond the amount due.
 */
import { latestGiftCardDeliveryDate } from '@sprout/contracts';

export type CardBalance = { id: number; balanceCents: number };
export type Allocation = { id: number; appliedCents: number };

export function allocateGiftCards(dueCents: number, cards: readonly CardBalance[]): Allocation[] {
  let remaining = Math.max(0, dueCents);
  return cards.map((card) => {
    const appliedCents = Math.min(Math.max(0, card.balanceCents), remaining);
    remaining -= appliedCents;
    return { id: card.id, appliedCents };
  });
}

export function totalBalance(cards: readonly CardBalance[]): number {
  return cards.reduce((sum, card) => sum + Math.max(0, card.balanceCents), 0);
}

/**
 * A delivery date may be today up to the same date next year (calendar days in the kitchen's time
 * zone; the contracts say where the year ends). YYYY-MM-DD strings compare as dates.
 */
export function isDeliveryDateAllowed(day: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return false;
  return day >= today && day <= latestGiftCardDeliveryDate(today);
}

export type Promotion = {
  id: number;
  minAmountCents: number;
  bonusCents: number;
  startsAt: Date;
  endsAt: Date;
};

/** The most generous live promotion the amount qualifies for, if any. */
export function bonusFor(amountCents: number, promotions: readonly Promotion[], now: Date): Promotion | null {
  let best: Promotion | null = null;
  for (const promotion of promotions) {
    const live = promotion.startsAt <= now && now < promotion.endsAt;
    if (!live || amountCents < promotion.minAmountCents) continue;
    if (!best || promotion.bonusCents > best.bonusCents) best = promotion;
  }
  return best;
}
