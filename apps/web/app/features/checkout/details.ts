import { type AbandonedCart, checkoutDetailsForm } from '@sprout/contracts';
import type { FieldErrors } from '../../lib/api';

/**
 * The checkout's contact and delivery form (decision 018): `checkoutDetailsForm` in the browser
 * and in the route's action. The password is asked only of a cart that had none as the page opened.
 */
export function checkoutDetailsSchema(askPassword: boolean) {
  return askPassword ? checkoutDetailsForm : checkoutDetailsForm.partial({ password: true });
}

export const DETAIL_FIELDS = Object.keys(checkoutDetailsForm.shape);

/** The API keys a field shows besides its own: the zip's errors come on the zip it resolved and its state. */
export const DETAIL_FIELD_KEYS: Record<string, readonly string[]> = {
  zip_code: ['zip_code', 'zip_code_id', 'state_id'],
};

/** What the cart already knows fills the form: the shopper never types twice what they gave. */
export function checkoutDefaults(cart: AbandonedCart): Record<string, string> {
  return {
    email: cart.email ?? cart.referee?.email ?? '',
    first_name: cart.first_name ?? '',
    last_name: cart.last_name ?? '',
    address_line_1: cart.address_line_1 ?? '',
    address_line_2: cart.address_line_2 ?? '',
    city: cart.city ?? '',
    zip_code: cart.zip_code ?? '',
    phone: cart.phone ?? '',
    delivery_instructions: cart.delivery_instructions ?? '',
  };
}

/** Errors a refused Pay shows somewhere else than beside a text field (decision 013). */
const OTHER_PLACES = {
  first_delivery_date: 'date',
  frequency_weeks: 'frequency',
  payment_method_id: 'payment',
  promo_code: 'promo',
} as const;

export type PlacedErrors = {
  /** Keyed by the form's field names. */
  fields: Record<string, string[]>;
  date: string | null;
  frequency: string | null;
  payment: string | null;
  promo: string | null;
  /** Errors with no place of their own (cart, referral_code, sms opt-in…), one message each. */
  form: string[];
};

/** Sorts a 422's errors (the API's keys) to where the checkout shows them. */
export function placeServerErrors(errors: FieldErrors): PlacedErrors {
  const placed: PlacedErrors = {
    fields: {},
    date: null,
    frequency: null,
    payment: null,
    promo: null,
    form: [],
  };
  for (const [key, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    const field = DETAIL_FIELDS.find((name) => (DETAIL_FIELD_KEYS[name] ?? [name]).includes(key));
    if (field) {
      placed.fields[field] = [...(placed.fields[field] ?? []), ...messages];
      continue;
    }
    const place = OTHER_PLACES[key as keyof typeof OTHER_PLACES];
    if (place) placed[place] ??= first;
    else if (!placed.form.includes(first)) placed.form.push(first);
  }
  return placed;
}
