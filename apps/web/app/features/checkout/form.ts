import { type AbandonedCart, checkoutDetailsForm } from '@sprout/contracts';
import type { FieldErrors } from '../../lib/api';
import type { CartUpdateFields } from '../cart/mapping';
import { type FieldState, firstServerError, patchField, withoutServerErrors } from '../forms/rules';

/**
 * The checkout's contact and delivery form (spec section 5): fields validate on blur and change,
 * errors show only while a field is not focused, a server error on a field clears when that field
 * is edited, and after a failed Pay the first field in error gets focus with its message kept.
 */

export {
  PHONE_MESSAGE as INVALID_PHONE_MESSAGE,
  ZIP_CODE_MESSAGE as INVALID_ZIP_MESSAGE,
} from '@sprout/contracts';
export {
  INVALID_EMAIL_MESSAGE,
  MIN_PASSWORD_LENGTH,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from '../forms/rules';

export const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'city',
  'zipCode',
  'phone',
  'deliveryInstructions',
  'password',
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;

/** Each field's rule in the contracts (the cart's snake_case names). */
const CONTRACT_FIELDS: Record<CheckoutField, keyof typeof checkoutDetailsForm.shape> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  addressLine1: 'address_line_1',
  addressLine2: 'address_line_2',
  city: 'city',
  zipCode: 'zip_code',
  phone: 'phone',
  deliveryInstructions: 'delivery_instructions',
  password: 'password',
};

/** The field's first problem by the contracts' rule (an empty field is one not given), or null. */
export function validateField(
  field: CheckoutField,
  value: string,
  options: { askPassword: boolean },
): string | null {
  if (field === 'password' && !options.askPassword) return null;
  const rule = checkoutDetailsForm.shape[CONTRACT_FIELDS[field]];
  const result = rule.safeParse(value.trim() === '' ? undefined : value);
  return result.error?.issues[0]?.message ?? null;
}

/**
 * Server field keys (camel-cased: the cart update and checkout answers both go through
 * camelCaseFieldErrors) shown beside each field. The zip's errors come on zip_code_id.
 */
export const SERVER_KEYS: Record<CheckoutField, string[]> = {
  email: ['email'],
  firstName: ['firstName'],
  lastName: ['lastName'],
  addressLine1: ['addressLine1'],
  addressLine2: ['addressLine2'],
  city: ['city'],
  zipCode: ['zipCodeId', 'zipCode', 'stateId'],
  phone: ['phone'],
  deliveryInstructions: ['deliveryInstructions'],
  password: ['password'],
};

/** Keys shown somewhere else than a text field. */
export type ServerErrorPlace = 'date' | 'frequency' | 'payment' | 'promo' | 'form';

const OTHER_PLACES: Record<string, ServerErrorPlace> = {
  firstDeliveryDate: 'date',
  frequencyWeeks: 'frequency',
  paymentMethodId: 'payment',
  promoCode: 'promo',
};

export type PlacedErrors = {
  fields: FieldErrors;
  date: string | null;
  frequency: string | null;
  payment: string | null;
  promo: string | null;
  /** Errors with no place of their own (cart, referral_code, sms opt-in…), one message each. */
  form: string[];
};

/** Sorts a 422's camel-cased errors to where the checkout shows them. */
export function placeServerErrors(errors: FieldErrors): PlacedErrors {
  const fieldKeys = new Set(Object.values(SERVER_KEYS).flat());
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
    if (fieldKeys.has(key)) {
      placed.fields[key] = messages;
      continue;
    }
    const place = OTHER_PLACES[key];
    if (place && place !== 'form') placed[place] ??= first;
    else if (!placed.form.includes(first)) placed.form.push(first);
  }
  return placed;
}

export type CheckoutFormState = {
  fields: Record<CheckoutField, FieldState>;
  /** Server errors (camel-cased keys) on the text fields. */
  serverErrors: FieldErrors;
  /** The field focus was sent to after a failed Pay: its error stays shown while it is focused. */
  announced: CheckoutField | null;
};

export type CheckoutFormEvent =
  | { type: 'focus'; field: CheckoutField }
  | { type: 'blur'; field: CheckoutField }
  | { type: 'change'; field: CheckoutField; value: string }
  /** Pay pressed: every field is validated; the first invalid one is announced. */
  | { type: 'validate-all'; first: CheckoutField | null }
  | { type: 'server-errors'; errors: FieldErrors }
  /** Errors from a background save (the zip code's): shown, but focus stays where the visitor is. */
  | { type: 'merge-server-errors'; errors: FieldErrors };

/** What the cart already knows fills the form (spec section 5: prefilled from stored state). */
export function initialValues(cart: AbandonedCart): CheckoutValues {
  return {
    email: cart.email ?? cart.referee?.email ?? '',
    firstName: cart.first_name ?? '',
    lastName: cart.last_name ?? '',
    addressLine1: cart.address_line_1 ?? '',
    addressLine2: cart.address_line_2 ?? '',
    city: cart.city ?? '',
    zipCode: cart.zip_code ?? '',
    phone: cart.phone ?? '',
    deliveryInstructions: cart.delivery_instructions ?? '',
    password: '',
  };
}

export function initialFormState(values: CheckoutValues): CheckoutFormState {
  const fields = {} as Record<CheckoutField, FieldState>;
  for (const name of CHECKOUT_FIELDS) {
    // A prefilled value is validated at once: it came from the cart, not from typing.
    fields[name] = { value: values[name], touched: values[name] !== '', focused: false };
  }
  return { fields, serverErrors: {}, announced: null };
}

export function checkoutFormReducer(state: CheckoutFormState, event: CheckoutFormEvent): CheckoutFormState {
  const update = (name: CheckoutField, patch: Partial<FieldState>) => patchField(state.fields, name, patch);
  switch (event.type) {
    case 'focus':
      return { ...state, fields: update(event.field, { focused: true }) };
    case 'blur':
      return {
        ...state,
        fields: update(event.field, { focused: false, touched: true }),
        announced: state.announced === event.field ? null : state.announced,
      };
    case 'change':
      return {
        ...state,
        fields: update(event.field, { value: event.value }),
        serverErrors: withoutServerErrors(state.serverErrors, SERVER_KEYS[event.field]),
        announced: state.announced === event.field ? null : state.announced,
      };
    case 'validate-all': {
      const fields = { ...state.fields };
      for (const name of CHECKOUT_FIELDS) fields[name] = { ...fields[name], touched: true };
      return { ...state, fields, announced: event.first };
    }
    case 'server-errors': {
      const announced =
        CHECKOUT_FIELDS.find((field) => SERVER_KEYS[field].some((key) => event.errors[key]?.[0])) ?? null;
      return { ...state, serverErrors: event.errors, announced };
    }
    case 'merge-server-errors':
      return { ...state, serverErrors: { ...state.serverErrors, ...event.errors } };
  }
}

export function serverFieldError(state: CheckoutFormState, field: CheckoutField): string | null {
  return firstServerError(state.serverErrors, SERVER_KEYS[field]);
}

/** The error under a field: none while focused (unless focus was sent there); the server's first. */
export function visibleFieldError(
  state: CheckoutFormState,
  field: CheckoutField,
  options: { askPassword: boolean },
): string | null {
  const current = state.fields[field];
  if (current.focused && state.announced !== field) return null;
  const fromServer = serverFieldError(state, field);
  if (fromServer) return fromServer;
  return current.touched ? validateField(field, current.value, options) : null;
}

/** The first field, in page order, that fails its rule or carries a server error. */
export function firstInvalidField(
  state: CheckoutFormState,
  options: { askPassword: boolean },
): CheckoutField | null {
  return (
    CHECKOUT_FIELDS.find(
      (field) =>
        serverFieldError(state, field) !== null ||
        validateField(field, state.fields[field].value, options) !== null,
    ) ?? null
  );
}

export function formValues(state: CheckoutFormState): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const name of CHECKOUT_FIELDS) values[name] = state.fields[name].value;
  return values;
}

/** The cart update sent before paying (empty values are dropped by the cart's own mapping). */
export function toCartUpdate(values: CheckoutValues, receivesSmsUpdates: boolean): CartUpdateFields {
  return {
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2,
    city: values.city,
    zipCode: values.zipCode,
    phone: values.phone,
    deliveryInstructions: values.deliveryInstructions,
    receivesSmsUpdates,
    password: values.password === '' ? null : values.password,
  };
}
