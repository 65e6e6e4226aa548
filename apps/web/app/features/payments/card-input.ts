import {
  CARD_EXPIRY_INCOMPLETE_MESSAGE,
  type CardFieldErrors,
  cardBrand,
  cardFieldErrors,
  maxCardLength,
  type TestPaymentMethodBody,
} from '@sprout/contracts';

/**
 * The test provider's card form as pure functions: what the customer types becomes formatted
 * field values, and the field values become the request body and the per-field errors. The card
 * rules themselves (Luhn, brand, expiry) are the server's, from @sprout/contracts.
 */

export type CardForm = { number: string; expiry: string; cvc: string };
export type CardFormField = keyof CardForm;
export type CardFormErrors = Partial<Record<CardFormField, string>>;

/** Digits only, at most as many as the brand issues, in groups of four: "4242 4242 4242 4242". */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  const kept = digits.slice(0, maxCardLength(cardBrand(digits)));
  return kept.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "MM / YY" as the customer types: "1" stays, "4" becomes "04" (no month starts with 4), and the
 * separator appears with the third digit, so deleting backwards never gets stuck on it.
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Month and four-digit year from "MM / YY", "MM/YY", "MM / YYYY" or "MMYY"; null while incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = value.replace(/\s/g, '').match(/^(\d{2})\/?(\d{2}|\d{4})$/);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

export function formatCvc(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 4);
}

/** The body the test provider's payment-methods endpoint takes (null when the expiry is incomplete). */
export function paymentMethodBody(form: CardForm): TestPaymentMethodBody | null {
  const expiry = parseExpiry(form.expiry);
  if (!expiry) return null;
  return {
    number: form.number.replace(/\D/g, ''),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: form.cvc,
  };
}

/** The server's field names (exp_month, exp_year) on the form's fields (one expiry field). */
export function formErrorsFrom(
  errors: CardFieldErrors | Record<string, string[] | string | undefined>,
): CardFormErrors {
  const first = (value: string[] | string | undefined) => (Array.isArray(value) ? value[0] : value);
  const result: CardFormErrors = {};
  const number = first(errors.number);
  const expiry = first(errors.exp_month) ?? first(errors.exp_year);
  const cvc = first(errors.cvc);
  if (number) result.number = number;
  if (expiry) result.expiry = expiry;
  if (cvc) result.cvc = cvc;
  return result;
}

/** Every field's error, as the server would report it; empty when the card may be sent. */
export function validateCardForm(form: CardForm, now: Date = new Date()): CardFormErrors {
  const expiry = parseExpiry(form.expiry);
  const errors = formErrorsFrom(
    cardFieldErrors(
      {
        number: form.number,
        // An incomplete expiry is reported below; placeholders keep the other checks meaningful.
        exp_month: expiry?.month ?? 1,
        exp_year: expiry?.year ?? now.getUTCFullYear() + 1,
        cvc: form.cvc,
      },
      now,
    ),
  );
  if (!expiry) errors.expiry = CARD_EXPIRY_INCOMPLETE_MESSAGE;
  return errors;
}

/** The fields in the order they appear: the first one with an error gets the focus. */
export const CARD_FORM_FIELDS: readonly CardFormField[] = ['number', 'expiry', 'cvc'];
