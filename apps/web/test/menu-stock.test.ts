import {
  type Delivery,
  MENU_STOCK_PAGE_SIZE,
  PRODUCT_PAGE_SIZE,
  type ProductsResponse,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../../api/src/modules/auth/service';
import { getJson, startTestApp, type TestContext } from '../../api/test/helpers';
import type { CatalogueClient } from '../app/lib/catalogue.server';
import { loader as deliveryLoader } from '../app/routes/account.delivery';
import { loader as menusLoader } from '../app/routes/menus';
import { loader as sitemapLoader } from '../app/routes/sitemap';
import { documentLoadContext, TEST_SITE } from './site';

/**
 * Dishes are read 12 a page by default, and 9 a page when a whole menu's stock is loaded, paging
 * until the last page. A page that shows a menu's every dish (a box being edited in the account, the
 * sitemap's dishes) reads it 9 a page until the last; the menus listing pages by 12.
 */

let context: TestContext;
let cookie: string;
beforeAll(async () => {
  context = await startTestApp();
  const [customer] = await context.database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, demoAccounts.customer.email));
  cookie = `sid=${(await openSessionFor(context.database.db, customer!.id)).sessionToken}`;
});
afterAll(() => context?.close());

type ProductsCall = Parameters<CatalogueClient['products']>[0];

/** A page request's load context whose catalogue notes each product listing the page asks for. */
function recordingContext(path: string, { signedIn = true } = {}) {
  const request = new Request(`${TEST_SITE.url}${path}`, { headers: signedIn ? { cookie } : {} });
  const loadContext = documentLoadContext(context.app, request);
  const calls: ProductsCall[] = [];
  const products = loadContext.catalogue.products;
  loadContext.catalogue = {
    ...loadContext.catalogue,
    products: (query) => {
      calls.push(query);
      return products(query);
    },
  };
  return { request, loadContext, calls };
}

/** The whole stock of a menu as the API lists it in one page. */
async function wholeStock(menu?: string): Promise<string[]> {
  const { body } = await getJson(context.app, `/api/products?perPage=100${menu ? `&menu_item=${menu}` : ''}`);
  const listing = body as ProductsResponse;
  expect(listing.meta.pagination.total_pages).toBe(1);
  return listing.data.map((product) => product.slug);
}

describe('menu stock, 9 a page until the last page', () => {
  it('reads the whole menu of a box being edited in pages of 9: a menu of more than 9 dishes arrives whole', async () => {
    const stock = await wholeStock('family-bowls');
    expect(stock.length).toBeGreaterThan(MENU_STOCK_PAGE_SIZE);
    const deliveries: Delivery[] = (
      await context.app.inject({ method: 'GET', url: '/api/me/deliveries', headers: { cookie } })
    ).json().data;
    const date = deliveries.find((delivery) => delivery.editable)!.date;

    const { request, loadContext, calls } = recordingContext(`/account/deliveries/${date}?menu=family-bowls`);
    const page = await deliveryLoader({
      request,
      params: { date },
      context: loadContext,
    } as unknown as Parameters<typeof deliveryLoader>[0]);

    const pages = Math.ceil(stock.length / MENU_STOCK_PAGE_SIZE);
    expect(calls.map(({ page, perPage, menu_item }) => ({ page, perPage, menu_item }))).toEqual(
      Array.from({ length: pages }, (_, index) => ({
        page: index + 1,
        perPage: MENU_STOCK_PAGE_SIZE,
        menu_item: 'family-bowls',
      })),
    );
    expect(page.products.map((product) => product.slug)).toEqual(stock);
  });

  it('reads every dish for the sitemap the same way', async () => {
    const stock = await wholeStock();
    const { request, loadContext, calls } = recordingContext('/sitemap.xml');
    const response = (await sitemapLoader({
      request,
      params: {},
      context: loadContext,
    } as unknown as Parameters<typeof sitemapLoader>[0])) as Response;
    expect(calls.map(({ page, perPage }) => ({ page, perPage }))).toEqual(
      Array.from({ length: Math.ceil(stock.length / MENU_STOCK_PAGE_SIZE) }, (_, index) => ({
        page: index + 1,
        perPage: MENU_STOCK_PAGE_SIZE,
      })),
    );
    const xml = await response.text();
    for (const slug of stock) expect(xml).toContain(`/menus?product=${encodeURIComponent(slug)}`);
  });
});

describe('a product listing pages by 12', () => {
  it('is the API’s page size when none is asked for', async () => {
    const { body } = await getJson(context.app, '/api/products');
    expect(PRODUCT_PAGE_SIZE).toBe(12);
    expect(body.meta.pagination).toMatchObject({ per_page: PRODUCT_PAGE_SIZE, count: PRODUCT_PAGE_SIZE });
  });

  it('is the menus page’s page', async () => {
    // A visitor's: a signed-in family's listing is read with its session, for its flags (decision 055).
    const { request, loadContext, calls } = recordingContext('/menus', { signedIn: false });
    const page = await menusLoader({
      request,
      params: {},
      context: loadContext,
    } as unknown as Parameters<typeof menusLoader>[0]);
    expect(calls.map(({ page, perPage }) => ({ page, perPage }))).toEqual([
      { page: 1, perPage: PRODUCT_PAGE_SIZE },
    ]);
    expect(page.products).toHaveLength(PRODUCT_PAGE_SIZE);
  });
});
