import {
  PAUSE_SKIPS_NOTHING_MESSAGE,
  REACTIVATION_DATE_TAKEN_MESSAGE,
  RESUME_NOT_FOR_PAYMENT_MESSAGE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DELIVERY_TIME_ZONE } from '../src/domain/delivery-dates';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * Every state has a way out (decision 040): a subscription paused by failed charges resumes from the
 * account in one step (a new card, the failed box charged again while it can still be sent), and
 * the pause lengths and reactivation dates offered are only those that change something.
 */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const DAY_MS = 86_400_000;
const db = () => context.database.db;
const today = () => calendarDay(new Date(), DELIVERY_TIME_ZONE);

const boxesOf = (subscriptionId: number) =>
  db()
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));

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

/** A 0341 customer whose second box was declined three times: box canceled, subscription paused. */
async function pausedByDeclines() {
  const customer = await subscribedCustomer(context, { card: '4000000000000341' });
  const second = (await boxesOf(customer.subscriptionId))[1]!;
  const cutoff = second.cutoffAt.getTime();
  for (const at of [cutoff, cutoff + DAY_MS, cutoff + 3 * DAY_MS]) {
    await context.app.jobs.runAllOnce(new Date(at));
  }
  const given = (await boxesOf(customer.subscriptionId))[1]!;
  expect(given).toMatchObject({ status: 'canceled', chargeAttempts: 3 });
  return { customer, second: given };
}

describe('paused after failed charges: why, and update card and resume in one step', () => {
  it('says why it is paused and what resuming does, then resumes and charges the failed box', async () => {
    const { customer, second } = await pausedByDeclines();
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, second.orderId!));
    expect(order!.status).toBe('canceled');

    // The paused email links where the customer can resume in one step.
    const [mail] = await db()
      .select()
      .from(schema.mailMessages)
      .where(
        and(
          eq(schema.mailMessages.to, customer.email),
          eq(schema.mailMessages.template, 'subscription-paused'),
        ),
      );
    expect(mail!.text).toMatch(/Resume from your account: http:\/\/[^/\s]+\/account\/resume$/m);

    const me = await asCustomer(context, customer.cookie, 'GET', '/api/me');
    expect(me.body.data.subscription.status).toBe('paused');
    expect(me.body.data.payment_pause).toEqual({
      failed_delivery_date: second.deliveryDate,
      failed_total_cents: order!.totalCents,
      card_last4: '0341',
      // The real clock is days before the box's delivery: it can still be sent.
      retry_delivery_date: second.deliveryDate,
      next_box_date: expect.any(String),
    });

    const resumed = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/resume', {
      payment_method_id: await cardToken('4242424242424242'),
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data.subscription).toMatchObject({ status: 'active', resume_on: null });
    expect(resumed.body.data.retried_box).toEqual({
      date: second.deliveryDate,
      status: 'charged',
      total_cents: order!.totalCents,
    });
    const boxes = await boxesOf(customer.subscriptionId);
    expect(boxes[1]).toMatchObject({ status: 'charged', chargeAttempts: 4 });
    // The boxes the pause skipped come back.
    expect(boxes.slice(2).every((box) => box.status === 'scheduled')).toBe(true);
    const [paid] = await db().select().from(schema.orders).where(eq(schema.orders.id, second.orderId!));
    expect(paid).toMatchObject({ status: 'paid', cardLast4: '4242', totalCents: order!.totalCents });
    expect((await asCustomer(context, customer.cookie, 'GET', '/api/me')).body.data.payment_pause).toBeNull();

    // A repeat (a double submit) answers active and charges nothing again.
    const again = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/resume', {
      payment_method_id: await cardToken('4242424242424242'),
    });
    expect(again.status).toBe(200);
    expect(again.body.data.subscription.status).toBe('active');
  });

  it('says so when the new card declines too: the box is given up again and the pause stays', async () => {
    const { customer, second } = await pausedByDeclines();
    const resumed = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/resume', {
      payment_method_id: await cardToken('4000000000000341'),
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.retried_box).toMatchObject({ date: second.deliveryDate, status: 'canceled' });
    expect(resumed.body.data.subscription.status).toBe('paused');
    const me = await asCustomer(context, customer.cookie, 'GET', '/api/me');
    expect(me.body.data.payment_pause.failed_delivery_date).toBe(second.deliveryDate);
  });

  it('is the way back from a payment pause only', async () => {
    const customer = await subscribedCustomer(context);
    const paused = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 6,
    });
    expect(paused.status).toBe(200);
    expect((await asCustomer(context, customer.cookie, 'GET', '/api/me')).body.data.payment_pause).toBeNull();
    const resumed = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/resume', {
      payment_method_id: await cardToken('4242424242424242'),
    });
    expect(resumed.status).toBe(409);
    expect(resumed.body.message).toBe(RESUME_NOT_FOR_PAYMENT_MESSAGE);
  });
});

describe('only choices that change something', () => {
  it('offers and takes only pause lengths that skip a box', async () => {
    // Every two weeks, the first box paid at checkout: the next unpaid box is two weeks after it.
    const customer = await subscribedCustomer(context, { frequencyWeeks: 2 });
    const boxes = await boxesOf(customer.subscriptionId);
    const firstUnpaid = boxes.find((box) => box.status === 'scheduled')!.deliveryDate;
    const previews = (await asCustomer(context, customer.cookie, 'GET', '/api/me/subscription/pause/preview'))
      .body.data as { weeks: number; skipped_dates: string[] }[];
    expect(previews.length).toBeGreaterThan(0);
    for (const preview of previews)
      expect(preview.skipped_dates.length, `${preview.weeks}`).toBeGreaterThan(0);
    expect(previews.map((preview) => preview.weeks)).not.toContain(1);
    // The shortest length offered is the first that reaches past the first unpaid box.
    const shortest = previews[0]!.weeks;
    expect(addDays(today(), shortest * 7) > firstUnpaid).toBe(true);
    expect(addDays(today(), (shortest - 1) * 7) <= firstUnpaid).toBe(true);

    const nothing = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 1,
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.weeks).toEqual([PAUSE_SKIPS_NOTHING_MESSAGE]);
    const untilNothing = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      until: addDays(today(), 2),
    });
    expect(untilNothing.status).toBe(422);
    expect(untilNothing.body.errors.until).toEqual([PAUSE_SKIPS_NOTHING_MESSAGE]);
    const me = await asCustomer(context, customer.cookie, 'GET', '/api/me');
    expect(me.body.data.subscription.status).toBe('active');
  });

  it('never offers a first delivery whose box is already paid, and refuses it', async () => {
    const customer = await subscribedCustomer(context);
    const paused = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 6,
    });
    expect(paused.status).toBe(200);
    // The zip's dates start with the day of the first box, paid at checkout.
    const zipDates = (await getJson(context.app, '/api/shipping/zip-codes/10001/delivery-dates')).body
      .data as {
      date: string;
    }[];
    expect(zipDates.map((choice) => choice.date)).toContain(customer.firstDeliveryDate);

    const offered = await asCustomer(
      context,
      customer.cookie,
      'GET',
      '/api/me/subscription/reactivation/dates',
    );
    expect(offered.status).toBe(200);
    const dates = (offered.body.data as { date: string }[]).map((choice) => choice.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).not.toContain(customer.firstDeliveryDate);

    const taken = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/reactivation', {
      plan_id: customer.plan.id,
      first_delivery_date: customer.firstDeliveryDate,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.first_delivery_date).toEqual([REACTIVATION_DATE_TAKEN_MESSAGE]);
    const reactivated = await asCustomer(
      context,
      customer.cookie,
      'POST',
      '/api/me/subscription/reactivation',
      {
        plan_id: customer.plan.id,
        first_delivery_date: dates[0],
      },
    );
    expect(reactivated.status).toBe(200);
  });
});
