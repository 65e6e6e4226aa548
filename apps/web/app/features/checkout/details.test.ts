import { describe, expect, it } from 'vitest';
import { checkoutDetailsSchema, placeServerErrors } from './details';

describe('the checkout details form', () => {
  it('asks for the password only when the cart has none', () => {
    const details = {
      email: 'robin@example.com',
      first_name: 'Robin',
      last_name: 'Okafor',
      address_line_1: '12 Orchard Lane',
      city: 'New York',
      zip_code: '10001',
      phone: '(212) 555-0142',
    };
    expect(checkoutDetailsSchema(true).safeParse(details).success).toBe(false);
    expect(checkoutDetailsSchema(false).safeParse(details).success).toBe(true);
    expect(checkoutDetailsSchema(false).safeParse({ ...details, password: 'short' }).success).toBe(false);
  });
});

describe('server errors of a failed Pay', () => {
  it('go beside their fields (the zip shows zip_code_id), to the date, the card, the promo code, or the form', () => {
    const placed = placeServerErrors({
      first_name: ['Too long'],
      zip_code_id: ['We do not deliver to this zip code yet.'],
      first_delivery_date: ['This date is closed for orders now.'],
      payment_method_id: ['Your card was declined. Please use another card.'],
      promo_code: ['This promo code has reached its limit.'],
      cart: ['Your box is not full yet.'],
      referral_code: ['This referral code could not be applied.'],
    });
    expect(placed.fields).toEqual({
      first_name: ['Too long'],
      zip_code: ['We do not deliver to this zip code yet.'],
    });
    expect(placed.date).toBe('This date is closed for orders now.');
    expect(placed.payment).toBe('Your card was declined. Please use another card.');
    expect(placed.promo).toBe('This promo code has reached its limit.');
    expect(placed.frequency).toBeNull();
    expect(placed.form).toEqual(['Your box is not full yet.', 'This referral code could not be applied.']);
  });
});
