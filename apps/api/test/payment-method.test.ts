import { readFileSync } from 'node:fs';
import { CARD_OF_ANOTHER_ACCOUNT_MESSAGE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/** GET/PUT /api/me/payment-method: the saved card, replaced through the provider's card form. */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

/** A card from the test provider's card form (what the browser gets before it calls the API). */
async function cardToken(number: string): Promise<string> {
  const card = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(card.statusCode).toBe(201);
  return card.json().id;
}

const DAY_MS = 86_400_000;

const boxesOf = (subscriptionId: number) =>
  context.database.db
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));

describe('the saved card', () => {
  it('needs a session', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/me/payment-method' })).statusCode).toBe(401);
    const put = await injectJson(context.app, 'PUT', '/api/me/payment-method', { payment_method_id: 'pm_x' });
    expect(put.statusCode).toBe(401);
  });

  it('shows the card saved at checkout and replaces it with one from the card form', async () => {
    const customer = await subscribedCustomer(context);
    const read = await asCustomer(context, customer.cookie, 'GET', '/api/me/payment-method');
    expect(read.body.data).toEqual({ provider: 'test', brand: 'visa', last4: '4242' });

    const unknown = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: 'pm_test_nope',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.payment_method_id).toEqual([
      'We could not read this card. Please enter your card details again.',
    ]);
    const declining = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('4000000000000002'),
    });
    expect(declining.status).toBe(422);
    expect(declining.body.errors.payment_method_id).toEqual([
      'Your card was declined. Please try another card.',
    ]);
    const empty = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: ' ',
    });
    expect(empty.body.errors.payment_method_id).toEqual(['Enter your card details']);

    const replaced = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('5555555555554444'),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      data: { provider: 'test', brand: 'mastercard', last4: '4444' },
      meta: { retried_deliveries: [] },
    });
    expect(
      (await asCustomer(context, customer.cookie, 'GET', '/api/me/payment-method')).body.data.last4,
    ).toBe('4444');
  });

  it('charges a box that failed on the old card at once with the new one', async () => {
    const customer = await subscribedCustomer(context, { card: '4000000000000341' });
    const second = (await boxesOf(customer.subscriptionId))[1]!;
    await context.app.jobs.runAllOnce(second.cutoffAt);
    expect((await boxesOf(customer.subscriptionId))[1]).toMatchObject({
      status: 'failed',
      chargeAttempts: 1,
    });

    const replaced = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('4242424242424242'),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.meta.retried_deliveries).toEqual([{ date: second.deliveryDate, status: 'charged' }]);
    const box = (await boxesOf(customer.subscriptionId))[1]!;
    expect(box).toMatchObject({ status: 'charged', chargeAttempts: 2, nextChargeAt: null });
    const [order] = await context.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, box.orderId!));
    expect(order).toMatchObject({ status: 'paid', cardLast4: '4242' });
  });

  it("refuses another customer's saved card, which stays theirs alone", async () => {
    const owner = await subscribedCustomer(context);
    const other = await subscribedCustomer(context);
    const [ownerSubscription] = await context.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, owner.subscriptionId));
    const ownersCard = ownerSubscription!.paymentMethodId!;

    const taken = await asCustomer(context, other.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: ownersCard,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.payment_method_id).toEqual([CARD_OF_ANOTHER_ACCOUNT_MESSAGE]);
    const [otherSubscription] = await context.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, other.subscriptionId));
    expect(otherSubscription!.paymentMethodId).not.toBe(ownersCard);

    // The demo customer's card (its id is in the seed's source) is the demo customer's only.
    const demoCard = await context.database.db
      .select({ id: schema.subscriptions.paymentMethodId })
      .from(schema.subscriptions)
      .innerJoin(schema.users, eq(schema.users.id, schema.subscriptions.userId))
      .where(eq(schema.users.email, 'demo@example.com'));
    expect(demoCard[0]?.id).toBeTruthy();
    const demo = await asCustomer(context, other.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: demoCard[0]!.id,
    });
    expect(demo.status).toBe(422);

    // The owner may save it again (nothing changes), and another card of the other customer's own still works.
    const again = await asCustomer(context, owner.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: ownersCard,
    });
    expect(again.status).toBe(200);
    const own = await asCustomer(context, other.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('5555555555554444'),
    });
    expect(own.status).toBe(200);
  });

  it("a card saved before owners were kept becomes its subscription's customer's (migration 0025)", async () => {
    const owner = await subscribedCustomer(context);
    const other = await subscribedCustomer(context);
    const { db } = context.database;
    const [subscription] = await db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, owner.subscriptionId));
    const card = subscription!.paymentMethodId!;
    // As the rows were before the migration: nobody's card, a subscription without a customer.
    await db
      .update(schema.testPaymentMethods)
      .set({ customerId: null })
      .where(eq(schema.testPaymentMethods.id, card));
    await db
      .update(schema.subscriptions)
      .set({ paymentCustomerId: null })
      .where(eq(schema.subscriptions.id, owner.subscriptionId));
    // The migration's backfill, as it runs on such a database.
    const migration = readFileSync(
      new URL('../../../packages/db/migrations/0025_card-setups-and-owners.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration
      .split('--> statement-breakpoint')
      .filter((part) => /^\s*UPDATE/m.test(part))) {
      await db.execute(sql.raw(statement.replace(/^--.*$/gm, '')));
    }
    const [backfilled] = await db
      .select()
      .from(schema.testPaymentMethods)
      .where(eq(schema.testPaymentMethods.id, card));
    expect(backfilled!.customerId).toBe(`cus_test_subscription_${owner.subscriptionId}`);

    const taken = await asCustomer(context, other.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: card,
    });
    expect(taken.status).toBe(422);
    const kept = await asCustomer(context, owner.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: card,
    });
    expect(kept.status).toBe(200);
  });

  it('keeps the retry days of the first try when the new card is declined too', async () => {
    const customer = await subscribedCustomer(context, { card: '4000000000000341' });
    const second = (await boxesOf(customer.subscriptionId))[1]!;
    const firstTry = second.cutoffAt.getTime();
    await context.app.jobs.runAllOnce(second.cutoffAt);
    expect((await boxesOf(customer.subscriptionId))[1]).toMatchObject({
      status: 'failed',
      chargeAttempts: 1,
      nextChargeAt: new Date(firstTry + DAY_MS),
    });

    // Charged at once with the new card, declined again: the last try stays three days after the first.
    const replaced = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('4000000000000341'),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.meta.retried_deliveries).toEqual([{ date: second.deliveryDate, status: 'failed' }]);
    expect((await boxesOf(customer.subscriptionId))[1]).toMatchObject({
      status: 'failed',
      chargeAttempts: 2,
      nextChargeAt: new Date(firstTry + 3 * DAY_MS),
    });
  });

  it('answers 409 to a customer without a subscription', async () => {
    const login = await injectJson(context.app, 'POST', '/auth', {
      email: 'admin@example.com',
      password: 'mealtime-admin',
    });
    expect(login.statusCode).toBe(200);
    await context.app.mailer.worker.drain();
    const mails = await context.app.inject({
      method: 'GET',
      url: '/dev/mailbox/messages?to=admin@example.com',
    });
    const code = mails.json().data[0].subject.match(/^(\d{6}) /)[1];
    const verified = await injectJson(context.app, 'POST', '/auth/verification', {
      code,
      verificationId: login.json().verificationId,
    });
    const cookie = String([verified.headers['set-cookie']].flat()[0]).split(';')[0]!;
    expect((await asCustomer(context, cookie, 'GET', '/api/me/payment-method')).body.data).toBeNull();
    const refused = await asCustomer(context, cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: await cardToken('4242424242424242'),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no subscription/);
  });
});
