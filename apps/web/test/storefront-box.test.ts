import { ABANDONED_CART_COOKIE, type Delivery, formatMoney, type ProductCardData } from '@sprout/contracts';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, sendJson, startTestApp, type TestContext } from '../../api/test/helpers';
import { asCustomer, subscribedCustomer } from '../../api/test/renewal-helpers';
import { loadCartPage, runCartAction } from '../app/features/cart/cart-page.server';
import { ProductCard } from '../app/features/catalog/ProductCard';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { loader as menusLoader } from '../app/routes/menus';
import { documentLoadContext, TEST_SITE } from './site';

/**
 * A signed-in subscriber's storefront is their next editable box (decision 042). The root
 * loader's cart share shows that box (day, cutoff, count of the plan's size) and no guest cart,
 * whose cookie it expires; − and + on the menus change the box itself.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

function page(path: string, cookie: string, form?: Record<string, string>) {
  const request = new Request(`${TEST_SITE.url}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: {
      cookie,
      referer: `${TEST_SITE.url}/menus`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { request, api: createServerApiClient(inProcessTransport(context.app), request) };
}

async function nextEditable(cookie: string): Promise<Delivery> {
  const boxes: Delivery[] = (await asCustomer(context, cookie, 'GET', '/api/me/deliveries')).body.data;
  return boxes.find((box) => box.editable)!;
}

/** A guest cart with a plan and a dish in it, as one left in this browser before the sign-in. */
async function guestCart(): Promise<string> {
  const id = (await sendJson(context.app, 'POST', '/api/customers/abandoned-carts')).body.data.id as string;
  await sendJson(context.app, 'PUT', `/api/customers/abandoned-carts/${id}`, { zip_code: '10001' });
  return id;
}

describe("a signed-in subscriber's storefront", () => {
  it('shows the next editable box, not a guest cart, and expires the guest cart cookie', async () => {
    const customer = await subscribedCustomer(context);
    const cartId = await guestCart();
    const { request, api } = page('/menus', `${customer.cookie}; ${ABANDONED_CART_COOKIE}=${cartId}`);
    const { page: data, headers } = await loadCartPage(request, api, TEST_SITE);
    const box = await nextEditable(customer.cookie);
    expect(data.cart).toBeNull();
    expect(data.signedIn).toBe(true);
    expect(data.subscriber?.box).toMatchObject({
      date: box.date,
      cutoff_at: box.cutoff_at,
      item_count: 12,
      threshold: 12,
    });
    expect(data.subscriber?.box?.items.map((line) => [line.sku, line.quantity])).toEqual(
      box.items.map((line) => [line.sku, line.quantity]),
    );
    const expired = headers.getSetCookie().find((cookie) => cookie.startsWith(`${ABANDONED_CART_COOKIE}=`));
    expect(expired).toMatch(/Max-Age=0/);
  });

  it('takes one out with − and puts it back with +, in the box itself', async () => {
    const customer = await subscribedCustomer(context);
    const box = await nextEditable(customer.cookie);
    const line = box.items[0]!;
    const minus = page('/cart', customer.cookie, {
      intent: 'set-item',
      sku: line.sku,
      quantity: String(line.quantity - 1),
    });
    const removed = (await runCartAction(minus.request, minus.api, TEST_SITE)) as unknown as {
      data: { ok: boolean; notice?: string };
    };
    expect(removed.data.ok).toBe(true);
    expect(removed.data.notice).toMatch(/^Removed from your box of .+ \(11 of 12 items\)\.$/);
    const after = await nextEditable(customer.cookie);
    expect(after.items.find((item) => item.sku === line.sku)?.quantity).toBe(line.quantity - 1);

    // The panel reads the box as it is now.
    const { request, api } = page('/menus', customer.cookie);
    expect((await loadCartPage(request, api, TEST_SITE)).page.subscriber?.box?.item_count).toBe(11);

    // Before the JavaScript loaded: a plain form post, back to the menus.
    const plus = page('/cart', customer.cookie, {
      intent: 'set-item',
      sku: line.sku,
      quantity: String(line.quantity),
      returnTo: '/menus',
    });
    const back = await runCartAction(plus.request, plus.api, TEST_SITE);
    expect((back as Response).headers.get('location')).toBe('/menus');
    expect((await nextEditable(customer.cookie)).item_count).toBe(12);
  });

  it('a cart change never touches a guest cart left in the browser: its cookie goes', async () => {
    const customer = await subscribedCustomer(context);
    const cartId = await guestCart();
    const change = page('/cart', `${customer.cookie}; ${ABANDONED_CART_COOKIE}=${cartId}`, {
      intent: 'apply-promo',
      code: 'WELCOME50',
    });
    const answer = (await runCartAction(change.request, change.api, TEST_SITE)) as Response;
    // A customer's codes and plan are the account site's.
    expect(answer.headers.get('location')).toBe(TEST_SITE.accountUrl);
    const expired = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${ABANDONED_CART_COOKIE}=`));
    expect(expired).toMatch(/Max-Age=0/);
    const guest = await getJson(context.app, `/api/customers/abandoned-carts/${cartId}`);
    expect(guest.body.data.cart.promo_code).toBeNull();
  });

  it("prices the menus' dishes as the box panel does: the subscriber's plan, not list prices", async () => {
    // Like the demo customer: the 24-item plan (8 % off every item), a guest cart left in the browser.
    const customer = await subscribedCustomer(context, { plan: 'plan-24' });
    const cookie = `${customer.cookie}; ${ABANDONED_CART_COOKIE}=${await guestCart()}`;
    const panel = page('/menus', cookie);
    const line = (await loadCartPage(panel.request, panel.api, TEST_SITE)).page.subscriber!.box!.items[0]!;

    // The /menus page holding that dish, as its loader reads it for this signed-in subscriber.
    let card: ProductCardData | undefined;
    for (let number = 1; !card; number++) {
      const request = new Request(`${TEST_SITE.url}/menus?page=${number}`, { headers: { cookie } });
      // biome-ignore lint/suspicious/noExplicitAny: the loader's own argument type; the test passes what React Router would
      const args: any = { request, params: {}, context: documentLoadContext(context.app, request) };
      const menus = await menusLoader(args);
      card = menus.products.find((product) => product.sku === line.sku);
      if (!card && number >= menus.pagination.total_pages) throw new Error(`${line.sku} is on no menus page`);
    }

    const html = await renderCard(card);
    const each = formatMoney(line.unit_price, { alwaysShowCents: true });
    expect(html).toContain(`<strong>${each}</strong>`);
    // The figure the panel shows (CartPanel: "$6.43 each") is the one the card shows.
    expect(card.price.price).toBe(line.unit_price);

    // The dish's dialog (its own address, /menus?product=) says the same.
    const request = new Request(`${TEST_SITE.url}/menus?product=${card.slug}`, { headers: { cookie } });
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const args: any = { request, params: {}, context: documentLoadContext(context.app, request) };
    expect((await menusLoader(args)).product?.price.price).toBe(line.unit_price);
  });
});

/** The /menus page's card of its route's dish (its Add left out: the price is what is looked at). */
function MenusCard() {
  return createElement(ProductCard, {
    product: useLoaderData<ProductCardData>(),
    controls: createElement('span'),
  });
}

/** A dish's card as the /menus document renders it (server side, the root's data without a version). */
async function renderCard(product: ProductCardData): Promise<string> {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({ mediaVersion: null }),
      children: [{ path: 'menus', loader: () => product, Component: MenusCard }],
    },
  ]);
  const state = await handler.query(new Request(`${TEST_SITE.url}/menus`));
  if (state instanceof Response) throw new Error(`the stub answered ${state.status}`);
  const router = createStaticRouter(handler.dataRoutes, state);
  return renderToString(createElement(StaticRouterProvider, { router, context: state, hydrate: false }));
}
