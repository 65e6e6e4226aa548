import { randomUUID } from 'node:crypto';
import { DELIVERY_PAYMENT_NOT_WAITING_MESSAGE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * A renewal whose bank asks for 3-D Secure waits for its customer (docs/decisions/041), who
 * confirms it from the email's link; and what a gift card balance pays is said as
 * it is, never "your bank declined" to an account without a card. The jobs run as of the box's
 * cutoff and later instants, as `npm run jobs -- --as-of=…` runs them.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const db = () => context.database.db;
const DAY_MS = 86_400_000;
const THREE_D_SECURE_CARD = '4000002500003155';
const runJobs = (asOf: Date) => context.app.jobs.runAllOnce(asOf);

async function deliveriesOf(subscriptionId: number) {
  return db()
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));
}

async function orderOf(orderId: number) {
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order!;
}

async function renewalIntents(subscriptionId: number) {
  return db()
    .select()
    .from(schema.testPaymentIntents)
    .where(like(schema.testPaymentIntents.idempotencyKey, `renewal-${subscriptionId}-%`));
}

async function mailsTo(email: string, template: string) {
  const rows = await db().select().from(schema.mailMessages).where(eq(schema.mailMessages.to, email));
  return rows.filter((mail) => mail.template === template);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The customer's box as the account reads it (GET /api/me/deliveries). */
async function shownBox(cookie: string, date: string) {
  const answer = await asCustomer(context, cookie, 'GET', '/api/me/deliveries');
  return answer.body.data.find((box: { date: string }) => box.date === date);
}

describe('a renewal whose bank asks for 3-D Secure', () => {
  it('is no decline: the customer gets the link, confirms on-session, and the box is paid what the email said', async () => {
    const customer = await subscribedCustomer(context, { card: THREE_D_SECURE_CARD });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const cutoff = second.cutoffAt.getTime();
    const boxOf = async () => (await deliveriesOf(customer.subscriptionId))[1]!;

    await runJobs(second.cutoffAt);
    const waiting = await boxOf();
    expect(waiting).toMatchObject({
      status: 'failed',
      chargeAttempts: 1,
      // It waits until its last try's day, 3 days after the first.
      nextChargeAt: new Date(cutoff + 3 * DAY_MS),
      authenticationIntentId: expect.stringMatching(/^pi_test_/),
    });
    const order = await orderOf(waiting.orderId!);
    expect(order.status).toBe('payment_pending');
    const [intent] = await renewalIntents(customer.subscriptionId);
    // As Stripe's authentication_required: back at requires_payment_method, usable on-session.
    expect(intent).toMatchObject({
      id: waiting.authenticationIntentId,
      status: 'requires_payment_method',
      declineCode: 'authentication_required',
      amountCents: order.totalCents,
      capturedCents: 0,
    });

    expect(await mailsTo(customer.email, 'payment-failed')).toHaveLength(0);
    const [mail] = await mailsTo(customer.email, 'payment-authentication');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`/account/deliveries/${second.deliveryDate}/pay`);
    expect(mail!.text).toContain(`Your bank asks you to confirm the payment of ${dollars(order.totalCents)}`);
    expect(mail!.text).not.toMatch(/declined/i);

    const shown = await shownBox(customer.cookie, second.deliveryDate);
    expect(shown.payment).toMatchObject({ authentication_required: true, card_on_file: true });
    expect(shown.costs.total_cost).toBe(order.totalCents / 100);

    // No retry while it waits: a retry off-session would only ask again.
    await runJobs(new Date(cutoff + DAY_MS));
    expect(await renewalIntents(customer.subscriptionId)).toHaveLength(1);
    expect(await mailsTo(customer.email, 'payment-authentication')).toHaveLength(1);
    expect((await boxOf()).status).toBe('failed');

    const path = `/api/me/deliveries/${second.deliveryDate}/payment`;
    const start = await asCustomer(context, customer.cookie, 'POST', path);
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({
      status: 'requires_action',
      amount: order.totalCents / 100,
      payment_intent_id: intent!.id,
      client_secret: expect.any(String),
    });

    // Failing the bank's step leaves the box waiting: the customer can try again.
    const failed = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/payment-intents/${intent!.id}/authenticate`,
      { client_secret: start.body.data.client_secret, outcome: 'fail' },
    );
    expect(failed.json().status).toBe('declined');
    const again = await asCustomer(context, customer.cookie, 'POST', path);
    expect(again.body.data.status).toBe('requires_action');

    const approved = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/payment-intents/${intent!.id}/authenticate`,
      { client_secret: again.body.data.client_secret, outcome: 'approve' },
    );
    // A renewal is captured as it succeeds (automatic capture, as Stripe's off-session intents).
    expect(approved.json().status).toBe('succeeded');
    const paid = await asCustomer(context, customer.cookie, 'POST', path);
    expect(paid.body.data).toEqual({ status: 'paid', amount: order.totalCents / 100 });

    expect(await boxOf()).toMatchObject({
      status: 'charged',
      authenticationIntentId: null,
      nextChargeAt: null,
    });
    const paidOrder = await orderOf(waiting.orderId!);
    expect(paidOrder).toMatchObject({ status: 'paid', paymentIntentId: intent!.id, cardLast4: '3155' });
    const [captured] = await renewalIntents(customer.subscriptionId);
    expect(captured).toMatchObject({ status: 'succeeded', capturedCents: order.totalCents });
    // The amount charged is the amount the email asked to confirm.
    expect(mail!.text).toContain(dollars(captured!.capturedCents));
    expect((await shownBox(customer.cookie, second.deliveryDate)).status).toBe('charged');

    // The box's last day passes: nothing more happens to a paid box.
    await runJobs(new Date(cutoff + 3 * DAY_MS));
    expect((await boxOf()).status).toBe('charged');
    expect(await renewalIntents(customer.subscriptionId)).toHaveLength(1);
    // Asking again answers paid, charging nothing more.
    expect((await asCustomer(context, customer.cookie, 'POST', path)).body.data.status).toBe('paid');
  });

  it('not confirmed by the last try’s day: the intent is canceled and the box takes the failed-renewal path', async () => {
    const customer = await subscribedCustomer(context, { card: THREE_D_SECURE_CARD });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const cutoff = second.cutoffAt.getTime();
    await runJobs(second.cutoffAt);
    const waiting = (await deliveriesOf(customer.subscriptionId))[1]!;

    await runJobs(new Date(cutoff + 3 * DAY_MS - 60_000));
    expect((await deliveriesOf(customer.subscriptionId))[1]!.status).toBe('failed');

    await runJobs(new Date(cutoff + 3 * DAY_MS));
    const box = (await deliveriesOf(customer.subscriptionId))[1]!;
    expect(box).toMatchObject({ status: 'canceled', authenticationIntentId: null, nextChargeAt: null });
    expect((await orderOf(waiting.orderId!)).status).toBe('canceled');
    const intents = await renewalIntents(customer.subscriptionId);
    expect(intents.map((intent) => intent.status)).toEqual(['canceled']);
    expect(await mailsTo(customer.email, 'payment-failed')).toHaveLength(0);

    // The link now says the box no longer waits, and nothing can be charged.
    const late = await asCustomer(
      context,
      customer.cookie,
      'POST',
      `/api/me/deliveries/${second.deliveryDate}/payment`,
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(DELIVERY_PAYMENT_NOT_WAITING_MESSAGE);
    const step = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/payment-intents/${intents[0]!.id}/authenticate`,
      { client_secret: intents[0]!.clientSecret, outcome: 'approve' },
    );
    expect(step.json().status).toBe('canceled');
  });

  it('a new card while it waits: the waiting intent is canceled and the new card is charged at once', async () => {
    const customer = await subscribedCustomer(context, { card: THREE_D_SECURE_CARD });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    await runJobs(second.cutoffAt);
    const card = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    const replaced = await asCustomer(context, customer.cookie, 'PUT', '/api/me/payment-method', {
      payment_method_id: card.json().id,
    });
    expect(replaced.status).toBe(200);
    const box = (await deliveriesOf(customer.subscriptionId))[1]!;
    expect(box).toMatchObject({ status: 'charged', authenticationIntentId: null });
    const intents = await renewalIntents(customer.subscriptionId);
    expect(intents.map((intent) => intent.status).sort()).toEqual(['canceled', 'succeeded']);
    expect((await orderOf(box.orderId!)).cardLast4).toBe('4242');
  });

  it("answers for the caller's own box only: never another customer's, never a visitor", async () => {
    const customer = await subscribedCustomer(context);
    const other = await subscribedCustomer(context, { card: THREE_D_SECURE_CARD });
    const second = (await deliveriesOf(other.subscriptionId))[1]!;
    await runJobs(second.cutoffAt);
    const path = `/api/me/deliveries/${second.deliveryDate}/payment`;
    const mine = (await deliveriesOf(customer.subscriptionId)).find(
      (box) => box.deliveryDate === second.deliveryDate,
    );
    const answer = await asCustomer(context, customer.cookie, 'POST', path);
    // The path names no customer: it is the caller's own box of that date (paid: their card paid
    // it at the cutoff), or none.
    if (mine) {
      expect(mine.status).toBe('charged');
      expect(answer.body.data).toEqual({
        status: 'paid',
        amount: (await orderOf(mine.orderId!)).totalCents / 100,
      });
    } else {
      expect(answer.status).toBe(404);
    }
    expect((await deliveriesOf(other.subscriptionId))[1]!.status).toBe('failed');
    expect((await renewalIntents(other.subscriptionId))[0]!.status).toBe('requires_payment_method');
    const visitor = await context.app.inject({ method: 'POST', url: path });
    expect(visitor.statusCode).toBe(401);
  });

  it('a box that never waited for authentication is a 409 with a message', async () => {
    const customer = await subscribedCustomer(context, { card: '4000000000000341' });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    await runJobs(second.cutoffAt);
    expect((await deliveriesOf(customer.subscriptionId))[1]!.status).toBe('failed');
    const answer = await asCustomer(
      context,
      customer.cookie,
      'POST',
      `/api/me/deliveries/${second.deliveryDate}/payment`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(DELIVERY_PAYMENT_NOT_WAITING_MESSAGE);
  });
});

describe('a box paid by gift card on an account without a card', () => {
  it('says what the balance paid and what it did not, in the email and on the account', async () => {
    const customer = await subscribedCustomer(context);
    // An account whose boxes its gift cards pay, with no card on file.
    await db()
      .update(schema.subscriptions)
      .set({ paymentMethodId: null, paymentCustomerId: null, cardBrand: null, cardLast4: null })
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    await db()
      .insert(schema.giftCards)
      .values({
        codeHash: `test-${randomUUID()}`,
        codeSuffix: 'TEST',
        source: 'admin',
        initialCents: 2000,
        balanceCents: 2000,
        ownerUserId: customer.userId,
      });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;

    const before = await shownBox(customer.cookie, second.deliveryDate);
    expect(before.payment.card_on_file).toBe(false);
    expect(before.payment.note).toContain('Your gift card balance pays $20.00 of this box.');
    expect(before.payment.note).toContain('there is no card on your account');

    await runJobs(second.cutoffAt);
    const box = (await deliveriesOf(customer.subscriptionId))[1]!;
    const order = await orderOf(box.orderId!);
    expect(order.giftCardsAppliedCents).toBe(2000);
    const [mail] = await mailsTo(customer.email, 'payment-failed');
    expect(mail!.subject).toMatch(/^Add a card to pay for the box of /);
    expect(mail!.text).toContain(
      `Your gift card balance paid $20.00 of this box. There is no card on your account to charge the other ${dollars(order.totalCents)} to.`,
    );
    expect(mail!.text).not.toContain('bank declined');
    expect(mail!.html).not.toContain('bank declined');

    const after = await shownBox(customer.cookie, second.deliveryDate);
    expect(after.payment.note).toBe(
      `Your gift card balance paid $20.00 of this box. There is no card on your account to charge the other ${dollars(order.totalCents)} to.`,
    );
  });
});
