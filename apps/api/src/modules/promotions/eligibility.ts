import { formatMoney } from '@sprout/contracts';
import { withinCartAmount } from './discounts';

export type PromoRules = {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  oncePerEmail: boolean;
  newCustomersOnly: boolean;
  cartAmountMinimumCents: number | null;
  cartAmountMaximumCents: number | null;
};

export type PromoShopper = {
  now: Date;
  itemsCents: number;
  /** Whether this email already redeemed the code (only asked when the code is once per email). */
  usedByEmail: boolean;
  /** Whether this email belongs to an existing customer account. */
  existingCustomer: boolean;
};

/** Why a code cannot be used now, in words a customer understands; null when it can. */
export function promoIneligibility(rules: PromoRules, shopper: PromoShopper): string | null {
  if (!rules.isActive) return 'This promo code is no longer available.';
  if (rules.startsAt && shopper.now < rules.startsAt) return 'This promo code is not active yet.';
  if (rules.endsAt && shopper.now > rules.endsAt) return 'This promo code has expired.';
  if (rules.maxUses !== null && rules.usesCount >= rules.maxUses)
    return 'This promo code has reached its limit.';
  if (rules.newCustomersOnly && shopper.existingCustomer) return 'This promo code is for new customers only.';
  if (rules.oncePerEmail && shopper.usedByEmail) return 'You have already used this promo code.';
  const amount = withinCartAmount(shopper.itemsCents, {
    minimumCents: rules.cartAmountMinimumCents,
    maximumCents: rules.cartAmountMaximumCents,
  });
  if (amount === 'below_minimum') {
    return `This promo code needs a cart of at least ${formatMoney((rules.cartAmountMinimumCents ?? 0) / 100)}.`;
  }
  if (amount === 'above_maximum') {
    return `This promo code applies to carts up to ${formatMoney((rules.cartAmountMaximumCents ?? 0) / 100)}.`;
  }
  return null;
}
