import { randomUUID } from 'node:crypto';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { and, asc, eq, like, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * Decision 039: what a box shows before its cutoff (the account's
 * boxes, the plan-change preview, the reminder email) is what the renewal charges at it, to the
 * cent; what a box may hold is one rule; a renewal order is dated by the jobs' clock.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const db = () => context.database.db;
const runJobs = (asOf: Date) => context.app.jobs.runAllOnce(asOf);
const cents = (dollars: number) => Math.round(dollars * 100);

type Box = {
  date: string;
  status: string;
  cutoff_at: string;
  items: { sku: string; quantity: number; category_name: string }[];
  filled_items: { sku: string; name: string; quantity: number }[];
  item_count: number;
  threshold: number;
  costs: { total_cost: number; cart_items: number; gift_cards_amount_applied: number };
};

const planOf = async (slug: string) =>
  (await db().select().from(schema.plans).where(eq(schema.plans.slug, slug)))[0]!;

async function orderOfBox(subscriptionId: number, date: string) {
  const [order] = await db()
    .select()
    .from(schema.orders)
    .where(and(eq(schema.orders.subscriptionId, subscriptionId), eq(schema.orders.deliveryDate, date)));
  return order;
}

async function lineCount(orderId: number) {
  const lines = await db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId));
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const login = await injectJson(context.app, 'POST', '/auth', account);
  expect(login.statusCode).toBe(200);
  await context.app.mailer.worker.drain();
  const [latest] = (
    await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(account.email)}`)
  ).body.data as { subject: string }[];
  const verified = await injectJson(context.app, 'POST', '/auth/verification', {
    code: latest!.subject.match(/^(\d{6}) /)![1],
    verificationId: login.json().verificationId,
  });
  expect(verified.statusCode).toBe(200);
  const header = verified.headers['set-cookie'];
  const list = Array.isArray(header) ? header : [String(header)];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => cookie.startsWith('sid='))
    .join('; ');
}

/** Previews a plan change, confirms it, runs the jobs at the next box's cutoff: [preview, order]. */
async function previewConfirmAndRenew(cookie: string, subscriptionId: number, planSlug: string) {
  const plan = await planOf(planSlug);
  const preview = await asCustomer(context, cookie, 'POST', '/api/me/subscription/preview', {
    plan_id: plan.id,
  });
  expect(preview.status).toBe(200);
  const next = preview.body.data.next_delivery as Box;
  const saved = await asCustomer(context, cookie, 'PUT', '/api/me/subscription', { plan_id: plan.id });
  expect(saved.status).toBe(200);
  expect((saved.body.data.next_delivery as Box).costs.total_cost).toBe(next.costs.total_cost);
  await runJobs(new Date(next.cutoff_at));
  const order = await orderOfBox(subscriptionId, next.date);
  return { next, order: order! };
}

describe('the plan-change preview is what the renewal charges', () => {
  it('the demo customer, 24 to 36 items: the preview names the dishes added and the charge equals it', async () => {
    const cookie = await signIn(demoAccounts.customer);
    const [subscription] = await db()
      .select()
      .from(schema.subscriptions)
      .innerJoin(schema.users, eq(schema.users.id, schema.subscriptions.userId))
      .where(
        and(eq(schema.users.email, demoAccounts.customer.email), ne(schema.subscriptions.status, 'canceled')),
      );
    const { next, order } = await previewConfirmAndRenew(cookie, subscription!.subscriptions.id, 'plan-36');
    expect(next.threshold).toBe(36);
    // The box holds fewer than 36: the store fills it and says with what, before the change is confirmed.
    expect(next.item_count + next.filled_items.reduce((sum, item) => sum + item.quantity, 0)).toBe(36);
    expect(next.filled_items.length).toBeGreaterThan(0);
    expect(order.totalCents).toBe(cents(next.costs.total_cost));
    expect(order.itemsCents).toBe(cents(next.costs.cart_items));
    expect(await lineCount(order.id)).toBe(36);
    console.info(`demo 24→36: preview ${next.costs.total_cost}, charged ${order.totalCents / 100}`);
  });

  it('a new customer, 12 to 24 items: the preview, the account and the reminder say what is charged', async () => {
    const customer = await subscribedCustomer(context, { plan: 'plan-12' });
    const plan24 = await planOf('plan-24');
    const preview = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/preview', {
      plan_id: plan24.id,
    });
    const next = preview.body.data.next_delivery as Box;
    expect(next.filled_items.reduce((sum, item) => sum + item.quantity, 0)).toBe(12);
    await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', { plan_id: plan24.id });
    const listed = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body
      .data as Box[];
    expect(listed.find((box) => box.date === next.date)!.costs.total_cost).toBe(next.costs.total_cost);
    const cutoff = new Date(next.cutoff_at);
    // The reminder, a day before the cutoff, states the same amount.
    await runJobs(new Date(cutoff.getTime() - 23 * 3_600_000));
    const [reminder] = await db()
      .select()
      .from(schema.mailMessages)
      .where(and(eq(schema.mailMessages.to, customer.email), like(schema.mailMessages.subject, '%')))
      .orderBy(asc(schema.mailMessages.id))
      .then((rows) => rows.filter((row) => row.eventKey?.startsWith('delivery-reminder:')));
    expect(reminder!.text).toContain(`$${next.costs.total_cost.toFixed(2)}`);
    expect(reminder!.text).toContain('box of 24 meals');
    await runJobs(cutoff);
    const order = (await orderOfBox(customer.subscriptionId, next.date))!;
    expect(order.totalCents).toBe(cents(next.costs.total_cost));
    console.info(`new 12→24: preview ${next.costs.total_cost}, charged ${order.totalCents / 100}`);
  });
});

describe('the failed-charge email states what the box showed', () => {
  it('a short box on a card that declines: the email names the filled box price the account showed', async () => {
    const customer = await subscribedCustomer(context, { card: '4000000000000341' });
    const open = (
      (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data as Box[]
    ).find((box) => box.status === 'scheduled')!;
    // Two dishes out: the cutoff fills the box back to 12, and the account already prices that.
    await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${open.date}/items`, {
      sku: open.items[0]!.sku,
      quantity: 0,
    });
    const shown = (
      (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data as Box[]
    ).find((box) => box.date === open.date)!;
    expect(shown.item_count).toBe(10);
    expect(shown.filled_items.reduce((sum, item) => sum + item.quantity, 0)).toBe(2);
    await runJobs(new Date(shown.cutoff_at));
    const failed = (
      await db().select().from(schema.mailMessages).where(eq(schema.mailMessages.to, customer.email))
    ).filter((mail) => mail.eventKey?.startsWith('payment-failed:'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain(`$${shown.costs.total_cost.toFixed(2)}`);
  });
});

describe('what a box may hold (one rule: cart, box editor, renewal)', () => {
  it('a snack put in the box by the storefront can be changed and taken out of the next boxes', async () => {
    const customer = await subscribedCustomer(context, { plan: 'plan-12' });
    const [snack] = await db()
      .select({ sku: schema.products.sku })
      .from(schema.products)
      .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
      .where(and(eq(schema.categories.slug, 'snacks'), eq(schema.products.isActive, true)))
      .limit(1);
    const boxes = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body
      .data as Box[];
    const open = boxes.find((box) => box.status === 'scheduled')!;
    const first = open.items[0]!;
    // Make room, then put the snack in (the storefront's cart takes snacks into the box).
    expect(
      (
        await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${open.date}/items`, {
          sku: first.sku,
          quantity: first.quantity - 1,
        })
      ).status,
    ).toBe(200);
    const added = await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${open.date}/items`, {
      sku: snack!.sku,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const removed = await asCustomer(
      context,
      customer.cookie,
      'PUT',
      `/api/me/deliveries/${open.date}/items`,
      {
        sku: snack!.sku,
        quantity: 0,
      },
    );
    expect(removed.status).toBe(200);
    expect((removed.body.data as Box).items.some((item) => item.sku === snack!.sku)).toBe(false);
  });

  it('quantity 0 takes out a product no longer on sale', async () => {
    const customer = await subscribedCustomer(context, { plan: 'plan-12' });
    const boxes = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body
      .data as Box[];
    const open = boxes.find((box) => box.status === 'scheduled')!;
    const sku = open.items[0]!.sku;
    await db().update(schema.products).set({ isActive: false }).where(eq(schema.products.sku, sku));
    try {
      const removed = await asCustomer(
        context,
        customer.cookie,
        'PUT',
        `/api/me/deliveries/${open.date}/items`,
        {
          sku,
          quantity: 0,
        },
      );
      expect(removed.status).toBe(200);
      const refused = await asCustomer(
        context,
        customer.cookie,
        'PUT',
        `/api/me/deliveries/${open.date}/items`,
        {
          sku,
          quantity: 1,
        },
      );
      expect(refused.status).toBe(422);
    } finally {
      await db().update(schema.products).set({ isActive: true }).where(eq(schema.products.sku, sku));
    }
  });
});

describe('renewal orders are dated by the jobs clock', () => {
  it('creates the order at the as-of instant', async () => {
    const customer = await subscribedCustomer(context);
    const [, second] = await db()
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.subscriptionId, customer.subscriptionId))
      .orderBy(asc(schema.deliveries.deliveryDate));
    const asOf = new Date(second!.cutoffAt.getTime() + 5 * 60_000);
    await runJobs(asOf);
    const order = (await orderOfBox(customer.subscriptionId, second!.deliveryDate))!;
    expect(order.createdAt.toISOString()).toBe(asOf.toISOString());
  });
});

describe('property: the amount shown before the cutoff is the amount charged at it', () => {
  it('for random boxes, plans, promo tiers, credits and gift card balances', async () => {
    const products = await db()
      .select({ sku: schema.products.sku })
      .from(schema.products)
      .where(eq(schema.products.isActive, true))
      .orderBy(asc(schema.products.id));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          startPlan: fc.constantFrom('plan-12', 'plan-24'),
          newPlan: fc.constantFrom(null, 'plan-12', 'plan-24', 'plan-36'),
          removed: fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
          added: fc.option(fc.nat({ max: products.length - 1 }), { nil: null }),
          tier: fc.option(
            fc.record({
              type: fc.constantFrom('percent_off' as const, 'dollars_off' as const),
              amount: fc.integer({ min: 1, max: 40 }),
              freeShipping: fc.boolean(),
              freeTax: fc.boolean(),
            }),
            { nil: null },
          ),
          creditsCents: fc.constantFrom(0, 500, 2_345, 30_000),
          giftCardCents: fc.constantFrom(0, 1_000, 7_777, 50_000),
        }),
        async (scenario) => {
          let promoCode: string | undefined;
          if (scenario.tier) {
            promoCode = `PROP${randomUUID().slice(0, 8).toUpperCase()}`;
            const [promo] = await db()
              .insert(schema.promoCodes)
              .values({ code: promoCode, description: 'Property', descriptionCheckout: 'Second box off' })
              .returning();
            await db()
              .insert(schema.promoCodeTiers)
              .values([
                { promoCodeId: promo!.id, type: 'percent_off', amount: 5, weeklyOrdinalNumber: 1 },
                { promoCodeId: promo!.id, weeklyOrdinalNumber: 2, ...scenario.tier },
              ]);
          }
          const customer = await subscribedCustomer(context, { plan: scenario.startPlan, promoCode });
          if (scenario.creditsCents > 0) {
            await db().insert(schema.creditLedger).values({
              userId: customer.userId,
              amountCents: scenario.creditsCents,
              reason: 'Property credit',
            });
          }
          if (scenario.giftCardCents > 0) {
            await db().insert(schema.giftCards).values({
              codeHash: randomUUID(),
              codeSuffix: 'PROP',
              source: 'admin',
              initialCents: scenario.giftCardCents,
              balanceCents: scenario.giftCardCents,
              ownerUserId: customer.userId,
            });
          }
          if (scenario.newPlan) {
            const plan = await planOf(scenario.newPlan);
            expect(
              (
                await asCustomer(context, customer.cookie, 'PUT', '/api/me/subscription', {
                  plan_id: plan.id,
                })
              ).status,
            ).toBe(200);
          }
          const list = async () =>
            (
              (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data as Box[]
            ).filter((box) => box.status === 'scheduled');
          const open = (await list())[0]!;
          for (const index of scenario.removed) {
            const item = open.items[index % open.items.length];
            if (!item) continue;
            await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${open.date}/items`, {
              sku: item.sku,
              quantity: 0,
            });
          }
          if (scenario.added !== null) {
            await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${open.date}/items`, {
              sku: products[scenario.added]!.sku,
              quantity: 1,
            });
          }
          const shown = (await list())[0]!;
          await runJobs(new Date(shown.cutoff_at));
          const order = await orderOfBox(customer.subscriptionId, shown.date);
          expect(order, `an order for ${shown.date}`).toBeDefined();
          expect(order!.totalCents).toBe(cents(shown.costs.total_cost));
          expect(order!.giftCardsAppliedCents).toBe(cents(shown.costs.gift_cards_amount_applied));
          expect(order!.itemsCents).toBe(cents(shown.costs.cart_items));
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
