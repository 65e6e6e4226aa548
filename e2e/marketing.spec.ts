import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';

/**
 * Marketing (decision 026): the data layer after browsing, capturing, adding and checking out, with
 * each event's fields, the GA4 twins and the DOM announcements; the capture-label experiment; and
 * the abandoned-cart reminder: the jobs run an hour later, the email arrives in the dev mailbox,
 * and its link restores the box in another browser.
 */

const email = (label: string) =>
  `marketing-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

type Entry = { event?: string; [field: string]: unknown };

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');

async function dataLayer(page: Page): Promise<Entry[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []);
}

async function findEvent(page: Page, name: string, where: (entry: Entry) => boolean = () => true) {
  let found: Entry | undefined;
  await expect
    .poll(async () => {
      found = (await dataLayer(page)).find((entry) => entry.event === name && where(entry));
      return found !== undefined;
    }, `data layer event ${name}`)
    .toBe(true);
  return found as Entry;
}

test('the data layer after browsing, capturing, adding and checking out', async ({ page }) => {
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  // Page scripts can listen to the announced events: record them from the first script on.
  await page.addInitScript(() => {
    const seen: { type: string; detail: unknown }[] = [];
    (window as unknown as { announced: typeof seen }).announced = seen;
    for (const type of [
      'cart-created',
      'cart-change',
      'status-change',
      'order-created',
      'network-call',
      'nonprofit-selection-removed',
    ])
      window.addEventListener(`sprout:${type}`, (event) =>
        seen.push({ type, detail: (event as CustomEvent).detail }),
      );
  });
  const address = email('journey');

  // Browsing: the view event with the route's name, the listing in GA4's shape, the experiments.
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  const view = await findEvent(page, 'content-view');
  expect(view).toMatchObject({ page: { path: '/menus', name: 'menus' }, eventId: expect.any(String) });
  const list = await findEvent(page, 'view_item_list');
  expect((list.ecommerce as { items: unknown[] }).items.length).toBeGreaterThan(0);
  expect((list.ecommerce as { items: Entry[] }).items[0]).toMatchObject({
    item_id: expect.any(String),
    item_name: expect.any(String),
    price: expect.any(Number),
  });
  const experiments = await findEvent(page, 'experimentsLoaded');
  const variant = (experiments.user_properties as Record<string, string>)['exp_capture-submit-label'];
  expect(['control', 'continue-to-my-box']).toContain(variant);

  // The capture popup's submit label is the visitor's variant, and the exposure is recorded.
  await page
    .locator('[data-preset="starter-favourites"]')
    .getByRole('button', { name: 'Add all 12 items of Starter favourites' })
    .click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  const label = variant === 'control' ? 'Continue' : 'Continue to my box';
  await expect(popup.getByRole('button', { name: label, exact: true })).toBeVisible();
  await findEvent(page, 'experimentExposure', (entry) => entry.variant === variant);
  await popup.getByLabel('Email address').fill(address);
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: label, exact: true }).click();
  await skipChildrenStep(page);

  // The cart is made with the details: initialized, the user discovered, the details updated.
  await expect(page).toHaveURL(/\/onboarding\/plans/);
  expect(await findEvent(page, 'initializedAbandonedCart')).toMatchObject({
    abandonedCartId: expect.any(String),
    email: address,
  });
  expect(await findEvent(page, 'userDiscovered')).toMatchObject({ email: address, zipCode: '10001' });
  expect(await findEvent(page, 'updatedAbandonedCart')).toMatchObject({
    email: address,
    changedFields: expect.arrayContaining(['email', 'zip_code_id']),
  });
  // The page view of a visitor with a cart reaches the API.
  await findEvent(
    page,
    'content-view',
    (entry) => (entry.page as { name: string }).name === 'onboarding-plans',
  );

  // A plan, then the box fills: planChanged, add-to-cart with totals and items, GA4 add_to_cart.
  const viewedPage = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/marketing/esp/events/viewed-page') && response.status() === 201,
  );
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('12 of 12 items');
  await viewedPage;
  expect(await findEvent(page, 'planChanged')).toMatchObject({
    plan: { slug: 'plan-12', threshold: 12 },
    profile: { email: address },
    address: { zipCode: '10001' },
    name: { firstName: null },
    phone: null,
  });
  const added = await findEvent(page, 'addToCart');
  expect(added).toMatchObject({
    cart: { itemCount: 12, total: expect.any(Number), currency: 'USD' },
  });
  expect((added.cart as { items: unknown[] }).items.length).toBeGreaterThan(0);
  const ga4Add = await findEvent(page, 'add_to_cart');
  expect(ga4Add.ecommerce).toMatchObject({ currency: 'USD', value: expect.any(Number) });

  // Checkout: initializedCheckout and begin_checkout; paying: orderCreated and purchase.
  await panel(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  expect(await findEvent(page, 'initializedCheckout')).toMatchObject({ eventId: expect.any(String) });
  const begin = await findEvent(page, 'begin_checkout');
  expect((begin.ecommerce as { items: unknown[] }).items).toHaveLength(
    (added.cart as { items: unknown[] }).items.length,
  );
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('First name').fill('Robin');
  await details.getByLabel('Last name').fill('Okafor');
  await details.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
  await details.getByLabel('City').fill('New York');
  await details.getByLabel('Phone').fill('(212) 555-0142');
  await details.getByLabel('Password', { exact: true }).fill('little-spoons-2026');
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and subscribe$/ }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
  const order = await findEvent(page, 'orderCreated');
  expect(order).toMatchObject({ orderId: expect.anything(), value: expect.any(Number), currency: 'USD' });
  const purchase = await findEvent(page, 'purchase');
  expect(purchase.ecommerce).toMatchObject({
    currency: 'USD',
    value: order.value,
    transaction_id: expect.any(String),
  });
  await findEvent(
    page,
    'content-view',
    (entry) => (entry.page as { name: string }).name === 'onboarding-checkout-success',
  );

  // A charity for a share of the order: chosen, shown, stored for the order; removed, announced.
  const charity = page.getByRole('region', { name: /to a charity/ });
  await charity.getByLabel('School Garden Project').check();
  const chosen = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().includes('/onboarding/checkout/success'),
  );
  await charity.getByRole('button', { name: 'Give to this charity' }).click();
  await chosen;
  await expect(charity.getByRole('status')).toHaveText('1% of this order goes to School Garden Project.');
  // Still the order's page (its one visit is not spent again by the post).
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Robin!' })).toBeVisible();
  await charity.getByRole('button', { name: 'Remove School Garden Project' }).click();
  await expect(charity.getByLabel('School Garden Project')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { announced: { type: string }[] }).announced.some(
          (entry) => entry.type === 'nonprofit-selection-removed',
        ),
      ),
    )
    .toBe(true);

  const announced = await page.evaluate(() =>
    (window as unknown as { announced: { type: string }[] }).announced.map((entry) => entry.type),
  );
  expect(announced).toEqual(
    expect.arrayContaining(['cart-created', 'cart-change', 'order-created', 'network-call']),
  );
  await expectAccessible(page);
});

test('an abandoned box: a reminder an hour later, its link restores the box in another browser', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  const address = email('reminder');
  await page.goto(`/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`);
  await expect(progress(page)).toHaveText('0 of 12 items');
  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');

  // An hour later, as `npm run jobs -- --as-of=` would (the demo door runs the same runner).
  const asOf = new Date(Date.now() + 61 * 60_000).toISOString();
  const run = await page.request.post('/dev/jobs/run', { data: { as_of: asOf, only: ['cart-reminders'] } });
  expect(run.ok()).toBe(true);
  expect((await run.json()).data[0]).toMatchObject({ name: 'cart-reminders', ok: true });

  type Mail = { subject: string; text: string; template: string; headers: Record<string, string> };
  let reminder: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(address)}`);
      reminder = ((await response.json()) as { data: Mail[] }).data.find(
        (mail) => mail.template === 'cart-reminder',
      );
      return reminder !== undefined;
    })
    .toBe(true);
  const mail = reminder as Mail;
  expect(mail.subject).toBe('Your Sprout & Spoon box is waiting for you');
  expect(mail.text).toMatch(/Total: \$\d+\.\d{2}/);
  expect(mail.headers['List-Unsubscribe']).toMatch(/\/email\/unsubscribe\?token=/);
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = new URL(/Open my box: (\S+)/.exec(mail.text)![1]!);

  // Another browser, with no cookie of this one: the link gives it the box.
  const other = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const fresh = await other.newPage();
    await fresh.goto(`${new URL(page.url()).origin}${link.pathname}${link.search}`);
    await expect(fresh).toHaveURL(/\/menus$/);
    await expect(fresh.locator('#cart-panel .cart-progress__label')).toHaveText('12 of 12 items');
    await expectAccessible(fresh);
  } finally {
    await other.close();
  }
});
