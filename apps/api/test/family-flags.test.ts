import { schema } from '@sprout/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, getJson, startTestApp, type TestContext } from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

/**
 * Flags and warnings (docs/decisions/055): the products answered for a signed-in family, the
 * filters, and the question asked once before a dish with a child's allergen goes into a box.
 * Children are written straight into the families' tables (their CRUD is built elsewhere).
 */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const tagId = async (slug: string) => {
  const [tag] = await context.database.db.select().from(schema.tags).where(eq(schema.tags.slug, slug));
  return tag!.id;
};

/** A child of this customer, allergic to what these tags exclude, disliking these ingredients. */
async function addChild(
  userId: number,
  name: string,
  { allergens = [], dislikes = [] }: { allergens?: string[]; dislikes?: string[] },
) {
  const { db } = context.database;
  const [child] = await db
    .insert(schema.children)
    .values({ userId, name, birthYear: 2021, birthMonth: 3 })
    .returning();
  for (const slug of allergens)
    await db.insert(schema.childAllergens).values({ childId: child!.id, tagId: await tagId(slug) });
  for (const ingredient of dislikes)
    await db.insert(schema.childDislikes).values({ childId: child!.id, ingredient });
  return child!.id;
}

async function family() {
  const customer = await subscribedCustomer(context);
  const mia = await addChild(customer.userId, 'Mia', { allergens: ['dairy-free'] });
  const leo = await addChild(customer.userId, 'Leo', { dislikes: ['peas'] });
  return { customer, mia, leo };
}

const PRODUCTS = '/api/products?perPage=100';

describe('the products for a signed-in family', () => {
  it('gives a visitor and a customer without children no flags, at no extra statement for a visitor', async () => {
    const visitor = await getJson(context.app, PRODUCTS);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.every((product: object) => !('family' in product))).toBe(true);
    const childless = await subscribedCustomer(context);
    const answer = await asCustomer(context, childless.cookie, 'GET', PRODUCTS);
    expect(answer.body.data.every((product: object) => !('family' in product))).toBe(true);
    // The cached answer: no statement at all once warm, as before the flags.
    expect(await countStatements(context, PRODUCTS)).toBe(0);
  });

  it('flags every dish without the dairy-free tag for Mia, and the peas for Leo', async () => {
    const { customer, mia, leo } = await family();
    const { status, body, headers } = await (async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: PRODUCTS,
        headers: { cookie: customer.cookie },
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    })();
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(body.data.length).toBeGreaterThan(0);
    for (const product of body.data) {
      const dairy = product.family.conflicts.some(
        (conflict: { child_id: number; kind: string; detail: string }) =>
          conflict.child_id === mia && conflict.kind === 'allergen' && conflict.detail === 'dairy',
      );
      // Never safe without the tag: an unlabelled dish contains the allergen.
      expect(dairy).toBe(!product.tags.includes('dairy-free'));
      const peas = product.family.conflicts.some(
        (conflict: { child_id: number; kind: string }) =>
          conflict.child_id === leo && conflict.kind === 'dislike',
      );
      expect(peas).toBe(/\bpeas?\b/i.test(product.ingredients));
      expect(product.family.suits_everyone).toBe(product.family.conflicts.length === 0);
    }
    expect(
      body.data.some((product: { family: { suits_everyone: boolean } }) => !product.family.suits_everyone),
    ).toBe(true);
  });

  it('filters: suits everyone, suits one child, paged after the filter', async () => {
    const { customer, mia } = await family();
    const all = (await asCustomer(context, customer.cookie, 'GET', PRODUCTS)).body.data;
    const everyone = await asCustomer(context, customer.cookie, 'GET', `${PRODUCTS}&suits=everyone`);
    expect(everyone.status).toBe(200);
    const expected = all.filter(
      (product: { family: { suits_everyone: boolean } }) => product.family.suits_everyone,
    );
    expect(everyone.body.data.map((product: { sku: string }) => product.sku)).toEqual(
      expected.map((product: { sku: string }) => product.sku),
    );
    expect(everyone.body.meta.pagination.total).toBe(expected.length);
    expect(everyone.body.meta.family.children.map((child: { name: string }) => child.name)).toEqual([
      'Mia',
      'Leo',
    ]);
    const forMia = await asCustomer(context, customer.cookie, 'GET', `${PRODUCTS}&suits=${mia}`);
    expect(forMia.body.data.length).toBeGreaterThanOrEqual(expected.length);
    expect(forMia.body.data.every((product: { tags: string[] }) => product.tags.includes('dairy-free'))).toBe(
      true,
    );
    const paged = await asCustomer(
      context,
      customer.cookie,
      'GET',
      `/api/products?suits=${mia}&perPage=2&page=2`,
    );
    expect(paged.body.data.map((product: { sku: string }) => product.sku)).toEqual(
      forMia.body.data.slice(2, 4).map((product: { sku: string }) => product.sku),
    );
    expect(paged.body.meta.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: forMia.body.data.length,
    });
    // A visitor's filter is ignored: there is no family to suit.
    const visitor = await getJson(context.app, `${PRODUCTS}&suits=everyone`);
    expect(visitor.body.data.length).toBe(all.length);
    expect((await getJson(context.app, `${PRODUCTS}&suits=nobody`)).status).toBe(422);
  });

  it('flags the product read, and leaves a visitor the plain dish', async () => {
    const { customer, mia } = await family();
    const [dish] = await context.database.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.isActive, true))
      .orderBy(asc(schema.products.id));
    const visitor = await getJson(context.app, `/api/products/${dish!.slug}`);
    expect(visitor.body.data.family).toBeUndefined();
    const read = await asCustomer(context, customer.cookie, 'GET', `/api/products/${dish!.slug}`);
    expect(read.status).toBe(200);
    const hasTag = read.body.data.tags.includes('dairy-free');
    expect(
      read.body.data.family.conflicts.some((conflict: { child_id: number }) => conflict.child_id === mia),
    ).toBe(!hasTag);
  });
});

describe('adding a dish with a child allergen to a box', () => {
  it('asks once with a typed refusal, adds when confirmed, and asks no more for the same dish', async () => {
    const { customer, mia } = await family();
    const { db } = context.database;
    const deliveries = (await asCustomer(context, customer.cookie, 'GET', '/api/me/deliveries')).body.data;
    const box = deliveries.find((delivery: { editable: boolean }) => delivery.editable);
    expect(box).toBeDefined();
    // Room for one more: take one dish out.
    const held = box.items[0];
    const url = `/api/me/deliveries/${box.date}/items`;
    expect(
      (await asCustomer(context, customer.cookie, 'PUT', url, { sku: held.sku, quantity: 0 })).status,
    ).toBe(200);
    const dairyFree = await tagId('dairy-free');
    const candidates = await db.select().from(schema.products).where(eq(schema.products.isActive, true));
    const tagged = new Set(
      (await db.select().from(schema.productTags).where(eq(schema.productTags.tagId, dairyFree))).map(
        (row) => row.productId,
      ),
    );
    const inBox = new Set(box.items.map((item: { sku: string }) => item.sku));
    const withDairy = candidates.find((product) => !tagged.has(product.id) && !inBox.has(product.sku))!;
    const safe = candidates.find((product) => tagged.has(product.id) && !inBox.has(product.sku))!;

    const refused = await asCustomer(context, customer.cookie, 'PUT', url, {
      sku: withDairy.sku,
      quantity: 1,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.refusal).toMatchObject({
      code: 'allergen_warning',
      sku: withDairy.sku,
      message: 'Contains dairy, which Mia is allergic to. Add anyway?',
    });
    expect(refused.body.refusal.conflicts).toEqual([
      { child_id: mia, child_name: 'Mia', kind: 'allergen', detail: 'dairy', label: 'Contains dairy — Mia' },
    ]);
    const accepted = await asCustomer(context, customer.cookie, 'PUT', url, {
      sku: withDairy.sku,
      quantity: 1,
      accept_allergens: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.items.some((item: { sku: string }) => item.sku === withDairy.sku)).toBe(true);
    // Asked once: one more of it, or taking it out, asks nothing.
    expect(
      (await asCustomer(context, customer.cookie, 'PUT', url, { sku: withDairy.sku, quantity: 0 })).status,
    ).toBe(200);
    // A dairy-free dish goes in without a question.
    expect(
      (await asCustomer(context, customer.cookie, 'PUT', url, { sku: safe.sku, quantity: 1 })).status,
    ).toBe(200);
    const [row] = await db
      .select()
      .from(schema.deliveryItems)
      .innerJoin(schema.products, eq(schema.products.id, schema.deliveryItems.productId))
      .where(and(eq(schema.products.sku, safe.sku)));
    expect(row).toBeDefined();
  });

  it("lists a box's dishes with whom they do not suit; a visitor is refused", async () => {
    const { customer, mia } = await family();
    const skus = (await context.database.db.select().from(schema.products).limit(6)).map(
      (product) => product.sku,
    );
    const answer = await asCustomer(
      context,
      customer.cookie,
      'GET',
      `/api/me/family/dish-conflicts?skus=${skus.join(',')}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((dish: { sku: string }) => dish.sku)).toEqual(skus);
    for (const dish of answer.body.data)
      expect(dish.family.suits_everyone).toBe(dish.family.conflicts.length === 0);
    expect(
      answer.body.data.some((dish: { family: { conflicts: { child_id: number }[] } }) =>
        dish.family.conflicts.some((conflict) => conflict.child_id === mia),
      ),
    ).toBe(true);
    expect((await getJson(context.app, `/api/me/family/dish-conflicts?skus=${skus[0]}`)).status).toBe(401);
    const childless = await subscribedCustomer(context);
    const none = await asCustomer(
      context,
      childless.cookie,
      'GET',
      `/api/me/family/dish-conflicts?skus=${skus[0]}`,
    );
    expect(none.body.data).toEqual([]);
  });
});
