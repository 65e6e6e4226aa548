import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_CVC_INVALID_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CARD_EXPIRY_MONTH_INVALID_MESSAGE,
  CARD_EXPIRY_YEAR_INVALID_MESSAGE,
  CARD_NUMBER_INCOMPLETE_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  cardBrand,
  cardExpired,
  cardFieldErrors,
  cardNumberValid,
  DECLINE_MESSAGES,
  luhnValid,
  TEST_CARDS,
  testCardBehavior,
} from './cards';
import { CARD_DECLINED_MESSAGE } from './checkout-constants';

/** The check digit that makes `body` pass Luhn. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('unreachable');
}

describe('luhnValid', () => {
  it('accepts the published test numbers and refuses a changed digit', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number), card.number).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('exactly one check digit completes any number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
        const valid = Array.from({ length: 10 }, (_, digit) => luhnValid(`${body}${digit}`));
        expect(valid.filter(Boolean)).toHaveLength(1);
      }),
    );
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}$/),
        fc.nat(15),
        fc.integer({ min: 1, max: 9 }),
        (body, position, change) => {
          const number = withCheckDigit(body);
          const typo = `${number.slice(0, position)}${(Number(number[position]) + change) % 10}${number.slice(position + 1)}`;
          expect(luhnValid(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999', 'unknown'],
    ['', 'unknown'],
    ['4', 'visa'],
    ['5', 'unknown'],
    ['4242 4242', 'visa'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('cardNumberValid', () => {
  it('needs a length the brand issues as well as the check digit', () => {
    expect(cardNumberValid('4242 4242 4242 4242')).toBe(true);
    expect(cardNumberValid('378282246310005')).toBe(true);
    // A Luhn-valid 16-digit number that starts like an Amex card (Amex numbers have 15 digits).
    expect(cardNumberValid(withCheckDigit('371449635398431'))).toBe(false);
    expect(cardNumberValid(withCheckDigit('42424242424'))).toBe(false);
    expect(cardNumberValid('4242-4242-4242-424a')).toBe(false);
  });
});

describe('cardExpired', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  it('is good through the end of its month', () => {
    expect(cardExpired(5, 2026, now)).toBe(false);
    expect(cardExpired(4, 2026, now)).toBe(true);
    expect(cardExpired(12, 2025, now)).toBe(true);
    expect(cardExpired(1, 27, now)).toBe(false);
    expect(cardExpired(4, 26, now)).toBe(true);
  });
});

describe('cardFieldErrors', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  const good = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

  it('accepts a good card, with 2- or 4-digit years and a 4-digit CVC', () => {
    expect(cardFieldErrors(good, now)).toEqual({});
    expect(cardFieldErrors({ ...good, exp_year: 30, cvc: '1234' }, now)).toEqual({});
  });

  it('names each bad field with the customer-facing message', () => {
    expect(cardFieldErrors({ number: '', exp_month: 13, exp_year: 2030, cvc: '12' }, now)).toEqual({
      number: CARD_NUMBER_INCOMPLETE_MESSAGE,
      exp_month: CARD_EXPIRY_MONTH_INVALID_MESSAGE,
      cvc: CARD_CVC_INVALID_MESSAGE,
    });
    expect(cardFieldErrors({ ...good, number: '4242424242424241' }, now)).toEqual({
      number: CARD_NUMBER_INVALID_MESSAGE,
    });
    expect(cardFieldErrors({ ...good, exp_year: 2025 }, now)).toEqual({ exp_year: CARD_EXPIRED_MESSAGE });
    expect(cardFieldErrors({ ...good, exp_month: 4, exp_year: 2026 }, now)).toEqual({
      exp_month: CARD_EXPIRED_MESSAGE,
    });
    expect(cardFieldErrors({ ...good, exp_year: 2099 }, now)).toEqual({
      exp_year: CARD_EXPIRY_YEAR_INVALID_MESSAGE,
    });
    expect(cardFieldErrors({ ...good, cvc: '12345' }, now)).toEqual({ cvc: CARD_CVC_INVALID_MESSAGE });
    expect(cardFieldErrors({ ...good, cvc: '12a' }, now)).toEqual({ cvc: CARD_CVC_INVALID_MESSAGE });
  });
});

describe('test cards', () => {
  it('map to their behaviour; any other number succeeds', () => {
    expect(testCardBehavior('4000 0000 0000 0002')).toBe('decline');
    expect(testCardBehavior('4000000000009995')).toBe('insufficient_funds');
    expect(testCardBehavior('4000002500003155')).toBe('requires_action');
    expect(testCardBehavior('5555555555554444')).toBe('succeed');
    expect(testCardBehavior('378282246310005')).toBe('succeed');
    for (const card of TEST_CARDS) expect(cardBrand(card.number)).toBe(card.brand);
  });

  it('a generic decline uses the checkout decline message', () => {
    expect(DECLINE_MESSAGES.generic_decline).toBe(CARD_DECLINED_MESSAGE);
  });
});
