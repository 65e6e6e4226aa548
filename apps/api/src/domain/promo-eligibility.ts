import { formatMoney, type PromoCodeStatus } from '@sprout/contracts';
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

/**
 * Where a code stands at `now` by its switch and its window: the one rule checkout, the listing
 * prices (?pc=) and the admin list all read. Both ends of the window are inclusive.
 */
export function promoCodeStatus(
  rules: Pick<PromoRules, 'isActive' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromoCodeStatus {
  if (!rules.isActive) return 'off';
  if (rules.startsAt && now < rules.startsAt) return 'scheduled';
  if (rules.endsAt && now > rules.endsAt) return 'expired';
  return 'active';
}

const STATUS_REFUSALS: Record<Exclude<PromoCodeStatus, 'active'>, string> = {
  off: 'This promo code is no longer available.',
  scheduled: 'This promo code is not active yet.',
  expired: 'This promo code has expired.',
};

/** Why a code cannot be used now, in words a customer understands; null when it can. */
export function promoIneligibility(rules: PromoRules, shopper: PromoShopper): string | null {
  const status = promoCodeStatus(rules, shopper.now);
  if (status !== 'active') return STATUS_REFUSALS[status];
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
