import {
  type Cart,
  formatMoney,
  type PromoCode,
  type PromoTier,
  type RefereeDiscountType,
  referrerName,
} from '@sprout/contracts';

/** The cart's promo code banner, in client names. */
export type PromoCodeBanner = {
  id: number;
  code: string;
  description: string;
  showBanner: boolean;
  cartAmountMinimum: number | null;
  cartAmountMaximum: number | null;
  aggregateDollarsOffAmount: number;
  tiers: PromoTier[];
};

export function toPromoCodeBanner(promo: PromoCode | null | undefined): PromoCodeBanner | null {
  if (!promo) return null;
  return {
    id: promo.id,
    code: promo.code,
    description: promo.description,
    showBanner: promo.show_banner,
    cartAmountMinimum: promo.cart_amount_minimum,
    cartAmountMaximum: promo.cart_amount_maximum,
    aggregateDollarsOffAmount: promo.aggregate_dollars_off_amount,
    tiers: promo.regulations,
  };
}

export type BannerInput = {
  /** Items in the box: 0 is the empty cart. */
  itemCount: number;
  /** The promo code discount (costs.discount). */
  discount: number;
  /** Referral credits applied (costs.referralCredits). */
  referralCredits: number;
  promo: PromoCodeBanner | null;
  referrerName: string | null;
};

export type CartBannerKind = 'referral' | 'discount';

function firstTierType(promo: PromoCodeBanner | null): PromoTier['type'] | null {
  return promo?.tiers[0]?.type ?? null;
}

/**
 * Which banner the cart shows:
 * - an empty cart shows the promo code's banner when there is a code, else the referral banner
 *   when the referrer's name is known, else nothing;
 * - otherwise the referral banner when the referral credits exceed the discount;
 * - the discount banner when the discount exceeds the credits or the first tier is products_off;
 * - when neither wins (both zero: a code waiting for its cart minimum, say) the empty-cart rule decides.
 * The discount banner needs a code that wants one (show_banner); the code's choice not to show a
 * banner is respected rather than replaced by another banner.
 */
export function chooseCartBanner(input: BannerInput): CartBannerKind | null {
  const promo = input.promo;
  const discountBanner = promo?.showBanner ? 'discount' : null;
  const hasReferrer = Boolean(input.referrerName?.trim());
  const byPresence = (): CartBannerKind | null => {
    if (promo) return discountBanner;
    return hasReferrer ? 'referral' : null;
  };
  if (input.itemCount <= 0) return byPresence();
  if (input.referralCredits > input.discount) return 'referral';
  if (input.discount > input.referralCredits || firstTierType(promo) === 'products_off')
    return discountBanner;
  return byPresence();
}

/** The referee's discount from app setting group referral_system_discounts. */
export type RefereeDiscount = { type: RefereeDiscountType; amount: number; weeklyOrdinalNumber: number };

/**
 * What the store offers a referred friend, as the server read it from the referral settings
 * (referral-offer.server.ts: the settings' schema stays out of the browser's JavaScript).
 * `offered` is false when the settings say a friend gets nothing ($0, decision 036): then no banner
 * promises a discount.
 */
export type ReferralOffer = { discount: RefereeDiscount | null; offered: boolean };

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

function boxName(ordinal: number): string {
  const word = ORDINALS[ordinal - 1];
  return word ? `your ${word} box` : `box ${ordinal}`;
}

/** "Jamie R. sent you $25 off your first box", from the referrer's name as shown and the referee discount. */
export function referralBannerText(referrerName: string | null, discount: RefereeDiscount | null): string {
  const who = referrerName?.trim() || 'A friend';
  if (!discount) return `${who} sent you a discount on your first box`;
  const box = boxName(discount.weeklyOrdinalNumber);
  if (discount.type === 'percent_off') return `${who} sent you ${discount.amount}% off ${box}`;
  if (discount.type === 'dollars_off') return `${who} sent you ${formatMoney(discount.amount)} off ${box}`;
  return `${who} sent you a discount on ${box}`;
}

export type CartBannerView =
  | { kind: 'discount'; text: string; code: string; note: string | null }
  | { kind: 'referral'; text: string };

/** What the banner shows for this cart, or null. */
export function cartBannerView(input: {
  itemCount: number;
  discount: number;
  referralCredits: number;
  promo: PromoCodeBanner | null;
  /** Why the code takes nothing off yet (inapplicable_reason), shown under its description. */
  promoNote: string | null;
  referrerName: string | null;
  refereeDiscount: RefereeDiscount | null;
  /** False when the store offers referred friends nothing: no referral banner then. */
  referralOffered?: boolean;
}): CartBannerView | null {
  const kind = chooseCartBanner(input);
  if (kind === 'referral') {
    if (input.referralOffered === false) return null;
    return { kind, text: referralBannerText(input.referrerName, input.refereeDiscount) };
  }
  if (kind === 'discount' && input.promo) {
    return { kind, text: input.promo.description, code: input.promo.code, note: input.promoNote };
  }
  return null;
}

/** The banner for the current state: the cart's costs, its code, the referrer and what a friend is offered. */
export function cartBannerFromState(state: {
  cart: Pick<Cart, 'item_count' | 'costs' | 'promo_code'>;
  referrer: { first_name: string | null; last_name: string | null } | null;
  /** Null when the settings were not read (no referrer): not a $0 offer. */
  referralOffer: ReferralOffer | null;
}): CartBannerView | null {
  const { cart } = state;
  const promo = cart.promo_code ?? null;
  return cartBannerView({
    itemCount: cart.item_count,
    discount: cart.costs.promo_code_cost,
    referralCredits: cart.costs.referral_credits_amount_applied,
    promo: toPromoCodeBanner(promo),
    promoNote: promo && !promo.is_applicable ? promo.inapplicable_reason : null,
    referrerName: referrerName(state.referrer),
    refereeDiscount: state.referralOffer?.discount ?? null,
    referralOffered: state.referralOffer?.offered ?? true,
  });
}
