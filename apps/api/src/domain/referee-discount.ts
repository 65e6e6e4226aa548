import type { RefereeDiscountSetting } from '@sprout/contracts';

/**
 * What a referred friend's first box takes off, in cents, from the referral settings: dollars as
 * they are, or a percent of the box's meals at the prices the cart shows (add-ons are extras at
 * list price, as with promotions). It is spent like credit, after tax, and never past the total
 * (computeCosts caps it). Free meals are not priced here: the admin form cannot set them.
 * docs/decisions/053.
 */
export function refereeDiscountCents(discount: RefereeDiscountSetting, boxItemsCents: number): number {
  switch (discount.type) {
    case 'dollars_off':
      return Math.round(discount.amount * 100);
    case 'percent_off':
      return Math.round((Math.max(0, boxItemsCents) * Math.min(100, Math.max(0, discount.amount))) / 100);
    default:
      return 0;
  }
}
