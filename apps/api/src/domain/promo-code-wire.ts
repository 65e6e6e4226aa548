import { centsToDollars, type PromoCode } from '@sprout/contracts';
import type { schema } from '@sprout/db';
import type { TierJson } from './discounts';

type PromoRow = typeof schema.promoCodes.$inferSelect;

/**
 * A promo code as the storefront reads it, with whether the cart currently qualifies: promotions
 * own the code, and a cart answers it (docs/decisions/048), so the mapping is written once here.
 */
export function toPromoCode(
  promo: PromoRow,
  tiers: TierJson[],
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
