import { centsToDollars, type PromoCode } from '@sprout/contracts';
import type { schema } from '@sprout/db';
import { type TierJson, tierFromJson } from '../../domain/discounts';

type PromoRow = typeof schema.promoCodes.$inferSelect;
export type TierWire = TierJson;

/** The tier the discount arithmetic takes (one definition: domain/discounts). */
export const toTier = tierFromJson;

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
