import { UPCOMING_DELIVERY_COUNT } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const deliveriesOf = (subscriptionId: number) =>
  context.database.db
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));

describe('checkout makes the deliveries', () => {
  it('saves the card and code on the subscription, records the first box and the next ones', async () => {
    const customer = await subscribedCustomer(context, { frequencyWeeks: 2 });
    const [subscription] = await context.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, customer.subscriptionId));
    expect(subscription).toMatchObject({
      paymentProvider: 'test',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(subscription!.paymentMethodId).toMatch(/^pm_test_/);

    const rows = await deliveriesOf(customer.subscriptionId);
    expect(rows).toHaveLength(UPCOMING_DELIVERY_COUNT);
    expect(rows[0]).toMatchObject({
      deliveryDate: customer.firstDeliveryDate,
      status: 'charged',
      weeklyOrdinal: 1,
      orderId: customer.firstOrderId,
    });
    for (const [index, row] of rows.slice(1).entries()) {
      expect(row.status).toBe('scheduled');
      const days = (Date.parse(row.deliveryDate) - Date.parse(customer.firstDeliveryDate)) / 86_400_000;
      expect(days).toBe(14 * (index + 1));
    }
    const items = await context.database.db
      .select()
      .from(schema.deliveryItems)
      .where(eq(schema.deliveryItems.deliveryId, rows[3]!.id));
    expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(12);
  });
});

describe('GET /api/me/deliveries', () => {
  it('needs a session', async () => {
    expect((await getJson(context.app, '/api/me/deliveries')).status).toBe(401);
    expect((await injectJson(context.app, 'POST', '/api/me/deliveries/2030-01-01/skip')).statusCode).toBe(
      401,
    );
    expect(
      (await injectJson(context.app, 'PUT', '/api/me/deliveries/2030-01-01/items', { sku: 'x', quantity: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it("lists the customer's own boxes, priced, each with its ordinal", async () => {
    const customer = await subscribedCustomer(context);
    const other = await subscribedCustomer(context, { frequencyWeeks: 1 });
    const { status, body } = await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(UPCOMING_DELIVERY_COUNT);
    const [first, second] = body.data;
    expect(first).toMatchObject({ status: 'charged', weekly_ordinal: 1, editable: false, item_count: 12 });
    expect(first.order.id).toBe(customer.firstOrderId);
    expect(second).toMatchObject({
      status: 'scheduled',
      weekly_ordinal: 2,
      editable: true,
      can_unskip: false,
      item_count: 12,
      threshold: 12,
      order: null,
    });
    expect(second.costs.total_cost).toBeGreaterThan(0);
    expect(second.costs.shipping_cost).toBeGreaterThanOrEqual(0);
    expect(second.items.reduce((sum: number, item: { quantity: number }) => sum + item.quantity, 0)).toBe(12);
    const otherDates = (await asCustomer(context, other.cookie, 'GET', '/api/me/deliveries')).body.data.map(
      (delivery: { date: string }) => delivery.date,
    );
    // Weekly and fortnightly customers see their own schedules, never each other's.
    expect(otherDates).not.toEqual(body.data.map((delivery: { date: string }) => delivery.date));
  });

  it('reads in the same number of statements whatever the number of items', async () => {
    const small = await subscribedCustomer(context, { plan: 'plan-12' });
    const big = await subscribedCustomer(context, { plan: 'plan-36' });
    const count = async (cookie: string) => {
      const before = context.database.statements.count;
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/me/deliveries',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return context.database.statements.count - before;
    };
    const forSmall = await count(small.cookie);
    // The session with its user; the current subscription's pricing context with its boxes and
    // their items (one statement, the subscriptions module's); the gift cards' balance.
    expect(forSmall).toBe(3);
    expect(await count(big.cookie)).toBe(forSmall);
  });
});
