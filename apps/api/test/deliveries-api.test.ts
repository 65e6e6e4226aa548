import { schema } from '@sprout/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/** Skip, unskip and edit a box through the account API: only one's own, only until the cutoff. */

let context: TestContext;
let customer: Awaited<ReturnType<typeof subscribedCustomer>>;
beforeAll(async () => {
  context = await startTestApp();
  customer = await subscribedCustomer(context);
});
afterAll(() => context?.close());

const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  asCustomer(context, customer.cookie, method, url, body);

async function upcoming() {
  const { status, body } = await as('GET', '/api/me/deliveries');
  expect(status).toBe(200);
  return body.data as { date: string; status: string; items: { sku: string; quantity: number }[] }[];
}

describe('skip and unskip', () => {
  it('skips a scheduled box and brings it back, each answer the box as it is now', async () => {
    const date = (await upcoming())[2]!.date;
    const skipped = await as('POST', `/api/me/deliveries/${date}/skip`);
    expect(skipped.status).toBe(200);
    expect(skipped.body.data).toMatchObject({ date, status: 'skipped', editable: false, can_unskip: true });
    // Skipping twice is still skipped.
    expect((await as('POST', `/api/me/deliveries/${date}/skip`)).body.data.status).toBe('skipped');
    expect((await upcoming()).find((box) => box.date === date)!.status).toBe('skipped');

    const back = await as('DELETE', `/api/me/deliveries/${date}/skip`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'scheduled', editable: true, can_unskip: false });
  });

  it('refuses the charged first box, an unknown date and a malformed one', async () => {
    const first = await as('POST', `/api/me/deliveries/${customer.firstDeliveryDate}/skip`);
    expect(first.status).toBe(422);
    expect(first.body.message).toMatch(/charged/);
    expect((await as('POST', '/api/me/deliveries/2031-01-07/skip')).status).toBe(404);
    expect((await as('POST', '/api/me/deliveries/next-week/skip')).status).toBe(422);
  });

  it("never touches another customer's box", async () => {
    const other = await subscribedCustomer(context, { frequencyWeeks: 1 });
    const theirs = (await asCustomer(context, other.cookie, 'GET', '/api/me/deliveries')).body.data[1].date;
    const mine = (await upcoming()).map((box) => box.date);
    // Weekly from the same first date: their second box falls between two of mine.
    expect(mine).not.toContain(theirs);
    expect((await as('POST', `/api/me/deliveries/${theirs}/skip`)).status).toBe(404);
    const after = (await asCustomer(context, other.cookie, 'GET', '/api/me/deliveries')).body.data[1];
    expect(after.status).toBe('scheduled');
  });
});

describe('editing a box', () => {
  it('sets quantities absolutely, up to the plan size', async () => {
    const boxes = await upcoming();
    const box = boxes[1]!;
    const nextBefore = boxes[2]!.items;
    const [a, b] = box.items;
    const removed = await as('PUT', `/api/me/deliveries/${box.date}/items`, { sku: a!.sku, quantity: 0 });
    expect(removed.status).toBe(200);
    expect(removed.body.data.item_count).toBe(12 - a!.quantity);
    expect(removed.body.data.items.map((item: { sku: string }) => item.sku)).not.toContain(a!.sku);

    const over = await as('PUT', `/api/me/deliveries/${box.date}/items`, {
      sku: b!.sku,
      quantity: b!.quantity + a!.quantity + 1,
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.quantity[0]).toMatch(/holds 12 meals/);

    const filled = await as('PUT', `/api/me/deliveries/${box.date}/items`, {
      sku: b!.sku,
      quantity: b!.quantity + a!.quantity,
    });
    expect(filled.status).toBe(200);
    expect(filled.body.data.item_count).toBe(12);
    // The next box is its own: unchanged.
    expect((await upcoming())[2]!.items).toEqual(nextBefore);
  });

  it('refuses unknown meals, bad bodies, skipped boxes and boxes past their cutoff', async () => {
    const boxes = await upcoming();
    const date = boxes[3]!.date;
    const sku = boxes[3]!.items[0]!.sku;
    const unknown = await as('PUT', `/api/me/deliveries/${date}/items`, { sku: 'NO-SUCH-MEAL', quantity: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.sku[0]).toBe('There is no product NO-SUCH-MEAL on the menu.');
    expect((await as('PUT', `/api/me/deliveries/${date}/items`, { sku, quantity: -1 })).status).toBe(422);
    expect(
      (await as('PUT', `/api/me/deliveries/${date}/items`, { sku, quantity: 1, extra: true })).status,
    ).toBe(422);
    expect((await as('PUT', '/api/me/deliveries/2031-01-07/items', { sku, quantity: 1 })).status).toBe(404);

    await as('POST', `/api/me/deliveries/${date}/skip`);
    const skipped = await as('PUT', `/api/me/deliveries/${date}/items`, { sku, quantity: 1 });
    expect(skipped.status).toBe(422);
    expect(skipped.body.message).toMatch(/skipped/);
    await as('DELETE', `/api/me/deliveries/${date}/skip`);

    // The cutoff passes (the row's cutoff moved into the past, as the clock would).
    await context.database.db
      .update(schema.deliveries)
      .set({ cutoffAt: new Date(Date.now() - 60_000) })
      .where(
        and(
          eq(schema.deliveries.subscriptionId, customer.subscriptionId),
          eq(schema.deliveries.deliveryDate, date),
        ),
      );
    const late = await as('PUT', `/api/me/deliveries/${date}/items`, { sku, quantity: 1 });
    expect(late.status).toBe(422);
    expect(late.body.message).toMatch(/cutoff/);
    expect((await as('POST', `/api/me/deliveries/${date}/skip`)).status).toBe(422);
    const shown = (await upcoming()).find((box) => box.date === date)!;
    expect(shown).toMatchObject({ status: 'scheduled', editable: false, can_unskip: false });
  });
});
