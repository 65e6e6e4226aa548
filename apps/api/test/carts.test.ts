import { schema } from '@sprout/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, planIdsBySlug, sendJson, startTestApp, type TestContext } from './helpers';

const CARTS = '/api/customers/abandoned-carts';
const SALES = '/api/sales/abandoned-carts';

let context: TestContext;
let skus: string[];
let inactiveSku: string;
let plans: Record<string, number>;
let groups: Record<string, number>;

beforeAll(async () => {
  context = await startTestApp();
  const { db } = context.database;
  const products = await db.select().from(schema.products).orderBy(schema.products.id);
  skus = products.filter((product) => product.isActive).map((product) => product.sku);
  inactiveSku = products.find((product) => !product.isActive)!.sku;
  plans = await planIdsBySlug(context.database);
  groups = Object.fromEntries(
    (await db.select().from(schema.bestsellerGroups)).map((group) => [group.slug, group.id]),
  );
});
afterAll(() => context?.close());

async function newCart(): Promise<string> {
  const { status, body } = await sendJson(context.app, 'POST', CARTS);
  expect(status).toBe(201);
  return body.data.id;
}

async function cartWithPlan(planSlug: string): Promise<string> {
  const id = await newCart();
  expect(
    (await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans[planSlug] })).status,
  ).toBe(200);
  return id;
}

const setItem = (id: string, sku: string, quantity: number) =>
  sendJson(context.app, 'PUT', `${SALES}/${id}/items`, {
    sku,
    quantity,
    source_url: 'http://localhost:3000/menus',
  });

describe('create, read, delete', () => {
  it('creates an empty cart with a 128-bit id, readable under both prefixes', async () => {
    const { status, body } = await sendJson(context.app, 'POST', CARTS);
    expect(status).toBe(201);
    const cart = body.data;
    expect(cart.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(cart).toMatchObject({
      email: null,
      plan_id: null,
      receives_sms_updates: true,
      is_ready_to_checkout: false,
      is_ready_to_complete_checkout: false,
      cart: { items: [], item_count: 0, threshold: null, costs: { cart_items: 0, total_cost: 0 } },
    });
    const again = await getJson(context.app, `${SALES}/${cart.id}?include=promoCode`);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(cart.id);
    expect(again.body.data.cart.promo_code).toBeNull();
  });

  it('answers abandonedCartId and cart, the names storefront clients read, and keeps id', async () => {
    for (const prefix of [CARTS, SALES]) {
      const { status, body } = await sendJson(context.app, 'POST', prefix);
      expect(status).toBe(201);
      const created = body.data;
      expect(created.abandonedCartId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(created.id).toBe(created.abandonedCartId);
      expect(created.cart).toMatchObject({ id: created.abandonedCartId, items: [], item_count: 0 });
      // The cart the id names is the one answered.
      const read = await getJson(context.app, `${CARTS}/${created.abandonedCartId}`);
      expect(read.body.data.cart).toEqual(created.cart);
    }
  });

  it('never hands out the same id twice', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => newCart()));
    expect(new Set(ids).size).toBe(20);
  });

  it('answers 404 for an unknown cart and 422 for a malformed id', async () => {
    expect((await getJson(context.app, `${CARTS}/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    const malformed = await getJson(context.app, `${CARTS}/not-a-cart`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.cartId).toBeDefined();
  });

  it('deletes a cart and answers it as it was', async () => {
    const id = await cartWithPlan('plan-12');
    await setItem(id, skus[0]!, 2);
    const { status, body } = await sendJson(context.app, 'DELETE', `${CARTS}/${id}`);
    expect(status).toBe(200);
    expect(body.data.cart.item_count).toBe(2);
    expect((await getJson(context.app, `${CARTS}/${id}`)).status).toBe(404);
  });
});

describe('PUT the cart: contact, zip code, preferences', () => {
  it('captures email and zip code, resolving the zip to its state, with one Lead pixel', async () => {
    const id = await newCart();
    const first = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: 'Parent@Example.com',
      zip_code: '10001',
      page: '/menus',
      location: 'popup',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      email: 'parent@example.com',
      zip_code: '10001',
      is_zip_code_delivered: true,
    });
    expect(first.body.data.zip_code_id).toEqual(expect.any(Number));
    expect(first.body.data.state_id).toEqual(expect.any(Number));
    expect(first.body.meta.pixels).toEqual([{ name: 'Lead', event_id: expect.any(String) }]);
    const [event] = await context.database.db
      .select()
      .from(schema.marketingEvents)
      .where(eq(schema.marketingEvents.id, first.body.meta.pixels[0].event_id));
    expect(event).toMatchObject({ name: 'Lead', abandonedCartId: id });

    const second = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: 'other@example.com',
      first_name: 'Sam',
    });
    expect(second.body.meta.pixels).toEqual([]);
    expect(second.body.data).toMatchObject({
      email: 'other@example.com',
      first_name: 'Sam',
      zip_code: '10001',
    });
  });

  it('keeps a visitor whose zip we do not deliver to as a waitlist lead, once, and says where', async () => {
    const id = await newCart();
    const waitlistEvents = () =>
      context.database.db
        .select()
        .from(schema.marketingEvents)
        .where(
          and(
            eq(schema.marketingEvents.abandonedCartId, id),
            eq(schema.marketingEvents.name, 'WaitlistLead'),
          ),
        );
    const anchorage = { zip_code: '99501', city: 'Anchorage', state_code: 'AK' };

    const captured = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: 'Far@Example.com',
      zip_code: '99501',
    });
    expect(captured.status).toBe(200);
    expect(captured.body.data.is_zip_code_delivered).toBe(false);
    expect(captured.body.meta.waitlist).toEqual(anchorage);
    expect(await waitlistEvents()).toEqual([
      expect.objectContaining({ payload: { email: 'far@example.com', ...anchorage } }),
    ]);

    // The same capture again tells the visitor again, but the lead is kept once.
    const again = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: 'far@example.com',
      zip_code: '99501',
    });
    expect(again.body.meta.waitlist).toEqual(anchorage);
    expect(await waitlistEvents()).toHaveLength(1);

    // Details that are not a capture say nothing; a delivered zip is no waitlist.
    expect((await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { first_name: 'Sam' })).body.meta).toEqual({
      pixels: [],
    });
    const delivered = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { zip_code: '10001' });
    expect(delivered.body.meta.waitlist).toBeUndefined();
    expect(await waitlistEvents()).toHaveLength(1);
  });

  it('accepts an undelivered zip code and says so', async () => {
    const id = await newCart();
    const { body } = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { zip_code: '99501' });
    expect(body.data).toMatchObject({ zip_code: '99501', is_zip_code_delivered: false });
  });

  it('stores a password only as an argon2id hash', async () => {
    const id = await newCart();
    const { body } = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { password: 'carrots-and-peas' });
    expect(body.data.has_password).toBe(true);
    expect(JSON.stringify(body)).not.toContain('carrots-and-peas');
    const [row] = await context.database.db
      .select()
      .from(schema.abandonedCarts)
      .where(eq(schema.abandonedCarts.id, id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ zip_code: '1234' }, 'zip_code_id', 'Please enter a valid 5-digit zip code'],
    [{ zip_code: '00000' }, 'zip_code_id', 'We could not find this zip code.'],
    [{ zip_code_id: 99999 }, 'zip_code_id', 'We could not find this zip code.'],
    [{ state_id: 99999 }, 'state_id', 'Please choose a state.'],
    [{ phone: '12' }, 'phone', 'Please enter a valid US phone number'],
    [{ password: 'short' }, 'password', 'Use at least 8 characters'],
    [{ receives_sms_updates: 'yes' }, 'receives_sms_updates', expect.any(String)],
    [{ is_admin: true }, 'is_admin', expect.any(String)],
  ])('answers 422 on the field for %j and changes nothing', async (payload, field, message) => {
    const id = await newCart();
    await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { first_name: 'Before' });
    const { status, body } = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      first_name: 'After',
      ...payload,
    });
    expect(status).toBe(422);
    expect(body.errors[field]).toEqual([message]);
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data.first_name).toBe('Before');
  });

  it('takes the city of a new zip code, and refuses a city or a state that contradicts the zip', async () => {
    const id = await newCart();
    const captured = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { zip_code: '60601' });
    expect(captured.body.data).toMatchObject({ zip_code: '60601', city: 'Chicago' });

    // "New York, IL 60601": the city is refused beside its field, and nothing else is saved.
    const wrongCity = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      first_name: 'Robin',
      city: 'New York',
      zip_code: '60601',
    });
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.body.errors).toEqual({
      city: ['60601 is in Chicago, IL. Change the city to Chicago or check the zip code.'],
    });
    // Without a zip in the body, the cart's zip is the one the city is checked against.
    const cityAlone = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { city: 'Boston' });
    expect(cityAlone.status).toBe(422);
    expect(cityAlone.body.errors.city).toEqual([
      '60601 is in Chicago, IL. Change the city to Chicago or check the zip code.',
    ]);
    const [newYork] = await context.database.db
      .select()
      .from(schema.states)
      .where(eq(schema.states.code, 'NY'));
    const wrongState = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { state_id: newYork!.id });
    expect(wrongState.status).toBe(422);
    expect(wrongState.body.errors).toEqual({
      state_id: ['60601 is in Illinois. Change the state to Illinois or check the zip code.'],
    });
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data).toMatchObject({
      first_name: null,
      city: 'Chicago',
    });

    // The zip's own city, in any case or spacing, is taken; a new zip brings its own city.
    const right = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { city: ' chicago ' });
    expect(right.status).toBe(200);
    const moved = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { zip_code: '10001' });
    expect(moved.body.data).toMatchObject({ zip_code: '10001', city: 'New York', state_id: newYork!.id });
    const both = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      zip_code: '11201',
      city: 'Brooklyn',
    });
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ zip_code: '11201', city: 'Brooklyn' });
  });

  it("refuses an email that belongs to an account with 'This email is already in use.'", async () => {
    await context.database.db.insert(schema.users).values({ email: 'Taken@Example.com' });
    const id = await newCart();
    const { status, body } = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: 'taken@example.COM',
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'This email is already in use.',
      errors: { email: ['This email is already in use.'] },
    });
  });
});

describe('items', () => {
  it('needs a plan before adding', async () => {
    const id = await newCart();
    const { status, body } = await setItem(id, skus[0]!, 1);
    expect(status).toBe(422);
    expect(body.errors.plan_id).toEqual(['Choose a plan first.']);
  });

  it('sets absolute quantities and reports the difference and an AddToCart pixel', async () => {
    const id = await cartWithPlan('plan-12');
    const added = await setItem(id, skus[0]!, 3);
    expect(added.status).toBe(200);
    const line = added.body.data.cart.items[0];
    expect(line).toMatchObject({ sku: skus[0], quantity: 3 });
    expect(line.total_cost).toBeCloseTo(line.price.price * 3, 2);
    expect(added.body.meta.difference.data).toEqual({
      sku: skus[0],
      name: line.name,
      quantity: 3,
      quantity_absolute: 3,
      price: line.price.price,
      total: Math.round(line.price.price * 300) / 100,
      category_name: line.category.name,
    });
    expect(added.body.meta.pixels).toEqual([
      { name: 'AddToCart', event_id: expect.any(String), value: expect.any(Number) },
    ]);

    const lowered = await setItem(id, skus[0]!, 1);
    expect(lowered.body.meta.difference.data).toMatchObject({ quantity: -2, quantity_absolute: 1 });
    expect(lowered.body.meta.pixels).toEqual([]);

    const removed = await setItem(id, skus[0]!, 0);
    expect(removed.body.data.cart.items).toEqual([]);
    expect(removed.body.meta.difference.data).toMatchObject({ quantity: -1, quantity_absolute: 0 });
  });

  it('refuses a quantity past the threshold with 422, and fills exactly to it', async () => {
    const id = await cartWithPlan('plan-12');
    await setItem(id, skus[0]!, 10);
    const over = await setItem(id, skus[1]!, 3);
    expect(over.status).toBe(422);
    expect(over.body.errors.quantity[0]).toContain('Only 2 more fit');
    const full = await setItem(id, skus[1]!, 2);
    expect(full.body.data).toMatchObject({
      is_ready_to_checkout: true,
      cart: { item_count: 12, threshold: 12 },
    });
    const fuller = await setItem(id, skus[2]!, 1);
    expect(fuller.status).toBe(422);
    expect(fuller.body.errors.quantity[0]).toContain('Your box is full');
  });

  it('counts the items already in the box, the product own included, in "Only N more fit"', async () => {
    const id = await cartWithPlan('plan-24');
    await setItem(id, skus[0]!, 12);
    await setItem(id, skus[1]!, 3);
    // 15 of 24: 9 more fit, whichever product they are.
    const over = await setItem(id, skus[1]!, 13);
    expect(over.status).toBe(422);
    expect(over.body.errors.quantity).toEqual([
      'Only 9 more fit in your 24-item box. Upgrade your plan to add more.',
    ]);
  });

  it('answers 404 for an unknown or retired product, 422 for a negative quantity', async () => {
    const id = await cartWithPlan('plan-12');
    expect((await setItem(id, 'NO-SUCH-SKU', 1)).status).toBe(404);
    expect((await setItem(id, inactiveSku, 1)).status).toBe(404);
    const negative = await setItem(id, skus[0]!, -1);
    expect(negative.status).toBe(422);
    expect(negative.body.errors.quantity).toEqual(['Quantity cannot be negative']);
  });

  it('prices lines under the plan and computes costs server-side from database prices', async () => {
    const id = await cartWithPlan('plan-12');
    await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { zip_code: '10001' });
    for (const sku of skus.slice(0, 4)) await setItem(id, sku, 3);
    const { body } = await getJson(context.app, `${CARTS}/${id}`);
    const { costs, items } = body.data.cart;
    const itemsCents = items.reduce(
      (sum: number, item: { total_cost: number }) => sum + Math.round(item.total_cost * 100),
      0,
    );
    expect(Math.round(costs.cart_items * 100)).toBe(itemsCents);
    expect(costs.shipping_cost).toBe(7.99);
    const [ny] = await context.database.db.select().from(schema.states).where(eq(schema.states.code, 'NY'));
    const taxable = itemsCents + (ny!.taxesShipping ? 799 : 0);
    expect(Math.round(costs.tax_cost * 100)).toBe(Math.round((taxable * ny!.taxRateBasisPoints) / 10_000));
    expect(Math.round(costs.total_cost * 100)).toBe(itemsCents + 799 + Math.round(costs.tax_cost * 100));

    // Bigger box: each item costs less and shipping is free.
    await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans['plan-36'] });
    const bigger = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart;
    expect(bigger.costs.cart_items).toBeLessThan(costs.cart_items);
    expect(bigger.costs.shipping_cost).toBe(0);
  });

  it('lines come grouped by category, heaviest category first', async () => {
    const id = await cartWithPlan('plan-36');
    for (const sku of skus.filter((_, index) => index % 5 === 0).slice(0, 8)) await setItem(id, sku, 1);
    const items = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.items;
    const weights = items.map(
      (item: { category: { sorting_weight: number } }) => item.category.sorting_weight,
    );
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });
});

describe('plans, filters, bestsellers', () => {
  it('answers an event id for a plan change and empties the cart for a smaller box', async () => {
    const id = await cartWithPlan('plan-24');
    await setItem(id, skus[0]!, 20);
    const bigger = await sendJson(context.app, 'POST', `${SALES}/${id}/plans`, {
      plan_id: plans['plan-36'],
      source_url: '/onboarding/plans',
    });
    expect(bigger.status).toBe(200);
    expect(bigger.body.meta.event_id).toEqual(expect.any(String));
    expect(bigger.body.data).toMatchObject({
      plan: { slug: 'plan-36', threshold: 36 },
      cart: { item_count: 20 },
    });
    const smaller = await sendJson(context.app, 'POST', `${SALES}/${id}/plans`, {
      plan_id: plans['plan-12'],
    });
    expect(smaller.body.data).toMatchObject({
      plan_id: plans['plan-12'],
      cart: { item_count: 0, items: [] },
    });
    expect((await sendJson(context.app, 'POST', `${SALES}/${id}/plans`, { plan_id: 9999 })).status).toBe(422);
  });

  /** A cart with an email and zip code (the storefront asks for them before the first dish). */
  async function identifiedCart(planSlug?: string): Promise<string> {
    const id = planSlug ? await cartWithPlan(planSlug) : await newCart();
    const saved = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
      email: `waiting-${id.slice(0, 8)}@example.com`,
      zip_code: '10001',
    });
    expect(saved.status).toBe(200);
    return id;
  }

  it('puts what waited on the first plan that holds it all, adds it, and says so (decision 045)', async () => {
    const id = await identifiedCart('plan-12');
    await setItem(id, skus[0]!, 6);
    const chosen = await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, {
      plan_id: plans['plan-12'],
      waiting: {
        items: [
          { sku: skus[1]!, quantity: 8 },
          { sku: 'NO-SUCH-SKU', quantity: 3 },
        ],
      },
      keep_items: true,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ plan: { slug: 'plan-24' }, cart: { item_count: 14 } });
    expect(chosen.body.meta).toMatchObject({
      upgraded_to: 'plan-24',
      notices: [
        'Your box with the items you chose has 14 items: it is now on the 24-item plan, which holds them all.',
      ],
    });
    const events = await context.database.db
      .select()
      .from(schema.marketingEvents)
      .where(eq(schema.marketingEvents.abandonedCartId, id));
    expect(
      events.filter((event) => event.name === 'PlanChanged').map((event) => event.payload),
    ).toContainEqual(expect.objectContaining({ from_plan_id: plans['plan-12'], plan_id: plans['plan-24'] }));
    expect(events.filter((event) => event.name === 'AddToCart').map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ sku: skus[1], quantity: 8 }),
    );
  });

  it('asks before a smaller plan empties the box (keep_items), and empties it when told', async () => {
    const id = await identifiedCart('plan-24');
    await setItem(id, skus[0]!, 20);
    const asked = await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, {
      plan_id: plans['plan-12'],
      keep_items: true,
    });
    expect(asked.status).toBe(422);
    expect(asked.body.refusal).toEqual({
      code: 'empties_box',
      message: 'Your box has 20 items and the 12-item plan holds 12: switching empties your box.',
      plan_id: plans['plan-12'],
      item_count: 20,
      threshold: 12,
    });
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.item_count).toBe(20);
    const emptied = await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, {
      plan_id: plans['plan-12'],
    });
    expect(emptied.body.meta.notices).toEqual(['Your box was emptied to fit the 12-item plan.']);
    expect(emptied.body.data.cart.item_count).toBe(0);
  });

  it('refuses what waits on a cart without its details, changing nothing', async () => {
    const id = await newCart();
    const refused = await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, {
      plan_id: plans['plan-12'],
      waiting: { bestseller_group_id: groups['starter-favourites'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.refusal).toMatchObject({ code: 'details_required' });
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data.plan_id).toBeNull();
  });

  it('adds dishes or a ready-made box in one change, refusing what the box cannot hold with the plan that can', async () => {
    const id = await identifiedCart('plan-12');
    const added = await sendJson(context.app, 'POST', `${CARTS}/${id}/items`, {
      waiting: {
        items: [
          { sku: skus[0]!, quantity: 2 },
          { sku: skus[1]!, quantity: 3 },
        ],
      },
      details_first: true,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.cart.item_count).toBe(5);
    const tooMany = await sendJson(context.app, 'POST', `${CARTS}/${id}/items`, {
      waiting: { items: [{ sku: skus[2]!, quantity: 10 }] },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.refusal).toMatchObject({
      code: 'box_full',
      needed: 15,
      adding: 10,
      plan: { slug: 'plan-24', threshold: 24 },
    });
    const asFarAsFits = await sendJson(context.app, 'POST', `${CARTS}/${id}/items`, {
      waiting: { bestseller_group_id: groups['starter-favourites'] },
      as_far_as_fits: true,
    });
    expect(asFarAsFits.body.data).toMatchObject({ is_ready_to_checkout: true, cart: { item_count: 12 } });

    const noPlan = await identifiedCart();
    const planFirst = await sendJson(context.app, 'POST', `${CARTS}/${noPlan}/items`, {
      waiting: { items: [{ sku: skus[0]!, quantity: 1 }] },
    });
    expect(planFirst.body.refusal).toEqual({
      code: 'plan_required',
      message: 'Choose a plan first.',
      adding: 1,
    });
    const anonymous = await cartWithPlan('plan-12');
    const detailsFirst = await sendJson(context.app, 'POST', `${CARTS}/${anonymous}/items`, {
      waiting: { items: [{ sku: skus[0]!, quantity: 1 }] },
      details_first: true,
    });
    expect(detailsFirst.body.refusal).toMatchObject({ code: 'details_required', adding: 1 });
    expect(
      (
        await sendJson(context.app, 'POST', `${CARTS}/${id}/items`, {
          waiting: { bestseller_group_id: 99999 },
        })
      ).status,
    ).toBe(404);
  });

  it('saves filters that the listings then use, and refuses unknown slugs', async () => {
    const id = await newCart();
    const [tag] = await context.database.db.select().from(schema.tags).limit(1);
    const saved = await sendJson(context.app, 'POST', `${CARTS}/${id}/filters`, {
      indicators: [],
      tags: [tag!.slug],
    });
    expect(saved.body.data.filters).toEqual({ indicators: [], tags: [tag!.slug] });
    const listing = await getJson(context.app, `/api/products?abandoned_cart=${id}&perPage=100`);
    expect(listing.body.data.every((product: { tags: string[] }) => product.tags.includes(tag!.slug))).toBe(
      true,
    );
    const unknown = await sendJson(context.app, 'POST', `${CARTS}/${id}/filters`, {
      indicators: ['nope'],
      tags: [],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.indicators).toBeDefined();
  });

  it('fills the box with a bestseller preset up to the threshold, never past it', async () => {
    const id = await cartWithPlan('plan-12');
    await setItem(id, skus[skus.length - 1]!, 2);
    const filled = await sendJson(
      context.app,
      'POST',
      `${CARTS}/${id}/filled-with-bestsellers/${groups['protein-packed']}`,
      {
        source_url: '/menus',
      },
    );
    expect(filled.status).toBe(200);
    expect(filled.body.data).toMatchObject({ is_ready_to_checkout: true, cart: { item_count: 12 } });
    const again = await sendJson(
      context.app,
      'POST',
      `${CARTS}/${id}/filled-with-bestsellers/${groups['starter-favourites']}`,
      {},
    );
    expect(again.body.data.cart.item_count).toBe(12);

    const noPlan = await newCart();
    const refused = await sendJson(
      context.app,
      'POST',
      `${CARTS}/${noPlan}/filled-with-bestsellers/${groups['starter-favourites']}`,
      {},
    );
    expect(refused.status).toBe(422);
    expect(
      (await sendJson(context.app, 'POST', `${CARTS}/${id}/filled-with-bestsellers/99999`, {})).status,
    ).toBe(404);
  });

  it('counts items per category for the cart in the cookie', async () => {
    const id = await cartWithPlan('plan-12');
    await setItem(id, skus[0]!, 2);
    await setItem(id, skus[1]!, 3);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/me/category-quantities',
      headers: { cookie: `abandoned_cart_id=${id}` },
    });
    const total = response
      .json()
      .data.reduce((sum: number, row: { quantity: number }) => sum + row.quantity, 0);
    expect(total).toBe(5);
    expect((await getJson(context.app, '/api/me/category-quantities')).body.data).toEqual([]);
  });
});

describe('carts that may not change', () => {
  it('answers 400 code 10002 once checked out, and changes nothing', async () => {
    const id = await cartWithPlan('plan-12');
    await setItem(id, skus[0]!, 1);
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ status: 'checked_out' })
      .where(eq(schema.abandonedCarts.id, id));
    for (const attempt of [
      setItem(id, skus[0]!, 2),
      sendJson(context.app, 'PUT', `${CARTS}/${id}`, { first_name: 'Late' }),
      sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans['plan-24'] }),
      sendJson(context.app, 'DELETE', `${CARTS}/${id}`),
    ]) {
      const { status, body } = await attempt;
      expect(status).toBe(400);
      expect(body).toEqual({ message: expect.any(String), code: 10002 });
    }
    const [line] = await context.database.db
      .select()
      .from(schema.abandonedCartItems)
      .where(eq(schema.abandonedCartItems.cartId, id));
    expect(line!.quantity).toBe(1);
    // Read by its id, a checked-out cart shows nothing of its buyer.
    const read = await getJson(context.app, `${CARTS}/${id}`);
    expect(read).toEqual({
      status: 400,
      body: { message: 'This cart has already been checked out.', code: 10002 },
    });
  });

  it('answers 403 for a cart that belongs to an account', async () => {
    const [user] = await context.database.db
      .insert(schema.users)
      .values({ email: 'owner@example.com' })
      .returning();
    const id = await newCart();
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ profileId: user!.id })
      .where(eq(schema.abandonedCarts.id, id));
    expect((await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { first_name: 'Someone' })).status).toBe(
      403,
    );
  });

  it('refuses writes without JSON or from another origin', async () => {
    const id = await newCart();
    const form = await context.app.inject({
      method: 'PUT',
      url: `${CARTS}/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=x',
    });
    expect(form.statusCode).toBe(400);
  });
});

describe('hot path budget', () => {
  it('a cart update runs the same number of SQL statements for 1 line or 20', async () => {
    const small = await cartWithPlan('plan-36');
    await setItem(small, skus[0]!, 1);
    const large = await cartWithPlan('plan-36');
    for (const sku of skus.slice(0, 20)) await setItem(large, sku, 1);

    const count = async (id: string, sku: string, quantity: number) => {
      const before = context.database.statements.count;
      const response = await setItem(id, sku, quantity);
      expect(response.status).toBe(200);
      return context.database.statements.count - before;
    };
    const smallCount = await count(small, skus[0]!, 2);
    const largeCount = await count(large, skus[0]!, 2);
    expect(largeCount).toBe(smallCount);
    // lock with the product; quantities, write, touch and the cart's details; the AddToCart event;
    // the lines (and BEGIN/COMMIT where the driver logs them: PostgreSQL's does, PGlite's does not)
    expect(largeCount).toBeLessThanOrEqual(6);
    // A removal adds nothing to the box: no event.
    expect(await count(large, skus[1]!, 0)).toBe(largeCount - 1);

    const readBefore = context.database.statements.count;
    await getJson(context.app, `${CARTS}/${large}`);
    expect(context.database.statements.count - readBefore).toBe(2);
  });
});

describe('concurrency', () => {
  it('200 concurrent quantity updates across 10 skus keep one line per sku, the threshold and the totals', async () => {
    const id = await cartWithPlan('plan-36');
    const chosen = skus.slice(0, 10);
    // Deterministic spread of quantities 0..7: together they would exceed 36 many times over.
    const requests = Array.from({ length: 200 }, (_, index) => ({
      sku: chosen[index % 10]!,
      quantity: (index * 7) % 8,
    }));
    const responses = await Promise.all(
      requests.map((request) => setItem(id, request.sku, request.quantity)),
    );

    for (const response of responses) {
      expect([200, 422]).toContain(response.status);
      if (response.status === 200) expect(response.body.data.cart.item_count).toBeLessThanOrEqual(36);
      else expect(response.body.errors.quantity).toBeDefined();
    }
    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThan(0);

    const rows = await context.database.db
      .select({
        productId: schema.abandonedCartItems.productId,
        lines: sql<number>`count(*)`.mapWith(Number),
      })
      .from(schema.abandonedCartItems)
      .where(eq(schema.abandonedCartItems.cartId, id))
      .groupBy(schema.abandonedCartItems.productId);
    expect(rows.every((row) => row.lines === 1)).toBe(true);

    const final = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart;
    const stored = await context.database.db
      .select({ total: sql<number>`coalesce(sum(${schema.abandonedCartItems.quantity}), 0)`.mapWith(Number) })
      .from(schema.abandonedCartItems)
      .where(and(eq(schema.abandonedCartItems.cartId, id)));
    expect(final.item_count).toBe(stored[0]!.total);
    expect(final.item_count).toBeLessThanOrEqual(36);
    const linesCents = final.items.reduce(
      (sum: number, item: { total_cost: number }) => sum + Math.round(item.total_cost * 100),
      0,
    );
    expect(Math.round(final.costs.cart_items * 100)).toBe(linesCents);
    expect(Math.round(final.costs.total_cost * 100)).toBe(
      linesCents + Math.round(final.costs.shipping_cost * 100) + Math.round(final.costs.tax_cost * 100),
    );
  });
});
