import { randomUUID } from 'node:crypto';
import { schema } from '@sprout/db';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDueBoxes, lockBoxesPastCutoff, type RenewalRun } from '../src/workflows/renewals';
import { startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * The renewal engine end to end: a customer checks out, then the jobs run as of later instants
 * (the runner's clock), exactly as `npm run jobs -- --as-of=…` runs them.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const db = () => context.database.db;
const DAY_MS = 86_400_000;

async function deliveriesOf(subscriptionId: number) {
  return db()
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));
}

async function ordersOf(subscriptionId: number) {
  return db()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.subscriptionId, subscriptionId))
    .orderBy(asc(schema.orders.deliveryDate));
}

async function renewalIntents(subscriptionId: number) {
  return db()
    .select()
    .from(schema.testPaymentIntents)
    .where(like(schema.testPaymentIntents.idempotencyKey, `renewal-${subscriptionId}-%`));
}

async function mailsTo(email: string) {
  return db().select().from(schema.mailMessages).where(eq(schema.mailMessages.to, email));
}

/** A code whose first box gets 10% off and whose second gets 30% off with free shipping. */
async function tieredCode() {
  const code = `RENEW${randomUUID().slice(0, 6).toUpperCase()}`;
  const [promo] = await db()
    .insert(schema.promoCodes)
    .values({ code, description: 'Tiered', descriptionCheckout: '30% off your second box' })
    .returning();
  await db()
    .insert(schema.promoCodeTiers)
    .values([
      { promoCodeId: promo!.id, type: 'percent_off', amount: 10, weeklyOrdinalNumber: 1 },
      { promoCodeId: promo!.id, type: 'percent_off', amount: 30, weeklyOrdinalNumber: 2, freeShipping: true },
    ]);
  return { code, id: promo!.id };
}

const runJobs = (asOf: Date) => context.app.jobs.runAllOnce(asOf);

describe('renewals', () => {
  it('makes and charges exactly one second order at its cutoff, priced with tier 2 of the code', async () => {
    const promo = await tieredCode();
    const customer = await subscribedCustomer(context, { promoCode: promo.code });
    const [subscription] = await db()
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    expect(subscription!.promoCodeId).toBe(promo.id);
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    // What the account showed before the cutoff is what is charged.
    const shown = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data[1];
    expect(shown.weekly_ordinal).toBe(2);

    // A minute before the cutoff nothing happens to it.
    await runJobs(new Date(second.cutoffAt.getTime() - 60_000));
    expect(await ordersOf(customer.subscriptionId)).toHaveLength(1);

    const outcomes = await runJobs(second.cutoffAt);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    await runJobs(second.cutoffAt);

    const orders = await ordersOf(customer.subscriptionId);
    expect(orders).toHaveLength(2);
    const renewal = orders[1]!;
    expect(renewal).toMatchObject({
      idempotencyKey: `renewal-${customer.subscriptionId}-${second.deliveryDate}`,
      deliveryId: second.id,
      abandonedCartId: null,
      status: 'paid',
      weeklyOrdinal: 2,
      deliveryDate: second.deliveryDate,
      shippingCents: 0,
      promoDiscountCents: Math.round(renewal.itemsCents * 0.3),
      discountDescription: '30% off your second box',
      paymentProvider: 'test',
      cardLast4: '4242',
      shipCity: 'New York',
    });
    expect(renewal.totalCents).toBe(Math.round(shown.costs.total_cost * 100));
    const lines = await db()
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, renewal.id));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(12);

    const intents = await renewalIntents(customer.subscriptionId);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      status: 'succeeded',
      amountCents: renewal.totalCents,
      capturedCents: renewal.totalCents,
    });
    expect(renewal.paymentIntentId).toBe(intents[0]!.id);

    const rows = await deliveriesOf(customer.subscriptionId);
    expect(rows[1]).toMatchObject({ status: 'charged', weeklyOrdinal: 2, orderId: renewal.id });
    // The first box has been delivered by now: the next delivery is the second.
    const [after] = await db()
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    expect(after!.nextDeliveryDate).toBe(second.deliveryDate);
    // The top-up keeps eight boxes ahead of the clock.
    expect(rows.filter((row) => row.cutoffAt.getTime() > second.cutoffAt.getTime())).toHaveLength(8);

    // The third box has no tier left: full price, shipping charged.
    const third = rows[2]!;
    await runJobs(third.cutoffAt);
    const [, , full] = await ordersOf(customer.subscriptionId);
    expect(full).toMatchObject({
      weeklyOrdinal: 3,
      promoDiscountCents: 0,
      discountDescription: null,
      status: 'paid',
    });
    expect(full!.shippingCents).toBeGreaterThan(0);
  });

  it('sends the reminder 24 hours before the cutoff, once', async () => {
    const customer = await subscribedCustomer(context);
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const dayBefore = new Date(second.cutoffAt.getTime() - DAY_MS);
    await runJobs(new Date(dayBefore.getTime() - 60_000));
    expect(
      (await mailsTo(customer.email)).filter((mail) => mail.template === 'delivery-reminder'),
    ).toHaveLength(0);
    await runJobs(dayBefore);
    await runJobs(new Date(dayBefore.getTime() + 3_600_000));
    const reminders = (await mailsTo(customer.email)).filter((mail) => mail.template === 'delivery-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(
      /^Your box arrives \w+day, \w+ \d+: edit or skip until \w+day noon$/,
    );
    expect(reminders[0]!.text).toContain('/account');
  });

  it('makes no order for a skipped box', async () => {
    const customer = await subscribedCustomer(context);
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const skipped = await asCustomer(
      context,
      customer.cookie,
      'POST',
      `/api/me/deliveries/${second.deliveryDate}/skip`,
    );
    expect(skipped.status).toBe(200);
    await runJobs(second.cutoffAt);
    expect(await ordersOf(customer.subscriptionId)).toHaveLength(1);
    expect((await deliveriesOf(customer.subscriptionId))[1]!.status).toBe('skipped');
    expect(await renewalIntents(customer.subscriptionId)).toHaveLength(0);

    // The next box, made after the skipped one, is the second box made: ordinal 2.
    const third = (await deliveriesOf(customer.subscriptionId))[2]!;
    await runJobs(third.cutoffAt);
    const orders = await ordersOf(customer.subscriptionId);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({ deliveryDate: third.deliveryDate, weeklyOrdinal: 2 });
  });

  it('fills a box left short of the plan up to its size at the cutoff', async () => {
    const customer = await subscribedCustomer(context);
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const shown = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data[1];
    const removed = await asCustomer(
      context,
      customer.cookie,
      'PUT',
      `/api/me/deliveries/${second.deliveryDate}/items`,
      {
        sku: shown.items[0].sku,
        quantity: 0,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.item_count).toBe(10);
    await runJobs(second.cutoffAt);
    const [, renewal] = await ordersOf(customer.subscriptionId);
    const lines = await db()
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, renewal!.id));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(12);
    expect(lines.map((line) => line.sku)).not.toContain(shown.items[0].sku);
  });

  it('spends account credit before the card', async () => {
    const customer = await subscribedCustomer(context);
    await db()
      .insert(schema.creditLedger)
      .values({ userId: customer.userId, amountCents: 1500, reason: 'Goodwill' });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    await runJobs(second.cutoffAt);
    const [, renewal] = await ordersOf(customer.subscriptionId);
    expect(renewal!.creditsAppliedCents).toBe(1500);
    const [intent] = await renewalIntents(customer.subscriptionId);
    expect(intent!.amountCents).toBe(renewal!.totalCents);
    const ledger = await db()
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, customer.userId));
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(ledger.find((entry) => entry.amountCents < 0)?.orderId).toBe(renewal!.id);
  });

  it('retries a declined saved card after 1 and 3 days, then cancels the box and pauses', async () => {
    const customer = await subscribedCustomer(context, { card: '4000000000000341' });
    const second = (await deliveriesOf(customer.subscriptionId))[1]!;
    const cutoff = second.cutoffAt.getTime();
    const boxOf = async () => (await deliveriesOf(customer.subscriptionId))[1]!;

    await runJobs(new Date(cutoff));
    expect(await boxOf()).toMatchObject({
      status: 'failed',
      chargeAttempts: 1,
      nextChargeAt: new Date(cutoff + DAY_MS),
    });
    const failedMails = (await mailsTo(customer.email)).filter((mail) => mail.template === 'payment-failed');
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0]!.text).toContain('/account/payment-method');

    // Not yet due: the same day again changes nothing.
    await runJobs(new Date(cutoff + DAY_MS / 2));
    expect((await boxOf()).chargeAttempts).toBe(1);

    await runJobs(new Date(cutoff + DAY_MS));
    expect(await boxOf()).toMatchObject({
      status: 'failed',
      chargeAttempts: 2,
      nextChargeAt: new Date(cutoff + 3 * DAY_MS),
    });

    await runJobs(new Date(cutoff + 3 * DAY_MS));
    expect(await boxOf()).toMatchObject({ status: 'canceled', chargeAttempts: 3, nextChargeAt: null });
    const [subscription] = await db()
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    expect(subscription!.status).toBe('paused');
    const orders = await ordersOf(customer.subscriptionId);
    expect(orders).toHaveLength(2);
    expect(orders[1]!.status).toBe('canceled');
    const intents = await renewalIntents(customer.subscriptionId);
    expect(intents.map((intent) => intent.status)).toEqual(['declined', 'declined', 'declined']);
    expect(
      (await mailsTo(customer.email)).filter((mail) => mail.template === 'subscription-paused'),
    ).toHaveLength(1);
    // Paused: the later boxes are skipped and nothing more is made.
    const later = (await deliveriesOf(customer.subscriptionId)).slice(2);
    expect(later.every((row) => row.status === 'skipped')).toBe(true);
    await runJobs(new Date(later[0]!.cutoffAt.getTime()));
    expect(await ordersOf(customer.subscriptionId)).toHaveLength(2);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'makes one order and one charge per box under 20 concurrent runs',
    async () => {
      const customers = await Promise.all([subscribedCustomer(context), subscribedCustomer(context)]);
      const seconds = await Promise.all(
        customers.map(async (c) => (await deliveriesOf(c.subscriptionId))[1]!),
      );
      const asOf = new Date(Math.max(...seconds.map((row) => row.cutoffAt.getTime())));
      const deps: RenewalRun = {
        db: db(),
        payments: context.app.payments,
        mailer: context.app.mailer,
        log: context.app.log,
        site: {
          name: 'Sprout & Spoon',
          url: 'http://localhost:3000',
          accountUrl: '/account',
          adminUrl: '/admin',
        },
      };
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          await lockBoxesPastCutoff(deps, asOf);
          await chargeDueBoxes(deps, asOf);
        }),
      );
      for (const customer of customers) {
        const orders = await ordersOf(customer.subscriptionId);
        expect(orders).toHaveLength(2);
        expect(orders[1]!.status).toBe('paid');
        expect(await renewalIntents(customer.subscriptionId)).toHaveLength(1);
        const [box] = await db()
          .select()
          .from(schema.deliveries)
          .where(
            and(
              eq(schema.deliveries.subscriptionId, customer.subscriptionId),
              eq(schema.deliveries.orderId, orders[1]!.id),
            ),
          );
        expect(box).toMatchObject({ status: 'charged', chargeAttempts: 1 });
      }
    },
  );
});
