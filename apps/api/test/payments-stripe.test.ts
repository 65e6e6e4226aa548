import { randomUUID } from 'node:crypto';
import { CARD_DECLINED_MESSAGE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { AppError } from '../src/errors/app-error';
import { createStripeClient, StripePaymentProvider } from '../src/modules/payments/stripe-provider';
import { fakeStripeApi, getJson, type StripeAnswer, type StripeRequest, sendJson } from './helpers';

/**
 * The Stripe adapter against a local imitation of the few Stripe API endpoints it calls (no
 * internet), and the webhook with events signed like Stripe signs them.
 */

const stripe = fakeStripeApi();

const visa = {
  id: 'pm_fake_visa',
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4: '4242' },
};

function stripeIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_fake_1',
    object: 'payment_intent',
    amount: 4599,
    currency: 'usd',
    capture_method: 'manual',
    status: 'requires_capture',
    client_secret: 'pi_fake_1_secret_abc',
    last_payment_error: null,
    payment_method: visa,
    ...overrides,
  };
}

function stripeError(status: number, error: Record<string, unknown>): StripeAnswer {
  return { status, body: { error } };
}

const provider = () =>
  new StripePaymentProvider(createStripeClient('sk_test_fake', stripe.api), 'pk_test_fake');

const authorizeInput = (overrides: Record<string, unknown> = {}) => ({
  amountCents: 4599,
  currency: 'usd' as const,
  paymentMethodId: 'pm_fake_visa',
  idempotencyKey: 'checkout-key-0123456789',
  description: 'Sprout & Spoon order',
  metadata: { abandoned_cart_id: 'cart-1' },
  ...overrides,
});

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Stripe adapter: authorize', () => {
  it('creates a confirmed manual-capture intent with our idempotency key', async () => {
    stripe.answer = () => ({ body: stripeIntent() });
    const intent = await provider().authorize(authorizeInput());
    expect(intent).toEqual({
      id: 'pi_fake_1',
      status: 'requires_capture',
      amountCents: 4599,
      clientSecret: 'pi_fake_1_secret_abc',
      declineMessage: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers['idempotency-key']).toBe('checkout-key-0123456789');
    expect(request!.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request!.params).toMatchObject({
      amount: '4599',
      currency: 'usd',
      payment_method: 'pm_fake_visa',
      capture_method: 'manual',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      description: 'Sprout & Spoon order',
      'metadata[abandoned_cart_id]': 'cart-1',
      'expand[0]': 'payment_method',
    });
  });

  it('hands back the client secret when the card asks for 3-D Secure', async () => {
    stripe.answer = () => ({
      body: stripeIntent({ status: 'requires_action', client_secret: 'pi_fake_1_secret_3ds' }),
    });
    const intent = await provider().authorize(authorizeInput());
    expect(intent).toMatchObject({ status: 'requires_action', clientSecret: 'pi_fake_1_secret_3ds' });
  });

  it("maps a card error to 'declined' with Stripe's customer-facing message", async () => {
    stripe.answer = () =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: stripeIntent({
          status: 'requires_payment_method',
          payment_method: null,
          last_payment_error: { type: 'card_error', message: 'Your card has insufficient funds.' },
        }),
        payment_method: visa,
      });
    const intent = await provider().authorize(authorizeInput());
    expect(intent).toEqual({
      id: 'pi_fake_1',
      status: 'declined',
      amountCents: 4599,
      clientSecret: 'pi_fake_1_secret_abc',
      declineMessage: 'Your card has insufficient funds.',
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('a replayed answer for a known key is refreshed to the intent’s current state', async () => {
    stripe.answer = (request) =>
      request.method === 'POST'
        ? { body: stripeIntent({ status: 'requires_action' }), headers: { 'idempotent-replayed': 'true' } }
        : { body: stripeIntent({ status: 'requires_capture' }) };
    const intent = await provider().authorize(authorizeInput());
    expect(intent.status).toBe('requires_capture');
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/payment_intents',
      'GET /v1/payment_intents/pi_fake_1',
    ]);
  });

  it("Stripe's idempotency error (same key, other parameters) is a conflict", async () => {
    stripe.answer = () =>
      stripeError(400, {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    const error = await appErrorOf(provider().authorize(authorizeInput({ amountCents: 100 })));
    expect(error.kind).toBe('conflict');
  });

  it('a card Stripe will not use here (another customer’s saved card) is a 422 on payment_method_id', async () => {
    stripe.answer = () =>
      stripeError(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: 'The provided PaymentMethod belongs to a different Customer.',
      });
    const error = await appErrorOf(provider().authorize(authorizeInput()));
    expect(error.status).toBe(422);
    expect(error.fieldErrors?.payment_method_id).toEqual([
      'We could not use this card. Please enter your card details again.',
    ]);
  });

  it('any other Stripe failure is an internal error that names the operation', async () => {
    stripe.answer = () =>
      stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const error = await appErrorOf(provider().authorize(authorizeInput()));
    expect(error.kind).toBe('internal');
    expect(error.message).toContain('Stripe authorize failed');
  });
});

describe('Stripe adapter: card fingerprint', () => {
  it("reads the payment method's card.fingerprint before any authorization", async () => {
    stripe.answer = () => ({ body: { ...visa, card: { ...visa.card, fingerprint: 'Xt5EWLLDS7FJjR1c' } } });
    expect(await provider().cardFingerprint('pm_fake_visa')).toBe('Xt5EWLLDS7FJjR1c');
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_fake_visa',
    ]);
  });

  it('an unknown payment method or one that is not a card has none; any other failure names the operation', async () => {
    stripe.answer = () =>
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such PaymentMethod: 'pm_gone'",
        param: 'payment_method',
      });
    expect(await provider().cardFingerprint('pm_gone')).toBeNull();
    stripe.answer = () => ({
      body: { id: 'pm_fake_bank', object: 'payment_method', type: 'us_bank_account' },
    });
    expect(await provider().cardFingerprint('pm_fake_bank')).toBeNull();
    stripe.answer = () =>
      stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const error = await appErrorOf(provider().cardFingerprint('pm_fake_visa'));
    expect(error.kind).toBe('internal');
    expect(error.message).toContain('Stripe read a card failed');
  });
});

describe('Stripe adapter: saved cards and off-session renewals', () => {
  it("saves the first payment's card on a new customer for later off-session charges", async () => {
    stripe.answer = (request) =>
      request.path === '/v1/customers'
        ? { body: { id: 'cus_fake_1', object: 'customer' } }
        : { body: stripeIntent({ customer: 'cus_fake_1' }) };
    const intent = await provider().authorize(
      authorizeInput({ saveForOffSession: { email: 'robin@example.com', name: 'Robin Okafor' } }),
    );
    expect(intent).toMatchObject({
      status: 'requires_capture',
      savedPaymentMethod: { paymentMethodId: 'pm_fake_visa', customerId: 'cus_fake_1' },
    });
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_intents',
    ]);
    const [customer, payment] = stripe.requests;
    // A retried checkout makes no second customer: the key is derived from the payment's.
    expect(customer!.headers['idempotency-key']).toBe('customer-checkout-key-0123456789');
    expect(customer!.params).toMatchObject({ email: 'robin@example.com', name: 'Robin Okafor' });
    expect(payment!.params).toMatchObject({
      customer: 'cus_fake_1',
      setup_future_usage: 'off_session',
      capture_method: 'manual',
      confirm: 'true',
    });
  });

  it('charges a saved card off-session, confirmed and captured at once, with the renewal key', async () => {
    stripe.answer = () => ({ body: stripeIntent({ status: 'succeeded', capture_method: 'automatic' }) });
    const intent = await provider().chargeOffSession({
      amountCents: 4599,
      currency: 'usd',
      paymentMethodId: 'pm_fake_visa',
      customerId: 'cus_fake_1',
      idempotencyKey: 'renewal-7-2026-12-15',
      description: 'Sprout & Spoon: box of 2026-12-15',
      metadata: { kind: 'renewal' },
    });
    expect(intent).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers['idempotency-key']).toBe('renewal-7-2026-12-15');
    expect(request!.params).toMatchObject({
      amount: '4599',
      customer: 'cus_fake_1',
      payment_method: 'pm_fake_visa',
      off_session: 'true',
      confirm: 'true',
    });
    expect(request!.params.capture_method).toBeUndefined();
  });

  const offSession = {
    amountCents: 4599,
    currency: 'usd' as const,
    paymentMethodId: 'pm_fake_visa',
    customerId: 'cus_fake_1',
    idempotencyKey: 'renewal-7-2026-12-15',
    description: 'box',
    metadata: {},
  };
  const waitingIntent = () =>
    stripeIntent({
      status: 'requires_payment_method',
      capture_method: 'automatic',
      last_payment_error: {
        type: 'card_error',
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_method: visa,
      },
      payment_method: null,
    });

  it('maps authentication_required to a charge waiting for its customer, not a decline (decision 041)', async () => {
    stripe.answer = (request) =>
      request.method === 'GET'
        ? { body: waitingIntent() }
        : stripeError(402, {
            type: 'card_error',
            code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
            payment_intent: waitingIntent(),
            payment_method: visa,
          });
    const intent = await provider().chargeOffSession(offSession);
    expect(intent).toMatchObject({
      id: 'pi_fake_1',
      status: 'requires_authentication',
      declineMessage: null,
      card: { brand: 'visa', last4: '4242' },
    });
    // Never a redirect: its customer confirms it on this site.
    expect(stripe.requests[0]!.params).toMatchObject({
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    // Read back after the customer's step, the same intent is paid.
    stripe.answer = () => ({ body: stripeIntent({ status: 'succeeded', capture_method: 'automatic' }) });
    expect((await provider().retrieve('pi_fake_1')).status).toBe('succeeded');
  });

  it('maps a card_declined whose decline_code is authentication_required the same way', async () => {
    stripe.answer = (request) =>
      request.method === 'GET'
        ? {
            body: stripeIntent({
              status: 'requires_payment_method',
              last_payment_error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'authentication_required',
              },
            }),
          }
        : stripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'authentication_required',
            message: 'Your card was declined.',
            payment_intent: stripeIntent({ status: 'requires_payment_method' }),
          });
    expect((await provider().chargeOffSession(offSession)).status).toBe('requires_authentication');
  });

  it('a real decline off-session stays a decline with Stripe’s message', async () => {
    stripe.answer = (request) =>
      request.method === 'GET'
        ? { body: stripeIntent({ status: 'requires_payment_method' }) }
        : stripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            payment_intent: stripeIntent({ status: 'requires_payment_method', payment_method: null }),
            payment_method: visa,
          });
    expect(await provider().chargeOffSession(offSession)).toMatchObject({
      status: 'declined',
      declineMessage: 'Your card has insufficient funds.',
    });
  });

  it('confirms a waiting intent on-session with its own card, for the browser’s 3-D Secure step', async () => {
    stripe.answer = (request) =>
      request.method === 'GET'
        ? { body: waitingIntent() }
        : {
            body: stripeIntent({
              status: 'requires_action',
              capture_method: 'automatic',
              client_secret: 'pi_fake_1_secret_3ds',
            }),
          };
    const intent = await provider().confirmOnSession('pi_fake_1');
    expect(intent).toMatchObject({ status: 'requires_action', clientSecret: 'pi_fake_1_secret_3ds' });
    const confirm = stripe.requests.find((request) => request.method === 'POST')!;
    expect(confirm.path).toBe('/v1/payment_intents/pi_fake_1/confirm');
    expect(confirm.params).toMatchObject({ payment_method: 'pm_fake_visa', off_session: 'false' });

    // Canceled (the box's time ran out): a conflict, nothing confirmed.
    stripe.answer = () => ({ body: stripeIntent({ status: 'canceled' }) });
    stripe.requests.length = 0;
    expect((await appErrorOf(provider().confirmOnSession('pi_fake_1'))).kind).toBe('conflict');
    expect(stripe.requests.every((request) => request.method === 'GET')).toBe(true);
  });
});

describe('Stripe adapter: card setups (a first box that costs $0)', () => {
  function stripeSetup(overrides: Record<string, unknown> = {}) {
    return {
      id: 'seti_fake_1',
      object: 'setup_intent',
      status: 'succeeded',
      client_secret: 'seti_fake_1_secret_abc',
      customer: 'cus_fake_setup',
      usage: 'off_session',
      last_setup_error: null,
      payment_method: visa,
      ...overrides,
    };
  }
  const setupInput = {
    paymentMethodId: 'pm_fake_visa',
    idempotencyKey: 'setup-checkout-key-0123456789',
    description: 'Sprout & Spoon: first box (12 items)',
    metadata: { kind: 'first_box' },
    customer: { email: 'robin@example.com', name: 'Robin Okafor' },
  };
  const answerSetup =
    (setup: Record<string, unknown>, headers: Record<string, string> = {}) =>
    (request: StripeRequest): StripeAnswer =>
      request.path === '/v1/customers'
        ? { body: { id: 'cus_fake_setup', object: 'customer' } }
        : { body: setup, headers };

  it('saves the card on a new customer with a confirmed off-session SetupIntent, charging nothing', async () => {
    stripe.answer = answerSetup(stripeSetup());
    const setup = await provider().setUpCard(setupInput);
    expect(setup).toEqual({
      id: 'seti_fake_1',
      status: 'succeeded',
      clientSecret: 'seti_fake_1_secret_abc',
      declineMessage: null,
      card: { brand: 'visa', last4: '4242' },
      savedPaymentMethod: { paymentMethodId: 'pm_fake_visa', customerId: 'cus_fake_setup' },
    });
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/setup_intents',
    ]);
    const [customer, created] = stripe.requests;
    // A retried checkout makes no second customer: its key is derived from the setup's.
    expect(customer!.headers['idempotency-key']).toBe('customer-setup-checkout-key-0123456789');
    expect(customer!.params).toMatchObject({ email: 'robin@example.com', name: 'Robin Okafor' });
    expect(created!.headers['idempotency-key']).toBe('setup-checkout-key-0123456789');
    expect(created!.params).toMatchObject({
      customer: 'cus_fake_setup',
      payment_method: 'pm_fake_visa',
      confirm: 'true',
      usage: 'off_session',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[kind]': 'first_box',
      'expand[0]': 'payment_method',
    });
    // Nothing is charged: no payment intent, no amount anywhere.
    expect(stripe.requests.some((request) => request.path.startsWith('/v1/payment_intents'))).toBe(false);
    expect(created!.params.amount).toBeUndefined();
  });

  it('hands back the client secret when the bank asks for 3-D Secure', async () => {
    stripe.answer = answerSetup(
      stripeSetup({ status: 'requires_action', client_secret: 'seti_fake_1_secret_3ds' }),
    );
    expect(await provider().setUpCard(setupInput)).toMatchObject({
      status: 'requires_action',
      clientSecret: 'seti_fake_1_secret_3ds',
      savedPaymentMethod: null,
    });
  });

  it("maps a declined card to 'declined' with Stripe's message, as the paid path does", async () => {
    stripe.answer = (request) =>
      request.path === '/v1/customers'
        ? { body: { id: 'cus_fake_setup', object: 'customer' } }
        : stripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            setup_intent: stripeSetup({
              status: 'requires_payment_method',
              payment_method: null,
              last_setup_error: { type: 'card_error', message: 'Your card was declined.' },
            }),
            payment_method: visa,
          });
    expect(await provider().setUpCard(setupInput)).toMatchObject({
      id: 'seti_fake_1',
      status: 'declined',
      declineMessage: 'Your card was declined.',
      card: { brand: 'visa', last4: '4242' },
      savedPaymentMethod: null,
    });
  });

  it('a replayed answer for a known key is refreshed to the setup’s current state', async () => {
    stripe.answer = (request) => {
      if (request.path === '/v1/customers') return { body: { id: 'cus_fake_setup', object: 'customer' } };
      if (request.method === 'GET') return { body: stripeSetup({ status: 'succeeded' }) };
      return { body: stripeSetup({ status: 'requires_action' }), headers: { 'idempotent-replayed': 'true' } };
    };
    expect((await provider().setUpCard(setupInput)).status).toBe('succeeded');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_fake_1' });
  });

  it("Stripe's idempotency error (same key, another card) is a conflict", async () => {
    stripe.answer = (request) =>
      request.path === '/v1/customers'
        ? { body: { id: 'cus_fake_setup', object: 'customer' } }
        : stripeError(400, {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters.',
          });
    expect((await appErrorOf(provider().setUpCard(setupInput))).kind).toBe('conflict');
  });

  it('cancels an unfinished setup; a succeeded one (its card saved) is left as it is', async () => {
    stripe.answer = () => ({ body: stripeSetup({ status: 'canceled' }) });
    await provider().cancelSetup('seti_fake_1');
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/setup_intents/seti_fake_1/cancel',
    });
    stripe.answer = () =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: 'You cannot cancel this SetupIntent because it has a status of succeeded.',
      });
    await expect(provider().cancelSetup('seti_fake_1')).resolves.toBeUndefined();
  });
});

describe('Stripe adapter: status mapping, capture, cancel, refund', () => {
  it.each([
    ['requires_capture', 'requires_capture', null],
    ['succeeded', 'succeeded', null],
    ['canceled', 'canceled', null],
    ['requires_action', 'requires_action', null],
    ['requires_payment_method', 'declined', 'We are unable to authenticate your payment method.'],
  ])('retrieve maps %s to %s', async (stripeStatus, status, declineMessage) => {
    stripe.answer = () => ({
      body: stripeIntent({
        status: stripeStatus,
        last_payment_error: declineMessage ? { type: 'card_error', message: declineMessage } : null,
      }),
    });
    const intent = await provider().retrieve('pi_fake_1');
    expect(intent).toMatchObject({ status, declineMessage });
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/pi_fake_1',
      params: { 'expand[0]': 'payment_method' },
    });
  });

  it('a failed confirmation without a Stripe message gets the generic decline message', async () => {
    stripe.answer = () => ({ body: stripeIntent({ status: 'requires_payment_method' }) });
    expect((await provider().retrieve('pi_fake_1')).declineMessage).toBe(CARD_DECLINED_MESSAGE);
  });

  it('an unknown intent is not found', async () => {
    stripe.answer = () =>
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment_intent',
      });
    expect((await appErrorOf(provider().retrieve('pi_nope'))).kind).toBe('not_found');
  });

  it('captures, and capturing an already captured intent returns it', async () => {
    stripe.answer = () => ({ body: stripeIntent({ status: 'succeeded' }) });
    expect((await provider().capture('pi_fake_1')).status).toBe('succeeded');
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_fake_1/capture',
    });

    stripe.requests.length = 0;
    stripe.answer = (request) =>
      request.method === 'POST'
        ? stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent could not be captured because it has a status of succeeded.',
          })
        : { body: stripeIntent({ status: 'succeeded' }) };
    expect(await provider().capture('pi_fake_1')).toMatchObject({ id: 'pi_fake_1', status: 'succeeded' });
    expect(stripe.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('capturing a canceled intent is a conflict', async () => {
    stripe.answer = (request) =>
      request.method === 'POST'
        ? stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'x',
          })
        : { body: stripeIntent({ status: 'canceled' }) };
    expect((await appErrorOf(provider().capture('pi_fake_1'))).kind).toBe('conflict');
  });

  it('cancels, idempotently; a captured intent cannot be canceled', async () => {
    stripe.answer = () => ({ body: stripeIntent({ status: 'canceled' }) });
    expect((await provider().cancel('pi_fake_1')).status).toBe('canceled');
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_fake_1/cancel',
    });

    let current = 'canceled';
    stripe.answer = (request) =>
      request.method === 'POST'
        ? stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'x',
          })
        : { body: stripeIntent({ status: current }) };
    expect((await provider().cancel('pi_fake_1')).status).toBe('canceled');
    current = 'succeeded';
    expect((await appErrorOf(provider().cancel('pi_fake_1'))).kind).toBe('conflict');
  });

  it('refunds with our idempotency key; too much is a validation error', async () => {
    stripe.answer = () => ({
      body: { id: 're_fake_1', object: 'refund', amount: 1500, payment_intent: 'pi_fake_1' },
    });
    expect(
      await provider().refund({ intentId: 'pi_fake_1', amountCents: 1500, idempotencyKey: 'refund-key-1' }),
    ).toEqual({ id: 're_fake_1', amountCents: 1500 });
    expect(stripe.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      params: { payment_intent: 'pi_fake_1', amount: '1500' },
    });
    expect(stripe.requests[0]!.headers['idempotency-key']).toBe('refund-key-1');

    stripe.answer = () =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($45.99)',
      });
    const error = await appErrorOf(
      provider().refund({ intentId: 'pi_fake_1', amountCents: 5000, idempotencyKey: 'refund-key-2' }),
    );
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors?.amount?.[0]).toContain('greater than unrefunded amount');
  });
});

describe('configuration', () => {
  it('needs both Stripe keys or neither, each in its own format', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY together/,
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })
        .STRIPE_SECRET_KEY,
    ).toBe('sk_live_abc');
  });
});

describe('the app with Stripe configured', () => {
  const WEBHOOK = '/api/payments/stripe/webhook';
  const webhookSecret = 'whsec_fake_signing_secret';
  let database: TestDatabase;
  let app: FastifyInstance;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      SITE_URL: 'http://localhost:3000',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
    app = await buildApp({ config, database: database.handle, stripeApi: stripe.api });
    await app.ready();
    const [user] = await database.handle.db
      .insert(schema.users)
      .values({ email: 'stripe-webhook@example.com' })
      .returning({ id: schema.users.id });
    userId = user!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function order(paymentIntentId: string, status: 'paid' | 'payment_pending' = 'payment_pending') {
    const [row] = await database.handle.db
      .insert(schema.orders)
      .values({
        userId,
        abandonedCartId: randomUUID(),
        idempotencyKey: randomUUID(),
        status,
        email: 'stripe-webhook@example.com',
        deliveryDate: '2030-01-07',
        frequencyWeeks: 1,
        shipFirstName: 'Jamie',
        shipLastName: 'Rivera',
        shipAddressLine1: '1 Main St',
        shipCity: 'New York',
        shipStateCode: 'NY',
        shipZipCode: '10001',
        itemsCents: 4599,
        promoDiscountCents: 0,
        orderValueDiscountCents: 0,
        shippingCents: 0,
        shippingBeforeDiscountCents: 0,
        taxCents: 0,
        taxBeforeDiscountCents: 0,
        referralCreditsCents: 0,
        creditsAppliedCents: 0,
        giftCardsAppliedCents: 0,
        compedCents: 0,
        totalCents: 4599,
        paymentProvider: 'stripe',
        paymentIntentId,
      })
      .returning({ id: schema.orders.id });
    return row!.id;
  }

  async function orderStatus(id: number) {
    const [row] = await database.handle.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(eq(schema.orders.id, id));
    return row?.status;
  }

  function event(
    type: string,
    object: Record<string, unknown>,
    id = `evt_${randomUUID().replaceAll('-', '')}`,
  ) {
    return {
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /** Posts an event as Stripe does: the raw JSON bytes, signed with the endpoint's secret. */
  function deliver(payload: unknown, secret = webhookSecret) {
    // Indented on purpose: the signature covers these exact bytes, not a re-serialisation.
    const body = JSON.stringify(payload, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });
  }

  it('uses Stripe: payment-config hands out the publishable key, the test provider is absent', async () => {
    expect(app.payments.name).toBe('stripe');
    const { body } = await getJson(app, '/api/sales/checkout/payment-config');
    expect(body.data).toEqual({ provider: 'stripe', publishable_key: 'pk_test_fake' });
    const testProvider = await sendJson(app, 'POST', '/test-provider/v1/payment-methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
    });
    expect(testProvider.status).toBe(404);
  });

  it('calls the configured Stripe API with the secret key', async () => {
    stripe.answer = () => ({ body: stripeIntent() });
    expect((await app.payments.authorize(authorizeInput())).status).toBe('requires_capture');
    expect(stripe.requests[0]!.headers.authorization).toBe('Bearer sk_test_fake');
  });

  it('payment_intent.succeeded marks the order paid; a redelivery answers 200 and changes nothing', async () => {
    const orderId = await order('pi_webhook_1');
    const succeeded = event(
      'payment_intent.succeeded',
      stripeIntent({ id: 'pi_webhook_1', status: 'succeeded' }),
    );
    const first = await deliver(succeeded);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await orderStatus(orderId)).toBe('paid');

    // Put the order back: a second handling of the same event would move it again.
    await database.handle.db
      .update(schema.orders)
      .set({ status: 'payment_pending' })
      .where(eq(schema.orders.id, orderId));
    const again = await deliver(succeeded);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await orderStatus(orderId)).toBe('payment_pending');
    const recorded = await database.handle.db
      .select()
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.eventId, succeeded.id));
    expect(recorded).toHaveLength(1);
  });

  it('concurrent deliveries of one event are handled once', async () => {
    const orderId = await order('pi_webhook_concurrent');
    const succeeded = event('payment_intent.succeeded', stripeIntent({ id: 'pi_webhook_concurrent' }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(succeeded)));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((response) => response.json().duplicate === false)).toHaveLength(1);
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('payment_intent.succeeded of a gift card purchase whose confirmation was lost issues its card once', async () => {
    const [purchase] = await database.handle.db
      .insert(schema.giftCardPurchases)
      .values({
        idempotencyKey: randomUUID(),
        status: 'pending',
        amountCents: 5000,
        buyerEmail: 'gift-buyer@example.com',
        senderName: 'Sam',
        recipientName: 'Priya',
        recipientEmail: 'gift-friend@example.com',
        deliverOn: '2020-01-01',
        paymentProvider: 'stripe',
        paymentIntentId: 'pi_webhook_gift',
      })
      .returning();
    const succeeded = event(
      'payment_intent.succeeded',
      stripeIntent({ id: 'pi_webhook_gift', status: 'succeeded' }),
    );
    const answers = await Promise.all([deliver(succeeded), deliver(succeeded)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const cards = await database.handle.db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.purchaseId, purchase!.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ balanceCents: 5000, pendingCode: null });
    const mails = await database.handle.db
      .select({ to: schema.mailMessages.to, template: schema.mailMessages.template })
      .from(schema.mailMessages)
      .where(eq(schema.mailMessages.to, 'gift-friend@example.com'));
    expect(mails).toEqual([{ to: 'gift-friend@example.com', template: 'gift-card' }]);
  });

  it('payment_intent.canceled cancels a pending order', async () => {
    const orderId = await order('pi_webhook_2');
    await deliver(event('payment_intent.canceled', stripeIntent({ id: 'pi_webhook_2', status: 'canceled' })));
    expect(await orderStatus(orderId)).toBe('canceled');
  });

  it('charge.refunded refunds the order only when the charge is fully refunded', async () => {
    const orderId = await order('pi_webhook_3', 'paid');
    const charge = { id: 'ch_1', object: 'charge', amount: 4599, payment_intent: 'pi_webhook_3' };
    await deliver(event('charge.refunded', { ...charge, amount_refunded: 1000, refunded: false }));
    expect(await orderStatus(orderId)).toBe('paid');
    await deliver(event('charge.refunded', { ...charge, amount_refunded: 4599, refunded: true }));
    expect(await orderStatus(orderId)).toBe('refunded');
    // A late "succeeded" never undoes the refund.
    await deliver(
      event('payment_intent.succeeded', stripeIntent({ id: 'pi_webhook_3', status: 'succeeded' })),
    );
    expect(await orderStatus(orderId)).toBe('refunded');
  });

  it('other event types are acknowledged and recorded', async () => {
    const other = event('customer.created', { id: 'cus_1', object: 'customer' });
    const response = await deliver(other);
    expect(response.statusCode).toBe(200);
    const recorded = await database.handle.db
      .select()
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.eventId, other.id));
    expect(recorded).toEqual([expect.objectContaining({ provider: 'stripe', type: 'customer.created' })]);
  });

  it('a bad or missing signature is refused with 400 and changes nothing', async () => {
    const orderId = await order('pi_webhook_4');
    const forged = event('payment_intent.succeeded', stripeIntent({ id: 'pi_webhook_4' }));
    const wrongSecret = await deliver(forged, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ message: 'The Stripe signature of this event is not valid.' });

    // A valid signature over different bytes (the body was tampered with after signing).
    const signed = JSON.stringify(forged);
    const tampered = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: signed,
          secret: webhookSecret,
        }),
      },
      payload: signed.replace('pi_webhook_4', 'pi_webhook_5'),
    });
    expect(tampered.statusCode).toBe(400);

    const unsigned = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: signed,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderStatus(orderId)).toBe('payment_pending');
    const recorded = await database.handle.db
      .select()
      .from(schema.paymentEvents)
      .where(eq(schema.paymentEvents.eventId, forged.id));
    expect(recorded).toHaveLength(0);
  });

  it('keeps parsing JSON normally on every other route', async () => {
    const created = await sendJson(app, 'POST', '/api/customers/abandoned-carts');
    expect(created.status).toBe(201);
    const updated = await sendJson(app, 'PUT', `/api/customers/abandoned-carts/${created.body.data.id}`, {
      email: 'json-still-parsed@example.com',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.email).toBe('json-still-parsed@example.com');
  });
});

describe('the webhook route exists only with Stripe and its signing secret', () => {
  it.each([
    ['the test provider', {}],
    [
      'Stripe without a webhook secret',
      { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' },
    ],
  ])('is absent with %s', async (_name, env) => {
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      SITE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const app = await buildApp({ config, database: database.handle, logger: false });
    try {
      const response = await sendJson(app, 'POST', '/api/payments/stripe/webhook', { id: 'evt_1' });
      expect(response.status).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
