import { parseReferralSettings } from '@sprout/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { friendOfferInWords as inWords, referralCodeFor } from './referral-offer';

/** The offer in words from the setting as stored, parsed as every reader parses it. */
const friendOfferInWords = (stored: unknown) =>
  inWords(stored === null ? null : parseReferralSettings({ referee_discount: stored }).referee_discount);

describe("a referred friend's offer in words", () => {
  it('names dollars, percent and free meals', () => {
    expect(friendOfferInWords({ type: 'dollars_off', amount: 25 })).toBe('$25 off your first box');
    expect(friendOfferInWords({ type: 'dollars_off', amount: 12.5 })).toBe('$12.50 off your first box');
    expect(friendOfferInWords({ type: 'percent_off', amount: 20 })).toBe('20% off your first box');
    expect(friendOfferInWords({ type: 'products_off', amount: 2 })).toBe('2 free meals in your first box');
    expect(friendOfferInWords({ type: 'products_off', amount: 1 })).toBe('1 free meal in your first box');
  });

  it('is null for a missing, unknown or empty discount', () => {
    expect(friendOfferInWords(null)).toBeNull();
    expect(friendOfferInWords({ type: 'dollars_off', amount: 0 })).toBeNull();
    expect(friendOfferInWords({ type: 'mystery', amount: 5 })).toBeNull();
    expect(friendOfferInWords({ type: 'dollars_off', amount: 'lots' })).toBeNull();
  });

  it('always shows a positive dollar amount with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (cents) => {
        const words = friendOfferInWords({ type: 'dollars_off', amount: cents / 100 })!;
        expect(words).toMatch(/^\$\d+(\.\d{2})? off your first box$/);
      }),
    );
  });
});

describe('new referral codes', () => {
  it('start with the first name and end with four unambiguous characters', () => {
    expect(referralCodeFor('Zoë-Ann', () => 0)).toBe('ZOEANNAAAA');
    expect(referralCodeFor(null, () => 0)).toBe('FRIENDAAAA');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 31 }), (name, pick) => {
        expect(referralCodeFor(name, () => pick)).toMatch(/^[A-Z]{1,6}[A-HJ-NP-Z2-9]{4}$/);
      }),
    );
  });
});
