import { randomUUID } from 'node:crypto';
import {
  BIRTH_MONTH_FUTURE_MESSAGE,
  BIRTH_MONTH_TOO_EARLY_MESSAGE,
  calendarMonth,
  INGREDIENT_TOO_SHORT_MESSAGE,
  MAX_CHILDREN,
  TOO_MANY_CHILDREN_MESSAGE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../src/modules/auth/tokens';
import { injectJson, startTestApp, type TestContext } from './helpers';

/** The family's children (docs/decisions/055): add, edit, remove, who may, and what is refused. */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const CHILDREN = '/api/me/children';
const today = calendarMonth(new Date());

/** A birth month `monthsAgo` months before this month. */
function born(monthsAgo: number) {
  const total = today.year * 12 + (today.month - 1) - monthsAgo;
  return { birth_year: Math.floor(total / 12), birth_month: (total % 12) + 1 };
}

/** A new customer with a live session: answers its id and its cookie header. */
async function newCustomer(): Promise<{ id: number; cookie: string }> {
  const [user] = await context.database.db
    .insert(schema.users)
    .values({ email: `family-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Sam' })
    .returning({ id: schema.users.id });
  const token = randomToken();
  await context.database.db.insert(schema.sessions).values({
    idHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: user!.id, cookie: `sid=${token}` };
}

async function call(
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response =
    method === 'GET' || method === 'DELETE'
      ? await context.app.inject({
          method,
          url,
          headers: cookie ? { cookie, origin: 'http://localhost:3000' } : {},
        })
      : await injectJson(context.app, method, url, body, cookie);
  return { status: response.statusCode, body: response.json() };
}

const mia = {
  name: 'Mia',
  ...born(38),
  allergens: ['dairy-free', 'egg-free'],
  disliked_dishes: ['SS-FAM-001'],
  disliked_ingredients: ['peas', 'Peas', 'mushrooms'],
  diet: 'vegetarian',
};

describe('child profiles: a customer session, and only their own children', () => {
  it('answers a visitor 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', CHILDREN],
      ['POST', CHILDREN],
      ['PUT', `${CHILDREN}/1`],
      ['DELETE', `${CHILDREN}/1`],
    ] as const) {
      expect((await call(undefined, method, url, mia)).status, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another customer's child, and leaves it as it was", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const added = await call(owner.cookie, 'POST', CHILDREN, mia);
    expect(added.status).toBe(201);
    const id = added.body.data.id as number;
    expect((await call(other.cookie, 'PUT', `${CHILDREN}/${id}`, { ...mia, name: 'Eve' })).status).toBe(404);
    expect((await call(other.cookie, 'DELETE', `${CHILDREN}/${id}`)).status).toBe(404);
    expect((await call(other.cookie, 'GET', CHILDREN)).body.data).toEqual([]);
    expect((await call(owner.cookie, 'GET', CHILDREN)).body.data).toEqual([added.body.data]);
  });
});

describe('child profiles: add, edit, remove', () => {
  it('adds a child with its age band, allergens, dislikes and diet, and lists it', async () => {
    const { cookie } = await newCustomer();
    const added = await call(cookie, 'POST', CHILDREN, mia);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Mia',
      ...born(38),
      age_band: '3-5 years',
      allergens: [
        { slug: 'dairy-free', name: 'Dairy-free', allergen: 'dairy' },
        { slug: 'egg-free', name: 'Egg-free', allergen: 'egg' },
      ],
      disliked_dishes: [{ sku: 'SS-FAM-001' }],
      // The same ingredient twice is kept once.
      disliked_ingredients: ['peas', 'mushrooms'],
      diet: { slug: 'vegetarian', name: 'Vegetarian' },
    });
    const listed = await call(cookie, 'GET', CHILDREN);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([added.body.data]);
  });

  it('replaces the whole profile on an edit: what the body leaves out is cleared', async () => {
    const { cookie } = await newCustomer();
    const id = (await call(cookie, 'POST', CHILDREN, mia)).body.data.id;
    const edited = await call(cookie, 'PUT', `${CHILDREN}/${id}`, {
      name: 'Mia Rose',
      ...born(20),
      allergens: ['nut-free'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id,
      name: 'Mia Rose',
      age_band: '1-2 years',
      allergens: [{ slug: 'nut-free', allergen: 'nut' }],
      disliked_dishes: [],
      disliked_ingredients: [],
      diet: null,
    });
    expect((await call(cookie, 'GET', CHILDREN)).body.data).toEqual([edited.body.data]);
  });

  it('removes a child with every row about them, ratings included', async () => {
    const { cookie } = await newCustomer();
    const id = (await call(cookie, 'POST', CHILDREN, mia)).body.data.id as number;
    const db = context.database.db;
    const [order] = await db.select({ id: schema.orders.id }).from(schema.orders).limit(1);
    const [dish] = await db.select({ id: schema.products.id }).from(schema.products).limit(1);
    expect(order, 'the demo history seeds orders').toBeDefined();
    await db
      .insert(schema.dishRatings)
      .values({ childId: id, orderId: order!.id, productId: dish!.id, rating: 'loved' });

    const removed = await call(cookie, 'DELETE', `${CHILDREN}/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id, name: 'Mia' });
    expect((await call(cookie, 'GET', CHILDREN)).body.data).toEqual([]);
    for (const [table, column] of [
      [schema.childAllergens, schema.childAllergens.childId],
      [schema.childDislikes, schema.childDislikes.childId],
      [schema.dishRatings, schema.dishRatings.childId],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, id))).toEqual([]);
    }
    expect((await call(cookie, 'DELETE', `${CHILDREN}/${id}`)).status).toBe(404);
  });
});

describe('child profiles: what is refused, keyed by field', () => {
  it('names every problem beside its field', async () => {
    const { cookie } = await newCustomer();
    const refused = await call(cookie, 'POST', CHILDREN, {
      ...mia,
      allergens: ['dairy-free', 'vegan', 'shellfish-free'],
      diet: 'dairy-free',
      disliked_dishes: ['SS-NOPE-1'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      allergens: ["We don't know the allergen vegan, shellfish-free: choose from the list."],
      diet: ["We don't know the diet dairy-free: choose one from the list, or none."],
      disliked_dishes: ['We have no dish SS-NOPE-1: choose dishes from the list.'],
    });
    expect((await call(cookie, 'GET', CHILDREN)).body.data).toEqual([]);
  });

  it('refuses a birth month to come, or more than 16 years ago', async () => {
    const { cookie } = await newCustomer();
    const future = await call(cookie, 'POST', CHILDREN, { ...mia, ...born(-1) });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ birth_month: [BIRTH_MONTH_FUTURE_MESSAGE] });
    const tooEarly = await call(cookie, 'POST', CHILDREN, { ...mia, ...born(16 * 12 + 1) });
    expect(tooEarly.body.errors).toEqual({ birth_month: [BIRTH_MONTH_TOO_EARLY_MESSAGE] });
    // This month and 16 years ago to the month are fine.
    expect((await call(cookie, 'POST', CHILDREN, { ...mia, ...born(0) })).status).toBe(201);
    expect((await call(cookie, 'POST', CHILDREN, { ...mia, ...born(16 * 12) })).status).toBe(201);
  });

  it('refuses an empty name and a one-letter ingredient with words a person can act on', async () => {
    const { cookie } = await newCustomer();
    const refused = await call(cookie, 'POST', CHILDREN, { ...mia, name: '  ', disliked_ingredients: ['p'] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.name).toEqual(['This field is required']);
    expect(refused.body.errors['disliked_ingredients.0'] ?? refused.body.errors.disliked_ingredients).toEqual(
      [INGREDIENT_TOO_SHORT_MESSAGE],
    );
  });
});

describe('child profiles: at most 8 per family', () => {
  it('refuses a ninth child', async () => {
    const { cookie } = await newCustomer();
    for (let index = 0; index < MAX_CHILDREN; index++) {
      expect((await call(cookie, 'POST', CHILDREN, { ...mia, name: `Child ${index}` })).status).toBe(201);
    }
    const ninth = await call(cookie, 'POST', CHILDREN, mia);
    expect(ninth.status).toBe(422);
    expect(ninth.body.message).toBe(TOO_MANY_CHILDREN_MESSAGE);
    expect(ninth.body.errors).toEqual({ children: [TOO_MANY_CHILDREN_MESSAGE] });
  });

  it('counts atomically: two concurrent adds at 7 give one child and one refusal', async () => {
    const { id, cookie } = await newCustomer();
    for (let index = 0; index < MAX_CHILDREN - 1; index++) {
      expect((await call(cookie, 'POST', CHILDREN, { ...mia, name: `Child ${index}` })).status).toBe(201);
    }
    const answers = await Promise.all([
      call(cookie, 'POST', CHILDREN, { ...mia, name: 'Racer A' }),
      call(cookie, 'POST', CHILDREN, { ...mia, name: 'Racer B' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const rows = await context.database.db
      .select()
      .from(schema.children)
      .where(eq(schema.children.userId, id));
    expect(rows).toHaveLength(MAX_CHILDREN);
  });
});

describe('the demo family (seed)', () => {
  it('gives the demo customer Mia, allergic to dairy, and Leo, who will not eat peas, each flagging real dishes', async () => {
    const db = context.database.db;
    const [demo] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, demoAccounts.customer.email));
    const token = randomToken();
    await db.insert(schema.sessions).values({
      idHash: hashToken(token),
      userId: demo!.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const family = (await call(`sid=${token}`, 'GET', CHILDREN)).body.data;
    expect(family).toMatchObject([
      { name: 'Mia', age_band: '3-5 years', allergens: [{ slug: 'dairy-free', allergen: 'dairy' }] },
      { name: 'Leo', age_band: '1-2 years', allergens: [], disliked_ingredients: ['peas'] },
    ]);
    const dishes = await db
      .select({ ingredients: schema.products.ingredients })
      .from(schema.products)
      .where(eq(schema.products.isActive, true));
    expect(dishes.some((dish) => /\bpeas\b/.test(dish.ingredients))).toBe(true);
    const dairyFree = await db
      .select({ productId: schema.productTags.productId })
      .from(schema.productTags)
      .innerJoin(schema.tags, eq(schema.tags.id, schema.productTags.tagId))
      .where(eq(schema.tags.slug, 'dairy-free'));
    expect(dairyFree.length).toBeGreaterThan(0);
    expect(dairyFree.length).toBeLessThan(dishes.length);
  });
});
