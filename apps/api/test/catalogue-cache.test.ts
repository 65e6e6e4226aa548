import { randomUUID } from 'node:crypto';
import { createDatabase, schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openSessionFor } from '../src/modules/auth/service';
import { countStatements, getJson, startTestApp, type TestContext } from './helpers';

// The catalogue cache (decision 028): reads from memory, dropped by admin writes in every replica.

const onPostgres = process.env.TEST_DB === 'postgres';
const LISTING = '/api/products?perPage=12&include=badge,category';

let context: TestContext;
let adminCookie: string;
beforeAll(async () => {
  context = await startTestApp();
  const [adminUser] = await context.database.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, demoAccounts.admin.email));
  adminCookie = `sid=${(await openSessionFor(context.database.db, adminUser!.id)).sessionToken}`;
});
afterAll(() => context?.close());

function patchProduct(app: FastifyInstance, id: number, body: Record<string, unknown>) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: { origin: 'http://localhost:3000', cookie: adminCookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function cartIn(variance: string | null, planSlug = 'plan-24') {
  const { db } = context.database;
  const [plan] = await db.select().from(schema.plans).where(eq(schema.plans.slug, planSlug));
  const [group] = variance
    ? await db.select().from(schema.priceVarianceGroups).where(eq(schema.priceVarianceGroups.name, variance))
    : [];
  const id = randomUUID();
  await db.insert(schema.abandonedCarts).values({
    id,
    planId: plan!.id,
    priceVarianceGroupId: group?.id ?? null,
    filters: { indicators: [], tags: [] },
  });
  return id;
}

describe('the catalogue cache', () => {
  it('answers a second read of the listing, the menus, filters and presets without SQL', async () => {
    context.app.catalogue.cache.clear();
    for (const url of [LISTING, '/api/menus?include=categoryDisplayPrice', '/api/tags', '/api/bestsellers']) {
      expect(await countStatements(context, url)).toBeGreaterThan(0);
      expect(await countStatements(context, url)).toBe(0);
    }
    // The same filters in another order or case of repetition are the same entry.
    await countStatements(context, '/api/products?tags=dairy-free,gluten-free&include=category,badge');
    expect(
      await countStatements(context, '/api/products?tags=gluten-free,dairy-free&include=badge,category'),
    ).toBe(0);
  });

  it('shows an admin product change on the next read', async () => {
    const before = (await getJson(context.app, LISTING)).body.data[0];
    const changed = await patchProduct(context.app, before.id, { name: `${before.name} (new recipe)` });
    expect(changed.statusCode).toBe(200);
    const after = (await getJson(context.app, LISTING)).body.data[0];
    expect(after.name).toBe(`${before.name} (new recipe)`);
    await patchProduct(context.app, before.id, { name: before.name });
    expect((await getJson(context.app, LISTING)).body.data[0].name).toBe(before.name);
  });

  it('keeps the cache when an admin write is refused (nothing committed)', async () => {
    await getJson(context.app, LISTING);
    const product = (await getJson(context.app, LISTING)).body.data[0];
    const clears = context.app.catalogue.cache.stats.clears;
    expect((await patchProduct(context.app, product.id, { category_id: 2_000_000 })).statusCode).toBe(422);
    expect(context.app.catalogue.cache.stats.clears).toBe(clears);
    expect(await countStatements(context, LISTING)).toBe(0);
  });

  it('sends an ETag and Cache-Control, and 304 when the visitor has the same answer', async () => {
    const first = await context.app.inject({ method: 'GET', url: LISTING });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(first.headers['content-type']).toContain('application/json');

    const again = await context.app.inject({
      method: 'GET',
      url: LISTING,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await context.app.inject({
      method: 'GET',
      url: LISTING,
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());

    // A cart's answer is priced for that cart: never for a shared cache.
    const cart = await cartIn(null);
    const carted = await context.app.inject({ method: 'GET', url: `${LISTING}&abandoned_cart=${cart}` });
    expect(carted.headers['cache-control']).toBe('private, no-cache');
    expect(carted.headers.etag).toEqual(expect.any(String));
  });

  it('never shares an entry between price variance groups or plans', async () => {
    const plus = await cartIn('price-test-plus-5');
    const plain = await cartIn(null);
    const plainToo = await cartIn(null);
    const otherPlan = await cartIn(null, 'plan-36');
    const price = async (cart: string) =>
      (await getJson(context.app, `${LISTING}&abandoned_cart=${cart}`)).body.data[0].price.price as number;
    const plusPrice = await price(plus);
    const plainPrice = await price(plain);
    expect(plusPrice).toBeGreaterThan(plainPrice);
    expect(await price(otherPlan)).toBeLessThan(plainPrice);
    // The same plan and group: the same entry (only the cart's own row is read).
    expect(await price(plainToo)).toBe(plainPrice);
    expect(await countStatements(context, `${LISTING}&abandoned_cart=${plainToo}`)).toBe(1);
    expect(await price(plus)).toBe(plusPrice);
  });

  it('lists the changes of one replica in the other after its notification', {
    skip: !onPostgres,
  }, async () => {
    const raw = context.database.raw;
    if (raw.kind !== 'postgres') throw new Error('PostgreSQL only');
    const otherDatabase = createDatabase({ kind: 'postgres', url: raw.client.options.connectionString! });
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000' }),
      database: otherDatabase,
    });
    await other.ready();
    try {
      const before = (await getJson(other, LISTING)).body.data[0];
      const before2 = (await getJson(other, LISTING)).body.data[0];
      expect(before2).toEqual(before);
      expect(otherDatabase.statements.count).toBeGreaterThan(0);

      const heard = other.catalogue.cache.nextClear();
      expect(
        (await patchProduct(context.app, before.id, { name: `${before.name} (spring)` })).statusCode,
      ).toBe(200);
      await heard;
      expect((await getJson(other, LISTING)).body.data[0].name).toBe(`${before.name} (spring)`);

      const back = other.catalogue.cache.nextClear();
      await patchProduct(context.app, before.id, { name: before.name });
      await back;
      expect((await getJson(other, LISTING)).body.data[0].name).toBe(before.name);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  it('drops the cache and stops caching while its LISTEN connection is lost', {
    skip: !onPostgres,
  }, async () => {
    const { catalogue } = context.app;
    const pid = catalogue.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    await getJson(context.app, LISTING);
    expect(catalogue.cache.size).toBeGreaterThan(0);

    const lost = catalogue.cache.nextClear();
    await context.database.db.execute(`select pg_terminate_backend(${Number(pid)})`);
    await lost;
    expect(catalogue.listening).toBe(false);
    expect(catalogue.cache.size).toBe(0);

    // Back on a new connection, the cache starts empty and fills again.
    const back = catalogue.cache.nextClear();
    await back;
    expect(catalogue.listening).toBe(true);
    expect(catalogue.listenerPid).not.toBe(pid);
    await getJson(context.app, LISTING);
    expect(await countStatements(context, LISTING)).toBe(0);
  });
});
