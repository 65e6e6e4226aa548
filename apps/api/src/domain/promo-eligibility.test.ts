import { describe, expect, it } from 'vitest';
import { type PromoRules, promoCodeStatus, promoIneligibility } from './promo-eligibility';

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

describe('promoCodeStatus', () => {
  const window = {
    isActive: true,
    startsAt: new Date('2025-01-01T00:00:00Z'),
    endsAt: new Date('2025-12-31T23:59:59Z'),
  };
  it.each([
    ['2024-12-31T23:59:59Z', 'scheduled'],
    ['2025-01-01T00:00:00Z', 'active'],
    ['2025-12-31T23:59:59Z', 'active'],
    ['2026-11-23T21:00:00Z', 'expired'],
  ])('a code switched on at %s is %s', (now, status) => {
    expect(promoCodeStatus(window, new Date(now))).toBe(status);
  });

  it('is off when switched off, whatever its window says', () => {
    expect(promoCodeStatus({ ...window, isActive: false }, new Date('2025-06-01T00:00:00Z'))).toBe('off');
  });

  it('is active with no window at all', () => {
    expect(promoCodeStatus({ isActive: true, startsAt: null, endsAt: null }, new Date())).toBe('active');
  });

  it('refuses at checkout exactly when the status is not active', () => {
    for (const now of ['2024-06-01T00:00:00Z', '2025-06-01T00:00:00Z', '2026-06-01T00:00:00Z']) {
      const at = new Date(now);
      const refused = promoIneligibility(
        { ...rules, ...window, cartAmountMinimumCents: null, cartAmountMaximumCents: null },
        { ...shopper, now: at },
      );
      expect(refused === null).toBe(promoCodeStatus(window, at) === 'active');
    }
  });
});
