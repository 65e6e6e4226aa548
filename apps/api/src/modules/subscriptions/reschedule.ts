/**
 * A subscription's new schedule applied to its boxes that can still change (PUT /api/me/subscription).
 * Pure, so the rules are tested without a database:
 *
 * - A new date takes the box (contents, skipped or not, its one-time discount) of the old box in
 *   the same ISO week: a new weekday moves the box within its week, an unchanged date keeps it.
 * - A new date with no old box in its week starts as a copy of the box before it (the engine's rule
 *   for a new box), the first one as a copy of the last box made.
 * - A smaller plan trims every box to its threshold, taking from the meals the box has most of (so
 *   the variety stays); a bigger plan keeps what is there (the cutoff fills it up).
 */
import { addDays, isoWeekday } from '../../domain/delivery-dates';

export type BoxContent = { productId: number; quantity: number };

export type ChangeableBox = {
  date: string;
  status: 'scheduled' | 'skipped';
  items: BoxContent[];
  oneTimeDiscountBasisPoints: number;
};

export type RemadeBox = ChangeableBox & {
  /** The old box's date it was made from, or null for a box new to the schedule. */
  from: string | null;
};

const weekOf = (day: string) => addDays(day, 1 - isoWeekday(day));

export function remakeBoxes(input: {
  boxes: readonly ChangeableBox[];
  newDates: readonly string[];
  /** The last box made before them (what a box new to the schedule copies when nothing comes before). */
  lastMadeItems: readonly BoxContent[];
  threshold: number;
}): RemadeBox[] {
  const byWeek = new Map(input.boxes.map((box) => [weekOf(box.date), box]));
  let previous: readonly BoxContent[] = input.lastMadeItems;
  return input.newDates.map((date) => {
    const old = byWeek.get(weekOf(date));
    const items = trimToThreshold(old ? old.items : previous, input.threshold);
    previous = items;
    return old
      ? {
          date,
          status: old.status,
          items,
          oneTimeDiscountBasisPoints: old.oneTimeDiscountBasisPoints,
          from: old.date,
        }
      : { date, status: 'scheduled', items, oneTimeDiscountBasisPoints: 0, from: null };
  });
}

/** At most `threshold` meals: one taken at a time from the meal the box has most of (the later product on a tie). */
export function trimToThreshold(items: readonly BoxContent[], threshold: number): BoxContent[] {
  const kept = items.filter((item) => item.quantity > 0).map((item) => ({ ...item }));
  let excess = kept.reduce((sum, item) => sum + item.quantity, 0) - Math.max(0, threshold);
  while (excess > 0) {
    let most = kept[0]!;
    for (const item of kept) {
      if (
        item.quantity > most.quantity ||
        (item.quantity === most.quantity && item.productId > most.productId)
      )
        most = item;
    }
    const take = Math.min(excess, Math.max(1, most.quantity - secondLargest(kept, most)));
    most.quantity -= take;
    excess -= take;
    if (most.quantity === 0) kept.splice(kept.indexOf(most), 1);
  }
  return kept.sort((a, b) => a.productId - b.productId);
}

function secondLargest(items: readonly BoxContent[], except: BoxContent): number {
  let best = 0;
  for (const item of items) if (item !== except && item.quantity > best) best = item.quantity;
  return best;
}
