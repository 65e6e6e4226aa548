import {
  CARD_DECLINED_MESSAGE,
  CARD_OF_ANOTHER_ACCOUNT_MESSAGE,
  DECLINE_MESSAGES,
  SESSION_COOKIE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseStaleAuthorizations } from '../src/workflows/checkout-jobs';
import {
  activeSkus,
  getJson,
  injectJson,
  newKey,
  planIdsBySlug,
  sendJson,
  startTestApp,
  type TestContext,
  uniqueEmail,
} from './helpers';

/**
 * A first box that costs $0 (promotions pay it all) still ends checkout with the card the next
 * boxes are charged to: saved by a setup at the provider, nothing charged (decision 036). Declines,
 * 3-D Secure and replays behave as on the paid path.
 */

const CARTS = '/api/customers/abandoned-carts';
const CHECKOUT = '/api/sales/checkout';

let context: TestContext;
let skus: string[];
let plans: Record<string, number>;

beforeAll(async () => {
  context = await startTestApp();
  skus = await activeSkus(context.database);
  plans = await planIdsBySlug(context.database);
});
afterAll(() => context?.close());
// Declines use the one published declined number: each test starts with the card's hour forgotten.
beforeEach(async () => {
  await context.database.db.delete(schema.authEvents).where(like(schema.authEvents.subject, 'card:%'));
});

/**
 * A full 12-item box with WELCOME50 (half off the first box, free shipping) and the LITTLEHELPERS
 * partnership (the partner pays up to $50 of every box): the first box costs $0, the next do not.
 */
async function freeFirstBoxCart() {
  const id = (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
  const email = uniqueEmail('free');
  await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
  await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans['plan-12'] });
  for (const sku of skus.slice(0, 6)) {
    expect((await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, { sku, quantity: 2 })).status).toBe(
      200,
    );
  }
  for (const code of ['WELCOME50', 'LITTLEHELPERS']) {
    expect((await sendJson(context.app, 'POST', `${CARTS}/${id}/promo-codes`, { code })).status).toBe(200);
  }
  const contact = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
    first_name: 'Robin',
    last_name: 'Okafor',
    address_line_1: '350 W 31st St',
    city: 'New York',
    phone: '(212) 555-0199',
    password: 'lunchbox-secret',
  });
  expect(contact.status).toBe(200);
  const costs = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
  expect(costs.total_cost).toBe(0);
  return { id, email };
}

async function cardToken(number = '4242424242424242'): Promise<string> {
  const response = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function checkoutBody(cartId: string, overrides: Record<string, unknown> = {}) {
  const dates = await getJson(context.app, '/api/shipping/zip-codes/10001/delivery-dates');
  return {
    abandoned_cart_id: cartId,
    expected_total: 0,
    idempotency_key: newKey(),
    payment_method_id: await cardToken(),
    first_delivery_date: dates.body.data[0].date as string,
    frequency_weeks: 2 as const,
    ...overrides,
  };
}

async function accountOf(email: string) {
  const { db } = context.database;
  const [user] = await db.select().from(schema.users).where(sql`lower(${schema.users.email}) = ${email}`);
  if (!user) return { user: null, subscriptions: [], orders: [] };
  const subscriptions = await db
    .select()
    .from(schema.subscriptions)
    .where(eq(schema.subscriptions.userId, user.id));
  const orders = await db.select().from(schema.orders).where(eq(schema.orders.userId, user.id));
  return { user, subscriptions, orders };
}

const setupOf = async (key: string) =>
  (
    await context.database.db
      .select()
      .from(schema.testSetupIntents)
      .where(eq(schema.testSetupIntents.idempotencyKey, `setup-checkout-${key}`))
  )[0];

const paymentIntentsOf = (key: string) =>
  context.database.db
    .select()
    .from(schema.testPaymentIntents)
    .where(like(schema.testPaymentIntents.idempotencyKey, `%${key}%`));

const sessionCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    .join('; ');

describe('a first box that costs $0', () => {
  it('needs a card: the next boxes are charged to it', async () => {
    const { id, email } = await freeFirstBoxCart();
    const { payment_method_id: _card, ...withoutCard } = await checkoutBody(id);
    const refused = await sendJson(context.app, 'POST', CHECKOUT, withoutCard);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.payment_method_id).toEqual(['Please enter your card details.']);
    expect((await accountOf(email)).user).toBeNull();
  });

  it('saves the card charging nothing, and the renewal at the next cutoff charges it', async () => {
    const { id, email } = await freeFirstBoxCart();
    const body = await checkoutBody(id);
    const response = await injectJson(context.app, 'POST', CHECKOUT, body);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.order).toMatchObject({ status: 'paid', payment: null });
    expect(data.order.costs.total_cost).toBe(0);

    const { subscriptions, orders } = await accountOf(email);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      paymentProvider: 'test',
      paymentMethodId: body.payment_method_id,
      paymentCustomerId: expect.stringMatching(/^cus_test_[0-9a-f]{32}$/),
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', paymentIntentId: null, totalCents: 0 });
    // A setup, never a payment: nothing was authorized, nothing charged.
    expect(await setupOf(body.idempotency_key)).toMatchObject({
      status: 'succeeded',
      paymentMethodId: body.payment_method_id,
      customerId: subscriptions[0]!.paymentCustomerId,
    });
    expect(await paymentIntentsOf(body.idempotency_key)).toEqual([]);
    const [card] = await context.database.db
      .select()
      .from(schema.testPaymentMethods)
      .where(eq(schema.testPaymentMethods.id, body.payment_method_id));
    expect(card!.customerId).toBe(subscriptions[0]!.paymentCustomerId);

    // The account shows the saved card.
    const cookie = sessionCookieOf(response.headers['set-cookie']);
    const method = await context.app.inject({
      method: 'GET',
      url: '/api/me/payment-method',
      headers: { cookie },
    });
    expect(method.json().data).toEqual({ provider: 'test', brand: 'visa', last4: '4242' });

    // The second box's cutoff: the partner pays $50 of it, the rest is charged to the saved card.
    const boxes = await context.database.db
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.subscriptionId, subscriptions[0]!.id))
      .orderBy(asc(schema.deliveries.deliveryDate));
    const second = boxes[1]!;
    await context.app.jobs.runAllOnce(second.cutoffAt);
    const [renewed] = await context.database.db
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.id, second.id));
    expect(renewed).toMatchObject({ status: 'charged' });
    const [renewalOrder] = await context.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, renewed!.orderId!));
    expect(renewalOrder).toMatchObject({ status: 'paid', cardLast4: '4242' });
    expect(renewalOrder!.totalCents).toBeGreaterThan(0);
    const [charge] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.id, renewalOrder!.paymentIntentId!));
    expect(charge).toMatchObject({
      status: 'succeeded',
      paymentMethodId: body.payment_method_id,
      capturedCents: renewalOrder!.totalCents,
    });
  });

  it('refuses a declined card as the paid path does, and another card then goes through', async () => {
    const { id, email } = await freeFirstBoxCart();
    const body = await checkoutBody(id, { payment_method_id: await cardToken('4000000000000002') });
    const declined = await sendJson(context.app, 'POST', CHECKOUT, body);
    expect(declined.status).toBe(422);
    expect(declined.body.errors.payment_method_id).toEqual([CARD_DECLINED_MESSAGE]);
    expect((await setupOf(body.idempotency_key))?.status).toBe('declined');
    expect(await accountOf(email)).toMatchObject({ user: null });
    // The decline counts like a payment's: the cart's attempt is recorded as declined.
    const [attempt] = await context.database.db
      .select()
      .from(schema.checkoutAttempts)
      .where(eq(schema.checkoutAttempts.idempotencyKey, body.idempotency_key));
    expect(attempt).toMatchObject({ status: 'declined', amountCents: 0 });

    const retry = await sendJson(context.app, 'POST', CHECKOUT, await checkoutBody(id));
    expect(retry.status).toBe(201);
  });

  it('asks for the 3-D Secure step, then completes with the same key; a failed step declines', async () => {
    const { id, email } = await freeFirstBoxCart();
    const body = await checkoutBody(id, { payment_method_id: await cardToken('4000002500003155') });
    const first = await sendJson(context.app, 'POST', CHECKOUT, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'requires_action',
      payment_intent: { id: expect.stringMatching(/^seti_test_/), amount: 0 },
    });
    expect((await accountOf(email)).user).toBeNull();
    const { id: setupId, client_secret: clientSecret } = first.body.data.payment_intent;
    const wrongSecret = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/setup-intents/${setupId}/authenticate`,
      { client_secret: `${clientSecret}x`, outcome: 'approve' },
    );
    expect(wrongSecret.statusCode).toBe(404);
    const approved = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/setup-intents/${setupId}/authenticate`,
      { client_secret: clientSecret, outcome: 'approve' },
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id: setupId, status: 'succeeded', decline_message: null });
    const second = await sendJson(context.app, 'POST', CHECKOUT, body);
    expect(second.status).toBe(201);
    const { subscriptions } = await accountOf(email);
    expect(subscriptions[0]).toMatchObject({ paymentMethodId: body.payment_method_id, cardLast4: '3155' });

    // Another cart whose customer fails the bank's step: declined on the resubmit, nothing written.
    const other = await freeFirstBoxCart();
    const failing = await checkoutBody(other.id, { payment_method_id: await cardToken('4000002500003155') });
    const asked = await sendJson(context.app, 'POST', CHECKOUT, failing);
    const step = asked.body.data.payment_intent;
    await injectJson(context.app, 'POST', `/test-provider/v1/setup-intents/${step.id}/authenticate`, {
      client_secret: step.client_secret,
      outcome: 'fail',
    });
    const refused = await sendJson(context.app, 'POST', CHECKOUT, failing);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.payment_method_id).toEqual([DECLINE_MESSAGES.authentication_failed]);
    expect((await accountOf(other.email)).user).toBeNull();
  });

  it('makes one customer, subscription, order and setup from five simultaneous submits of one key', async () => {
    const { id, email } = await freeFirstBoxCart();
    const body = await checkoutBody(id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => injectJson(context.app, 'POST', CHECKOUT, body)),
    );
    const succeeded = answers.filter((answer) => answer.statusCode === 201 || answer.statusCode === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
    const orderIds = new Set(
      succeeded.map((answer) => answer.json().data.order?.id ?? answer.json().data.id),
    );
    expect(orderIds.size).toBe(1);
    const { subscriptions, orders } = await accountOf(email);
    expect(subscriptions).toHaveLength(1);
    expect(orders).toHaveLength(1);
    const setups = await context.database.db
      .select()
      .from(schema.testSetupIntents)
      .where(eq(schema.testSetupIntents.idempotencyKey, `setup-checkout-${body.idempotency_key}`));
    expect(setups).toHaveLength(1);

    // The answer lost and asked again: the same order.
    const again = await injectJson(context.app, 'POST', CHECKOUT, body);
    expect([200, 201]).toContain(again.statusCode);
    expect(again.json().data.order.id).toBe(orders[0]!.id);
  });

  it('lets a setup nobody completed go: the job cancels it, and the key cannot come back', async () => {
    const { id } = await freeFirstBoxCart();
    const body = await checkoutBody(id, { payment_method_id: await cardToken('4000002500003155') });
    const first = await sendJson(context.app, 'POST', CHECKOUT, body);
    expect(first.body.data.status).toBe('requires_action');
    // The customer closed the tab at the bank's step.
    expect(
      await releaseStaleAuthorizations(
        {
          db: context.database.db,
          payments: context.app.payments,
          log: context.app.log,
        },
        0,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect((await setupOf(body.idempotency_key))?.status).toBe('canceled');
    const late = await sendJson(context.app, 'POST', CHECKOUT, body);
    expect(late.status).toBe(409);
  });
});

describe("another customer's saved card", () => {
  it('cannot pay for, nor be saved by, someone else: neither at $0 nor on a paid box', async () => {
    const owner = await freeFirstBoxCart();
    const ownerBody = await checkoutBody(owner.id);
    expect((await sendJson(context.app, 'POST', CHECKOUT, ownerBody)).status).toBe(201);
    const ownersCard = ownerBody.payment_method_id;

    const free = await freeFirstBoxCart();
    const takenAtZero = await sendJson(
      context.app,
      'POST',
      CHECKOUT,
      await checkoutBody(free.id, { payment_method_id: ownersCard }),
    );
    expect(takenAtZero.status).toBe(422);
    expect(takenAtZero.body.errors.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);

    // A paid box: the card another customer saved is never charged for this one.
    const paidId = (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
    const paidEmail = uniqueEmail('paid');
    await sendJson(context.app, 'PUT', `${CARTS}/${paidId}`, { email: paidEmail, zip_code: '10001' });
    await sendJson(context.app, 'POST', `${CARTS}/${paidId}/plans`, { plan_id: plans['plan-12'] });
    for (const sku of skus.slice(0, 6)) {
      await sendJson(context.app, 'PUT', `${CARTS}/${paidId}/items`, { sku, quantity: 2 });
    }
    await sendJson(context.app, 'PUT', `${CARTS}/${paidId}`, {
      first_name: 'Sam',
      last_name: 'Lee',
      address_line_1: '1 Main St',
      city: 'New York',
      phone: '(212) 555-0100',
      password: 'lunchbox-secret',
    });
    const total = (await getJson(context.app, `${CARTS}/${paidId}`)).body.data.cart.costs.total_cost;
    expect(total).toBeGreaterThan(0);
    const paidBody = await checkoutBody(paidId, { payment_method_id: ownersCard, expected_total: total });
    const takenPaid = await sendJson(context.app, 'POST', CHECKOUT, paidBody);
    expect(takenPaid.status).toBe(422);
    expect(takenPaid.body.errors.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);
    expect(await paymentIntentsOf(paidBody.idempotency_key)).toEqual([]);
    expect(await accountOf(paidEmail)).toMatchObject({ user: null });
    const attempts = await context.database.db
      .select()
      .from(schema.checkoutAttempts)
      .where(
        and(
          eq(schema.checkoutAttempts.idempotencyKey, paidBody.idempotency_key),
          eq(schema.checkoutAttempts.status, 'authorized'),
        ),
      );
    expect(attempts).toEqual([]);
  });
});
