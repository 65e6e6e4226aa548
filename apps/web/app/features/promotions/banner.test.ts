import type { PromoTier } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BannerInput,
  cartBannerFromState,
  cartBannerView,
  chooseCartBanner,
  type PromoCodeBanner,
  referralBannerText,
} from './banner';
import { refereeDiscountOf, referralOffered, referralOfferOf } from './referral-offer.server';

function tier(type: PromoTier['type'], amount = 10): PromoTier {
  return { id: 1, type, amount, weekly_ordinal_number: 1, free_shipping: false, free_tax: false, code: 'X' };
}

function promo(type: PromoTier['type'] = 'percent_off', showBanner = true): PromoCodeBanner {
  return {
    id: 1,
    code: 'WELCOME50',
    description: 'Welcome! 50% off your first box and free shipping.',
    showBanner,
    cartAmountMinimum: null,
    cartAmountMaximum: null,
    aggregateDollarsOffAmount: 0,
    tiers: [tier(type)],
  };
}

const base: BannerInput = { itemCount: 3, discount: 0, referralCredits: 0, promo: null, referrerName: null };

describe('banner choice', () => {
  it('referral banner when the referral credits exceed the discount', () => {
    expect(
      chooseCartBanner({ ...base, referralCredits: 25, discount: 10, promo: promo(), referrerName: 'Jamie' }),
    ).toBe('referral');
    // Credits come from a referral even when the name is missing.
    expect(chooseCartBanner({ ...base, referralCredits: 25 })).toBe('referral');
  });

  it('discount banner when the discount exceeds the credits', () => {
    expect(
      chooseCartBanner({ ...base, discount: 30, referralCredits: 25, promo: promo(), referrerName: 'Jamie' }),
    ).toBe('discount');
    expect(chooseCartBanner({ ...base, discount: 5, promo: promo() })).toBe('discount');
  });

  it('discount banner when the first tier is products_off, even on a tie', () => {
    expect(chooseCartBanner({ ...base, promo: promo('products_off'), referrerName: 'Jamie' })).toBe(
      'discount',
    );
    expect(
      chooseCartBanner({ ...base, discount: 12, referralCredits: 12, promo: promo('products_off') }),
    ).toBe('discount');
  });

  it('a code that hides its banner shows none where the discount wins', () => {
    expect(chooseCartBanner({ ...base, discount: 5, promo: promo('percent_off', false) })).toBeNull();
    expect(
      chooseCartBanner({ ...base, itemCount: 0, promo: promo('percent_off', false), referrerName: 'Jamie' }),
    ).toBeNull();
  });

  describe('empty cart: by the presence of a promo code and the referrer name', () => {
    const empty = { ...base, itemCount: 0 };
    it('the promo code first', () => {
      expect(chooseCartBanner({ ...empty, promo: promo(), referrerName: 'Jamie' })).toBe('discount');
      expect(chooseCartBanner({ ...empty, promo: promo() })).toBe('discount');
    });
    it('else the referrer name', () => {
      expect(chooseCartBanner({ ...empty, referrerName: 'Jamie' })).toBe('referral');
      expect(chooseCartBanner({ ...empty, referrerName: '  ' })).toBeNull();
    });
    it('else nothing', () => {
      expect(chooseCartBanner(empty)).toBeNull();
    });
  });

  it('a tie with items (both zero) falls back to presence', () => {
    expect(chooseCartBanner({ ...base, promo: promo('dollars_off') })).toBe('discount');
    expect(chooseCartBanner({ ...base, referrerName: 'Jamie' })).toBe('referral');
    expect(chooseCartBanner(base)).toBeNull();
  });
});

describe('banner texts', () => {
  const settings = [
    {
      group: 'referral_system_discounts',
      values: { referee_discount: { type: 'dollars_off', amount: 25, weekly_ordinal_number: 1 } },
    },
    { group: 'support', values: { email: 'x' } },
  ];

  it('reads the referee discount from the app settings', () => {
    expect(refereeDiscountOf(settings)).toEqual({ type: 'dollars_off', amount: 25, weeklyOrdinalNumber: 1 });
    expect(refereeDiscountOf([])).toBeNull();
    expect(
      refereeDiscountOf([{ group: 'referral_system_discounts', values: { referee_discount: 'x' } }]),
    ).toBeNull();
  });

  it("names the referrer by first name and initial, from the cart's referrer", () => {
    const view = cartBannerFromState({
      cart: {
        item_count: 0,
        costs: { promo_code_cost: 0, referral_credits_amount_applied: 0 } as never,
        promo_code: null,
      },
      referrer: { first_name: 'Jamie', last_name: 'R.' },
      referralOffer: referralOfferOf(settings),
    });
    expect(view).toEqual({ kind: 'referral', text: 'Jamie R. sent you $25 off your first box' });
  });

  it('names the referrer and the amount', () => {
    const discount = refereeDiscountOf(settings);
    expect(referralBannerText('Jamie', discount)).toBe('Jamie sent you $25 off your first box');
    expect(referralBannerText(null, discount)).toBe('A friend sent you $25 off your first box');
    expect(referralBannerText('Jamie', { type: 'percent_off', amount: 20, weeklyOrdinalNumber: 2 })).toBe(
      'Jamie sent you 20% off your second box',
    );
    expect(referralBannerText('Jamie', null)).toBe('Jamie sent you a discount on your first box');
  });

  it('the discount banner carries the code description and its note', () => {
    expect(
      cartBannerView({
        ...base,
        itemCount: 0,
        promo: promo(),
        promoNote: 'This promo code needs a cart of at least $40.',
        refereeDiscount: null,
      }),
    ).toEqual({
      kind: 'discount',
      text: 'Welcome! 50% off your first box and free shipping.',
      code: 'WELCOME50',
      note: 'This promo code needs a cart of at least $40.',
    });
    expect(cartBannerView({ ...base, promoNote: null, refereeDiscount: null })).toBeNull();
  });

  it('promises no discount when the store offers friends nothing ($0: a live store before its owner sets one)', () => {
    const zero = [
      {
        group: 'referral_system_discounts',
        values: { referee_discount: { type: 'dollars_off', amount: 0, weekly_ordinal_number: 1 } },
      },
    ];
    expect(referralOffered(zero)).toBe(false);
    expect(referralOffered(settings)).toBe(true);
    // Settings that did not load are not a $0 offer.
    expect(referralOffered([])).toBe(true);
    const friend = { ...base, itemCount: 0, promo: null, promoNote: null, referrerName: 'Jamie' };
    expect(cartBannerView({ ...friend, refereeDiscount: null, referralOffered: false })).toBeNull();
    expect(
      cartBannerView({ ...friend, refereeDiscount: refereeDiscountOf(settings), referralOffered: true }),
    ).toEqual({
      kind: 'referral',
      text: 'Jamie sent you $25 off your first box',
    });
  });
});
