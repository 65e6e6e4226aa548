import { CARD_DECLINED_MESSAGE } from './checkout-constants';

/**
 * Card rules shared by the embedded test provider (server) and its card form (browser), so both
 * accept and refuse exactly the same numbers with the same messages. See docs/decisions/011.
 */

export const CARD_NUMBER_INCOMPLETE_MESSAGE = 'Your card number is incomplete.';
export const CARD_NUMBER_INVALID_MESSAGE = 'Your card number is invalid.';
export const CARD_EXPIRY_INCOMPLETE_MESSAGE = "Your card's expiration date is incomplete.";
export const CARD_EXPIRY_MONTH_INVALID_MESSAGE = "Your card's expiration month is invalid.";
export const CARD_EXPIRY_YEAR_INVALID_MESSAGE = "Your card's expiration year is invalid.";
export const CARD_EXPIRED_MESSAGE = 'Your card has expired.';
export const CARD_CVC_INVALID_MESSAGE = "Your card's security code is invalid.";

/**
 * A card saved with nothing charged (a first box that costs $0) is a setup, not a payment: Stripe's
 * SetupIntent ids start with `seti_`, and the test provider's (`seti_test_`) follow them. This is
 * how a stored id (a checkout attempt's) or a 3-D Secure step's says which of the two it is.
 */
export function isCardSetupId(id: string): boolean {
  return id.startsWith('seti_');
}

/** Customer-facing reasons for a declined payment, by decline code. */
export const DECLINE_MESSAGES = {
  generic_decline: CARD_DECLINED_MESSAGE,
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  authentication_failed: 'We could not verify your card. Please try again or use another card.',
  // Off-session (a renewal): the bank wants the customer to confirm; not a decline (decision 041).
  authentication_required: 'Your bank asks you to confirm this payment.',
  expired_card: 'Your card has expired. Please use another card.',
} as const;
export type DeclineCode = keyof typeof DECLINE_MESSAGES;

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** How a brand is written for people ('card' stands in for one we cannot name). */
export function cardBrandName(brand: string | null | undefined): string | null {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return (brand && names[brand]) || null;
}

/** What charging a test card does (the test provider's `behavior` column). */
export type TestCardBehavior =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'requires_action'
  /** Accepted while the customer pays (and saved), declined when charged later off-session. */
  | 'declines_off_session';

/** Stripe's test numbers, which the embedded provider honours too. Any other valid number succeeds. */
export const TEST_CARDS: readonly {
  number: string;
  brand: CardBrand;
  behavior: TestCardBehavior;
  label: string;
}[] = [
  { number: '4242424242424242', brand: 'visa', behavior: 'succeed', label: 'Succeeds' },
  { number: '5555555555554444', brand: 'mastercard', behavior: 'succeed', label: 'Succeeds (Mastercard)' },
  { number: '4000000000000002', brand: 'visa', behavior: 'decline', label: 'Declined' },
  {
    number: '4000000000009995',
    brand: 'visa',
    behavior: 'insufficient_funds',
    label: 'Declined: insufficient funds',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behavior: 'requires_action',
    label: 'Asks for 3-D Secure authentication',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behavior: 'declines_off_session',
    label: 'Succeeds now, declines later renewals',
  },
];

export function testCardBehavior(number: string): TestCardBehavior {
  const digits = cardDigits(number);
  return TEST_CARDS.find((card) => card.number === digits)?.behavior ?? 'succeed';
}

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (prefix: string, length: number, low: number, high: number) => {
  if (prefix.length < length) return false;
  const value = Number(prefix.slice(0, length));
  return value >= low && value <= high;
};

/** The card network from the leading digits; works on a partly typed number. */
export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (inRange(digits, 2, 34, 34) || inRange(digits, 2, 37, 37)) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || inRange(digits, 3, 644, 649)) return 'discover';
  if (inRange(digits, 3, 300, 305) || digits.startsWith('36') || digits.startsWith('38')) return 'diners';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  diners: [14, 15, 16, 17, 18, 19],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** The longest number a brand issues: the form stops accepting digits there. */
export function maxCardLength(brand: CardBrand): number {
  return Math.max(...LENGTHS[brand]);
}

/** Only digits, a length the brand issues, and a correct Luhn check digit. */
export function cardNumberValid(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d+$/.test(digits) && LENGTHS[cardBrand(digits)].includes(digits.length) && luhnValid(digits);
}

/** A four-digit year; two-digit years are this century's (26 → 2026). */
export function fullExpiryYear(year: number): number {
  return year >= 0 && year < 100 ? 2000 + year : year;
}

/** A card is good through the last day of its expiry month (compared in UTC). */
export function cardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  const fullYear = fullExpiryYear(year);
  return fullYear < currentYear || (fullYear === currentYear && month < currentMonth);
}

export type CardFields = { number: string; exp_month: number; exp_year: number; cvc: string };
export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

/** Cards are issued for at most this many years ahead; a later year is a typo. */
const MAX_YEARS_AHEAD = 20;

/** One message per bad field, the same on the server and in the card form. Empty when the card is acceptable. */
export function cardFieldErrors(card: CardFields, now: Date = new Date()): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const digits = cardDigits(card.number);
  if (digits === '') errors.number = CARD_NUMBER_INCOMPLETE_MESSAGE;
  else if (!cardNumberValid(digits)) errors.number = CARD_NUMBER_INVALID_MESSAGE;

  const year = fullExpiryYear(card.exp_year);
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    errors.exp_month = CARD_EXPIRY_MONTH_INVALID_MESSAGE;
  } else if (!Number.isInteger(year) || year > now.getUTCFullYear() + MAX_YEARS_AHEAD) {
    errors.exp_year = CARD_EXPIRY_YEAR_INVALID_MESSAGE;
  } else if (cardExpired(card.exp_month, year, now)) {
    // Reported where the date went wrong: a past year, or a past month of this year.
    errors[year < now.getUTCFullYear() ? 'exp_year' : 'exp_month'] = CARD_EXPIRED_MESSAGE;
  }

  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = CARD_CVC_INVALID_MESSAGE;
  return errors;
}

/** Where the test provider's browser API lives (outside /api: it plays an external processor). */
export const TEST_PROVIDER_PREFIX = '/test-provider/v1';
