import { describe, expect, it } from 'vitest';
import { CARD_REQUIRED_MESSAGE, type CheckoutFacts, checkoutProblems, REQUIRED_MESSAGE } from './readiness';

const ready: CheckoutFacts = {
  threshold: 12,
  itemCount: 12,
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Lee',
  addressLine1: '1 Main St',
  city: 'Boston',
  phone: '(617) 555-0100',
  zipCodeKnown: true,
  zipCodeDelivered: true,
  hasPassword: true,
  deliveryDateOpen: true,
  hasPaymentMethod: true,
  promoProblem: null,
};

describe('checkout readiness', () => {
  it('has nothing to say about a complete checkout', () => {
    expect(checkoutProblems(ready)).toEqual({});
  });

  it('says how many items the box still needs, or that a plan is missing', () => {
    expect(checkoutProblems({ ...ready, itemCount: 11 })).toEqual({ cart: ['Your box needs 1 more item.'] });
    expect(checkoutProblems({ ...ready, itemCount: 3 })).toEqual({ cart: ['Your box needs 9 more items.'] });
    expect(checkoutProblems({ ...ready, threshold: null })).toEqual({ cart: ['Choose a plan first.'] });
  });

  it('names every missing contact field, blank text included', () => {
    const problems = checkoutProblems({
      ...ready,
      firstName: '  ',
      city: null,
      phone: '',
      zipCodeKnown: false,
    });
    expect(problems).toEqual({
      first_name: [REQUIRED_MESSAGE],
      city: [REQUIRED_MESSAGE],
      phone: [REQUIRED_MESSAGE],
      zip_code_id: [REQUIRED_MESSAGE],
    });
  });

  it('refuses an undelivered zip code, a closed date, a missing password or card', () => {
    expect(checkoutProblems({ ...ready, zipCodeDelivered: false, deliveryDateOpen: false })).toEqual({
      zip_code_id: ["Sorry, we don't deliver to this zip code yet."],
    });
    expect(Object.keys(checkoutProblems({ ...ready, deliveryDateOpen: false }))).toEqual([
      'first_delivery_date',
    ]);
    expect(Object.keys(checkoutProblems({ ...ready, hasPassword: false }))).toEqual(['password']);
    expect(Object.keys(checkoutProblems({ ...ready, hasPaymentMethod: false }))).toEqual([
      'payment_method_id',
    ]);
  });

  it('stops at a promo code that no longer applies instead of charging the full price', () => {
    expect(checkoutProblems({ ...ready, promoProblem: 'This promo code has reached its limit.' })).toEqual({
      promo_code: ['This promo code has reached its limit.'],
    });
  });

  it('needs a card whatever the first box costs: the next boxes are charged to it', () => {
    expect(checkoutProblems({ ...ready, hasPaymentMethod: false })).toEqual({
      payment_method_id: [CARD_REQUIRED_MESSAGE],
    });
  });
});
