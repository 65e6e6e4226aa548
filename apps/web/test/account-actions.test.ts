import type { Delivery } from '@sprout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { asCustomer, subscribedCustomer } from '../../api/test/renewal-helpers';
import { requireCustomer } from '../app/features/account/account.server';
import { runDeliveryAction } from '../app/features/account/deliveries.server';
import { runCartAction } from '../app/features/cart/cart-page.server';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { TEST_SITE } from './site';

/**
 * The account site's server side against the real API in-process: the session guard, the box
 * changes of the overview, deliveries and editor pages, and a signed-in customer's Add on the menus.
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
      referer: `${TEST_SITE.url}/menus/toddler-meals/`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { request, api: createServerApiClient(inProcessTransport(context.app), request) };
}

async function deliveries(cookie: string): Promise<Delivery[]> {
  return (await asCustomer(context, cookie, 'GET', '/api/me/deliveries')).body.data;
}

describe('the account guard', () => {
  it('sends an anonymous visitor to the login with the page to come back to', async () => {
    const { request, api } = page('/account/plan?x=1', '');
    const thrown = await requireCustomer(request, { api, site: TEST_SITE }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe(
      '/onboarding/login?next=%2Faccount%2Fplan%3Fx%3D1',
    );
  });

  it('lets a customer in, with their subscription', async () => {
    const customer = await subscribedCustomer(context);
    const { request, api } = page('/account', customer.cookie);
    const me = await requireCustomer(request, { api, site: TEST_SITE });
    expect(me.email).toBe(customer.email);
    expect(me.subscription?.id).toBe(customer.subscriptionId);
  });
});

describe('box changes', () => {
  it('skips and unskips a box, and sets a quantity with the plan enforced', async () => {
    const customer = await subscribedCustomer(context);
    const next = (await deliveries(customer.cookie)).find((delivery) => delivery.editable);
    expect(next).toBeDefined();
    const date = (next as Delivery).date;

    const skip = page('/account', customer.cookie, { intent: 'skip', date });
    const skipped = await runDeliveryAction(skip.request, skip.api);
    expect(skipped).toMatchObject({ intent: 'skip', ok: true, date });
    expect((await deliveries(customer.cookie)).find((d) => d.date === date)?.status).toBe('skipped');

    const unskip = page('/account', customer.cookie, { intent: 'unskip', date });
    expect(await runDeliveryAction(unskip.request, unskip.api)).toMatchObject({ ok: true });
    expect((await deliveries(customer.cookie)).find((d) => d.date === date)?.status).toBe('scheduled');

    // The box is full (12 of 12): one more of a dish is refused with the API's words.
    const item = (next as Delivery).items[0]!;
    const more = page('/account', customer.cookie, {
      intent: 'set-item',
      date,
      sku: item.sku,
      quantity: String(item.quantity + 1),
    });
    const refused = await runDeliveryAction(more.request, more.api);
    expect(refused).toMatchObject({ ok: false, sku: item.sku });
    expect((refused as { message: string }).message).toMatch(/\w/);

    const bad = page('/account', customer.cookie, {
      intent: 'set-item',
      date,
      sku: item.sku,
      quantity: 'lots',
    });
    expect(await runDeliveryAction(bad.request, bad.api)).toMatchObject({ ok: false });

    // Before the JavaScript loaded, a working change goes back to the page.
    const fewer = page('/account', customer.cookie, {
      intent: 'set-item',
      date,
      sku: item.sku,
      quantity: String(item.quantity - 1),
      returnTo: `/account/deliveries/${date}`,
    });
    const back = await runDeliveryAction(fewer.request, fewer.api).catch((error: unknown) => error);
    expect(back).toBeInstanceOf(Response);
    expect((back as Response).headers.get('location')).toBe(`/account/deliveries/${date}`);
    const after = (await deliveries(customer.cookie)).find((d) => d.date === date);
    expect(after?.item_count).toBe((next as Delivery).item_count - 1);
  });

  it('fills a short box with "Fill my box for me": the picks with their reasons, and back to the page before JS', async () => {
    const customer = await subscribedCustomer(context);
    const next = (await deliveries(customer.cookie)).find((delivery) => delivery.editable)!;
    const { date } = next;
    const item = next.items[0]!;
    const removed = await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${date}/items`, {
      sku: item.sku,
      quantity: 0,
    });
    expect(removed.status).toBe(200);

    const fill = page(`/account/deliveries/${date}`, customer.cookie, { intent: 'fill', date });
    const filled = await runDeliveryAction(fill.request, fill.api);
    expect(filled).toMatchObject({ intent: 'fill', ok: true, date });
    expect((filled as { message: string }).message).toMatch(/picked for you/);
    const box = (filled as { delivery: Delivery }).delivery;
    expect(box.item_count).toBe(box.threshold);
    const picks = box.items.filter((line) => line.picked_quantity > 0);
    expect(picks.reduce((sum, line) => sum + line.picked_quantity, 0)).toBe(item.quantity);
    for (const pick of picks) expect(pick.pick_reason).toMatch(/^Popular with /);

    // Before the JavaScript loaded, the form goes back to the box page.
    const again = page(`/account/deliveries/${date}`, customer.cookie, {
      intent: 'fill',
      date,
      returnTo: `/account/deliveries/${date}`,
    });
    const back = await runDeliveryAction(again.request, again.api).catch((error: unknown) => error);
    expect((back as Response).headers.get('location')).toBe(`/account/deliveries/${date}`);
  });

  it("puts a signed-in customer's Add on the menus into their next editable box", async () => {
    const customer = await subscribedCustomer(context);
    const box = (await deliveries(customer.cookie)).find((delivery) => delivery.editable) as Delivery;
    const item = box.items[0]!;
    // Make room first: the 12-item box is full.
    await asCustomer(context, customer.cookie, 'PUT', `/api/me/deliveries/${box.date}/items`, {
      sku: item.sku,
      quantity: item.quantity - 1,
    });
    // The storefront shows the box itself (decision 042): + sends the dish's new quantity in the box.
    const add = page('/cart', customer.cookie, {
      intent: 'set-item',
      sku: item.sku,
      quantity: String(item.quantity),
    });
    const answer = await runCartAction(add.request, add.api, TEST_SITE);
    expect(answer).not.toBeInstanceOf(Response);
    const outcome = (answer as unknown as { data: { ok: boolean; notice?: string } }).data;
    expect(outcome.ok).toBe(true);
    expect(outcome.notice).toMatch(/^Added to your box of .+ \(12 of 12 items\)\.$/);
    const after = (await deliveries(customer.cookie)).find((d) => d.date === box.date);
    expect(after?.items.find((line) => line.sku === item.sku)?.quantity).toBe(item.quantity);

    // Full again: the next Add is refused in words, and no cart or capture popup is involved.
    const again = page('/cart', customer.cookie, {
      intent: 'set-item',
      sku: item.sku,
      quantity: String(item.quantity + 1),
    });
    const refused = (await runCartAction(again.request, again.api, TEST_SITE)) as unknown as {
      data: { ok: boolean; message?: string; capture?: unknown };
    };
    expect(refused.data.ok).toBe(false);
    expect(refused.data.capture).toBeUndefined();
    expect(refused.data.message).toMatch(/\w/);
  });
});
