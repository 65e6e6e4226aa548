import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/** PUT /api/me/subscription and its preview: plan, frequency and weekday from the next open box. */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

type Box = {
  date: string;
  status: string;
  items: { sku: string; quantity: number }[];
  item_count: number;
  threshold: number;
};
const DAY = 86_400_000;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
const mondayOf = (date: string) => Date.parse(date) - (weekdayOf(date) - 1) * DAY;

async function upcoming(cookie: string): Promise<Box[]> {
  const { body } = await asCustomer(context, cookie, 'GET', '/api/me/deliveries');
  return (body.data as Box[]).filter((box) => box.status === 'scheduled' || box.status === 'skipped');
}
const planOf = async (slug: string) =>
  (await context.database.db.select().from(schema.plans).where(eq(schema.plans.slug, slug)))[0]!;

describe('changing the subscription', () => {
  it('needs a session', async () => {
    expect(
      (await injectJson(context.app, 'PUT', '/api/me/subscription', { frequency_weeks: 1 })).statusCode,
    ).toBe(401);
    expect(
      (await injectJson(context.app, 'POST', '/api/me/subscription/preview', { frequency_weeks: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('previews a change with the new price and saves nothing', async () => {
    const customer = await subscribedCustomer(context);
    const before = await upcoming(customer.cookie);
    const plan36 = await planOf('plan-36');
    const preview = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/preview', {
      plan_id: plan36.id,
      frequency_weeks: 1,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.subscription).toMatchObject({
      frequency_weeks: 1,
      plan: { id: plan36.id, threshold: 36 },
    });
    // Weekly: the next box is a week after the first one (a week the old schedule left out).
    const weekAfterFirst = new Date(Date.parse(customer.firstDeliveryDate) + 7 * DAY)
      .toISOString()
      .slice(0, 10);
    expect(preview.body.data.next_delivery).toMatchObject({
      date: weekAfterFirst,
      threshold: 36,
      item_count: 12,
    });
    expect(await upcoming(customer.cookie)).toEqual(before);
    const [stored] = await context.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    expect(stored).toMatchObject({ frequencyWeeks: 2, planId: customer.plan.id });
  });

  it('makes the open boxes weekly, keeping what each box held and skipped boxes skipped', async () => {
    const customer = await subscribedCustomer(context);
    const before = await upcoming(customer.cookie);
    expect(before).toHaveLength(7);
    // The customer edited the second box and skipped the third.
    const edited = await asCustomer(
      context,
      customer.cookie,
      'PUT',
      `/api/me/deliveries/${before[1]!.date}/items`,
      {
        sku: before[1]!.items[0]!.sku,
        quantity: 0,
      },
    );
    expect(edited.status).toBe(200);
    await asCustomer(context, customer.cookie, 'POST', `/api/me/deliveries/${before[2]!.date}/skip`);

    const changed = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      frequency_weeks: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.subscription.frequency_weeks).toBe(1);
    const after = await upcoming(customer.cookie);
    expect(after).toHaveLength(8);
    for (const [index, box] of after.entries()) {
      expect(weekdayOf(box.date)).toBe(weekdayOf(before[0]!.date));
      if (index > 0) expect(Date.parse(box.date) - Date.parse(after[index - 1]!.date)).toBe(7 * DAY);
    }
    const on = (date: string) => after.find((box) => box.date === date)!;
    expect(on(before[0]!.date).items).toEqual(before[0]!.items);
    expect(on(before[1]!.date).item_count).toBe(10);
    expect(on(before[2]!.date).status).toBe('skipped');
    // The week between two old boxes starts as a copy of the box before it.
    const between = new Date(Date.parse(before[1]!.date) + 7 * DAY).toISOString().slice(0, 10);
    expect(on(between).items).toEqual(on(before[1]!.date).items);
    // The first box (charged at checkout) is untouched.
    const charged = await context.database.db
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.subscriptionId, customer.subscriptionId));
    expect(charged.filter((row) => row.status === 'charged')).toHaveLength(1);
    expect(changed.body.data.next_delivery.date).toBe(after[0]!.date);
    // The next delivery is still the first box (charged at checkout, not yet delivered).
    expect(changed.body.data.subscription.next_delivery_date).toBe(customer.firstDeliveryDate);
  });

  it('moves the boxes to another weekday the zip code is delivered on, within their weeks', async () => {
    const customer = await subscribedCustomer(context);
    const before = await upcoming(customer.cookie);
    const current = weekdayOf(before[0]!.date);
    // 10001 is delivered on Tuesdays and Thursdays.
    const other = current === 2 ? 4 : 2;
    const refused = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      delivery_weekday: 1,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.delivery_weekday).toEqual([
      'We deliver to 10001 on Tuesday, Thursday: choose one of those days.',
    ]);

    const moved = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      delivery_weekday: other,
    });
    expect(moved.status).toBe(200);
    const after = await upcoming(customer.cookie);
    expect(after.every((box) => weekdayOf(box.date) === other)).toBe(true);
    for (const box of before) {
      const same = after.find((candidate) => mondayOf(candidate.date) === mondayOf(box.date));
      if (same) expect(same.items).toEqual(box.items);
    }
    expect(after.every((box) => new Date(box.date).getTime() > Date.now())).toBe(true);
  });

  it('trims the boxes to a smaller plan and keeps them under a bigger one, priced by the new plan', async () => {
    const customer = await subscribedCustomer(context, { plan: 'plan-24' });
    const plan12 = await planOf('plan-12');
    const smaller = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      plan_id: plan12.id,
    });
    expect(smaller.status).toBe(200);
    expect(smaller.body.data.next_delivery).toMatchObject({ threshold: 12, item_count: 12 });
    for (const box of await upcoming(customer.cookie)) expect(box.item_count).toBe(12);

    const plan36 = await planOf('plan-36');
    const bigger = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      plan_id: plan36.id,
    });
    expect(bigger.body.data.next_delivery).toMatchObject({ threshold: 36, item_count: 12 });
    // Priced as it will be charged (decision 039): the 24 dishes the cutoff adds are listed and priced.
    const filled = bigger.body.data.next_delivery.filled_items as { quantity: number }[];
    expect(filled.reduce((sum, item) => sum + item.quantity, 0)).toBe(24);
    // 15% off under the 36 plan instead of 8% under the 24 plan: the same meals cost less each.
    expect(bigger.body.data.next_delivery.items[0].unit_price).toBeLessThan(
      smaller.body.data.next_delivery.items[0].unit_price,
    );
    expect(
      (await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', { plan_id: 999 })).status,
    ).toBe(422);
  });

  it('refuses a paused subscription with a message that says what to do', async () => {
    const customer = await subscribedCustomer(context);
    await context.database.db
      .update(schema.subscriptions)
      .set({ status: 'paused' })
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    const refused = await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
      frequency_weeks: 4,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/paused: resume it/);
  });
});
