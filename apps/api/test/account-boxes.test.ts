import { SESSION_COOKIE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../src/modules/auth/service';
import { getJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * The boxes a new customer has right after checkout, as the admin's kitchen plan and the account
 * site see them (QA walk of 2026-11-23): a first box is paid (`charged`) and must be cooked and shown.
 */
let context: TestContext;
let adminCookie: string;

beforeAll(async () => {
  context = await startTestApp();
  const [admin] = await context.database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, demoAccounts.admin.email));
  adminCookie = `${SESSION_COOKIE}=${(await openSessionFor(context.database.db, admin!.id)).sessionToken}`;
});
afterAll(() => context?.close());

type KitchenWeek = {
  week: string;
  charged: number;
  locked: number;
  failed: number;
  scheduled: number;
  total: number;
  products: { sku: string; charged: number; total: number }[];
};

async function kitchenPlan(): Promise<KitchenWeek[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.kitchen.plan;
}

/** The Monday of a date's ISO week, as the kitchen plan names its weeks. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

describe("the admin's kitchen plan", () => {
  it('counts the paid first boxes of new customers, as paid, in their delivery week', async () => {
    const before = await kitchenPlan();
    const first = await subscribedCustomer(context);
    const second = await subscribedCustomer(context);
    expect(second.firstDeliveryDate).toBe(first.firstDeliveryDate);
    const week = mondayOf(first.firstDeliveryDate);
    const after = await kitchenPlan();
    const was = before.find((row) => row.week === week);
    const now = after.find((row) => row.week === week)!;
    // Two boxes of the 12-meal plan: 24 more items to cook, and they are paid.
    expect(now.total - (was?.total ?? 0)).toBe(2 * first.plan.threshold);
    expect(now.charged - (was?.charged ?? 0)).toBe(2 * first.plan.threshold);
    expect(now.total).toBe(now.charged + now.locked + now.failed + now.scheduled);
    const sku = first.skus[0]!;
    const product = now.products.find((row) => row.sku === sku)!;
    expect(product.charged).toBeGreaterThanOrEqual(4);
  });
});

async function mailSubjects(email: string): Promise<string[]> {
  await context.app.mailer.worker.drain();
  const mails = (await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).body
    .data as { subject: string }[];
  return mails.map((mail) => mail.subject);
}

describe('a retention offer', () => {
  it('is taken once: coming back to cancel goes straight to confirming, with no second offer or email', async () => {
    const customer = await subscribedCustomer(context);
    const send = (url: string, body: unknown = {}) => asCustomer(context, customer.cookie, 'POST', url, body);
    const started = await send('/api/me/subscription/cancellation', { reason: 'too_expensive' });
    expect(started.status).toBe(200);
    expect(started.body.data.offer).toMatchObject({ kind: 'percent_off_next_box', percent_off: 50 });
    expect((await send('/api/me/subscription/cancellation/offer')).status).toBe(200);

    const again = await send('/api/me/subscription/cancellation', { reason: 'too_expensive' });
    expect(again.status).toBe(200);
    expect(again.body.data.offer).toBeNull();
    // Nothing to accept: the same half off cannot be taken a second time.
    expect((await send('/api/me/subscription/cancellation/offer')).status).toBe(409);
    const staying = (await mailSubjects(customer.email)).filter((s) => s.includes("glad you're staying"));
    expect(staying).toHaveLength(1);

    const confirmed = await send('/api/me/subscription/cancellation/confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.subscription.status).toBe('canceled');
  });

  it('leaves a canceled customer with their canceled subscription on /api/me, not "no subscription yet"', async () => {
    const customer = await subscribedCustomer(context);
    const send = (url: string, body: unknown = {}) => asCustomer(context, customer.cookie, 'POST', url, body);
    expect((await send('/api/me/subscription/cancellation', { reason: 'moving' })).status).toBe(200);
    const confirmed = await send('/api/me/subscription/cancellation/confirm');
    expect(confirmed.status).toBe(200);
    const me = await asCustomer(context, customer.cookie, 'GET', '/api/me?include=address');
    expect(me.status).toBe(200);
    expect(me.body.data.subscription).toBeNull();
    expect(me.body.data.canceled_subscription).toMatchObject({
      id: customer.subscriptionId,
      plan_name: customer.plan.name,
      canceled_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('a pause', () => {
  it('says before confirming which boxes it skips, and names the first delivery day after it', async () => {
    const customer = await subscribedCustomer(context, { frequencyWeeks: 1 });
    const get = (url: string) => asCustomer(context, customer.cookie, 'GET', url);
    const preview = await get('/api/me/subscription/pause/preview');
    expect(preview.status).toBe(200);
    const threeWeeks = (
      preview.body.data as {
        weeks: number;
        resume_on: string;
        skipped_dates: string[];
        first_box_after_pause: string;
      }[]
    ).find((row) => row.weeks === 3)!;
    const boxes = (await get('/api/me/deliveries')).body.data as { date: string; status: string }[];
    const scheduledBefore = boxes
      .filter((box) => box.status === 'scheduled' && box.date < threeWeeks.resume_on)
      .map((box) => box.date);
    expect(threeWeeks.skipped_dates).toEqual(scheduledBefore);
    expect(threeWeeks.skipped_dates.length).toBeGreaterThan(0);
    // The first box after the pause is a delivery day on the schedule, on or after the resume day.
    const weekday = new Date(`${customer.firstDeliveryDate}T00:00:00Z`).getUTCDay();
    expect(new Date(`${threeWeeks.first_box_after_pause}T00:00:00Z`).getUTCDay()).toBe(weekday);
    expect(threeWeeks.first_box_after_pause >= threeWeeks.resume_on).toBe(true);
    expect(boxes.map((box) => box.date)).toContain(threeWeeks.first_box_after_pause);

    const paused = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 3,
    });
    expect(paused.status).toBe(200);
    expect(paused.body.data.first_box_after_pause).toBe(threeWeeks.first_box_after_pause);
    const after = (await get('/api/me/deliveries')).body.data as { date: string; status: string }[];
    expect(after.filter((box) => box.status === 'skipped').map((box) => box.date)).toEqual(
      threeWeeks.skipped_dates,
    );
    const me = await get('/api/me');
    expect(me.body.data.subscription.status).toBe('paused');
    expect(me.body.data.first_box_after_pause).toBe(threeWeeks.first_box_after_pause);
  });
});
