import { z } from 'zod';

/** The app setting group that says what a referred friend gets and what their referrer earns. */
export const REFERRAL_SETTINGS_GROUP = 'referral_system_discounts';

export const REFEREE_DISCOUNT_TYPES = ['dollars_off', 'percent_off', 'products_off'] as const;
export type RefereeDiscountType = (typeof REFEREE_DISCOUNT_TYPES)[number];

// The stored JSON was written by hand, by the seed and by older admin forms: a number may be a
// string, a key may be missing. Each field falls back to what gives nothing away, never a throw,
// so a bad setting costs a discount and not the cart.
const settingAmount = z.coerce.number().catch(0);

const refereeDiscount = z.looseObject({
  /** Null for a type this store does not know: no discount, no promise. */
  type: z.enum(REFEREE_DISCOUNT_TYPES).nullable().catch(null),
  /** Dollars, a percent (0–100) or a count of meals, by `type`. */
  amount: settingAmount,
  /** Which box of the friend's subscription it applies to (1 = the first). */
  weekly_ordinal_number: z.coerce.number().int().positive().catch(1),
});

/**
 * The `referral_system_discounts` settings as stored (other keys kept: an update writes them back).
 * Parsed once where they are read: the cart's pricing, the checkout's referrer credit, the
 * account's referral page and the admin's form all read this shape (docs/decisions/053).
 */
export const referralSettings = z.looseObject({
  referee_discount: refereeDiscount.catch({ type: null, amount: 0, weekly_ordinal_number: 1 }),
  /** Dollars credited to the referrer when their friend's first box is charged. */
  referrer_credit: z.looseObject({ amount: settingAmount }).catch({ amount: 0 }),
});
export type ReferralSettings = z.infer<typeof referralSettings>;
export type RefereeDiscountSetting = ReferralSettings['referee_discount'];

/** The settings from the group's stored JSON (null when the group is missing): never throws. */
export function parseReferralSettings(values: unknown): ReferralSettings {
  return referralSettings.parse(values ?? {});
}
