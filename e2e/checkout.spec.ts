import type { Page } from '@playwright/test';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/** A fresh email per test: every checkout makes a new customer. */
const email = (label: string) =>
  `checkout-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_3DS = '4000 0025 0000 3155';
const PASSWORD = 'little-spoons-2026';
const PRICE_CHANGED = 'The total of your order has changed. Please check it and press pay again.';
const AUTHENTICATION_FAILED = 'We could not verify your card. Please try again or use another card.';

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');
const details = (page: Page) => page.getByRole('form', { name: 'Your details' });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and subscribe$/ });

/** Identified with a 12-item plan (by URL parameters), the box filled by a preset. */
async function arriveWithFullBox(page: Page, label: string): Promise<string> {
  const address = email(label);
  await page.goto(`/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`);
  await expect(progress(page)).toHaveText('0 of 12 items');
  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  return address;
}

async function openCheckout(page: Page) {
  await panel(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

type Person = { first: string; last: string };

async function fillDetails(page: Page, person: Person) {
  const form = details(page);
  await form.getByLabel('First name').fill(person.first);
  await form.getByLabel('Last name').fill(person.last);
  await form.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
  await form.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 3B');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('Phone').fill('(212) 555-0142');
  await form.getByLabel('Delivery instructions (optional)').fill('Ring twice, the bell is quiet');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

async function fillCard(page: Page, number: string) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
}

test('a new customer: ?pc= link, capture, plan, full box, checkout with an add-on, success once', async ({
  page,
}) => {
  // The whole journey, from the first visit to the order: longer than one screen's test.
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  const address = email('journey');
  await page.goto('/?pc=WELCOME50');
  await expect(page).toHaveURL(/\/$/);

  // Capture, plan, box: the preset waits for the details and the plan, then fills the box.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  await page
    .locator('[data-preset="starter-favourites"]')
    .getByRole('button', { name: 'Add all 12 items of Starter favourites' })
    .click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  await popup.getByLabel('Email address').fill(address);
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);
  await expect(page).toHaveURL(/\/onboarding\/plans(\?add(_group)?=.*)?$/);
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('12 of 12 items');

  await openCheckout(page);
  // The cart panel opens by itself at 1280px, and the summary sits beside the form.
  await expect(panel(page)).toBeVisible();
  const formBox = await details(page).boundingBox();
  const summaryBox = await summary(page).boundingBox();
  expect(summaryBox && formBox && summaryBox.x > formBox.x + formBox.width - 1).toBe(true);

  // What the cart knows is already there; the code's discount and free shipping are in the costs.
  await expect(details(page).getByLabel('Email address')).toHaveValue(address);
  await expect(details(page).getByLabel('Zip code')).toHaveValue('10001');
  await expect(page.locator('.checkout-zip')).toHaveText('New York, NY · we deliver here');
  const costs = summary(page).getByRole('definition');
  await expect(summary(page).getByRole('term').filter({ hasText: '50% off your first box' })).toBeVisible();
  await expect(summary(page).locator('.cost-lines s')).toHaveText(/\$\d+\.\d{2}/);
  await expect(costs.last()).toHaveText(/^\$\d+\.\d{2}$/);

  // Required fields say so once left empty.
  await details(page).getByLabel('First name').focus();
  await details(page).getByLabel('Last name').focus();
  await expect(details(page).getByText('This field is required')).toHaveCount(1);
  await fillDetails(page, { first: 'Robin', last: 'Okafor' });
  await expect(details(page).getByText('This field is required')).toHaveCount(0);

  // SMS updates are on by default.
  await expect(details(page).getByRole('checkbox', { name: /Text me delivery updates/ })).toBeChecked();

  // The second open date, every 2 weeks.
  const dates = page.getByRole('group', { name: 'First delivery' }).getByRole('radio');
  await expect(dates.first()).toBeChecked();
  const chosen = dates.nth(1);
  const chosenLabel = (
    (await chosen.locator('xpath=..').locator('.choice-card__title').textContent()) ?? ''
  ).trim();
  expect(chosenLabel).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
  await chosen.check();
  const often = page.getByRole('group', { name: 'How often' });
  await expect(often.getByRole('radio', { name: 'Every week' })).toBeChecked();
  await often.getByRole('radio', { name: 'Every 2 weeks' }).check();

  // One add-on: the summary lists it and the items cost grows by its price.
  const upsell = page.getByRole('region', { name: 'Add a little extra' });
  const firstCard = upsell.getByRole('listitem').first();
  const addOn = ((await firstCard.getByRole('heading').textContent()) ?? '').trim();
  const total = payButton(page);
  const before = await total.textContent();
  await firstCard.getByRole('button', { name: `Add one ${addOn}` }).click();
  await expect(firstCard.locator('.stepper__count')).toHaveText(`1 ${addOn} added`);
  await expect(summary(page).locator('.order-summary__addons')).toContainText(`1 ×${addOn}`);
  await expect(total).not.toHaveText(before ?? '');

  await fillCard(page, CARD_OK);
  await page.screenshot({ path: 'test-results/screenshots/checkout-1280.png', fullPage: true });
  await total.click();

  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'checkout-page-success');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Robin!' })).toBeVisible();
  const facts = page.locator('.checkout-success__facts');
  await expect(facts).toContainText(/Order number\s*\S+/);
  await expect(facts).toContainText(chosenLabel);
  await expect(facts).toContainText('Every 2 weeks');
  await expect(page.locator('.checkout-success__address')).toContainText('12 Orchard Lane');
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(addOn);
  await expect(page.getByRole('link', { name: 'Browse the menus' })).toHaveAttribute('href', '/menus');
  await page.screenshot({ path: 'test-results/screenshots/checkout-success-1280.png', fullPage: true });

  // The cart is gone from the browser: no stored id, no cookie.
  expect(
    (await page.context().cookies()).find((cookie) => cookie.name === 'abandoned_cart_id'),
  ).toBeUndefined();
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(cookies).not.toContain('abandoned_cart_id');
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event),
  );
  expect(events).toContain('initializedCheckout');
  expect(events).toContain('orderCreated');

  // The success page is open once: the grant was used.
  const again = await page.request.get('/onboarding/checkout/success', { maxRedirects: 0 });
  expect(again.status()).toBeGreaterThanOrEqual(300);
  expect(again.status()).toBeLessThan(400);
  expect(again.headers().location).toBe('/menus');
  await page.goto('/onboarding/checkout/success');
  await expect(page).toHaveURL(/\/menus$/);
});

test.describe('problems at Pay', () => {
  // A declined card or an email in use is a 422 answer, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422/] });

  test('a declined card shows its message at the card form and keeps what was typed', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithFullBox(page, 'declined');
    await openCheckout(page);
    await fillDetails(page, { first: 'Dana', last: 'Whitfield' });
    await fillCard(page, CARD_DECLINED);
    await payButton(page).click();

    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');
    await expect(payment.locator('.checkout-payment__error')).toBeFocused();
    await expect(page).toHaveURL(/\/onboarding\/checkout$/);
    await expect(details(page).getByLabel('First name')).toHaveValue('Dana');
    await expect(details(page).getByLabel('Address', { exact: true })).toHaveValue('12 Orchard Lane');
    await expect(details(page).getByLabel('Phone')).toHaveValue('(212) 555-0142');
    await expect(details(page).getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(payButton(page)).toBeEnabled();

    // Another card goes through on the next press (a new idempotency key).
    await fillCard(page, CARD_OK);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Dana!' })).toBeVisible();
  });

  test('after a declined card the password stays on the page, changeable, also after a reload', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithFullBox(page, 'declined-password');
    await openCheckout(page);
    await fillDetails(page, { first: 'Noor', last: 'Haddad' });
    await fillCard(page, CARD_DECLINED);
    await payButton(page).click();
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');

    // The declined Pay saved the password on the cart: a reload still shows where it is set.
    await page.reload();
    const account = details(page).getByRole('group', { name: 'Create your account' });
    await expect(account).toBeVisible();
    await expect(account).toContainText('Your password is saved. Leave this empty to keep it');
    const password = account.getByLabel('New password (optional)');
    await expect(password).toHaveValue('');
    await expect(details(page).getByLabel('First name')).toHaveValue('Noor');

    // A new one goes with the next Pay.
    const changed = 'a-newer-spoon-2026';
    await password.fill(changed);
    await fillCard(page, CARD_OK);
    const saved = page.waitForRequest(
      (request) =>
        request.method() === 'PUT' &&
        /\/api\/customers\/abandoned-carts\/[^/]+$/.test(new URL(request.url()).pathname) &&
        request.postDataJSON()?.password === changed,
    );
    await payButton(page).click();
    await saved;
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
  });

  test('the city is the zip code’s: a known zip fills it in, a contradicting one is refused beside the field', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithFullBox(page, 'city');
    await openCheckout(page);
    const form = details(page);
    // The captured zip brought its city.
    await expect(form.getByLabel('City')).toHaveValue('New York');
    await fillDetails(page, { first: 'Ida', last: 'Mensah' });

    // Another zip code fills in its own city once left.
    await form.getByLabel('Zip code').fill('60601');
    await form.getByLabel('Phone').focus();
    await expect(page.locator('.checkout-zip')).toHaveText('Chicago, IL · we deliver here');
    await expect(form.getByLabel('City')).toHaveValue('Chicago');

    // "New York, IL 60601" is refused at Pay, beside the city, and nothing is charged.
    await form.getByLabel('City').fill('New York');
    await fillCard(page, CARD_OK);
    await payButton(page).click();
    await expect(
      form.getByText('60601 is in Chicago, IL. Change the city to Chicago or check the zip code.'),
    ).toBeVisible();
    await expect(form.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/onboarding\/checkout$/);

    await form.getByLabel('City').fill('Chicago');
    await payButton(page).click();
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
  });

  test('a card asking for 3-D Secure completes after authentication', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await arriveWithFullBoxOnPhone(page);
    await fillDetails(page, { first: 'Sam', last: 'Ito' });
    await fillCard(page, CARD_3DS);
    await page.screenshot({ path: 'test-results/screenshots/checkout-390.png', fullPage: true });
    await payButton(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Sam!' })).toBeVisible();
  });

  test('3-D Secure by keyboard: the dialog names the amount, Escape fails it, focus comes back, Pay again', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithFullBox(page, 'keyboard');
    await openCheckout(page);
    await fillDetails(page, { first: 'Noor', last: 'Haddad' });
    await fillCard(page, CARD_3DS);
    const amount = ((await payButton(page).textContent()) ?? '').match(/\$\d+\.\d{2}/)?.[0] ?? '';
    expect(amount).not.toBe('');

    const pay = page.locator('.checkout-payment__pay');
    await pay.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(dialog).toBeVisible();
    // The payment intent's amount, which is the total on the button.
    await expect(dialog).toContainText(`confirm a payment of ${amount}`);
    await expect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
    // While the dialog is open the Pay button still says it is working, and keeps its place.
    await expect(pay).toHaveAttribute('aria-busy', 'true');
    await expect(pay).toHaveAttribute('aria-disabled', 'true');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByRole('alert')).toHaveText(AUTHENTICATION_FAILED);
    // Focus goes to the message (read out, and the next Tab is the card form), never lost on the page.
    await expect(payment.locator('.checkout-payment__error')).toBeFocused();
    await expect(page).toHaveURL(/\/onboarding\/checkout$/);

    // A new attempt, by keyboard again: Enter on the focused Pay, Enter on the bank's button.
    await pay.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Noor!' })).toBeVisible();
  });

  test('an email that already has an account goes to the login with the email and the reason', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithFullBox(page, 'existing');
    await openCheckout(page);
    await fillDetails(page, { first: 'Jamie', last: 'Rivera' });
    await details(page).getByLabel('Email address').fill('demo@example.com');
    await fillCard(page, CARD_OK);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/onboarding\/login\?/);
    await expect(page.getByLabel('Email address')).toHaveValue('demo@example.com');
    await expect(page.getByRole('alert')).toContainText('This email is already in use.');
  });
});

test.describe('a first box that costs $0', () => {
  // The failed bank step is refused by the API (422), which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422/] });

  test('still saves the card, says why, charges nothing, and the next box is charged to it at its cutoff', async ({
    page,
  }) => {
    // The renewal runs as of a later day: on a store of its own, so no other journey's boxes move.
    test.setTimeout(240_000);
    const store = await startOwnStore();
    try {
      await page.setViewportSize(VIEWPORTS.desktop);
      const base = store.baseUrl;
      // The partnership pays up to $50 of every box, the welcome code half of the first: $0 today.
      const address = email('free-first-box');
      await page.goto(
        `${base}/menus?pc=LITTLEHELPERS&email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`,
      );
      await expect(progress(page)).toHaveText('0 of 12 items');
      await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
      await expect(progress(page)).toHaveText('12 of 12 items');
      await page.goto(`${base}/menus?pc=WELCOME50`);
      await expect(panel(page).locator('.promo-code__value')).toHaveText('WELCOME50 + LITTLEHELPERS');

      await openCheckout(page);
      await fillDetails(page, { first: 'Robin', last: 'Okafor' });
      await expect(summary(page).getByRole('definition').last()).toHaveText('$0.00');
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment.locator('[data-first-box-free]')).toHaveText(
        'Your first box is free: we save your card for your next boxes and charge nothing today.',
      );
      const start = payment.getByRole('button', { name: 'Start my subscription' });
      await page.screenshot({
        path: 'test-results/screenshots/checkout-free-first-box-1280.png',
        fullPage: true,
      });

      // A card whose bank asks to confirm saving it: nothing is charged, and failing the step declines it.
      await fillCard(page, CARD_3DS);
      await start.click();
      const bank = page.getByRole('dialog', { name: 'Confirm your card' });
      // The details are saved, the card read and the checkout asked first: on a loaded machine, a while.
      await expect(bank).toContainText('Nothing is charged today', { timeout: 30_000 });
      await bank.getByRole('button', { name: 'Fail authentication' }).click();
      await expect(payment.locator('.checkout-payment__error')).toHaveText(AUTHENTICATION_FAILED, {
        timeout: 20_000,
      });

      // Another card: saved for the next boxes, and the $0 order placed.
      await fillCard(page, CARD_OK);
      await start.click();
      await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Robin!' })).toBeVisible();
      // Nothing was charged today: no card paid this order.
      await expect(page.locator('.checkout-success__payment')).toHaveCount(0);
      await page.goto(`${base}/account/address`);
      await expect(page.locator('.card-form')).toContainText('visa ending in 4242');

      // The second box's cutoff, as `npm run jobs -- --as-of=` runs it: the saved card pays the part
      // the partner does not.
      const boxes = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as {
        date: string;
        status: string;
        cutoff_at: string;
        order: { id: number; number: string } | null;
      }[];
      const second = boxes.find((box) => box.status === 'scheduled')!;
      const asOf = new Date(Date.parse(second.cutoff_at) + 60_000).toISOString();
      const run = await page.request.post(`${base}/dev/jobs/run`, {
        data: { as_of: asOf, only: ['renewals'] },
      });
      expect(run.ok()).toBe(true);
      expect((await run.json()).data[0]).toMatchObject({
        name: 'renewals',
        ok: true,
        result: { charges: { charged: 1, declined: 0 } },
      });
      const after = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as typeof boxes;
      const charged = after.find((box) => box.date === second.date)!;
      expect(charged.status).toBe('charged');
      await page.goto(`${base}/account/orders/${charged.order!.id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Order ${charged.order!.number}` }),
      ).toBeVisible();
      await expect(page.locator('dl').filter({ hasText: 'Paid with' })).toContainText('visa ending in 4242');
    } finally {
      await store.stop();
    }
  });
});

test('a total changed in another tab is shown before anything is charged; the next press pays it', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await arriveWithFullBox(page, 'price');
  await openCheckout(page);
  await fillDetails(page, { first: 'Alex', last: 'Moreau' });
  await fillCard(page, CARD_OK);
  const shown = ((await payButton(page).textContent()) ?? '').trim();

  // Another tab adds an add-on to the same cart: this page still shows the old total.
  const firstCard = page.getByRole('region', { name: 'Add a little extra' }).getByRole('listitem').first();
  const addOn = ((await firstCard.getByRole('heading').textContent()) ?? '').trim();
  const sku = await firstCard.getAttribute('data-sku');
  const cartId = (await page.context().cookies()).find(
    (cookie) => cookie.name === 'abandoned_cart_id',
  )?.value;
  const status = await page.evaluate(
    async ({ sku, cartId }) => {
      const response = await fetch('/api/sales/checkout/upsell/items/increase', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ abandoned_cart_id: cartId, sku }),
      });
      return response.status;
    },
    { sku, cartId },
  );
  expect(status).toBe(200);
  await expect(payButton(page)).toHaveText(shown);

  // What reaches the card provider and the checkout.
  const paying: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path === '/api/sales/checkout' || path.startsWith('/test-provider/')))
      paying.push(path);
  });
  await payButton(page).click();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toHaveText(PRICE_CHANGED);
  // Stopped after saving the details: the card was not read and nothing was posted to pay.
  expect(paying).toEqual([]);
  await expect(payButton(page)).not.toHaveText(shown);
  await expect(summary(page).locator('.order-summary__addons')).toContainText(addOn);
  await expect(page).toHaveURL(/\/onboarding\/checkout$/);
  // Everything typed stays.
  await expect(details(page).getByLabel('First name')).toHaveValue('Alex');
  await expect(details(page).getByLabel('Address', { exact: true })).toHaveValue('12 Orchard Lane');
  await expect(details(page).getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await expect(payment.getByLabel('Card number')).toHaveValue(CARD_OK);

  await payButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(addOn);
});

test('at 320px the checkout fits without sideways scrolling, and Pay is on the page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await arriveWithFullBoxOnPhone(page);
  await fillDetails(page, { first: 'Kit', last: 'Nakamura' });
  await fillCard(page, CARD_OK);
  // A field error and the date cards widen nothing either.
  await details(page).getByLabel('Phone').fill('12');
  await details(page).getByLabel('Phone').blur();
  await expect(details(page).getByText(/valid US phone number/)).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(320);
  expect(widths.body).toBeLessThanOrEqual(320);
  await payButton(page).scrollIntoViewIfNeeded();
  await expect(payButton(page)).toBeVisible();
  await expect(payButton(page)).toBeInViewport();
  const box = await payButton(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/checkout-320.png', fullPage: true });
});

/** On a phone the cart is a drawer: fill the box from the URL parameters, then open checkout. */
async function arriveWithFullBoxOnPhone(page: Page) {
  const address = email('phone');
  await page.goto(`/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`);
  // The drawer opens once the page has hydrated: a click before that is tried again.
  const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart, \d+ items?$/ });
  const fill = panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' });
  await expect(async () => {
    if ((await cartButton.getAttribute('aria-expanded')) !== 'true') await cartButton.click();
    await expect(fill).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await fill.click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  await openCheckout(page);
  await expect(panel(page)).toBeHidden();
  // Nothing sticks out sideways on a narrow screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a cart that is not ready is redirected to the menus by the server', async ({ page }) => {
  // No cart at all.
  const anonymous = await page.request.get('/onboarding/checkout', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe('/menus');

  // A cart with a plan and a box that is not full yet.
  await page.goto(
    `/menus?skus=SS-PUR-001&quantities=2&email=${encodeURIComponent(email('partial'))}&zip=10001&plan=plan-12`,
  );
  await expect(progress(page)).toHaveText('2 of 12 items');
  const partial = await page.request.get('/onboarding/checkout', { maxRedirects: 0 });
  expect(partial.status()).toBe(302);
  expect(partial.headers().location).toBe('/menus');
  await page.goto('/onboarding/checkout');
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveCount(0);
});

test('a ready checkout opened by its address (a reload, a bookmark) is rendered by the server', async ({
  page,
}) => {
  await arriveWithFullBox(page, 'reload');
  // A document request, not a client-side navigation: the whole page, card form included, renders
  // on the server.
  const document = await page.request.get('/onboarding/checkout', { maxRedirects: 0 });
  expect(document.status()).toBe(200);
  await page.goto('/onboarding/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payment' }).getByLabel('Card number')).toBeVisible();
});
