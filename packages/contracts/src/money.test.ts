import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney, groupDigits } from './money';

describe('formatMoney', () => {
  it('shows a dollar sign and two decimals, whole amounts without decimals', () => {
    expect(formatMoney(12)).toBe('$12');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0.07)).toBe('$0.07');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-3.25)).toBe('-$3.25');
    expect(formatMoney(12, { alwaysShowCents: true })).toBe('$12.00');
  });

  it.each([['12'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY], [{}]])(
    'throws "Money must be a number" for %p',
    (value) => {
      expect(() => formatMoney(value)).toThrow('Money must be a number');
    },
  );

  it('round-trips every cent amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const text = formatMoney(centsToDollars(cents), { alwaysShowCents: true });
        const parsed = Number(text.replace(/[$,]/g, ''));
        expect(dollarsToCents(parsed)).toBe(cents);
      }),
    );
  });
});

describe('groupDigits', () => {
  it("writes what toLocaleString('en-US') writes for every integer", () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(-1234567)).toBe('-1,234,567');
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
  });

  it('refuses fractions', () => {
    expect(() => groupDigits(1.5)).toThrow();
  });
});

describe('cents and dollars', () => {
  it('refuses fractional cents', () => {
    expect(() => centsToDollars(1.5)).toThrow();
  });

  it('dollarsToCents inverts centsToDollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });
});
