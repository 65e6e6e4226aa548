import type { Delivery } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { listBoxDishes } from '../modules/catalog/service';
import {
  minAgeFromSubtitle,
  pickSmartBox,
  type SmartBoxPick,
  smartBoxFamily,
} from '../modules/families/service';
import * as subscriptions from '../modules/subscriptions/service';

/**
 * The smart box (docs/decisions/055): a box short of its plan's size filled for the family. The
 * box is the subscriptions module's, the children and their ratings the families', the dishes the
 * catalogue's; the picker (families/smart-box.ts) decides. Three callers: "Fill my box for me",
 * for any account; for an account with children, the reminder pass 24 hours before the cutoff (so
 * the parent sees the picks and can change them) and the lock at the cutoff (a box changed short
 * since).
 */

/** How many boxes before this one "not the same dish three boxes running" looks at. */
const RECENT_BOXES = 2;

export type FilledPick = SmartBoxPick;

/**
 * Fills one box, held in the caller's transaction, up to its plan's size: the picks written with
 * their reasons (nothing for a full box, or when no dish is safe for every child).
 */
export async function fillShortBox(
  tx: Database,
  box: subscriptions.BoxToFill,
  options: { onlyForAFamily?: boolean } = {},
): Promise<FilledPick[]> {
  const count = box.contents.reduce((sum, item) => sum + item.quantity, 0);
  const missing = box.threshold - count;
  if (missing <= 0) return [];
  // The children's age bands on the box's delivery day, not today.
  const [year, month] = box.delivery.deliveryDate.split('-').map(Number) as [number, number];
  const { family, ratings } = await smartBoxFamily(tx, box.userId, { year, month });
  if (options.onlyForAFamily && family.length === 0) return [];
  const [dishes, recentBoxes] = await Promise.all([
    listBoxDishes(tx),
    subscriptions.listRecentBoxDishes(tx, box.subscriptionId, box.delivery.deliveryDate, RECENT_BOXES),
  ]);
  const picks = pickSmartBox({
    candidates: dishes.map((dish) => ({
      productId: dish.productId,
      tagIds: dish.tagIds,
      ingredients: dish.ingredients,
      // A category on several menus is written for the youngest age any of them names.
      minAgeMonths: Math.min(...dish.subtitles.map(minAgeFromSubtitle), 72),
      popularity: dish.rating,
    })),
    family,
    ratings,
    recentBoxes,
    box: box.contents,
    missing,
  });
  await subscriptions.addPickedDeliveryItems(tx, box.delivery.id, picks);
  return picks;
}

/** "Fill my box for me": the customer's own box, before its cutoff, answered as the account shows it. */
export async function fillMyBox(
  db: Database,
  userId: number,
  date: string,
  now: Date,
  giftCardBalance: subscriptions.GiftCardBalance,
): Promise<Delivery> {
  const subscriptionId = await db.transaction(async (tx) => {
    const box = await subscriptions.lockOwnBoxToFill(tx, userId, date, now);
    await fillShortBox(tx, box);
    return box.subscriptionId;
  });
  return subscriptions.readDelivery(db, subscriptionId, date, now, giftCardBalance);
}

/**
 * A box the renewal jobs hold (its reminder or its lock), filled if it is short and its account
 * has children. An account without profiles keeps the cutoff's fill-up of decision 021 (more of
 * what the box holds): that is what its box showed priced before the cutoff (decision 039), and
 * the account's preview does not ask the picker yet (docs/decisions/055, "Smart box").
 */
export async function fillClaimedBox(
  tx: Database,
  delivery: subscriptions.DeliveryRow,
): Promise<FilledPick[]> {
  const box = await subscriptions.claimedBoxToFill(tx, delivery);
  return box ? fillShortBox(tx, box, { onlyForAFamily: true }) : [];
}
