import { schema } from '@sprout/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * Decision 042: the emails as the store sends them after real flows (checkout, a renewal at its
 * cutoff, a pause, a cancellation): days in words, every cost line, links to where they say.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const db = () => context.database.db;

async function mail(email: string, template: string) {
  const rows = await db()
    .select()
    .from(schema.mailMessages)
    .where(and(eq(schema.mailMessages.to, email), eq(schema.mailMessages.template, template)));
  return rows;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;
const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, '');

describe('emails as sent', () => {
  it('confirms an order with shipping and tax lines and links to the order in the account', async () => {
    const customer = await subscribedCustomer(context);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.userId, customer.userId));
    const [confirmation] = await mail(customer.email, 'order-confirmation');
    expect(confirmation!.text).toContain(
      `Shipping: ${order!.shippingCents === 0 ? 'Free' : money(order!.shippingCents)}`,
    );
    expect(confirmation!.text).toContain(`Tax: ${money(order!.taxCents)}`);
    expect(confirmation!.text).toContain(`Total charged: ${money(order!.totalCents)}`);
    expect(confirmation!.text).toMatch(
      new RegExp(`See your order: http://[^/]+/account/orders/${order!.id}\\n`),
    );
    expect(withoutUrls(confirmation!.text)).not.toMatch(ISO_DAY);
  });

  it('sends a receipt for a renewal charged at its cutoff, with every cost line', async () => {
    const customer = await subscribedCustomer(context);
    const [, second] = await db()
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.subscriptionId, customer.subscriptionId))
      .orderBy(asc(schema.deliveries.deliveryDate));
    await context.app.jobs.runAllOnce(second!.cutoffAt);
    const [renewal] = await db()
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.userId, customer.userId), eq(schema.orders.deliveryId, second!.id)));
    expect(renewal!.status).toBe('paid');
    const receipts = await mail(customer.email, 'renewal-receipt');
    expect(receipts).toHaveLength(1);
    const { subject, text } = receipts[0]!;
    expect(subject).not.toMatch(ISO_DAY);
    expect(withoutUrls(text)).not.toMatch(ISO_DAY);
    expect(text).toContain(`Items: ${money(renewal!.itemsCents)}`);
    expect(text).toMatch(/^Shipping: /m);
    expect(text).toContain(`Tax: ${money(renewal!.taxCents)}`);
    expect(text).toContain(`Total charged: ${money(renewal!.totalCents)}`);
    expect(text).toContain('Visa ending in 4242');
    expect(text).toMatch(new RegExp(`/account/orders/${renewal!.id}\\n`));
    // A second pass sends no second receipt.
    await context.app.jobs.runAllOnce(second!.cutoffAt);
    expect(await mail(customer.email, 'renewal-receipt')).toHaveLength(1);
  });

  it('names the first box after a pause in words, as the account does, and links a cancellation to /reactivate', async () => {
    const customer = await subscribedCustomer(context);
    const paused = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 3,
    });
    expect(paused.status).toBe(200);
    const me = await asCustomer(context, customer.cookie, 'GET', '/api/me');
    const firstBox = me.body.data.first_box_after_pause as string;
    const [pauseMail] = await mail(customer.email, 'subscription-paused');
    const [year, month, day] = firstBox.split('-').map(Number) as [number, number, number];
    const words = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, day)));
    expect(pauseMail!.subject).toContain(`paused until ${words}`);
    expect(withoutUrls(pauseMail!.text)).not.toMatch(ISO_DAY);

    await asCustomer(context, customer.cookie, 'DELETE', '/api/me/subscription/pause');
    await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/cancellation', {
      reason: 'moving',
    });
    await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/cancellation/confirm', {});
    const [canceled] = await mail(customer.email, 'subscription-canceled');
    expect(canceled!.text).toMatch(/Reactivate any time: http:\/\/[^/]+\/reactivate$/m);
  });
});
