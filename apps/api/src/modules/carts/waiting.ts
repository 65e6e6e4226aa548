/**
 * Dishes or a ready-made box that wait for a plan, or for a bigger one (docs/decisions/045). Pure:
 * the cart's service brings the plans, the box and the lines.
 */

type Size = { id: number; threshold: number };

/**
 * The bigger plan a choice lands on when items wait: null when the box and the waiting items fit
 * the chosen plan (or no plan holds them all: the chosen plan stays), otherwise the smallest plan
 * that holds them all.
 */
export function biggerPlanForWaiting<P extends Size>(
  sizesBySize: readonly P[],
  chosen: Size,
  itemsInBox: number,
  waitingItems: number,
): P | null {
  const total = itemsInBox + waitingItems;
  if (waitingItems === 0 || total <= chosen.threshold) return null;
  return sizesBySize.find((size) => size.threshold >= total) ?? null;
}

/**
 * The additions that fit in `room` items, in the waiting order: each line as far as it fits, then
 * nothing more (a ready-made box fills what is left; a link's dishes likewise).
 */
export function additionsWithin<L extends { quantity: number }>(lines: readonly L[], room: number): L[] {
  const additions: L[] = [];
  let left = room;
  for (const line of lines) {
    if (left <= 0) break;
    const quantity = Math.min(line.quantity, left);
    additions.push({ ...line, quantity });
    left -= quantity;
  }
  return additions;
}
