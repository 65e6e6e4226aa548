import { randomUUID } from 'node:crypto';
import { CARD_DECLINED_MESSAGE, CARD_OF_ANOTHER_ACCOUNT_MESSAGE, DECLINE_MESSAGES } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../src/domain/payment-provider';
import { AppError } from '../src/errors/app-error';
import { getJson, injectJson, sendJson, startTestAppWithProductionLogs, type TestContext } from './helpers';

const METHODS = '/test-provider/v1/payment-methods';
const authenticateUrl = (id: string) => `/test-provider/v1/payment-intents/${id}/authenticate`;
const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

let logs = '';
let context: TestContext;
beforeAll(async () => {
  context = await startTestAppWithProductionLogs((line) => {
    logs += line;
  });
});
afterAll(() => context?.close());

const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: FUTURE_YEAR,
  cvc: '123',
  ...overrides,
});

async function paymentMethod(number = '4242424242424242'): Promise<string> {
  const { status, body } = await sendJson(context.app, 'POST', METHODS, card(number));
  expect(status).toBe(201);
  return body.id;
}

const key = () => `test-${randomUUID()}`;

async function authorize(
  number: string,
  overrides: Partial<{
    amountCents: number;
    idempotencyKey: string;
    paymentMethodId: string;
    saveForOffSession: { email: string; name: string };
  }> = {},
): Promise<PaymentIntent> {
  return context.app.payments.authorize({
    amountCents: 4599,
    currency: 'usd',
    paymentMethodId: overrides.paymentMethodId ?? (await paymentMethod(number)),
    idempotencyKey: overrides.idempotencyKey ?? key(),
    description: 'Sprout & Spoon order',
    metadata: { abandoned_cart_id: randomUUID() },
    ...overrides,
  });
}

async function intentRows(idempotencyKey: string) {
  return context.database.db
    .select()
    .from(schema.testPaymentIntents)
    .where(eq(schema.testPaymentIntents.idempotencyKey, idempotencyKey));
}

/** The AppError a promise rejects with. */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('payment config', () => {
  it('names the embedded test provider, which has no publishable key', async () => {
    const { status, body } = await getJson(context.app, '/api/sales/checkout/payment-config');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { provider: 'test', publishable_key: null }, meta: {} });
    expect(context.app.payments.name).toBe('test');
  });
});

describe('test provider: payment methods', () => {
  it('creates one and keeps only brand, last four, expiry and behaviour', async () => {
    const { status, body } = await sendJson(context.app, 'POST', METHODS, card('4242 4242 4242 4242'));
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^pm_test_[0-9a-f]{32}$/),
      brand: 'visa',
      last4: '4242',
    });
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentMethods)
      .where(eq(schema.testPaymentMethods.id, body.id));
    expect(row).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: FUTURE_YEAR,
      behavior: 'succeed',
    });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it('gives each card number one fingerprint, the same whichever payment method carries it', async () => {
    const first = await paymentMethod('4000000000000002');
    const again = await sendJson(context.app, 'POST', METHODS, card('4000 0000 0000 0002', { exp_month: 3 }));
    const other = await paymentMethod('4242424242424242');
    const [fingerprint, sameCard, otherCard, unknown] = await Promise.all([
      context.app.payments.cardFingerprint(first),
      context.app.payments.cardFingerprint(again.body.id),
      context.app.payments.cardFingerprint(other),
      context.app.payments.cardFingerprint('pm_test_unknown'),
    ]);
    expect(fingerprint).toMatch(/^fp_test_[0-9a-f]{32}$/);
    expect(sameCard).toBe(fingerprint);
    expect(otherCard).not.toBe(fingerprint);
    expect(unknown).toBeNull();
    // A keyed hash: neither the number nor its plain SHA-256 can be looked up from it.
    const { createHash } = await import('node:crypto');
    const plainHash = createHash('sha256').update('4000000000000002').digest('hex');
    expect(fingerprint).not.toContain('4000000000000002');
    expect(plainHash).not.toContain(fingerprint!.slice('fp_test_'.length));
  });

  it('detects the brand and accepts two-digit years', async () => {
    const { body } = await sendJson(
      context.app,
      'POST',
      METHODS,
      card('5555555555554444', { exp_year: FUTURE_YEAR % 100 }),
    );
    expect(body).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const amex = await sendJson(context.app, 'POST', METHODS, card('378282246310005', { cvc: '1234' }));
    expect(amex.body).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it('refuses a bad card with a message on each bad field', async () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    const { status, body } = await sendJson(
      context.app,
      'POST',
      METHODS,
      card('4242424242424241', { exp_year: lastYear, cvc: '12' }),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'Your card number is invalid.',
      errors: {
        number: ['Your card number is invalid.'],
        exp_year: ['Your card has expired.'],
        cvc: ["Your card's security code is invalid."],
      },
    });
  });

  it.each([
    ['a number of a length no card has', card('4242424242424'), 'number', 'Your card number is invalid.'],
    ['letters in the number', card('4242abcd42424242'), 'number', 'Your card number is invalid.'],
    [
      'a month past 12',
      card('4242424242424242', { exp_month: 13 }),
      'exp_month',
      "Your card's expiration month is invalid.",
    ],
    [
      'a five-digit CVC',
      card('4242424242424242', { cvc: '12345' }),
      'cvc',
      "Your card's security code is invalid.",
    ],
    [
      'a number instead of text',
      card('4242424242424242', { cvc: 123 }),
      'cvc',
      "Your card's security code is invalid.",
    ],
  ])('refuses %s', async (_name, body, field, message) => {
    const response = await sendJson(context.app, 'POST', METHODS, body);
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });

  it('refuses unknown fields and missing ones', async () => {
    const extra = await sendJson(context.app, 'POST', METHODS, { ...card('4242424242424242'), name: 'Jo' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ name: ['Unknown field "name".'] });
    const missing = await sendJson(context.app, 'POST', METHODS, { number: '4242424242424242' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['cvc', 'exp_month', 'exp_year']);
  });

  it('cannot be called cross-site: another origin gets 403, a form post 400', async () => {
    const foreign = await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(card('4242424242424242')),
    });
    expect(foreign.statusCode).toBe(403);
    const nullOrigin = await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { origin: 'null', 'content-type': 'application/json' },
      payload: JSON.stringify(card('4242424242424242')),
    });
    expect(nullOrigin.statusCode).toBe(403);
    const form = await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424242&exp_month=12&exp_year=2030&cvc=123',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ message: 'Send the request body as application/json.' });
    const plain = await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      payload: JSON.stringify(card('4242424242424242')),
    });
    expect(plain.statusCode).toBe(400);
    // A client that is not a browser (no Origin) may still call it with JSON.
    const server = await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(card('4242424242424242')),
    });
    expect(server.statusCode).toBe(201);
  });
});

describe('test provider: authorizing each test card', () => {
  it.each([
    ['4242424242424242', 'requires_capture', null, { brand: 'visa', last4: '4242' }],
    ['5555555555554444', 'requires_capture', null, { brand: 'mastercard', last4: '4444' }],
    ['378282246310005', 'requires_capture', null, { brand: 'amex', last4: '0005' }],
    ['4000000000000002', 'declined', CARD_DECLINED_MESSAGE, { brand: 'visa', last4: '0002' }],
    [
      '4000000000009995',
      'declined',
      'Your card has insufficient funds. Please use another card.',
      { brand: 'visa', last4: '9995' },
    ],
    ['4000002500003155', 'requires_action', null, { brand: 'visa', last4: '3155' }],
  ])('%s → %s', async (number, status, declineMessage, cardDetails) => {
    const intent = await authorize(number);
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_test_[0-9a-f]{32}$/),
      status,
      amountCents: 4599,
      clientSecret: expect.stringMatching(/^pi_test_[0-9a-f]{32}_secret_[0-9a-f]{32}$/),
      declineMessage,
      card: cardDetails,
    });
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(await context.app.payments.retrieve(intent.id)).toEqual(intent);
  });

  it('refuses an unknown payment method on payment_method_id', async () => {
    const error = await appErrorOf(authorize('', { paymentMethodId: 'pm_test_nope' }));
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['payment_method_id']);
  });

  it('answers 404 for an intent it does not know', async () => {
    const error = await appErrorOf(context.app.payments.retrieve('pi_test_unknown'));
    expect(error.kind).toBe('not_found');
  });
});

describe('test provider: saved cards charged off-session', () => {
  const charge = (paymentMethodId: string, idempotencyKey = key()) =>
    context.app.payments.chargeOffSession({
      amountCents: 3999,
      currency: 'usd',
      paymentMethodId,
      customerId: null,
      idempotencyKey,
      description: 'Sprout & Spoon: box',
      metadata: { kind: 'renewal' },
    });

  it('saves the card with the first payment and charges it later, captured at once, once per key', async () => {
    const method = await paymentMethod('4242424242424242');
    const first = await authorize('', {
      paymentMethodId: method,
      saveForOffSession: { email: 'robin@example.com', name: 'Robin' },
    });
    // The card is now the payment's customer's, the same customer on a replay of the key.
    expect(first.savedPaymentMethod).toEqual({
      paymentMethodId: method,
      customerId: expect.stringMatching(/^cus_test_[0-9a-f]{32}$/),
    });

    const renewalKey = key();
    const charged = await charge(method, renewalKey);
    expect(charged).toMatchObject({ status: 'succeeded', amountCents: 3999, card: { last4: '4242' } });
    expect(await charge(method, renewalKey)).toEqual(charged);
    const rows = await intentRows(renewalKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.capturedCents).toBe(3999);
  });

  it('4000 0000 0000 0341 pays at checkout and declines every later charge', async () => {
    const method = await paymentMethod('4000000000000341');
    expect((await authorize('', { paymentMethodId: method })).status).toBe('requires_capture');
    expect(await charge(method)).toMatchObject({ status: 'declined', declineMessage: CARD_DECLINED_MESSAGE });
  });

  it('declines off-session an unknown card', async () => {
    expect((await charge('pm_test_gone')).status).toBe('declined');
  });

  it("3-D Secure off-session is Stripe's authentication_required: no decline, the intent stays usable on-session", async () => {
    const method = await paymentMethod('4000002500003155');
    const renewalKey = key();
    const asked = await charge(method, renewalKey);
    expect(asked).toMatchObject({
      status: 'requires_authentication',
      declineMessage: null,
      amountCents: 3999,
    });
    expect(await intentRows(renewalKey)).toMatchObject([
      {
        status: 'requires_payment_method',
        declineCode: 'authentication_required',
        captureMethod: 'automatic',
        capturedCents: 0,
      },
    ]);
    // The same key answers the same intent, in its current state.
    expect(await charge(method, renewalKey)).toEqual(asked);

    // The customer is back: confirmed on-session with the same card, the bank asks for its step.
    const confirmed = await context.app.payments.confirmOnSession(asked.id);
    expect(confirmed).toMatchObject({ id: asked.id, status: 'requires_action' });
    const step = await sendJson(context.app, 'POST', authenticateUrl(asked.id), {
      client_secret: confirmed.clientSecret,
      outcome: 'approve',
    });
    // Captured as it succeeds (an off-session charge's automatic capture).
    expect(step.body).toMatchObject({ status: 'succeeded', decline_message: null });
    expect((await intentRows(renewalKey))[0]!.capturedCents).toBe(3999);
    expect(await charge(method, renewalKey)).toMatchObject({ id: asked.id, status: 'succeeded' });
    // Paid: confirming again changes nothing; it can no longer be canceled.
    expect((await context.app.payments.confirmOnSession(asked.id)).status).toBe('succeeded');
    expect((await appErrorOf(context.app.payments.cancel(asked.id))).kind).toBe('conflict');
  });

  it('a failed 3-D Secure step can be confirmed again; a canceled intent cannot', async () => {
    const method = await paymentMethod('4000002500003155');
    const asked = await charge(method);
    const first = await context.app.payments.confirmOnSession(asked.id);
    const failed = await sendJson(context.app, 'POST', authenticateUrl(asked.id), {
      client_secret: first.clientSecret,
      outcome: 'fail',
    });
    expect(failed.body).toMatchObject({
      status: 'declined',
      decline_message: DECLINE_MESSAGES.authentication_failed,
    });
    expect((await context.app.payments.confirmOnSession(asked.id)).status).toBe('requires_action');
    expect((await context.app.payments.cancel(asked.id)).status).toBe('canceled');
    expect((await appErrorOf(context.app.payments.confirmOnSession(asked.id))).kind).toBe('conflict');
    // A card that simply declines is no intent to confirm on-session.
    const declined = await charge(await paymentMethod('4000000000000341'));
    expect((await appErrorOf(context.app.payments.confirmOnSession(declined.id))).kind).toBe('conflict');
  });
});

describe('test provider: saved cards belong to one customer', () => {
  const saving = { email: 'robin@example.com', name: 'Robin' };

  it("refuses to charge or save another customer's card; its own customer's replay still answers", async () => {
    const method = await paymentMethod('4242424242424242');
    const ownersKey = key();
    const first = await authorize('', {
      paymentMethodId: method,
      idempotencyKey: ownersKey,
      saveForOffSession: saving,
    });
    const owner = first.savedPaymentMethod!.customerId!;
    expect(
      (await authorize('', { paymentMethodId: method, idempotencyKey: ownersKey, saveForOffSession: saving }))
        .id,
    ).toBe(first.id);

    // Another checkout (another key, another customer) paying with it: refused, nothing made.
    const otherKey = key();
    const refused = await appErrorOf(
      authorize('', { paymentMethodId: method, idempotencyKey: otherKey, saveForOffSession: saving }),
    );
    expect(refused.status).toBe(422);
    expect(refused.fieldErrors?.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);
    expect(await intentRows(otherKey)).toEqual([]);

    // Another account replacing its card with it: refused; the owner's customer may save it again.
    const taken = await appErrorOf(
      context.app.payments.savePaymentMethod({
        paymentMethodId: method,
        customerId: null,
        email: 'someone@example.com',
        name: 'Someone',
      }),
    );
    expect(taken.fieldErrors?.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);
    const kept = await context.app.payments.savePaymentMethod({
      paymentMethodId: method,
      customerId: owner,
      email: 'robin@example.com',
      name: 'Robin',
    });
    expect(kept.customerId).toBe(owner);
  });

  it('a declined first payment saves nothing: the card stays free', async () => {
    const method = await paymentMethod('4000000000000002');
    const declined = await authorize('', { paymentMethodId: method, saveForOffSession: saving });
    expect(declined).toMatchObject({ status: 'declined' });
    expect(declined.savedPaymentMethod).toBeUndefined();
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentMethods)
      .where(eq(schema.testPaymentMethods.id, method));
    expect(row!.customerId).toBeNull();
  });
});

describe('test provider: card setups (nothing charged)', () => {
  const setUp = (paymentMethodId: string, idempotencyKey = key()) =>
    context.app.payments.setUpCard({
      paymentMethodId,
      idempotencyKey,
      description: 'Sprout & Spoon: first box',
      metadata: { kind: 'first_box' },
      customer: { email: 'robin@example.com', name: 'Robin' },
    });
  const setupUrl = (id: string) => `/test-provider/v1/setup-intents/${id}/authenticate`;

  it.each([
    ['4242424242424242', 'succeeded', null],
    ['4000000000000341', 'succeeded', null],
    ['4000000000000002', 'declined', CARD_DECLINED_MESSAGE],
    ['4000000000009995', 'declined', 'Your card has insufficient funds. Please use another card.'],
    ['4000002500003155', 'requires_action', null],
  ])('%s → %s', async (number, status, declineMessage) => {
    const method = await paymentMethod(number);
    const setup = await setUp(method);
    expect(setup).toMatchObject({
      id: expect.stringMatching(/^seti_test_[0-9a-f]{32}$/),
      status,
      declineMessage,
      card: { last4: number.slice(-4) },
      savedPaymentMethod:
        status === 'succeeded'
          ? { paymentMethodId: method, customerId: expect.stringMatching(/^cus_test_/) }
          : null,
    });
    expect(setup.clientSecret.startsWith(`${setup.id}_secret_`)).toBe(true);
  });

  it('one setup per key, concurrent calls included; the same key with another card is a conflict', async () => {
    const method = await paymentMethod('4242424242424242');
    const idempotencyKey = key();
    const setups = await Promise.all(Array.from({ length: 10 }, () => setUp(method, idempotencyKey)));
    expect(new Set(setups.map((setup) => setup.id)).size).toBe(1);
    const rows = await context.database.db
      .select()
      .from(schema.testSetupIntents)
      .where(eq(schema.testSetupIntents.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    const conflict = await appErrorOf(setUp(await paymentMethod('5555555555554444'), idempotencyKey));
    expect(conflict.kind).toBe('conflict');
  });

  it('3-D Secure: approving saves the card, failing declines it, only with the client secret', async () => {
    const method = await paymentMethod('4000002500003155');
    const idempotencyKey = key();
    const asked = await setUp(method, idempotencyKey);
    expect(
      (await sendJson(context.app, 'POST', setupUrl(asked.id), { client_secret: 'nope', outcome: 'approve' }))
        .status,
    ).toBe(404);
    const { status, body } = await sendJson(context.app, 'POST', setupUrl(asked.id), {
      client_secret: asked.clientSecret,
      outcome: 'approve',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ id: asked.id, status: 'succeeded', decline_message: null });
    const again = await setUp(method, idempotencyKey);
    expect(again).toMatchObject({
      id: asked.id,
      status: 'succeeded',
      savedPaymentMethod: { paymentMethodId: method },
    });

    const failing = await setUp(await paymentMethod('4000002500003155'));
    const failed = await sendJson(context.app, 'POST', setupUrl(failing.id), {
      client_secret: failing.clientSecret,
      outcome: 'fail',
    });
    expect(failed.body).toEqual({
      id: failing.id,
      status: 'declined',
      decline_message: DECLINE_MESSAGES.authentication_failed,
    });
  });

  it('cancels an unfinished setup and leaves a succeeded one; an unknown one is not found', async () => {
    const waiting = await setUp(await paymentMethod('4000002500003155'));
    await context.app.payments.cancelSetup(waiting.id);
    const done = await setUp(await paymentMethod('4242424242424242'));
    await context.app.payments.cancelSetup(done.id);
    const rows = await context.database.db.select().from(schema.testSetupIntents);
    expect(rows.find((row) => row.id === waiting.id)?.status).toBe('canceled');
    expect(rows.find((row) => row.id === done.id)?.status).toBe('succeeded');
    expect((await appErrorOf(context.app.payments.cancelSetup('seti_test_unknown'))).kind).toBe('not_found');
  });
});

describe('test provider: 3-D Secure', () => {
  it('approving moves the intent on to capture; the same key then answers the current state', async () => {
    const idempotencyKey = key();
    const paymentMethodId = await paymentMethod('4000002500003155');
    const first = await authorize('', { idempotencyKey, paymentMethodId });
    expect(first.status).toBe('requires_action');

    const { status, body } = await sendJson(context.app, 'POST', authenticateUrl(first.id), {
      client_secret: first.clientSecret,
      outcome: 'approve',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ id: first.id, status: 'requires_capture', decline_message: null });

    const again = await authorize('', { idempotencyKey, paymentMethodId });
    expect(again).toMatchObject({ id: first.id, status: 'requires_capture' });
    expect((await context.app.payments.capture(first.id)).status).toBe('succeeded');
  });

  it('failing declines it with the verification message, and a later approval changes nothing', async () => {
    const intent = await authorize('4000002500003155');
    const failed = await sendJson(context.app, 'POST', authenticateUrl(intent.id), {
      client_secret: intent.clientSecret,
      outcome: 'fail',
    });
    expect(failed.body).toEqual({
      id: intent.id,
      status: 'declined',
      decline_message: 'We could not verify your card. Please try again or use another card.',
    });
    const late = await sendJson(context.app, 'POST', authenticateUrl(intent.id), {
      client_secret: intent.clientSecret,
      outcome: 'approve',
    });
    expect(late.body.status).toBe('declined');
    expect((await context.app.payments.retrieve(intent.id)).declineMessage).toBe(
      DECLINE_MESSAGES.authentication_failed,
    );
  });

  it('a wrong client secret looks like an unknown intent (404) and changes nothing', async () => {
    const intent = await authorize('4000002500003155');
    const wrong = await sendJson(context.app, 'POST', authenticateUrl(intent.id), {
      client_secret: `${intent.id}_secret_00000000000000000000000000000000`,
      outcome: 'approve',
    });
    expect(wrong.status).toBe(404);
    const unknown = await sendJson(context.app, 'POST', authenticateUrl('pi_test_nope'), {
      client_secret: intent.clientSecret,
      outcome: 'approve',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(wrong.body);
    expect((await context.app.payments.retrieve(intent.id)).status).toBe('requires_action');
    const badOutcome = await sendJson(context.app, 'POST', authenticateUrl(intent.id), {
      client_secret: intent.clientSecret,
      outcome: 'maybe',
    });
    expect(badOutcome.status).toBe(422);
  });
});

describe('test provider: idempotency', () => {
  it('the same key answers the same intent and creates one row', async () => {
    const idempotencyKey = key();
    const paymentMethodId = await paymentMethod();
    const first = await authorize('', { idempotencyKey, paymentMethodId });
    const second = await authorize('', { idempotencyKey, paymentMethodId });
    expect(second).toEqual(first);
    expect(await intentRows(idempotencyKey)).toHaveLength(1);
  });

  it('10 concurrent calls with one key create exactly one intent', async () => {
    const idempotencyKey = key();
    const paymentMethodId = await paymentMethod();
    const intents = await Promise.all(
      Array.from({ length: 10 }, () => authorize('', { idempotencyKey, paymentMethodId })),
    );
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(await intentRows(idempotencyKey)).toHaveLength(1);
  });

  it('the same key with another amount or another card is a conflict', async () => {
    const idempotencyKey = key();
    const paymentMethodId = await paymentMethod();
    await authorize('', { idempotencyKey, paymentMethodId });
    const amount = await appErrorOf(authorize('', { idempotencyKey, paymentMethodId, amountCents: 100 }));
    expect(amount.kind).toBe('conflict');
    expect(amount.status).toBe(409);
    const otherCard = await appErrorOf(authorize('4242424242424242', { idempotencyKey }));
    expect(otherCard.kind).toBe('conflict');
    expect(await intentRows(idempotencyKey)).toHaveLength(1);
  });
});

describe('test provider: capture and cancel', () => {
  it('capture is idempotent and records the captured amount', async () => {
    const intent = await authorize('4242424242424242');
    const [first, second] = [
      await context.app.payments.capture(intent.id),
      await context.app.payments.capture(intent.id),
    ];
    expect(first).toEqual({ ...intent, status: 'succeeded' });
    expect(second).toEqual(first);
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.id, intent.id));
    expect(row?.capturedCents).toBe(4599);
  });

  it('cancel is idempotent; a canceled intent cannot be captured, a captured one cannot be canceled', async () => {
    const intent = await authorize('4242424242424242');
    expect((await context.app.payments.cancel(intent.id)).status).toBe('canceled');
    expect((await context.app.payments.cancel(intent.id)).status).toBe('canceled');
    expect((await appErrorOf(context.app.payments.capture(intent.id))).kind).toBe('conflict');

    const captured = await authorize('4242424242424242');
    await context.app.payments.capture(captured.id);
    expect((await appErrorOf(context.app.payments.cancel(captured.id))).kind).toBe('conflict');
  });

  it('a declined or unauthenticated intent cannot be captured, and can be canceled', async () => {
    const declined = await authorize('4000000000000002');
    expect((await appErrorOf(context.app.payments.capture(declined.id))).kind).toBe('conflict');
    const pending = await authorize('4000002500003155');
    expect((await appErrorOf(context.app.payments.capture(pending.id))).kind).toBe('conflict');
    expect((await context.app.payments.cancel(pending.id)).status).toBe('canceled');
  });

  it('a capture racing a cancel: exactly one of them wins', async () => {
    const intent = await authorize('4242424242424242');
    const results = await Promise.allSettled([
      context.app.payments.capture(intent.id),
      context.app.payments.cancel(intent.id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const final = await context.app.payments.retrieve(intent.id);
    expect(['succeeded', 'canceled']).toContain(final.status);
  });

  it('an unknown intent is not found', async () => {
    expect((await appErrorOf(context.app.payments.capture('pi_test_nope'))).kind).toBe('not_found');
    expect((await appErrorOf(context.app.payments.cancel('pi_test_nope'))).kind).toBe('not_found');
  });
});

describe('test provider: refunds', () => {
  async function capturedIntent(amountCents: number) {
    const intent = await authorize('4242424242424242', { amountCents });
    await context.app.payments.capture(intent.id);
    return intent;
  }

  it('refunds part, then the rest, never more than was captured', async () => {
    const intent = await capturedIntent(5000);
    const refundKey = key();
    const part = await context.app.payments.refund({
      intentId: intent.id,
      amountCents: 2000,
      idempotencyKey: refundKey,
    });
    expect(part).toEqual({ id: expect.stringMatching(/^re_test_[0-9a-f]{32}$/), amountCents: 2000 });

    // The same key answers the same refund and refunds nothing more.
    expect(
      await context.app.payments.refund({
        intentId: intent.id,
        amountCents: 2000,
        idempotencyKey: refundKey,
      }),
    ).toEqual(part);
    expect(await context.app.payments.refund({ intentId: intent.id, idempotencyKey: refundKey })).toEqual(
      part,
    );
    const reused = await appErrorOf(
      context.app.payments.refund({ intentId: intent.id, amountCents: 100, idempotencyKey: refundKey }),
    );
    expect(reused.kind).toBe('conflict');

    const tooMuch = await appErrorOf(
      context.app.payments.refund({ intentId: intent.id, amountCents: 3001, idempotencyKey: key() }),
    );
    expect(tooMuch.kind).toBe('validation');
    expect(tooMuch.fieldErrors).toEqual({
      amount: ['A refund must be more than $0 and at most $30.00, what was captured and not yet refunded.'],
    });

    const rest = await context.app.payments.refund({ intentId: intent.id, idempotencyKey: key() });
    expect(rest.amountCents).toBe(3000);
    const nothingLeft = await appErrorOf(
      context.app.payments.refund({ intentId: intent.id, amountCents: 1, idempotencyKey: key() }),
    );
    expect(nothingLeft.kind).toBe('validation');

    const refunds = await context.database.db
      .select()
      .from(schema.testPaymentRefunds)
      .where(eq(schema.testPaymentRefunds.paymentIntentId, intent.id));
    expect(refunds.map((refund) => refund.amountCents).sort()).toEqual([2000, 3000]);
  });

  it('concurrent refunds never exceed the capture', async () => {
    const intent = await capturedIntent(5000);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        context.app.payments.refund({ intentId: intent.id, amountCents: 2000, idempotencyKey: key() }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).kind).toBe('validation');
    }
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.id, intent.id));
    expect(row?.refundedCents).toBe(4000);
  });

  it('concurrent refunds with one key make one refund', async () => {
    const intent = await capturedIntent(5000);
    const refundKey = key();
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        context.app.payments.refund({ intentId: intent.id, amountCents: 1000, idempotencyKey: refundKey }),
      ),
    );
    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    expect((await context.app.payments.retrieve(intent.id)).status).toBe('succeeded');
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.id, intent.id));
    expect(row?.refundedCents).toBe(1000);
  });

  it('an intent that was not captured cannot be refunded', async () => {
    const intent = await authorize('4242424242424242');
    const error = await appErrorOf(
      context.app.payments.refund({ intentId: intent.id, idempotencyKey: key() }),
    );
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toEqual({ amount: ['Only a captured payment can be refunded.'] });
  });
});

describe('logs', () => {
  it('never contain a card number or its security code', async () => {
    await sendJson(context.app, 'POST', METHODS, card('4242424242424242', { cvc: '9876' }));
    await sendJson(context.app, 'POST', METHODS, card('4242424242424241', { cvc: '9876' }));
    // Malformed JSON: the parser's error must not echo the body into the logs either.
    await injectJson(context.app, 'POST', METHODS, undefined);
    await context.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { 'content-type': 'application/json' },
      payload: '{"number": "4242424242424242", "cvc": "9876",',
    });
    // Should code ever log a request body, the card fields are redacted.
    context.app.log.info({ body: card('4242424242424242', { cvc: '9876' }) }, 'body probe');

    expect(logs).toContain('body probe');
    expect(logs).toContain('[Redacted]');
    expect(logs).toContain(METHODS);
    for (const secret of ['4242424242424242', '4242424242424241', '"9876"', '"cvc":"9']) {
      expect(logs).not.toContain(secret);
    }
  });
});
