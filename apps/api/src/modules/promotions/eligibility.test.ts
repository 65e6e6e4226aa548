import { describe, expect, it } from 'vitest';
import { type PromoRules, promoIneligibility } from './eligibility';

const rules: PromoRules = {
  isActive: true,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T00:00:00Z'),
  maxUses: 10,
  usesCount: 0,
  oncePerEmail: true,
  newCustomersOnly: false,
  cartAmountMinimumCents: 4000,
  cartAmountMaximumCents: 20000,
};
const shopper = {
  now: new Date('2026-06-01T00:00:00Z'),
  itemsCents: 5000,
  usedByEmail: false,
  existingCustomer: false,
};

describe('promoIneligibility', () => {
  it('accepts a code inside every rule', () => {
    expect(promoIneligibility(rules, shopper)).toBeNull();
  });

  it.each([
    [{ isActive: false }, {}, 'This promo code is no longer available.'],
    [{}, { now: new Date('2025-12-31T00:00:00Z') }, 'This promo code is not active yet.'],
    [{}, { now: new Date('2027-01-01T00:00:00Z') }, 'This promo code has expired.'],
    [{ usesCount: 10 }, {}, 'This promo code has reached its limit.'],
    [{ newCustomersOnly: true }, { existingCustomer: true }, 'This promo code is for new customers only.'],
    [{}, { usedByEmail: true }, 'You have already used this promo code.'],
    [{}, { itemsCents: 3999 }, 'This promo code needs a cart of at least $40.'],
    [{}, { itemsCents: 20001 }, 'This promo code applies to carts up to $200.'],
  ])('refuses %j / %j with a clear message', (ruleChanges, shopperChanges, message) => {
    expect(promoIneligibility({ ...rules, ...ruleChanges }, { ...shopper, ...shopperChanges })).toBe(message);
  });

  it('lets a code be reused by the same email when it is not once per email', () => {
    expect(
      promoIneligibility({ ...rules, oncePerEmail: false }, { ...shopper, usedByEmail: true }),
    ).toBeNull();
  });
});
