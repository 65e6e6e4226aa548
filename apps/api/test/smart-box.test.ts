import { schema } from '@sprout/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchenPlan } from '../src/modules/subscriptions/admin-reports';
import { startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * The smart box end to end (docs/decisions/055): "Fill my box for me", the reminder pass that
 * fills a short box first and lists the picks, the lock at the cutoff (the fill-up it showed), and the kitchen's count of
 * the store's picks. Children and ratings are written straight to their tables (their own API is
 * tested with the profiles).
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const db = () => context.database.db;
const DAY_MS = 86_400_000;
const DISLIKED_INGREDIENT = 'carrot';

type Customer = Awaited<ReturnType<typeof subscribedCustomer>>;

async function boxesOf(subscriptionId: number) {
  return db()
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));
}

async function itemsOf(deliveryId: number) {
  return db()
    .select({
      productId: schema.deliveryItems.productId,
      sku: schema.products.sku,
      quantity: schema.deliveryItems.quantity,
      pickedQuantity: schema.deliveryItems.pickedQuantity,
      pickReason: schema.deliveryItems.pickReason,
    })
    .from(schema.deliveryItems)
    .innerJoin(schema.products, eq(schema.products.id, schema.deliveryItems.productId))
    .where(eq(schema.deliveryItems.deliveryId, deliveryId))
    .orderBy(asc(schema.deliveryItems.productId));
}

/** The box dishes (composable categories), with their tags and ingredients. */
async function boxDishes() {
  const rows = await db()
    .select({
      id: schema.products.id,
      sku: schema.products.sku,
      ingredients: schema.products.ingredients,
    })
    .from(schema.products)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
    .where(and(eq(schema.products.isActive, true), eq(schema.categories.isComposable, true)))
    .orderBy(asc(schema.products.id));
  const tags = await db()
    .select({ productId: schema.productTags.productId, slug: schema.tags.slug })
    .from(schema.productTags)
    .innerJoin(schema.tags, eq(schema.tags.id, schema.productTags.tagId));
  return rows.map((row) => ({
    ...row,
    tags: tags.filter((tag) => tag.productId === row.id).map((tag) => tag.slug),
  }));
}

/**
 * Leo (dairy allergy, 3–5 years) and Mia (won't eat carrots, 1–2 years); Leo loved `lovedId` in
 * the first box.
 */
async function addFamily(customer: Customer, lovedId: number | null) {
  const [dairyFree] = await db().select().from(schema.tags).where(eq(schema.tags.slug, 'dairy-free'));
  const [leo, mia] = await db()
    .insert(schema.children)
    .values([
      { userId: customer.userId, name: 'Leo', birthYear: 2022, birthMonth: 3 },
      { userId: customer.userId, name: 'Mia', birthYear: 2025, birthMonth: 1 },
    ])
    .returning();
  await db().insert(schema.childAllergens).values({ childId: leo!.id, tagId: dairyFree!.id });
  await db().insert(schema.childDislikes).values({ childId: mia!.id, ingredient: DISLIKED_INGREDIENT });
  if (lovedId !== null) {
    await db()
      .insert(schema.dishRatings)
      .values({ childId: leo!.id, orderId: customer.firstOrderId, productId: lovedId, rating: 'loved' });
  }
  return { leo: leo!, mia: mia! };
}

const isSafe = (dish: { tags: string[]; ingredients: string }) =>
  dish.tags.includes('dairy-free') && !/\bcarrots?\b/i.test(dish.ingredients);

/** Takes `kinds` dishes out of the customer's second box: 2 units each. */
async function shorten(customer: Customer, kinds: number) {
  const second = (await boxesOf(customer.subscriptionId))[1]!;
  const before = await itemsOf(second.id);
  for (const item of before.slice(0, kinds)) {
    const removed = await asCustomer(
      context,
      customer.cookie,
      'PUT',
      `/api/me/deliveries/${second.deliveryDate}/items`,
      { sku: item.sku, quantity: 0 },
    );
    expect(removed.status).toBe(200);
  }
  return second;
}

describe('Fill my box for me', () => {
  it('fills the box to its size with dishes safe for every child, loved first, each with its reason', async () => {
    const customer = await subscribedCustomer(context);
    const dishes = await boxDishes();
    const second = await shorten(customer, 2);
    const inBox = new Set((await itemsOf(second.id)).map((item) => item.productId));
    const loved = dishes.find((dish) => isSafe(dish) && !inBox.has(dish.id))!;
    expect(loved).toBeDefined();
    await addFamily(customer, loved.id);

    const filled = await asCustomer(
      context,
      customer.cookie,
      'POST',
      `/api/me/deliveries/${second.deliveryDate}/fill`,
    );
    expect(filled.status).toBe(200);
    const box = filled.body.data;
    expect(box.item_count).toBe(12);
    expect(box.filled_items).toEqual([]);
    const picked = box.items.filter((item: { picked_quantity: number }) => item.picked_quantity > 0);
    expect(
      picked.reduce((sum: number, item: { picked_quantity: number }) => sum + item.picked_quantity, 0),
    ).toBe(4);
    for (const item of picked) {
      expect(item.pick_reason).toMatch(/\w/);
      expect(isSafe(dishes.find((dish) => dish.sku === item.sku)!)).toBe(true);
    }
    expect(picked.find((item: { sku: string }) => item.sku === loved.sku)?.pick_reason).toBe('Leo loved it');
    expect(picked.map((item: { pick_reason: string }) => item.pick_reason)).toContain(
      'New for Mia: suits everyone',
    );
    // Chosen dishes stay chosen.
    for (const item of box.items.filter((line: { picked_quantity: number }) => line.picked_quantity === 0))
      expect(item.pick_reason).toBeNull();

    // A full box is left as it is.
    const again = await asCustomer(
      context,
      customer.cookie,
      'POST',
      `/api/me/deliveries/${second.deliveryDate}/fill`,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.items).toEqual(box.items);

    // The kitchen counts the picked portions apart.
    const day = new Date(`${second.deliveryDate}T00:00:00Z`);
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
    const week = (await kitchenPlan(db(), new Date(), 8)).find((entry) => entry.week === monday)!;
    const lovedRow = week.products.find((product) => product.sku === loved.sku)!;
    expect(lovedRow.picked).toBeGreaterThanOrEqual(1);
    expect(lovedRow.picked).toBeLessThanOrEqual(lovedRow.total);
    expect(week.picked).toBe(week.products.reduce((sum, product) => sum + product.picked, 0));
    expect(week.picked).toBeGreaterThanOrEqual(4);

    // A picked dish the customer changes becomes chosen.
    const changed = await asCustomer(
      context,
      customer.cookie,
      'PUT',
      `/api/me/deliveries/${second.deliveryDate}/items`,
      { sku: loved.sku, quantity: 1 },
    );
    expect(changed.status).toBe(200);
    const line = changed.body.data.items.find((item: { sku: string }) => item.sku === loved.sku);
    expect(line).toMatchObject({ quantity: 1, picked_quantity: 0, pick_reason: null });
  });

  it("refuses a box past its cutoff or skipped (422), a date that is not the customer's (404), and no session (401)", async () => {
    const customer = await subscribedCustomer(context);
    const other = await subscribedCustomer(context);
    const [, second, third] = await boxesOf(customer.subscriptionId);
    const otherDates = new Set((await boxesOf(other.subscriptionId)).map((box) => box.deliveryDate));
    const fill = (date: string, cookie = customer.cookie) =>
      asCustomer(context, cookie, 'POST', `/api/me/deliveries/${date}/fill`);

    await db()
      .update(schema.deliveries)
      .set({ cutoffAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.deliveries.id, second!.id));
    const late = await fill(second!.deliveryDate);
    expect(late.status).toBe(422);
    expect(late.body.message ?? JSON.stringify(late.body)).toMatch(/cutoff/);

    expect(
      (await asCustomer(context, customer.cookie, 'POST', `/api/me/deliveries/${third!.deliveryDate}/skip`))
        .status,
    ).toBe(200);
    expect((await fill(third!.deliveryDate)).status).toBe(422);

    // The path names no customer: a date without a box of theirs is not found, and another
    // customer's boxes (short ones too) are never touched.
    expect((await fill('2031-01-07')).status).toBe(404);
    const otherSecond = (await boxesOf(other.subscriptionId))[1]!;
    await shorten(other, 1);
    const before = await itemsOf(otherSecond.id);
    for (const date of otherDates) await fill(date);
    expect(await itemsOf(otherSecond.id)).toEqual(before);
    expect((await fill(second!.deliveryDate, '')).status).toBe(401);
  });
});

describe('the renewal jobs fill a short box', () => {
  it('fills a short box at the reminder, 24 hours before the cutoff, and the email lists the picks', async () => {
    const customer = await subscribedCustomer(context);
    const second = await shorten(customer, 1);
    await addFamily(customer, null);
    await context.app.jobs.runAllOnce(new Date(second.cutoffAt.getTime() - DAY_MS));

    const items = await itemsOf(second.id);
    expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(12);
    const picks = items.filter((item) => item.pickedQuantity > 0);
    expect(picks.reduce((sum, item) => sum + item.pickedQuantity, 0)).toBe(2);
    const dishes = await boxDishes();
    for (const pick of picks) expect(isSafe(dishes.find((dish) => dish.id === pick.productId)!)).toBe(true);

    const [reminder] = await db()
      .select()
      .from(schema.mailMessages)
      .where(
        and(
          eq(schema.mailMessages.to, customer.email),
          eq(schema.mailMessages.template, 'delivery-reminder'),
        ),
      );
    expect(reminder!.text).toContain('We picked these for you to fill your box');
    for (const pick of picks) expect(reminder!.text).toContain(pick.pickReason!);
    expect(reminder!.html).toContain(picks[0]!.pickReason!);

    // At the cutoff the box is made as the parent saw it: the picks are in the order, still told apart.
    await context.app.jobs.runAllOnce(second.cutoffAt);
    const [made] = await db().select().from(schema.deliveries).where(eq(schema.deliveries.id, second.id));
    expect(made!.status).not.toBe('scheduled');
    expect(await itemsOf(second.id)).toEqual(items);
  });

  it('makes a family box made short after its reminder as its account priced it: the fill-up, no new picks (decision 039)', async () => {
    const customer = await subscribedCustomer(context);
    const second = await shorten(customer, 2);
    await addFamily(customer, null);
    // Changed short after its reminder: the lock fills it as the account's preview priced it.
    await db()
      .update(schema.deliveries)
      .set({ reminderSentAt: new Date() })
      .where(eq(schema.deliveries.id, second.id));
    await context.app.jobs.runAllOnce(second.cutoffAt);
    const items = await itemsOf(second.id);
    expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(12);
    expect(items.every((item) => item.pickedQuantity === 0)).toBe(true);
  });

  it('leaves a box without children to the cutoff fill-up its account showed priced (decision 039)', async () => {
    const customer = await subscribedCustomer(context);
    const second = await shorten(customer, 1);
    await context.app.jobs.runAllOnce(new Date(second.cutoffAt.getTime() - DAY_MS));
    const reminded = await itemsOf(second.id);
    expect(reminded.reduce((sum, item) => sum + item.quantity, 0)).toBe(10);
    await context.app.jobs.runAllOnce(second.cutoffAt);
    const made = await itemsOf(second.id);
    expect(made.reduce((sum, item) => sum + item.quantity, 0)).toBe(12);
    expect(made.every((item) => item.pickedQuantity === 0)).toBe(true);
  });
});
