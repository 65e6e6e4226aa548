import { randomUUID } from 'node:crypto';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, getJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

async function createCart(values: {
  planSlug?: string;
  variance?: string;
  filters?: { indicators: string[]; tags: string[] };
}) {
  const { db } = context.database;
  const [plan] = values.planSlug
    ? await db.select().from(schema.plans).where(eq(schema.plans.slug, values.planSlug))
    : [];
  const [group] = values.variance
    ? await db
        .select()
        .from(schema.priceVarianceGroups)
        .where(eq(schema.priceVarianceGroups.name, values.variance))
    : [];
  const id = randomUUID();
  await db.insert(schema.abandonedCarts).values({
    id,
    planId: plan?.id ?? null,
    priceVarianceGroupId: group?.id ?? null,
    filters: values.filters ?? { indicators: [], tags: [] },
  });
  return id;
}

describe('GET /api/products', () => {
  it('answers the first page of 12 with the list envelope and pagination', async () => {
    const { status, body } = await getJson(context.app, '/api/products');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.meta.pagination).toMatchObject({ count: 12, per_page: 12, current_page: 1 });
    expect(body.meta.pagination.total).toBeGreaterThanOrEqual(40);
    expect(body.meta.pagination.total_pages).toBe(Math.ceil(body.meta.pagination.total / 12));
    const product = body.data[0];
    expect(Object.keys(product)).toEqual(
      expect.arrayContaining([
        'sku',
        'slug',
        'fiber_milligrams',
        'superfoods_number',
        'nutrition_image',
        'item_price',
        'is_hidden_veggie',
      ]),
    );
    expect(Object.keys(product.image.uris).sort()).toEqual(
      ['cart-desktop', 'cart-mobile', 'landing-desktop', 'meal-card-desktop', 'meal-card-mobile'].sort(),
    );
    expect(product).not.toHaveProperty('badge');
    expect(product).not.toHaveProperty('category');
    expect(product.is_active).toBe(true);
  });

  it('pages through every active product exactly once', async () => {
    const first = await getJson(context.app, '/api/products?perPage=100');
    const total = first.body.meta.pagination.total;
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(total / 7); page += 1) {
      const { body } = await getJson(context.app, `/api/products?perPage=7&page=${page}`);
      for (const product of body.data) seen.add(product.sku);
    }
    expect(seen.size).toBe(total);
    const past = await getJson(context.app, `/api/products?perPage=7&page=${Math.ceil(total / 7) + 1}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.pagination).toMatchObject({ total, count: 0 });
  });

  it('sorts by sorting weight, heaviest first', async () => {
    const { body } = await getJson(context.app, '/api/products?perPage=100');
    const skus = body.data.map((product: { sku: string }) => product.sku);
    const rows = await context.database.db.select().from(schema.products);
    const weight = new Map(rows.map((row) => [row.sku, row.sortingWeight]));
    const weights = skus.map((sku: string) => weight.get(sku)!);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });

  it('adds badge and category when included', async () => {
    const { body } = await getJson(context.app, '/api/products?include=badge,category&perPage=100');
    expect(body.data.every((product: { category: unknown }) => product.category)).toBe(true);
    expect(body.data.some((product: { badge: unknown }) => product.badge !== null)).toBe(true);
    expect(body.data[0].category).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        price: expect.any(Number),
        sorting_weight: expect.any(Number),
      }),
    );
  });

  it('filters by tags and indicators, requiring all of them', async () => {
    const tags = (await getJson(context.app, '/api/tags')).body.data;
    const indicators = (await getJson(context.app, '/api/product-filters/indicators')).body.data;
    const tag = tags[0].slug;
    const indicator = indicators[0].slug;
    const byTag = await getJson(context.app, `/api/products?tags=${tag}&perPage=100`);
    expect(byTag.body.data.length).toBeGreaterThan(0);
    expect(byTag.body.data.every((product: { tags: string[] }) => product.tags.includes(tag))).toBe(true);

    const both = await getJson(context.app, `/api/products?tags=${tag}&indicators=${indicator}&perPage=100`);
    expect(both.body.meta.pagination.total).toBeLessThanOrEqual(byTag.body.meta.pagination.total);
    for (const product of both.body.data) {
      expect(product.tags).toContain(tag);
      expect(product.indicators).toContain(indicator);
    }

    const twoTags = await getJson(
      context.app,
      `/api/products?tags=${tags[0].slug},${tags[1].slug}&perPage=100`,
    );
    for (const product of twoTags.body.data)
      expect(product.tags).toEqual(expect.arrayContaining([tags[0].slug, tags[1].slug]));
  });

  it('lists one menu by slug or by id', async () => {
    const menus = (await getJson(context.app, '/api/menus?include=primaryCategory')).body.data;
    const menu = menus[0];
    const bySlug = await getJson(
      context.app,
      `/api/products?menu_item=${menu.slug}&include=category&perPage=100`,
    );
    const byId = await getJson(
      context.app,
      `/api/products?menu_item=${menu.id}&include=category&perPage=100`,
    );
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.length).toBe(menu.product_count);
    expect(byId.body.data.map((product: { sku: string }) => product.sku)).toEqual(
      bySlug.body.data.map((product: { sku: string }) => product.sku),
    );
    expect(
      bySlug.body.data.some(
        (product: { category: { id: number } }) => product.category.id === menu.primary_category.id,
      ),
    ).toBe(true);
  });

  it('counts filtered results past the last page and filters only_skus', async () => {
    const tag = (await getJson(context.app, '/api/tags')).body.data[0].slug;
    const filtered = await getJson(context.app, `/api/products?tags=${tag}&perPage=100`);
    const total = filtered.body.meta.pagination.total;
    const past = await getJson(
      context.app,
      `/api/products?tags=${tag}&perPage=5&page=${Math.ceil(total / 5) + 1}`,
    );
    expect(past.body.meta.pagination.total).toBe(total);
    const skus = await getJson(context.app, `/api/products?tags=${tag}&only_skus=true`);
    expect(skus.body.data).toEqual(filtered.body.data.map((product: { sku: string }) => product.sku));
  });

  it('answers only the skus for only_skus', async () => {
    const { status, body } = await getJson(context.app, '/api/products?only_skus=true');
    const all = await getJson(context.app, '/api/products?perPage=100');
    expect(status).toBe(200);
    expect(body.data).toEqual(all.body.data.map((product: { sku: string }) => product.sku));
  });

  it('prices for the cart plan and price-variance group, and applies the cart filters', async () => {
    const listed = (await getJson(context.app, '/api/products?perPage=100')).body.data;
    const cart = await createCart({ planSlug: 'plan-36', variance: 'price-test-plus-5' });
    const priced = (await getJson(context.app, `/api/products?perPage=100&abandoned_cart=${cart}`)).body.data;
    const list = new Map(
      listed.map((product: { sku: string; price: { price: number } }) => [product.sku, product.price]),
    );
    for (const product of priced) {
      const before = list.get(product.sku) as { price: number; original_regular_price: number };
      expect(product.price.original_regular_price).toBe(before.original_regular_price);
      expect(product.price.price).toBeLessThan(before.price);
      expect(product.price.regular_price).toBeGreaterThan(before.price);
      expect(product.price.original_price).toBeLessThan(product.price.price);
    }

    const tag = (await getJson(context.app, '/api/tags')).body.data[0].slug;
    const filteredCart = await createCart({ filters: { indicators: [], tags: [tag] } });
    const filtered = await getJson(context.app, `/api/products?perPage=100&abandoned_cart=${filteredCart}`);
    expect(filtered.body.data.every((product: { tags: string[] }) => product.tags.includes(tag))).toBe(true);
    const overridden = await getJson(
      context.app,
      `/api/products?perPage=100&abandoned_cart=${filteredCart}&tags=`,
    );
    expect(overridden.body.meta.pagination.total).toBe(listed.length);
  });

  it.each([
    ['/api/products?page=0', 'page'],
    ['/api/products?page=abc', 'page'],
    ['/api/products?perPage=0', 'perPage'],
    ['/api/products?perPage=101', 'perPage'],
    ['/api/products?include=nutrition', 'include'],
    ['/api/products?include=badge,nutrition', 'include'],
    ['/api/products?category_id=2147483648', 'category_id'],
    ['/api/products?abandoned_cart=not-a-cart', 'abandoned_cart'],
    ['/api/products?colour=red', 'colour'],
    ['/api/products?tags=no-such-tag', 'tags'],
    ['/api/products?indicators=no-such-indicator', 'indicators'],
  ])('answers 422 with a field error for %s', async (url, field) => {
    const { status, body } = await getJson(context.app, url);
    expect(status).toBe(422);
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field]).toEqual([expect.any(String)]);
  });

  it('answers 404 for an unknown menu or cart', async () => {
    const menu = await getJson(context.app, '/api/products?menu_item=no-such-menu');
    expect(menu.status).toBe(404);
    expect(menu.body).toEqual({ message: expect.stringContaining('no-such-menu') });
    const cart = await getJson(context.app, `/api/products?abandoned_cart=${randomUUID()}`);
    expect(cart.status).toBe(404);
    // An id past PostgreSQL's integer range is simply no menu, not a database error.
    expect((await getJson(context.app, '/api/products?menu_item=99999999999')).status).toBe(404);
    expect((await getJson(context.app, '/api/products?menu_item=2147483648')).status).toBe(404);
  });

  it('leaves out saved cart filters that no longer exist instead of failing', async () => {
    const tag = (await getJson(context.app, '/api/tags')).body.data[0].slug;
    const cart = await createCart({
      filters: { indicators: ['retired-indicator'], tags: [tag, 'retired-tag'] },
    });
    const { status, body } = await getJson(context.app, `/api/products?perPage=100&abandoned_cart=${cart}`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((product: { tags: string[] }) => product.tags.includes(tag))).toBe(true);
  });

  it('runs the same number of SQL statements whatever the page size', async () => {
    const menu = (await getJson(context.app, '/api/menus')).body.data[0].slug;
    const tag = (await getJson(context.app, '/api/tags')).body.data[0].slug;
    const cart = await createCart({ planSlug: 'plan-24' });
    // Cold (the catalogue cache empty, decision 028): what one miss costs.
    context.app.catalogue.cache.clear();
    const small = await countStatements(context, `/api/products?perPage=1&include=badge,category`);
    const large = await countStatements(context, `/api/products?perPage=100&include=badge,category`);
    expect(small).toBe(large);
    expect(large).toBe(1);
    const filteredSmall = await countStatements(
      context,
      `/api/products?perPage=1&menu_item=${menu}&tags=${tag}&abandoned_cart=${cart}`,
    );
    const filteredLarge = await countStatements(
      context,
      `/api/products?perPage=100&menu_item=${menu}&tags=${tag}&abandoned_cart=${cart}`,
    );
    expect(filteredSmall).toBe(filteredLarge);
    expect(filteredLarge).toBeLessThanOrEqual(4);
    // Warm: nothing without a cart; with one, only the cart's own pricing row.
    expect(await countStatements(context, `/api/products?perPage=100&include=badge,category`)).toBe(0);
    expect(
      await countStatements(
        context,
        `/api/products?perPage=100&menu_item=${menu}&tags=${tag}&abandoned_cart=${cart}`,
      ),
    ).toBe(1);
  });
});

describe('GET /api/least-expensive-product', () => {
  it('answers the cheapest active product, overall and per category', async () => {
    const all = (await getJson(context.app, '/api/products?perPage=100&include=category')).body.data;
    const cheapest = Math.min(...all.map((product: { price: { price: number } }) => product.price.price));
    const { status, body } = await getJson(context.app, '/api/least-expensive-product?include=category');
    expect(status).toBe(200);
    expect(body.data.price.price).toBe(cheapest);
    expect(body.data.category).toBeDefined();

    const categoryId = all[0].category.id;
    const inCategory = all.filter(
      (product: { category: { id: number } }) => product.category.id === categoryId,
    );
    const perCategory = await getJson(
      context.app,
      `/api/least-expensive-product?category_id=${categoryId}&include=category`,
    );
    expect(perCategory.body.data.category.id).toBe(categoryId);
    expect(perCategory.body.data.price.price).toBe(
      Math.min(...inCategory.map((product: { price: { price: number } }) => product.price.price)),
    );
  });

  it('answers 404 for a category with no products and 422 for a bad id', async () => {
    expect((await getJson(context.app, '/api/least-expensive-product?category_id=99999')).status).toBe(404);
    expect((await getJson(context.app, '/api/least-expensive-product?category_id=x')).status).toBe(422);
  });
});

describe('menus', () => {
  it('lists menus by sorting weight, heaviest first, with the requested includes', async () => {
    const { status, body } = await getJson(
      context.app,
      '/api/menus?include=categoryDisplayPrice,primaryCategory,primaryComposableCategory',
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    const weights = body.data.map((menu: { sorting_weight: number }) => menu.sorting_weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    for (const menu of body.data) {
      expect(menu.category_display_price).toBe(menu.primary_category.price);
      expect(menu).toHaveProperty('primary_composable_category');
      expect(menu.product_count).toBeGreaterThan(0);
    }
    const plain = await getJson(context.app, '/api/product-menu-items');
    expect(plain.body.data.map((menu: { slug: string }) => menu.slug)).toEqual(
      body.data.map((menu: { slug: string }) => menu.slug),
    );
    expect(plain.body.data[0]).not.toHaveProperty('category_display_price');
  });

  it('prices the display price for a plan', async () => {
    const plans = (await getJson(context.app, '/api/sales/plans')).body.data;
    const biggest = plans.find((plan: { threshold: number }) => plan.threshold === 36);
    const list = (await getJson(context.app, '/api/menus?include=categoryDisplayPrice')).body.data;
    const planned = (
      await getJson(context.app, `/api/menus?include=categoryDisplayPrice&plan_id=${biggest.id}`)
    ).body.data;
    expect(planned[0].category_display_price).toBeLessThan(list[0].category_display_price);
    const unknown = await getJson(context.app, '/api/menus?plan_id=9999');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.plan_id).toBeDefined();
    expect((await getJson(context.app, '/api/menus?plan_id=99999999999')).status).toBe(422);
  });

  it('finds one menu by slug and 404s otherwise', async () => {
    const first = (await getJson(context.app, '/api/menus')).body.data[0];
    expect((await getJson(context.app, `/api/menus/${first.slug}`)).body.data.id).toBe(first.id);
    expect((await getJson(context.app, '/api/menus/nope')).status).toBe(404);
    expect((await getJson(context.app, '/api/menus/99999999999')).status).toBe(404);
  });
});

describe('filters, bestsellers and recommendations', () => {
  it('lists indicators and tags', async () => {
    const indicators = await getJson(context.app, '/api/product-filters/indicators');
    const tags = await getJson(context.app, '/api/tags');
    expect(indicators.body.data.length).toBeGreaterThanOrEqual(4);
    expect(indicators.body.data[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
    });
    expect(tags.body.data.some((tag: { group: string }) => tag.group === 'diet')).toBe(true);
    expect(tags.body.data.some((tag: { group: string }) => tag.group === 'allergen')).toBe(true);
  });

  it('lists bestseller groups with their items, priced for the cart', async () => {
    const { status, body } = await getJson(context.app, '/api/bestsellers');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    for (const group of body.data) {
      expect(group.total_quantity).toBe(
        group.items.reduce((sum: number, item: { quantity: number }) => sum + item.quantity, 0),
      );
      expect(typeof group.show_on_cart).toBe('boolean');
    }
    const cart = await createCart({ planSlug: 'plan-36' });
    const priced = await getJson(context.app, `/api/bestsellers?abandonedCartId=${cart}`);
    expect(priced.body.data[0].total_price).toBeLessThan(body.data[0].total_price);
    expect((await getJson(context.app, `/api/bestsellers?abandonedCartId=${randomUUID()}`)).status).toBe(404);
  });

  it('recommends products customers also loved, never the ones given', async () => {
    const top = await getJson(context.app, '/api/customers-also-loved-clicked?limit=4');
    expect(top.body.data).toHaveLength(4);
    const skus = top.body.data.slice(0, 2).map((product: { sku: string }) => product.sku);
    const related = await getJson(context.app, `/api/customers-also-loved-clicked?skus=${skus.join(',')}`);
    expect(related.status).toBe(200);
    expect(related.body.data.length).toBeGreaterThan(0);
    for (const product of related.body.data) expect(skus).not.toContain(product.sku);
    expect((await getJson(context.app, '/api/customers-also-loved-clicked?limit=500')).status).toBe(422);
  });
});

describe('GET /api/sales/plans', () => {
  it('lists the 12, 24 (popular) and 36 (best-value) plans', async () => {
    const { status, body } = await getJson(context.app, '/api/sales/plans');
    expect(status).toBe(200);
    expect(body.data.map((plan: { threshold: number }) => plan.threshold)).toEqual([12, 24, 36]);
    expect(body.data.find((plan: { tag: string | null }) => plan.tag?.includes('popular')).threshold).toBe(
      24,
    );
    expect(body.data.find((plan: { tag: string | null }) => plan.tag === 'best-value').threshold).toBe(36);
    const [small, medium, large] = body.data;
    expect(small.item_price_from).toBeGreaterThan(medium.item_price_from);
    expect(medium.item_price_from).toBeGreaterThan(large.item_price_from);
    expect(small.shipping_cost).toBeGreaterThan(0);
    expect(body.data.every((plan: { is_selected: boolean }) => !plan.is_selected)).toBe(true);
  });

  it('marks the cart plan as selected and accepts a promo code', async () => {
    const cart = await createCart({ planSlug: 'plan-24' });
    const { body } = await getJson(
      context.app,
      `/api/sales/plans?abandoned_cart_id=${cart}&promoCode=WELCOME50`,
    );
    expect(
      body.data
        .filter((plan: { is_selected: boolean }) => plan.is_selected)
        .map((plan: { threshold: number }) => plan.threshold),
    ).toEqual([24]);
    expect((await getJson(context.app, '/api/sales/plans?abandoned_cart_id=123')).status).toBe(422);
    expect((await getJson(context.app, `/api/sales/plans?abandoned_cart_id=${randomUUID()}`)).status).toBe(
      404,
    );
  });
});

describe('GET /api/shipping/zip-codes/{code}', () => {
  it.each(['10001', '60601', '94103', '78701', '33101'])('delivers to %s', async (code) => {
    const { status, body } = await getJson(context.app, `/api/shipping/zip-codes/${code}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ code, is_delivered: true });
    expect(body.data.delivery_weekdays.length).toBeGreaterThan(0);
    expect(body.data.state.code).toMatch(/^[A-Z]{2}$/);
  });

  it('knows a zip code it does not deliver to', async () => {
    const { body } = await getJson(context.app, '/api/shipping/zip-codes/99501');
    expect(body.data).toMatchObject({ is_delivered: false, delivery_weekdays: [], state: { code: 'AK' } });
  });

  it('answers 404 for an unknown zip and 422 for a malformed one', async () => {
    expect((await getJson(context.app, '/api/shipping/zip-codes/00000')).status).toBe(404);
    const malformed = await getJson(context.app, '/api/shipping/zip-codes/12ab');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toEqual(['A zip code is five digits']);
  });
});

describe('platform', () => {
  it('answers /healthz with the database kind', async () => {
    const { status, body } = await getJson(context.app, '/healthz');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: context.database.kind });
  });

  it('publishes OpenAPI generated from the schemas', async () => {
    const { status, body } = await getJson(context.app, '/api/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/sales/plans',
        '/api/shipping/zip-codes/{code}',
        '/api/me/children',
        '/api/me/children/{childId}',
      ]),
    );
    // The family's children (decision 055): under their own tag, each operation summarised.
    const children = body.paths['/api/me/children/{childId}'];
    expect(Object.keys(children).sort()).toEqual(['delete', 'put']);
    expect(children.put.tags).toEqual(['families']);
    expect(body.paths['/api/me/children'].post.responses).toHaveProperty('201');
    expect(body.paths['/api/me/children'].post.summary).toBe('Add a child (at most 8 per family)');
    // A new cart's answer names the fields storefront clients read (abandonedCartId and cart) beside id.
    const created =
      body.paths['/api/customers/abandoned-carts'].post.responses['201'].content['application/json'].schema
        .properties.data;
    expect(created.required).toEqual(expect.arrayContaining(['abandonedCartId', 'cart', 'id']));
    expect(created.properties.abandonedCartId).toMatchObject({ type: 'string' });
    expect(created.properties.cart.properties).toHaveProperty('items');
  });

  it('answers JSON 404 for unknown API paths and echoes a request id', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'test-request-0001' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/nope' });
    expect(response.headers['x-request-id']).toBe('test-request-0001');
  });

  it('replaces a request id that is not a plain token', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\u0007' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends conservative security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/tags' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
  });

  it('refuses state-changing requests from another origin', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
  });

  it('judges the decoded path: percent-encoding /api or /auth does not slip past the origin check', async () => {
    for (const url of ['/%61pi/sales/checkout/success-visit', '/%61uth/impersonations']) {
      const response = await context.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET /api/products/:slug', () => {
  it('answers one dish with its ingredients one by one and the allergens they carry', async () => {
    const { status, body } = await getJson(
      context.app,
      '/api/products/broccoli-cheddar-bites?include=badge,category',
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      slug: 'broccoli-cheddar-bites',
      category: { slug: expect.any(String) },
    });
    expect(body.data.nutrition_image).toEqual(expect.any(String));
    expect(body.data.ingredient_list).toContainEqual({ name: 'organic cheddar cheese', allergen: 'milk' });
    expect(body.data.ingredient_list).toContainEqual({ name: 'organic broccoli', allergen: null });
    expect(body.data.allergens.map((allergen: { slug: string }) => allergen.slug)).toEqual([
      'milk',
      'egg',
      'wheat',
    ]);
  });

  it('prices the dish for the cart like the listing does', async () => {
    const cart = await createCart({ planSlug: 'plan-36' });
    const listed = await getJson(context.app, `/api/products?perPage=100&abandoned_cart=${cart}`);
    const one = await getJson(context.app, `/api/products/broccoli-cheddar-bites?abandoned_cart=${cart}`);
    const fromList = listed.body.data.find(
      (product: { slug: string }) => product.slug === 'broccoli-cheddar-bites',
    );
    expect(one.body.data.price).toEqual(fromList.price);
  });

  it('answers 404 for an unknown or retired slug and 422 for a bad query', async () => {
    expect((await getJson(context.app, '/api/products/no-such-dish')).status).toBe(404);
    const { db } = context.database;
    const [retired] = await db.select().from(schema.products).where(eq(schema.products.isActive, false));
    expect((await getJson(context.app, `/api/products/${retired!.slug}`)).status).toBe(404);
    expect((await getJson(context.app, '/api/products/broccoli-cheddar-bites?include=nope')).status).toBe(
      422,
    );
  });

  it('reads the dish in one SQL statement (two with a cart)', async () => {
    expect(
      await countStatements(context, '/api/products/broccoli-cheddar-bites?include=badge,category'),
    ).toBe(1);
    const cart = await createCart({ planSlug: 'plan-24' });
    expect(
      await countStatements(context, `/api/products/broccoli-cheddar-bites?abandoned_cart=${cart}`),
    ).toBe(2);
  });
});
