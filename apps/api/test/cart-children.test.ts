import {
  BIRTH_MONTH_FUTURE_MESSAGE,
  calendarMonth,
  MAX_CHILDREN,
  SESSION_COOKIE,
  TOO_MANY_CHILDREN_MESSAGE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSkus,
  getJson,
  injectJson,
  newKey,
  planIdsBySlug,
  sendJson,
  startTestApp,
  type TestContext,
  uniqueEmail,
} from './helpers';

/** The children told before checkout (docs/decisions/055): kept on the cart, profiles at checkout. */
let context: TestContext;
let skus: string[];
let plans: Record<string, number>;
beforeAll(async () => {
  context = await startTestApp();
  skus = await activeSkus(context.database);
  plans = await planIdsBySlug(context.database);
});
afterAll(() => context?.close());

const CARTS = '/api/customers/abandoned-carts';
const today = calendarMonth(new Date());

function born(monthsAgo: number) {
  const total = today.year * 12 + (today.month - 1) - monthsAgo;
  return { birth_year: Math.floor(total / 12), birth_month: (total % 12) + 1 };
}

const mia = {
  name: 'Mia',
  ...born(38),
  allergens: ['dairy-free'],
  disliked_dishes: ['SS-FAM-001'],
  disliked_ingredients: ['peas'],
  diet: 'vegetarian',
};

async function newCart(): Promise<string> {
  return (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
}

describe("a cart's children", () => {
  it('keeps the children told, as profiles read them, and replaces them whole', async () => {
    const id = await newCart();
    expect((await getJson(context.app, `${CARTS}/${id}/children`)).body.data).toEqual([]);

    const saved = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, {
      children: [mia, { name: 'Leo', ...born(10) }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual([
      {
        name: 'Mia',
        ...born(38),
        age_band: '3-5 years',
        allergens: [expect.objectContaining({ slug: 'dairy-free', allergen: 'dairy' })],
        disliked_dishes: [expect.objectContaining({ sku: 'SS-FAM-001' })],
        disliked_ingredients: ['peas'],
        diet: expect.objectContaining({ slug: 'vegetarian' }),
      },
      {
        name: 'Leo',
        ...born(10),
        age_band: '6-12 months',
        allergens: [],
        disliked_dishes: [],
        disliked_ingredients: [],
        diet: null,
      },
    ]);
    const read = await getJson(context.app, `${CARTS}/${id}/children`);
    expect(read.body.data).toEqual(saved.body.data);

    const cleared = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, { children: [] });
    expect(cleared.body.data).toEqual([]);
  });

  it('checks each child as a profile is, and at most MAX_CHILDREN', async () => {
    const id = await newCart();
    const future = born(-2);
    const refused = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, {
      children: [{ ...mia, ...future, allergens: ['vegetarian'], disliked_dishes: ['NO-SUCH-SKU'] }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.birth_month).toEqual([BIRTH_MONTH_FUTURE_MESSAGE]);
    expect(refused.body.errors.allergens[0]).toContain('vegetarian');
    expect(refused.body.errors.disliked_dishes[0]).toContain('NO-SUCH-SKU');

    const tooMany = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, {
      children: Array.from({ length: MAX_CHILDREN + 1 }, (_, index) => ({
        name: `Kid ${index}`,
        ...born(20),
      })),
    });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.body)).toContain(TOO_MANY_CHILDREN_MESSAGE);

    const unnamed = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, {
      children: [{ ...mia, name: '  ' }],
    });
    expect(unnamed.status).toBe(422);
    expect((await getJson(context.app, `${CARTS}/${id}/children`)).body.data).toEqual([]);

    const unknownCart = await sendJson(
      context.app,
      'PUT',
      `${CARTS}/00000000-0000-4000-8000-000000000000/children`,
      { children: [] },
    );
    expect(unknownCart.status).toBe(404);
  });

  it("makes them the new account's profiles at checkout, and the cart's children are then closed", async () => {
    const id = await newCart();
    const email = uniqueEmail('onboarding');
    await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
    await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans['plan-12'] });
    for (const sku of skus.slice(0, 12)) {
      expect((await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, { sku, quantity: 1 })).status).toBe(
        200,
      );
    }
    await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      first_name: 'Robin',
      last_name: 'Okafor',
      address_line_1: '350 W 31st St',
      city: 'New York',
      phone: '(212) 555-0199',
      password: 'lunchbox-secret',
    });
    expect(
      (
        await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, {
          children: [mia, { name: 'Leo', ...born(10) }],
        })
      ).status,
    ).toBe(200);

    const card = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    const dates = await getJson(context.app, '/api/shipping/zip-codes/10001/delivery-dates');
    const total = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs.total_cost;
    const response = await injectJson(context.app, 'POST', '/api/sales/checkout', {
      abandoned_cart_id: id,
      expected_total: total,
      idempotency_key: newKey(),
      payment_method_id: card.json().id,
      first_delivery_date: dates.body.data[0].date,
      frequency_weeks: 2,
    });
    expect(response.statusCode).toBe(201);
    const userId = response.json().data.user.id as number;

    const cookie = [response.headers['set-cookie'] ?? []]
      .flat()
      .map((entry) => entry.split(';')[0]!)
      .filter((entry) => entry.startsWith(`${SESSION_COOKIE}=`))
      .join('; ');
    const family = await context.app.inject({ method: 'GET', url: '/api/me/children', headers: { cookie } });
    expect(family.statusCode).toBe(200);
    expect(family.json().data).toEqual([
      expect.objectContaining({
        name: 'Mia',
        allergens: [expect.objectContaining({ slug: 'dairy-free' })],
        disliked_dishes: [expect.objectContaining({ sku: 'SS-FAM-001' })],
        disliked_ingredients: ['peas'],
        diet: expect.objectContaining({ slug: 'vegetarian' }),
      }),
      expect.objectContaining({ name: 'Leo', allergens: [], diet: null }),
    ]);
    const rows = await context.database.db
      .select()
      .from(schema.children)
      .where(eq(schema.children.userId, userId));
    expect(rows).toHaveLength(2);

    const closed = await getJson(context.app, `${CARTS}/${id}/children`);
    expect(closed.status).toBe(400);
    const late = await sendJson(context.app, 'PUT', `${CARTS}/${id}/children`, { children: [] });
    expect(late.status).toBe(400);
  });
});
