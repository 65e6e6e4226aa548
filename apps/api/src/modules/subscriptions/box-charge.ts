/**
 * A subscription's boxes priced as they will be charged (docs/decisions/039), in integer cents.
 * Pure, and the only pricing of a box that has no order yet: the account's boxes, the plan-change
 * preview, the reminder email and the renewal's lock step all ask `chargeBoxes`, so what a box
 * shows before its cutoff is what is charged at it, to the cent.
 *
 * Box after box in date order, as the renewals will make them:
 *   what the box may hold (boxMayHold) → filled to the plan's size (fitToThreshold) → the promo
 *   tier of its ordinal → credits available at its cutoff, less what earlier boxes take → shipping
 *   and tax (priceBox) → the gift card balance left by earlier boxes (giftCardShare).
 */
import { boxMayHold } from '@sprout/contracts';
import type { Tier } from '../../domain/discounts';
import { type BoxItem, fitToThreshold, type PricedBox, type PricedBoxLine, priceBox } from './box-pricing';
import { type GiftCardShare, giftCardShare } from './gift-card-spending';

export type ChargeItem = BoxItem & { isActive: boolean };

export type BoxToCharge = {
  /**
   * `charge`: will be made and charged at its cutoff (scheduled, no order yet); `made`: already
   * made (locked, charged, failed) and what an empty box after it is filled with; `none`: will
   * not be made (skipped, canceled).
   */
  kind: 'charge' | 'made' | 'none';
  items: readonly ChargeItem[];
  weeklyOrdinal: number;
  cutoffAt: Date;
  oneTimeDiscountBasisPoints: number;
};

export type SubscriptionTerms = {
  plan: { threshold: number; itemDiscountBasisPoints: number; shippingCostCents: number };
  tiers: readonly Tier[];
  state: { taxRateBasisPoints: number; taxesShipping: boolean } | null;
  orderValueDiscountCents: number;
  /** Account credit with no date (earned, less what boxes spent): spendable by every box. */
  creditsCents: number;
  /** Credit that becomes spendable at a date (a referral's, once the friend's box arrives). */
  datedCredits: readonly { amountCents: number; availableAt: Date }[];
  /** The account's gift card balance, spent box by box after credits. */
  giftCardsCents: number;
  /** The last box made before the first of `boxes` (what an empty box is filled with). */
  previousItems: readonly ChargeItem[];
};

export type ChargedBox = {
  /** The box as it will be made: filled to the plan's size, only what it may hold; its order's lines. */
  lines: PricedBoxLine[];
  /** What the customer chose, priced (what the box editor shows and changes). */
  chosen: PricedBoxLine[];
  /** What the store adds at the cutoff to reach the plan's size. */
  filled: PricedBoxLine[];
  /** Every cost line; `totalCents` is what the saved card is charged, after the gift card balance. */
  costs: PricedBox['costs'];
  giftCards: GiftCardShare;
  itemCount: number;
  tierApplies: boolean;
};

/** Credit spendable by a box whose cutoff is `cutoffAt` (dated credit counts from its date on). */
export function creditsAt(terms: Pick<SubscriptionTerms, 'creditsCents' | 'datedCredits'>, cutoffAt: Date) {
  return terms.datedCredits.reduce(
    (sum, credit) => (credit.availableAt.getTime() <= cutoffAt.getTime() ? sum + credit.amountCents : sum),
    terms.creditsCents,
  );
}

/** What of a box's contents it may hold and will be made with. */
export const holdable = (items: readonly ChargeItem[]) =>
  items.filter((item) => item.quantity > 0 && boxMayHold({ active: item.isActive }, item.quantity));

/** The box as the kitchen will make it: only what it may hold, filled (or trimmed) to `threshold`. */
export function boxAsMade(
  items: readonly ChargeItem[],
  threshold: number,
  previous: readonly ChargeItem[],
): ChargeItem[] {
  return fitToThreshold(holdable(items), threshold, holdable(previous));
}

/**
 * Whether pricing `boxes` needs the box made before them: the first box to charge is empty (all
 * taken out) and no made box comes before it, so it is filled with that one's dishes.
 */
export function needsPreviousItems(boxes: readonly Pick<BoxToCharge, 'kind' | 'items'>[]): boolean {
  for (const box of boxes) {
    if (box.kind === 'made' && box.items.length > 0) return false;
    if (box.kind === 'charge') {
      return holdable(box.items).length === 0;
    }
  }
  return false;
}

/**
 * Prices each box of `boxes` (date order) as it will be charged; null for a box that is not
 * charged (`made` or `none`: priced from its order, or shown as it is, by the caller).
 */
export function chargeBoxes(terms: SubscriptionTerms, boxes: readonly BoxToCharge[]): (ChargedBox | null)[] {
  let previous: readonly ChargeItem[] = terms.previousItems;
  let creditsSpent = 0;
  let giftCards = Math.max(0, terms.giftCardsCents);
  return boxes.map((box) => {
    if (box.kind === 'none') return null;
    if (box.kind === 'made') {
      if (box.items.length > 0) previous = box.items;
      return null;
    }
    const made = boxAsMade(box.items, terms.plan.threshold, previous);
    if (made.length > 0) previous = made;
    const credits = Math.max(0, creditsAt(terms, box.cutoffAt) - creditsSpent);
    const priced = priceBox({
      items: made,
      plan: terms.plan,
      tiers: terms.tiers,
      weeklyOrdinal: box.weeklyOrdinal,
      state: terms.state,
      orderValueDiscountCents: terms.orderValueDiscountCents,
      creditsCents: credits,
      oneTimeDiscountBasisPoints: box.oneTimeDiscountBasisPoints,
    });
    creditsSpent += priced.costs.creditsAppliedCents + priced.costs.referralCreditsAppliedCents;
    const share = giftCardShare(giftCards, priced.costs.totalCents);
    giftCards = share.balanceAfterCents;
    const unitPrices = new Map(priced.lines.map((line) => [line.productId, line]));
    const chosen = priceLike(box.items, terms.plan);
    return {
      lines: priced.lines,
      chosen,
      filled: priced.lines.flatMap((line) => {
        const had = box.items.find((item) => item.productId === line.productId)?.quantity ?? 0;
        return line.quantity > had
          ? [{ ...unitPrices.get(line.productId)!, quantity: line.quantity - had }]
          : [];
      }),
      costs: {
        ...priced.costs,
        giftCardsAppliedCents: share.giftCardCents,
        giftCardsAvailableCents: share.balanceBeforeCents,
        totalCents: share.chargeCents,
      },
      giftCards: share,
      itemCount: priced.itemCount,
      tierApplies: priced.tierApplies,
    };
  });
}

/** Items priced under the plan with nothing else (a box as it stands: chosen, skipped or made). */
export function priceLike(
  items: readonly BoxItem[],
  plan: Pick<SubscriptionTerms['plan'], 'itemDiscountBasisPoints' | 'shippingCostCents'>,
): PricedBoxLine[] {
  return priceBox({
    items,
    plan,
    tiers: [],
    weeklyOrdinal: 1,
    state: null,
    creditsCents: 0,
    oneTimeDiscountBasisPoints: 0,
  }).lines;
}
