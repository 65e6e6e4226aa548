import {
  type AbandonedCart,
  type AbandonedCartResponse,
  type CompleteCheckoutBody,
  type CompleteCheckoutResponse,
  PRICE_CHANGED_MESSAGE,
} from '@sprout/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure, ApiResult } from '../../lib/api';

import type { PaymentFieldsHandle } from '../payments/payment-fields-handle';
import {
  AttemptMemory,
  CARD_FORM_NOT_READY,
  newIdempotencyKey,
  type PayDeps,
  type PayInput,
  pay,
} from './pay';

const input: PayInput = {
  abandonedCartId: '6f1c1f8e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  cartUpdate: { email: 'robin@example.com', first_name: 'Robin' },
  firstDeliveryDate: '2026-12-03',
  frequencyWeeks: 2,
  total: 42.66,
};

const completed = {
  kind: 'ok',
  status: 201,
  data: {
    data: {
      status: 'completed',
      order: { id: 1 },
      subscription: { id: 1 },
      user: { id: 7, email: 'robin@example.com' },
      redirect: '/onboarding/checkout/success',
    },
    meta: {},
  },
} as unknown as ApiResult<CompleteCheckoutResponse>;

const needsAction: ApiResult<CompleteCheckoutResponse> = {
  kind: 'ok',
  status: 200,
  data: {
    data: {
      status: 'requires_action',
      payment_intent: { id: 'pi_1', client_secret: 'pi_1_secret', amount: 42.66 },
    },
    meta: {},
  },
};

const failure = (kind: ApiFailure['kind'], status: number | null, fieldErrors = {}, message = 'Nope') =>
  ({ kind: 'error', error: { kind, status, message, fieldErrors, code: null } }) as const;
const cartLocked = () =>
  ({
    kind: 'error',
    error: { kind: 'cart-locked', status: 400, message: 'Locked', fieldErrors: {}, code: 10002 },
  }) as const;

/** The cart the PUT answers, costing `total` dollars. */
const savedCart = (total: number): ApiResult<AbandonedCartResponse> => ({
  kind: 'ok',
  status: 200,
  data: {
    data: { id: input.abandonedCartId, cart: { costs: { total_cost: total } } } as unknown as AbandonedCart,
    meta: { pixels: [] },
  },
});
const saved = savedCart(input.total);

function setup(
  answers: ApiResult<CompleteCheckoutResponse>[],
  options: { save?: ApiResult<AbandonedCartResponse> } = {},
) {
  const bodies: CompleteCheckoutBody[] = [];
  let keys = 0;
  const payment: PaymentFieldsHandle = {
    createPaymentMethod: vi.fn(async () => ({ id: `pm_${bodies.length + 1}` })),
    handleNextAction: vi.fn(async () => ({ ok: true as const })),
  };
  const deps: PayDeps = {
    saveCart: vi.fn(async () => options.save ?? saved),
    complete: vi.fn(async (body: CompleteCheckoutBody) => {
      bodies.push(body);
      return answers.shift() ?? failure('server', 500);
    }),
    payment,
    newKey: () => `key_${String(++keys).padStart(16, '0')}`,
  };
  return { deps, bodies, payment, memory: new AttemptMemory() };
}

describe('one press of Pay', () => {
  it('saves the details, tokenises the card, then completes with a new key', async () => {
    const { deps, bodies, payment, memory } = setup([completed]);
    const outcome = await pay(input, deps, memory);
    expect(outcome.kind).toBe('completed');
    expect(deps.saveCart).toHaveBeenCalledWith(input.cartUpdate);
    expect(payment.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([
      {
        abandoned_cart_id: input.abandonedCartId,
        idempotency_key: 'key_0000000000000001',
        payment_method_id: 'pm_1',
        first_delivery_date: '2026-12-03',
        frequency_weeks: 2,
        expected_total: 42.66,
      },
    ]);
    expect(memory.current).toBeNull();
  });

  it('sends the card when nothing is due today: the next boxes are charged to it', async () => {
    const { deps, bodies, payment, memory } = setup([completed], { save: savedCart(0) });
    await pay({ ...input, total: 0 }, deps, memory);
    expect(payment.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(bodies[0]).toMatchObject({ expected_total: 0, payment_method_id: expect.any(String) });
  });

  it('with gift cards: the shown total is what the cards leave on the saved cart, and the codes go along', async () => {
    const { deps, bodies, payment, memory } = setup([completed], { save: savedCart(80) });
    deps.checkGiftCards = vi.fn(async () => ({
      kind: 'ok' as const,
      status: 200,
      data: {
        data: { cards: [], gift_cards_amount_applied: 80, gift_cards_amount_available: 100, total_cost: 0 },
        meta: {},
      },
    }));
    const outcome = await pay({ ...input, total: 0, giftCardCodes: ['CODE-1'] }, deps, memory);
    expect(outcome.kind).toBe('completed');
    expect(deps.checkGiftCards).toHaveBeenCalledWith(['CODE-1']);
    expect(payment.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(bodies[0]).toMatchObject({
      expected_total: 0,
      gift_card_codes: ['CODE-1'],
      payment_method_id: expect.any(String),
    });
  });

  it('with gift cards whose balance changed: stops before the card, price changed', async () => {
    const { deps, bodies, memory } = setup([completed], { save: savedCart(80) });
    deps.checkGiftCards = vi.fn(async () => ({
      kind: 'ok' as const,
      status: 200,
      data: {
        data: { cards: [], gift_cards_amount_applied: 30, gift_cards_amount_available: 30, total_cost: 50 },
        meta: {},
      },
    }));
    const outcome = await pay({ ...input, total: 0, giftCardCodes: ['CODE-1'] }, deps, memory);
    expect(outcome.kind).toBe('price-changed');
    expect(bodies).toHaveLength(0);
  });

  it('goes through 3-D Secure and submits again with the same key', async () => {
    const { deps, bodies, payment, memory } = setup([needsAction, completed]);
    const outcome = await pay(input, deps, memory);
    expect(outcome.kind).toBe('completed');
    expect(payment.handleNextAction).toHaveBeenCalledWith({
      paymentIntentId: 'pi_1',
      clientSecret: 'pi_1_secret',
      amount: 42.66,
    });
    expect(bodies.map((body) => body.idempotency_key)).toEqual([
      'key_0000000000000001',
      'key_0000000000000001',
    ]);
  });

  it('stops when authentication fails, and the next press makes a new key', async () => {
    const { deps, payment, memory, bodies } = setup([needsAction, completed]);
    vi.mocked(payment.handleNextAction).mockResolvedValueOnce({ error: 'We could not verify your card.' });
    expect(await pay(input, deps, memory)).toEqual({
      kind: 'payment-error',
      message: 'We could not verify your card.',
      stage: 'authentication',
    });
    await pay(input, deps, memory);
    expect(bodies.map((body) => body.idempotency_key)).toEqual([
      'key_0000000000000001',
      'key_0000000000000002',
    ]);
  });

  it.each([
    ['no answer (network down, timeout)', failure('no-response', null)],
    ['a 500 answer', failure('server', 500)],
    ['a 503 answer', failure('server', 503)],
    ['a 2xx answer that cannot be read', failure('server', 200)],
  ])('keeps the key after %s: the next press retries the same attempt', async (_name, answer) => {
    const { deps, bodies, payment, memory } = setup([answer, completed]);
    expect(await pay(input, deps, memory)).toMatchObject({ kind: 'failed', retryable: true });
    expect(memory.current).toEqual({
      key: 'key_0000000000000001',
      paymentMethodId: 'pm_1',
      expectedTotal: 42.66,
    });
    expect((await pay(input, deps, memory)).kind).toBe('completed');
    // Same key, card token and total; the cart is not saved again.
    expect(bodies[1]).toEqual(bodies[0]);
    expect(deps.saveCart).toHaveBeenCalledTimes(1);
    expect(payment.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(memory.current).toBeNull();
  });

  it('keeps the key after a 5xx answer to the re-submit after 3-D Secure', async () => {
    const { deps, bodies, payment, memory } = setup([needsAction, failure('server', 502), completed]);
    expect(await pay(input, deps, memory)).toMatchObject({ kind: 'failed', retryable: true });
    expect((await pay(input, deps, memory)).kind).toBe('completed');
    expect(new Set(bodies.map((body) => body.idempotency_key))).toEqual(new Set(['key_0000000000000001']));
    expect(payment.handleNextAction).toHaveBeenCalledTimes(1);
  });

  it('retries with the total of the attempt, even when the page shows another one since', async () => {
    const { deps, bodies, memory } = setup([failure('no-response', null), completed]);
    await pay(input, deps, memory);
    await pay({ ...input, total: 50 }, deps, memory);
    expect(bodies.map((body) => body.expected_total)).toEqual([42.66, 42.66]);
  });

  it('fetches the order when a retried key finds its cart checked out (the first attempt went through)', async () => {
    const { deps, bodies, memory } = setup([failure('no-response', null), cartLocked(), completed]);
    await pay(input, deps, memory);
    const outcome = await pay(input, deps, memory);
    expect(outcome.kind).toBe('completed');
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((body) => body.idempotency_key))).toEqual(new Set(['key_0000000000000001']));
    expect(memory.current).toBeNull();
  });

  it('goes to the menus when the re-post of a retried key still finds the cart checked out', async () => {
    const { deps, bodies, memory } = setup([failure('server', 500), cartLocked(), cartLocked()]);
    await pay(input, deps, memory);
    expect(await pay(input, deps, memory)).toEqual({ kind: 'cart-locked' });
    expect(bodies).toHaveLength(3);
    expect(memory.current).toBeNull();
  });

  it.each([
    ['409', failure('client', 409, {}, PRICE_CHANGED_MESSAGE)],
    ['400/10002', cartLocked()],
    ['400', failure('client', 400)],
    ['404', failure('not-found', 404)],
    ['429', failure('client', 429)],
  ])('drops the key after a %s answer: the next press is a new attempt', async (_status, answer) => {
    const { deps, bodies, payment, memory } = setup([answer, completed]);
    expect((await pay(input, deps, memory)).kind).not.toBe('completed');
    expect(memory.current).toBeNull();
    expect((await pay(input, deps, memory)).kind).toBe('completed');
    expect(bodies[1]?.idempotency_key).toBe('key_0000000000000002');
    expect(deps.saveCart).toHaveBeenCalledTimes(2);
    expect(payment.createPaymentMethod).toHaveBeenCalledTimes(2);
  });

  it('makes a new key after an error answer (a declined card keeps nothing)', async () => {
    const declined = failure('validation', 422, {
      payment_method_id: ['Your card was declined. Please use another card.'],
    });
    const { deps, bodies, memory } = setup([declined, completed]);
    expect(await pay(input, deps, memory)).toMatchObject({
      kind: 'invalid',
      errors: { payment_method_id: ['Your card was declined. Please use another card.'] },
    });
    expect(memory.current).toBeNull();
    await pay(input, deps, memory);
    expect(bodies[1]?.idempotency_key).toBe('key_0000000000000002');
    expect(bodies[1]?.payment_method_id).toBe('pm_2');
  });

  it('tells a changed price (409), a locked cart (400/10002) and a refused request (429) apart', async () => {
    const conflict = setup([failure('client', 409, {}, PRICE_CHANGED_MESSAGE)]);
    expect(await pay(input, conflict.deps, conflict.memory)).toEqual({
      kind: 'conflict',
      message: PRICE_CHANGED_MESSAGE,
    });
    const locked = setup([cartLocked()]);
    expect(await pay(input, locked.deps, locked.memory)).toEqual({ kind: 'cart-locked' });
    // A first attempt's locked cart is not this customer's order: no second post.
    expect(locked.deps.complete).toHaveBeenCalledTimes(1);
    const limited = setup([failure('client', 429, {}, 'Too many attempts.')]);
    expect(await pay(input, limited.deps, limited.memory)).toEqual({
      kind: 'failed',
      message: 'Too many attempts.',
      retryable: false,
    });
  });

  it('sends an email that has an account to log in, from the cart update or the checkout', async () => {
    const inUse = failure('validation', 422, { email: ['This email is already in use.'] });
    const fromSave = setup([], { save: inUse });
    expect(await pay(input, fromSave.deps, fromSave.memory)).toEqual({
      kind: 'email-in-use',
      email: 'robin@example.com',
    });
    expect(fromSave.deps.complete).not.toHaveBeenCalled();
    const fromCheckout = setup([inUse]);
    expect((await pay(input, fromCheckout.deps, fromCheckout.memory)).kind).toBe('email-in-use');
  });

  it('starts over after a cart update that failed (no key was made)', async () => {
    const { deps, payment, memory } = setup([], { save: failure('server', 503) });
    expect(await pay(input, deps, memory)).toMatchObject({ kind: 'failed', retryable: false });
    expect(payment.createPaymentMethod).not.toHaveBeenCalled();
    expect(memory.current).toBeNull();
  });

  it('returns field errors of the cart update without charging', async () => {
    const { deps, payment, memory } = setup([], {
      save: failure('validation', 422, { phone: ['Please enter a valid US phone number'] }),
    });
    expect(await pay(input, deps, memory)).toMatchObject({
      kind: 'invalid',
      errors: { phone: ['Please enter a valid US phone number'] },
    });
    expect(payment.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('reports a card the form could not read, and a card form that is not there yet', async () => {
    const { deps, payment, memory } = setup([completed]);
    vi.mocked(payment.createPaymentMethod).mockResolvedValueOnce({
      error: 'Your card number is incomplete.',
    });
    expect(await pay(input, deps, memory)).toEqual({
      kind: 'payment-error',
      message: 'Your card number is incomplete.',
      stage: 'card',
    });
    expect(deps.complete).not.toHaveBeenCalled();
    expect(await pay(input, { ...deps, payment: null }, memory)).toMatchObject({
      message: CARD_FORM_NOT_READY,
    });
  });
});

describe('the total shown is the total charged', () => {
  it('stops before reading the card when the saved cart costs another total', async () => {
    const changed = savedCart(45.1);
    const { deps, payment, memory } = setup([completed], { save: changed });
    const outcome = await pay(input, deps, memory);
    expect(outcome).toEqual({
      kind: 'price-changed',
      message: PRICE_CHANGED_MESSAGE,
      cart: changed.kind === 'ok' ? changed.data.data : null,
    });
    expect(payment.createPaymentMethod).not.toHaveBeenCalled();
    expect(deps.complete).not.toHaveBeenCalled();
    expect(memory.current).toBeNull();
  });

  it('pays the new total on the next press, once the button shows it', async () => {
    const { deps, bodies, memory } = setup([completed], { save: savedCart(45.1) });
    expect((await pay(input, deps, memory)).kind).toBe('price-changed');
    expect((await pay({ ...input, total: 45.1 }, deps, memory)).kind).toBe('completed');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.expected_total).toBe(45.1);
  });

  it('compares whole cents, not floating-point sums', async () => {
    const { deps, bodies, memory } = setup([completed], { save: savedCart(0.1 + 0.2) });
    expect((await pay({ ...input, total: 0.3 }, deps, memory)).kind).toBe('completed');
    expect(bodies[0]?.expected_total).toBe(0.3);
  });

  it("answers the server's 409 with its message and a new key for the next press", async () => {
    const { deps, memory } = setup([failure('client', 409, {}, PRICE_CHANGED_MESSAGE)]);
    expect(await pay(input, deps, memory)).toEqual({ kind: 'conflict', message: PRICE_CHANGED_MESSAGE });
    expect(memory.current).toBeNull();
  });
});

describe('idempotency keys', () => {
  it('are 32 letters and digits, different every time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(key).toHaveLength(32);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
