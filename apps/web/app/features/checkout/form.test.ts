import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_FIELDS,
  type CheckoutFormState,
  type CheckoutValues,
  checkoutFormReducer,
  firstInvalidField,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  INVALID_ZIP_MESSAGE,
  initialFormState,
  PASSWORD_LENGTH_MESSAGE,
  placeServerErrors,
  REQUIRED_MESSAGE,
  toCartUpdate,
  validateField,
  visibleFieldError,
} from './form';

const asked = { askPassword: true };
const values: CheckoutValues = {
  email: 'robin@example.com',
  firstName: 'Robin',
  lastName: 'Okafor',
  addressLine1: '12 Orchard Lane',
  addressLine2: '',
  city: 'New York',
  zipCode: '10001',
  phone: '(212) 555-0142',
  deliveryInstructions: '',
  password: 'little-spoons',
};

describe('field rules (spec section 5)', () => {
  it('requires the contact and address fields, not the optional ones', () => {
    for (const field of [
      'email',
      'firstName',
      'lastName',
      'addressLine1',
      'city',
      'zipCode',
      'phone',
    ] as const)
      expect(validateField(field, '  ', asked), field).toBe(REQUIRED_MESSAGE);
    expect(validateField('addressLine2', '', asked)).toBeNull();
    expect(validateField('deliveryInstructions', '', asked)).toBeNull();
  });

  it('checks the email, the 5-digit zip and a US phone number', () => {
    expect(validateField('email', 'robin@', asked)).toBe(INVALID_EMAIL_MESSAGE);
    expect(validateField('zipCode', '1000', asked)).toBe(INVALID_ZIP_MESSAGE);
    expect(validateField('zipCode', '10001', asked)).toBeNull();
    for (const phone of ['2125550142', '(212) 555-0142', '212.555.0142', '+1 212 555 0142'])
      expect(validateField('phone', phone, asked), phone).toBeNull();
    for (const phone of ['555-0142', '212 555 01420', 'call me'])
      expect(validateField('phone', phone, asked), phone).toBe(INVALID_PHONE_MESSAGE);
  });

  it('asks for a password of at least 8 characters only from a new customer', () => {
    expect(validateField('password', '', asked)).toBe(REQUIRED_MESSAGE);
    expect(validateField('password', 'short', asked)).toBe(PASSWORD_LENGTH_MESSAGE);
    expect(validateField('password', 'eight888', asked)).toBeNull();
    expect(validateField('password', '', { askPassword: false })).toBeNull();
  });

  it('caps lengths like the API does', () => {
    expect(validateField('firstName', 'x'.repeat(101), asked)).toBe('At most 100 characters');
    expect(validateField('deliveryInstructions', 'x'.repeat(501), asked)).toBe('At most 500 characters');
  });
});

describe('the form state', () => {
  const empty = initialFormState({ ...values, firstName: '', password: '' });

  it('validates prefilled values at once and empty ones after they are left', () => {
    expect(empty.fields.email.touched).toBe(true);
    expect(visibleFieldError(empty, 'firstName', asked)).toBeNull();
    const left = checkoutFormReducer(checkoutFormReducer(empty, { type: 'focus', field: 'firstName' }), {
      type: 'blur',
      field: 'firstName',
    });
    expect(visibleFieldError(left, 'firstName', asked)).toBe(REQUIRED_MESSAGE);
  });

  it('hides errors while a field is focused, except the one focus was sent to', () => {
    let state: CheckoutFormState = checkoutFormReducer(empty, { type: 'validate-all', first: 'firstName' });
    state = checkoutFormReducer(state, { type: 'focus', field: 'firstName' });
    expect(visibleFieldError(state, 'firstName', asked)).toBe(REQUIRED_MESSAGE);
    state = checkoutFormReducer(state, { type: 'focus', field: 'password' });
    expect(visibleFieldError(state, 'password', asked)).toBeNull();
    state = checkoutFormReducer(state, { type: 'blur', field: 'password' });
    expect(visibleFieldError(state, 'password', asked)).toBe(REQUIRED_MESSAGE);
  });

  it('shows a server error beside its field until that field is edited', () => {
    const filled = initialFormState(values);
    let state = checkoutFormReducer(filled, {
      type: 'server-errors',
      errors: {
        zipCodeId: ['We do not deliver to this zip code yet.'],
        phone: ['Please enter a valid US phone number'],
      },
    });
    // Focus goes to the first of them in page order.
    expect(state.announced).toBe('zipCode');
    expect(visibleFieldError(state, 'zipCode', asked)).toBe('We do not deliver to this zip code yet.');
    expect(firstInvalidField(state, asked)).toBe('zipCode');
    state = checkoutFormReducer(state, { type: 'change', field: 'zipCode', value: '60601' });
    expect(visibleFieldError(state, 'zipCode', asked)).toBeNull();
    expect(visibleFieldError(state, 'phone', asked)).toBe('Please enter a valid US phone number');
  });

  it('adds errors of a background save without moving focus', () => {
    const state = checkoutFormReducer(initialFormState(values), {
      type: 'merge-server-errors',
      errors: { zipCodeId: ['Unknown zip code'] },
    });
    expect(state.announced).toBeNull();
    expect(visibleFieldError(state, 'zipCode', asked)).toBe('Unknown zip code');
  });

  it('finds the first invalid field in page order', () => {
    expect(firstInvalidField(initialFormState(values), asked)).toBeNull();
    expect(firstInvalidField(empty, asked)).toBe('firstName');
    expect(CHECKOUT_FIELDS.indexOf('firstName')).toBeLessThan(CHECKOUT_FIELDS.indexOf('password'));
  });
});

describe('server errors of a failed Pay', () => {
  it('go beside their fields, to the date, the card, the promo code, or the form', () => {
    const placed = placeServerErrors({
      firstName: ['Too long'],
      zipCodeId: ['We do not deliver to this zip code yet.'],
      firstDeliveryDate: ['This date is closed for orders now.'],
      paymentMethodId: ['Your card was declined. Please use another card.'],
      promoCode: ['This promo code has reached its limit.'],
      cart: ['Your box is not full yet.'],
      referralCode: ['This referral code could not be applied.'],
    });
    expect(placed.fields).toEqual({
      firstName: ['Too long'],
      zipCodeId: ['We do not deliver to this zip code yet.'],
    });
    expect(placed.date).toBe('This date is closed for orders now.');
    expect(placed.payment).toBe('Your card was declined. Please use another card.');
    expect(placed.promo).toBe('This promo code has reached its limit.');
    expect(placed.frequency).toBeNull();
    expect(placed.form).toEqual(['Your box is not full yet.', 'This referral code could not be applied.']);
  });
});

describe('the cart update before paying', () => {
  it('sends the typed details and the SMS choice, and no empty password', () => {
    expect(toCartUpdate(values, false)).toMatchObject({
      email: 'robin@example.com',
      zipCode: '10001',
      receivesSmsUpdates: false,
      password: 'little-spoons',
    });
    expect(toCartUpdate({ ...values, password: '' }, true).password).toBeNull();
  });
});
