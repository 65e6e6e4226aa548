import type { Locator, Page } from '@playwright/test';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';

/** A fresh email per test: carts never share a visitor. */
const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');
const cartButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Cart, \d+ items?$/ });

/** Arrives identified (email and zip from the URL) with a plan, and waits for the empty box. */
async function arriveWithPlan(page: Page, plan: string, path = '/menus') {
  await page.goto(`${path}?email=${encodeURIComponent(email('box'))}&zip=10001&plan=${plan}`);
  await expect(progress(page)).toHaveText(`0 of ${plan.replace('plan-', '')} items`);
}

async function productName(card: Locator): Promise<string> {
  return ((await card.locator('.product-card__name').textContent()) ?? '').trim();
}

test('a new visitor adds a product, gives email and zip, picks a plan, and the product is in the box', async ({
  page,
}) => {
  await page.goto('/menus');
  const card = page.locator('.product-card').first();
  const name = await productName(card);
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  // A product whose popup is closed without the details is dropped, never added later.
  const closed = page.locator('.product-card').nth(1);
  await closed.getByRole('button', { name: `Add ${await productName(closed)}` }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await card.getByRole('button', { name: `Add ${name}` }).click();

  await expect(popup).toBeVisible();
  await popup.getByLabel('Email address').fill(email('new'));
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);

  // No plan yet: the product waits (in the address) while the visitor chooses one.
  await expect(page).toHaveURL(/\/onboarding\/plans\?add=[^&]+&add_qty=1$/);
  await expect(popup).toBeHidden();
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();

  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('1 of 12 items');
  await expect(panel(page).locator('.cart-line__name')).toHaveText([name]);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  // The product card turned into a stepper.
  await expect(card.getByRole('button', { name: `Add one ${name}` })).toBeVisible();

  // The plans page marks the cart's plan.
  await page.goto('/onboarding/plans');
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-12');
  await expect(page.locator('[data-plan="plan-12"]')).toContainText('Your current plan');
});

test('plus buttons fill the box to the threshold; Checkout opens only when full; one more prompts an upgrade; reload keeps the cart', async ({
  page,
}) => {
  // Sixteen changes, each saved and re-read one after the other.
  test.slow();
  await arriveWithPlan(page, 'plan-12');
  const cards = page.locator('.product-card');
  const first = await productName(cards.nth(0));
  const second = await productName(cards.nth(1));

  await cards
    .nth(0)
    .getByRole('button', { name: `Add ${first}` })
    .click();
  await expect(progress(page)).toHaveText('1 of 12 items');
  const checkoutButton = panel(page).getByRole('button', { name: 'Checkout' });
  await expect(checkoutButton).toBeDisabled();
  await expect(panel(page)).toContainText('Add 11 more items to check out.');

  const plus = panel(page).getByRole('button', { name: `Add one ${first}` });
  for (let count = 2; count <= 12; count += 1) {
    await plus.click();
    await expect(progress(page)).toHaveText(`${count} of 12 items`);
  }
  await expect(panel(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
  const checkout = panel(page).getByRole('link', { name: 'Checkout' });
  await expect(checkout).toHaveAttribute('href', '/onboarding/checkout');
  await expect(panel(page).locator('.cost-lines')).toContainText('Shipping');

  // Minus never goes below zero, and brings Checkout back to disabled.
  await panel(page)
    .getByRole('button', { name: `Remove one ${first}` })
    .click();
  await expect(progress(page)).toHaveText('11 of 12 items');
  await expect(checkoutButton).toBeDisabled();
  await plus.click();
  await expect(progress(page)).toHaveText('12 of 12 items');

  // A 13th item does not fit: the panel asks first, showing the next plan and its price.
  await cards
    .nth(1)
    .getByRole('button', { name: `Add ${second}` })
    .click();
  const prompt = panel(page).locator('.cart-upgrade--prompted');
  await expect(prompt.getByRole('heading', { name: 'This needs the 24-item plan' })).toBeVisible();
  // The size is said once (the plan's name is the size: it read "24 items (24 items, …)").
  await expect(prompt).toContainText(/Switch to 24 items \(boxes from \$\d+\.\d\d\) to add it\?/);
  await expect(progress(page)).toHaveText('12 of 12 items');
  await prompt.getByRole('button', { name: 'Switch to 24 items' }).click();
  await expect(progress(page)).toHaveText('13 of 24 items');
  await expect(panel(page).locator('.cart-line__name')).toContainText([second]);
  await expect(checkoutButton).toBeDisabled();

  await page.reload();
  await expect(progress(page)).toHaveText('13 of 24 items');
  await expect(panel(page).locator('.cart-line')).toHaveCount(2);

  // Remove takes the whole line.
  await panel(page)
    .getByRole('button', { name: `Remove ${second} from your box` })
    .click();
  await expect(progress(page)).toHaveText('12 of 24 items');
});

test('a bestseller preset fills the box; a bigger preset asks for the bigger plan first', async ({
  page,
}) => {
  await arriveWithPlan(page, 'plan-12');
  await expect(panel(page)).toContainText('Your box is empty');
  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  await expect(panel(page).getByRole('link', { name: 'Checkout' })).toBeVisible();

  // Lines are grouped by category, heaviest sorting weight first.
  const groups = await panel(page).locator('.cart-group__title').allTextContents();
  expect(groups.length).toBeGreaterThan(1);
  expect(groups[0]).toMatch(/Snacks|Smoothies/);

  // Protein packed is 24 items: it does not fit on top of 12. Nothing changes until the visitor
  // agrees to the 36-item plan, shown with its price.
  await page
    .locator('[data-preset="protein-packed"]')
    .getByRole('button', { name: 'Add all 24 items of Protein packed' })
    .click();
  const prompt = panel(page).locator('.cart-upgrade--prompted');
  await expect(prompt.getByRole('heading', { name: 'This needs the 36-item plan' })).toBeVisible();
  await expect(prompt).toContainText(/Switch to 36 items \(boxes from \$\d+\.\d\d\) to add it\?/);
  await expect(progress(page)).toHaveText('12 of 12 items');
  await prompt.getByRole('button', { name: 'Switch to 36 items' }).click();
  await expect(progress(page)).toHaveText('36 of 36 items', { timeout: 20_000 });
});

test('skus, quantities, email, zip and plan in the URL build the cart, and leave the URL', async ({
  page,
}) => {
  const address = email('url');
  await page.goto(
    `/?skus=SS-PUR-001,SS-TOD-001&quantities=2&email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`,
  );
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  // Applied on the server, then a redirect to the clean address: a reload repeats nothing.
  expect(new URL(page.url()).search).toBe('');

  await cartButton(page).click();
  await expect(progress(page)).toHaveText('3 of 12 items');
  await expect(panel(page).locator('.cart-line')).toHaveCount(2);
  await expect(panel(page).locator('[data-sku="SS-PUR-001"] .stepper__count')).toHaveText('2 in your box');
  await expect(panel(page).locator('[data-sku="SS-TOD-001"] .stepper__count')).toHaveText('1 in your box');

  // Identified with a plan: get started goes to the menus.
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toHaveAttribute('href', '/menus');
});

test('the cart panel opens by itself on the menus at 1280px, beside the page', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/menus');
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your box' })).toBeVisible();
  // Not modal: the page stays usable and makes room for the panel.
  await expect(page.locator('.layout')).not.toHaveAttribute('inert');
  const contentRight = await page
    .locator('main')
    .evaluate((element) => element.getBoundingClientRect().right);
  expect(contentRight).toBeLessThanOrEqual(1280 - 380 + 1);
  const panelTop = await panel(page).evaluate((element) => element.getBoundingClientRect().top);
  const headerBottom = await page
    .getByRole('banner')
    .evaluate((element) => element.getBoundingClientRect().bottom);
  expect(Math.abs(panelTop - headerBottom)).toBeLessThanOrEqual(1);
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');

  await panel(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(panel(page)).toBeHidden();
  // Another page and back to the menus opens it again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(panel(page)).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(panel(page)).toBeVisible();
});

test('at 390px the cart stays closed and opens as a modal drawer', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/menus');
  await expect(cartButton(page)).toBeEnabled();
  // Give the app start time to (not) open it.
  await page.waitForLoadState('networkidle');
  await expect(panel(page)).toBeHidden();

  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Your box' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await expect(page.locator('.layout')).toHaveAttribute('inert', '');
  // Focus stays inside.
  for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
  await expect(page.locator('.layout')).not.toHaveAttribute('inert');
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshots of the open cart at ${viewport.width}px (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(
      `/menus?skus=SS-PUR-001,SS-TOD-001,SS-SNK-001,SS-SMO-002&quantities=3,2,2,1&email=${encodeURIComponent(
        email('shot'),
      )}&zip=10001&plan=plan-12`,
    );
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 8 items');
    if (name === 'phone') await cartButton(page).click();
    await expect(progress(page)).toHaveText('8 of 12 items');
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('#cart-panel img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `the page scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/screenshots/cart-${viewport.width}.png`,
      animations: 'disabled',
    });
  });
}

test('after Enter on Add, focus is on the stepper that replaced it and the change is announced', async ({
  page,
}) => {
  await arriveWithPlan(page, 'plan-24');
  const card = page.locator('.product-card').first();
  const name = await productName(card);
  await card.getByRole('button', { name: `Add ${name}` }).focus();
  await page.keyboard.press('Enter');

  await expect(progress(page)).toHaveText('1 of 24 items');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  await expect.poll(focused).toBe(`Add one ${name}`);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await expect(page.locator('[data-live-region]')).toHaveText(`Added ${name}, 1 of 24 in your box`);

  // Enter again adds another, and focus stays on the same control.
  await page.keyboard.press('Enter');
  await expect(progress(page)).toHaveText('2 of 24 items');
  await expect(page.locator('[data-live-region]')).toHaveText(`Added ${name}, 2 of 24 in your box`);
  await expect.poll(focused).toBe(`Add one ${name}`);

  // Down to none: Add comes back, and takes the focus.
  await card.getByRole('button', { name: `Remove one ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(progress(page)).toHaveText('1 of 24 items');
  await expect(page.locator('[data-live-region]')).toHaveText(`Removed one ${name}, 1 of 24 in your box`);
  await page.keyboard.press('Enter');
  await expect(progress(page)).toHaveText('0 of 24 items');
  await expect.poll(focused).toBe('');
  await expect(card.getByRole('button', { name: `Add ${name}` })).toBeFocused();
  await expect(page.locator('[data-live-region]')).toHaveText(`Removed ${name}, 0 of 24 in your box`);
});
