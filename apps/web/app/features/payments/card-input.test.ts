import {
  CARD_CVC_INVALID_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CARD_EXPIRY_INCOMPLETE_MESSAGE,
  CARD_EXPIRY_MONTH_INVALID_MESSAGE,
  CARD_NUMBER_INCOMPLETE_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
} from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  formErrorsFrom,
  parseExpiry,
  paymentMethodBody,
  validateCardForm,
} from './card-input';

describe('formatCardNumber', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['', ''],
    // Visa issues up to 19 digits; Amex stops at 15.
    ['42424242424242424242424', '4242 4242 4242 4242 424'],
    ['3782822463100051234', '3782 8224 6310 005'],
  ])('%s → "%s"', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['4', '04'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1234', '12 / 34'],
    ['12 / 34', '12 / 34'],
    ['12/345', '12 / 34'],
    // Deleting the last digit of "12 / 3" leaves "12 / ", which becomes "12": the separator never sticks.
    ['12 / ', '12'],
  ])('%s → "%s"', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

describe('parseExpiry', () => {
  it.each([
    ['12 / 34', { month: 12, year: 2034 }],
    ['12/34', { month: 12, year: 2034 }],
    ['1234', { month: 12, year: 2034 }],
    ['01 / 2031', { month: 1, year: 2031 }],
    ['1 / 34', null],
    ['12 / 3', null],
    ['', null],
  ])('%s → %o', (value, parsed) => {
    expect(parseExpiry(value)).toEqual(parsed);
  });
});

describe('formatCvc', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});

describe('validateCardForm', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

  it('accepts a good card', () => {
    expect(validateCardForm(good, now)).toEqual({});
  });

  it('reports each bad field with the server’s messages', () => {
    expect(validateCardForm({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: CARD_NUMBER_INCOMPLETE_MESSAGE,
      expiry: CARD_EXPIRY_INCOMPLETE_MESSAGE,
      cvc: CARD_CVC_INVALID_MESSAGE,
    });
    expect(validateCardForm({ ...good, number: '4242 4242 4242 4241' }, now)).toEqual({
      number: CARD_NUMBER_INVALID_MESSAGE,
    });
    expect(validateCardForm({ ...good, expiry: '04 / 26' }, now)).toEqual({ expiry: CARD_EXPIRED_MESSAGE });
    expect(validateCardForm({ ...good, expiry: '13 / 30' }, now)).toEqual({
      expiry: CARD_EXPIRY_MONTH_INVALID_MESSAGE,
    });
  });
});

describe('paymentMethodBody and formErrorsFrom', () => {
  it('sends digits only and a four-digit year', () => {
    expect(paymentMethodBody({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    expect(paymentMethodBody({ number: '4242', expiry: '12', cvc: '' })).toBeNull();
  });

  it('puts the server’s month and year errors on the one expiry field', () => {
    expect(formErrorsFrom({ exp_year: ['Your card has expired.'], cvc: ['Bad'] })).toEqual({
      expiry: 'Your card has expired.',
      cvc: 'Bad',
    });
    expect(formErrorsFrom({ number: 'No', exp_month: 'Month' })).toEqual({ number: 'No', expiry: 'Month' });
  });
});
