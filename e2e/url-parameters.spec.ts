import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * The query parameters read on any page, the cart id kept in local storage and mirrored in its
 * cookie (decision 044), and the 400/10002 answer (a checked-out cart: dropped, and the visitor
 * sent to the menus, told why).
 */

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const CART_ID_KEY = 'abandonedCartId';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');
const alert = (page: Page) => page.locator('.flash-region').getByRole('alert');

async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;
}

const storedCartId = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CART_ID_KEY);

/** Identified with a 12-item plan: a cart the visitor can see in the panel. */
async function arriveIdentified(page: Page, label: string) {
  await page.goto(`/menus?email=${encodeURIComponent(email(label))}&zip=10001&plan=plan-12`);
  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('0 of 12 items');
}

test.describe('refusals of a link are errors', () => {
  // The refused code's toast is the server's; the browser logs nothing for it.
  for (const [path, message] of [
    ['/menus?pc=EXPIRED10', 'This promo code has expired.'],
    ['/menus?pc=BOGUS', "We don't know this promo code."],
  ] as const) {
    test(`${path} says "${message}" as an error and makes no cart`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(path);
      await expect(page).toHaveURL(/\/menus$/);
      await expect(alert(page)).toContainText(message);
      await expect(alert(page).locator('.flash__icon')).toHaveText('!');
      await expect(page.locator('.flash-region')).not.toContainText('✓');
      expect(await cookieValue(page, 'abandoned_cart_id')).toBeFalsy();
      expect(await cookieValue(page, 'auto_apply_promo_code')).toBeUndefined();
    });
  }

  test('?referral_id= with an unknown code says why, as an error', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveIdentified(page, 'nope');
    await page.goto('/menus?referral_id=NOPE99');
    await expect(alert(page)).toContainText('This referral code is not valid.');
    await expect(page.locator('.flash-region')).not.toContainText('✓');
  });

  test('a code already on the box is not an error: the link says nothing', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveIdentified(page, 'again');
    await page.goto('/menus?pc=SAVE20');
    await expect(panel(page).locator('.promo-code__value')).toHaveText('SAVE20');
    await page.goto('/menus?pc=SAVE20');
    await expect(page).toHaveURL(/\/menus$/);
    await expect(panel(page).locator('.promo-code__value')).toHaveText('SAVE20');
    await expect(page.locator('.flash-region [role]')).toHaveCount(0);
  });
});

test('?pc= and pc_overwrite are kept for a year and reach the box', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await arriveIdentified(page, 'link');
  const before = Date.now() / 1000;
  await page.goto('/menus?pc=SAVE20&pc_overwrite=1');
  await expect(page).toHaveURL(/\/menus$/);
  await expect(panel(page).locator('.promo-code__value')).toHaveText('SAVE20');
  const cookies = await page.context().cookies();
  for (const [name, value] of [
    ['auto_apply_promo_code', 'SAVE20'],
    ['overwrite_promo_code', '1'],
  ]) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie, name).toMatchObject({ value, path: '/', sameSite: 'Lax' });
    // 365 days (localhost: host-only, no Domain).
    expect(Math.abs((cookie?.expires ?? 0) - before - YEAR_SECONDS)).toBeLessThan(120);
  }

  // A link that overwrites replaces the box's code.
  await page.goto('/menus?pc=WELCOME50&pc_overwrite=1');
  await expect(panel(page).locator('.promo-code__value')).toHaveText('WELCOME50');
});

test("a friend's code waits for an ?email= link, then is on the box", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/?referral_id=DEMOREF');
  await expect(page).toHaveURL(/\/$/);
  expect(await cookieValue(page, 'pending_referral_code')).toBe('DEMOREF');
  await page.goto(`/menus?email=${encodeURIComponent(email('friend'))}&zip=10001&plan=plan-12`);
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page.locator('main .offer-banner--page')).toHaveText(
    'Jamie R. sent you $25 off your first box',
  );
  expect(await cookieValue(page, 'pending_referral_code')).toBeUndefined();
});

test.describe('the cart id in local storage, mirrored in its cookie', () => {
  test('is stored, restores a lost cookie, and is cleared when the cart cannot be reloaded', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveIdentified(page, 'stored');
    const id = await cookieValue(page, 'abandoned_cart_id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => storedCartId(page)).toBe(id);

    // The cookie is gone (expired, cleared): the app start restores it and shows the box again.
    await page.context().clearCookies({ name: 'abandoned_cart_id' });
    await page.goto('/menus');
    await expect(progress(page)).toHaveText('0 of 12 items');
    expect(await cookieValue(page, 'abandoned_cart_id')).toBe(id);

    // A stored id the store no longer knows: cleared, not restored again and again.
    await page.evaluate(
      (key) => localStorage.setItem(key, '00000000-0000-4000-8000-000000000000'),
      CART_ID_KEY,
    );
    await page.context().clearCookies({ name: 'abandoned_cart_id' });
    await page.goto('/faq');
    await expect.poll(() => storedCartId(page)).toBeNull();
    expect(await cookieValue(page, 'abandoned_cart_id')).toBeFalsy();
  });
});

/** A full 12-item box taken to checkout and its details filled: the cart's id, ready to pay. */
async function readyToPay(page: Page): Promise<string> {
  await page.goto(`/menus?email=${encodeURIComponent(email('paid'))}&zip=10001&plan=plan-12`);
  await expect(progress(page)).toHaveText('0 of 12 items');
  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  await panel(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout$/);
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Lindqvist');
  await form.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
  await form.getByLabel('City').fill('New York');
  await form.getByLabel('Phone').fill('(212) 555-0142');
  await form.getByLabel('Password', { exact: true }).fill('little-spoons-2026');
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  return (await cookieValue(page, 'abandoned_cart_id')) as string;
}

test('a box paid for in another browser: its change goes to the menus, told why; the signed-in customer keeps no guest cart', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  const cartId = await readyToPay(page);

  // The same cart open in another browser (a partner's phone, say), not signed in.
  const otherContext = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  await otherContext.addCookies([{ name: 'abandoned_cart_id', value: cartId, url: baseURL }]);
  const other = await otherContext.newPage();
  await other.goto('/menus');
  await expect(progress(other)).toHaveText('12 of 12 items');
  await expect.poll(() => storedCartId(other)).toBe(cartId);

  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and subscribe$/ }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });

  // Item 3: the other browser's next change meets a checked-out cart (400/10002).
  await other.goto('/how-it-works');
  await expect(other).toHaveURL(/\/menus$/);
  await expect(alert(other)).toContainText('This cart has already been checked out.');
  await expect.poll(() => storedCartId(other)).toBeNull();
  await expect(other.locator('.cart-button')).toHaveAccessibleName('Cart, 0 items');
  await otherContext.close();

  // Item 12: the new customer is signed in; a guest cart's cookie and stored id left here go.
  const guestContext = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  const guest = await guestContext.newPage();
  await arriveIdentified(guest, 'left');
  const guestId = (await cookieValue(guest, 'abandoned_cart_id')) as string;
  await guestContext.close();
  await page.context().addCookies([{ name: 'abandoned_cart_id', value: guestId, url: baseURL }]);
  await page.evaluate(({ key, id }) => localStorage.setItem(key, id), { key: CART_ID_KEY, id: guestId });
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  await expect.poll(() => storedCartId(page)).toBeNull();
  expect(await cookieValue(page, 'abandoned_cart_id')).toBeFalsy();
});
