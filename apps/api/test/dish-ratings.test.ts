import {
  addDays,
  RATING_LINK_EXPIRED_MESSAGE,
  RATING_LINK_INVALID_MESSAGE,
  RATING_LINK_USED_MESSAGE,
  RATING_UNKNOWN_ENTRY_MESSAGE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { DEMO_RATED_CHILDREN, demoAccounts, seedDemoRatings } from '@sprout/db/seed';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, sendJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * Ratings that teach the box (docs/decisions/055, Ratings): the email after a delivery, the
 * signed link (tampered, reused, expired), the account's form, and a dish's public rating once
 * customers gave it enough.
 */

let context: TestContext;
const db = () => context.database.db;
const LINK = '/api/dish-ratings';

type Customer = Awaited<ReturnType<typeof subscribedCustomer>>;

/** A customer whose first box was delivered two days ago, with these children. */
async function deliveredFamily(names: string[]) {
  const customer = await subscribedCustomer(context);
  const delivered = addDays(new Date().toISOString().slice(0, 10), -2);
  await db()
    .update(schema.orders)
    .set({ deliveryDate: delivered, status: 'paid' })
    .where(eq(schema.orders.id, customer.firstOrderId));
  const children = [];
  for (const name of names) {
    const [child] = await db()
      .insert(schema.children)
      .values({ userId: customer.userId, name, birthYear: 2022, birthMonth: 3 })
      .returning();
    children.push(child!);
  }
  return { ...customer, delivered, children };
}

const ratingMails = (email: string) =>
  db()
    .select()
    .from(schema.mailMessages)
    .where(and(eq(schema.mailMessages.to, email), eq(schema.mailMessages.template, 'rating-request')));

async function tokenOf(email: string): Promise<string> {
  const [mail] = await ratingMails(email);
  const match = /\/rate\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  return match![1]!;
}

const runRatingJob = (asOf: Date) => context.app.jobs.runAllOnce(asOf, ['rating-requests']);
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

let family: Awaited<ReturnType<typeof deliveredFamily>>;
let childless: Customer;

beforeAll(async () => {
  context = await startTestApp();
  family = await deliveredFamily(['Mia', 'Leo']);
  childless = await subscribedCustomer(context);
  await db()
    .update(schema.orders)
    .set({ deliveryDate: family.delivered })
    .where(eq(schema.orders.id, childless.firstOrderId));
}, 120_000);

afterAll(async () => {
  await context?.close();
});

describe('the ratings email', () => {
  it('is not sent on the delivery day, then once the day after, only to a family with children', async () => {
    await runRatingJob(noon(family.delivered));
    expect(await ratingMails(family.email)).toHaveLength(0);

    const [outcome] = await runRatingJob(noon(addDays(family.delivered, 1)));
    expect(outcome).toMatchObject({ name: 'rating-requests', ok: true });
    const mails = await ratingMails(family.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('How did Mia and Leo like their box?');
    expect(mails[0]!.text).toMatch(/\/rate\?token=/);
    expect(await ratingMails(childless.email)).toHaveLength(0);

    await runRatingJob(noon(addDays(family.delivered, 2)));
    expect(await ratingMails(family.email)).toHaveLength(1);
  });

  it('is not sent for a box delivered longer ago than a link lives', async () => {
    const old = await deliveredFamily(['Sam']);
    await runRatingJob(noon(addDays(old.delivered, 16)));
    expect(await ratingMails(old.email)).toHaveLength(0);
  });
});

describe('rating from the signed link', () => {
  it('opens the order with no sign-in, refuses a tampered token, saves once and refuses the reused link', async () => {
    const token = await tokenOf(family.email);
    const form = await getJson(context.app, `${LINK}?token=${token}`);
    expect(form.status).toBe(200);
    expect(form.body.data.order.id).toBe(family.firstOrderId);
    expect(form.body.data.children.map((child: { name: string }) => child.name)).toEqual(['Mia', 'Leo']);
    expect(form.body.data.dishes).toHaveLength(family.plan.threshold / 2);
    expect(form.body.data.can_rate).toBe(true);

    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const forged = await getJson(context.app, `${LINK}?token=${tampered}`);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(RATING_LINK_INVALID_MESSAGE);

    const [mia, leo] = family.children;
    const sku = form.body.data.dishes[0].sku as string;
    // Another family's child is not this link's to rate: refused, and the link stays open.
    const other = await deliveredFamily(['Ada']);
    const stranger = await sendJson(context.app, 'POST', LINK, {
      token,
      ratings: [{ child_id: other.children[0]!.id, sku, rating: 'loved' }],
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.ratings).toEqual([RATING_UNKNOWN_ENTRY_MESSAGE]);

    const saved = await sendJson(context.app, 'POST', LINK, {
      token,
      ratings: [
        { child_id: mia!.id, sku, rating: 'loved' },
        { child_id: leo!.id, sku, rating: 'refused' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.ratings).toHaveLength(2);

    const again = await sendJson(context.app, 'POST', LINK, {
      token,
      ratings: [{ child_id: mia!.id, sku, rating: 'ok' }],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RATING_LINK_USED_MESSAGE);
    expect((await getJson(context.app, `${LINK}?token=${token}`)).status).toBe(409);
    const kept = await db().select().from(schema.dishRatings).where(eq(schema.dishRatings.childId, mia!.id));
    expect(kept.map((row) => row.rating)).toEqual(['loved']);
  });

  it('refuses an expired link', async () => {
    const late = await deliveredFamily(['Noa']);
    await runRatingJob(noon(addDays(late.delivered, 1)));
    const token = await tokenOf(late.email);
    await db()
      .update(schema.ratingLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.ratingLinks.orderId, late.firstOrderId));
    const form = await getJson(context.app, `${LINK}?token=${token}`);
    expect(form.status).toBe(409);
    expect(form.body.message).toBe(RATING_LINK_EXPIRED_MESSAGE);
    const submit = await sendJson(context.app, 'POST', LINK, {
      token,
      ratings: [{ child_id: late.children[0]!.id, sku: late.skus[0], rating: 'loved' }],
    });
    expect(submit.status).toBe(409);
  });
});

describe("the account's order ratings", () => {
  it('shows the ratings given and changes them; another customer is told the order does not exist', async () => {
    const url = `/api/me/orders/${family.firstOrderId}/ratings`;
    const form = await asCustomer(context, family.cookie, 'GET', url);
    expect(form.status).toBe(200);
    const sku = form.body.data.ratings[0].sku as string;
    const leo = family.children[1]!;
    const changed = await asCustomer(context, family.cookie, 'PUT', url, {
      ratings: [{ child_id: leo.id, sku, rating: 'ok' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.ratings).toContainEqual({ child_id: leo.id, sku, rating: 'ok' });

    expect((await asCustomer(context, childless.cookie, 'GET', url)).status).toBe(404);
    const foreign = await asCustomer(context, childless.cookie, 'PUT', url, {
      ratings: [{ child_id: leo.id, sku, rating: 'refused' }],
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a box not delivered yet', async () => {
    const waiting = await deliveredFamily(['Kai']);
    await db()
      .update(schema.orders)
      .set({ deliveryDate: addDays(waiting.delivered, 10) })
      .where(eq(schema.orders.id, waiting.firstOrderId));
    const url = `/api/me/orders/${waiting.firstOrderId}/ratings`;
    expect((await asCustomer(context, waiting.cookie, 'GET', url)).body.data.can_rate).toBe(false);
    const early = await asCustomer(context, waiting.cookie, 'PUT', url, {
      ratings: [{ child_id: waiting.children[0]!.id, sku: waiting.skus[0], rating: 'loved' }],
    });
    expect(early.status).toBe(409);
  });
});

describe("a dish's public rating", () => {
  it('keeps the seeded figure until five ratings, then shows the customers’ stars', async () => {
    const sku = family.skus[1]!;
    const [product] = await db().select().from(schema.products).where(eq(schema.products.sku, sku));
    // The demo family's seeded ratings may name this dish: the count starts from none here.
    await db().delete(schema.dishRatings).where(eq(schema.dishRatings.productId, product!.id));
    const seeded = { rating: product!.rating, count: product!.ratingCount };
    const shown = async () => {
      const answer = await getJson(context.app, `/api/products/${product!.slug}`);
      return { rating: answer.body.data.rating as number, count: answer.body.data.rating_count as number };
    };
    expect(await shown()).toEqual(seeded);

    const rateAll = async (who: Awaited<ReturnType<typeof deliveredFamily>>, ratings: string[]) => {
      const answer = await asCustomer(
        context,
        who.cookie,
        'PUT',
        `/api/me/orders/${who.firstOrderId}/ratings`,
        {
          ratings: who.children.map((child, index) => ({ child_id: child.id, sku, rating: ratings[index] })),
        },
      );
      expect(answer.status).toBe(200);
    };
    const twins = await deliveredFamily(['Ivy', 'Max']);
    await rateAll(family, ['loved', 'loved']);
    await rateAll(twins, ['loved', 'ok']);
    expect(await shown()).toEqual(seeded);

    const one = await deliveredFamily(['Zoe']);
    await rateAll(one, ['refused']);
    // (5 + 5 + 5 + 3 + 1) / 5
    expect(await shown()).toEqual({ rating: 3.8, count: 5 });

    await rateAll(family, ['loved', 'ok']);
    // (5 + 3 + 5 + 3 + 1) / 5: a re-rating replaces, it does not add
    expect(await shown()).toEqual({ rating: 3.4, count: 5 });
  });
});

describe("the demo family's ratings", () => {
  it('rates every past box but the last, for Mia and Leo, once', async () => {
    const [demo] = await db()
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, demoAccounts.customer.email));
    const family = await db().select().from(schema.children).where(eq(schema.children.userId, demo!.id));
    expect(family.map((child) => child.name).sort()).toEqual([...DEMO_RATED_CHILDREN].sort());
    const rows = await db()
      .select()
      .from(schema.dishRatings)
      .where(
        inArray(
          schema.dishRatings.childId,
          family.map((child) => child.id),
        ),
      );
    const delivered = await db()
      .select({ id: schema.orders.id, date: schema.orders.deliveryDate })
      .from(schema.orders)
      .where(eq(schema.orders.userId, demo!.id))
      .orderBy(schema.orders.deliveryDate);
    const rated = new Set(rows.map((row) => row.orderId));
    const past = delivered.filter((order) => order.date < new Date().toISOString().slice(0, 10));
    expect(past.length).toBeGreaterThan(1);
    expect(rated.has(past[past.length - 1]!.id)).toBe(false);
    expect(rated.size).toBe(past.length - 1);
    // Every child rated every dish of those boxes.
    const perOrder = rows.filter((row) => row.orderId === past[0]!.id);
    expect(new Set(perOrder.map((row) => row.childId)).size).toBe(family.length);
    expect(await seedDemoRatings(db(), demoAccounts.customer.email)).toBe(0);
  });
});
