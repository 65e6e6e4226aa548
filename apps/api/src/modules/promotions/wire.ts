import { centsToDollars, type PromoCode } from '@sprout/contracts';
import type { schema } from '@sprout/db';
import type { Tier } from '../../domain/discounts';

type PromoRow = typeof schema.promoCodes.$inferSelect;
export type TierWire = {
  id: number;
  type: Tier['type'];
  amount: number;
  weekly_ordinal_number: number;
  free_shipping: boolean;
  free_tax: boolean;
};

export function toTier(tier: TierWire): Tier {
  return {
    type: tier.type,
    amount: Number(tier.amount),
    weeklyOrdinalNumber: tier.weekly_ordinal_number,
    freeShipping: tier.free_shipping,
    freeTax: tier.free_tax,
  };
}

/** The promo code as spec section 3 names it, with whether the cart currently qualifies. */
export function toPromoCode(
  promo: PromoRow,
  tiers: TierWire[],
  inapplicableReason: string | null,
): PromoCode {
  return {
    id: promo.id,
    code: promo.code,
    description: promo.description,
    description_checkout: promo.descriptionCheckout,
    cart_amount_minimum:
      promo.cartAmountMinimumCents === null ? null : centsToDollars(promo.cartAmountMinimumCents),
    cart_amount_maximum:
      promo.cartAmountMaximumCents === null ? null : centsToDollars(promo.cartAmountMaximumCents),
    aggregate_dollars_off_amount: centsToDollars(promo.aggregateDollarsOffCents),
    show_banner: promo.showBanner,
    show_banner_checkout: promo.showBannerCheckout,
    regulations: tiers.map((tier) => ({ ...tier, amount: Number(tier.amount), code: promo.code })),
    is_applicable: inapplicableReason === null,
    inapplicable_reason: inapplicableReason,
  };
}
