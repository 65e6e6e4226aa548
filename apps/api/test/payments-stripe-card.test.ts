import { CARD_OF_ANOTHER_ACCOUNT_MESSAGE } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors/app-error';
import { createStripeClient, StripePaymentProvider } from '../src/modules/payments/stripe-provider';
import { fakeStripeApi, type StripeAnswer, type StripeRequest } from './helpers';

/** The Stripe adapter's card replacement (the account's payment method), against a local imitation of Stripe. */
const fakeStripe = fakeStripeApi();

const provider = () =>
  new StripePaymentProvider(createStripeClient('sk_test_fake', fakeStripe.api), 'pk_test_fake');
const mastercard = {
  id: 'pm_fake_mc',
  object: 'payment_method',
  type: 'card',
  card: { brand: 'mastercard', last4: '4444' },
};
/** The card as Stripe holds it: `customer` is whom it is attached to, if anyone. */
let cardCustomer: string | null = null;
const stripe = (request: StripeRequest): StripeAnswer => {
  if (request.path === '/v1/payment_methods/pm_fake_mc' && request.method === 'GET')
    return { body: { ...mastercard, customer: cardCustomer } };
  if (request.path === '/v1/customers' && request.method === 'POST')
    return { body: { id: 'cus_new', object: 'customer' } };
  if (request.path === '/v1/payment_methods/pm_fake_mc/attach')
    return { body: { ...mastercard, customer: request.params.customer } };
  if (request.path.startsWith('/v1/customers/'))
    return { body: { id: request.path.split('/')[3], object: 'customer' } };
  return { status: 404, body: { error: { type: 'invalid_request_error', message: 'unknown' } } };
};

describe('Stripe adapter: savePaymentMethod', () => {
  it("attaches the card to the subscription's customer and makes it the default for off-session charges", async () => {
    fakeStripe.answer = stripe;
    const saved = await provider().savePaymentMethod({
      paymentMethodId: 'pm_fake_mc',
      customerId: 'cus_existing',
      email: 'jamie@example.com',
      name: 'Jamie Rivera',
    });
    expect(saved).toEqual({
      paymentMethodId: 'pm_fake_mc',
      customerId: 'cus_existing',
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(fakeStripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_fake_mc',
      'POST /v1/payment_methods/pm_fake_mc/attach',
      'POST /v1/customers/cus_existing',
    ]);
    expect(fakeStripe.requests[1]!.params).toMatchObject({ customer: 'cus_existing' });
    expect(fakeStripe.requests[2]!.params).toMatchObject({
      'invoice_settings[default_payment_method]': 'pm_fake_mc',
    });
  });

  it("refuses a card attached to another customer (someone else's saved card) before touching anything", async () => {
    fakeStripe.answer = stripe;
    cardCustomer = 'cus_someone_else';
    try {
      for (const customerId of ['cus_existing', null]) {
        const error = await provider()
          .savePaymentMethod({
            paymentMethodId: 'pm_fake_mc',
            customerId,
            email: 'jamie@example.com',
            name: 'Jamie Rivera',
          })
          .then(
            () => null,
            (reason: unknown) => reason,
          );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(422);
        expect((error as AppError).fieldErrors?.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);
      }
      // Only the look-up: no customer made, nothing attached, no default changed.
      expect(fakeStripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'GET /v1/payment_methods/pm_fake_mc',
        'GET /v1/payment_methods/pm_fake_mc',
      ]);
      // The card's own customer saving it again is fine (Stripe attaches it once).
      const saved = await provider().savePaymentMethod({
        paymentMethodId: 'pm_fake_mc',
        customerId: 'cus_someone_else',
        email: 'x@example.com',
        name: 'X',
      });
      expect(saved.customerId).toBe('cus_someone_else');
    } finally {
      cardCustomer = null;
    }
  });

  it('makes a customer first when the subscription has none', async () => {
    fakeStripe.answer = stripe;
    const saved = await provider().savePaymentMethod({
      paymentMethodId: 'pm_fake_mc',
      customerId: null,
      email: 'jamie@example.com',
      name: 'Jamie Rivera',
    });
    expect(saved.customerId).toBe('cus_new');
    expect(fakeStripe.requests[1]).toMatchObject({
      path: '/v1/customers',
      params: { email: 'jamie@example.com', name: 'Jamie Rivera' },
    });
    expect(fakeStripe.requests[2]!.params).toMatchObject({ customer: 'cus_new' });
  });

  it('turns a refused card into a 422 the customer can act on', async () => {
    fakeStripe.answer = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    });
    const error = await provider()
      .savePaymentMethod({
        paymentMethodId: 'pm_bad',
        customerId: 'cus_existing',
        email: 'a@example.com',
        name: 'A',
      })
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).fieldErrors?.payment_method_id?.[0]).toMatch(/declined/i);
  });
});
