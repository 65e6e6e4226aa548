import type { Locator, Page } from '@playwright/test';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';

/** A fresh email per test: carts never share a visitor. */
const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');
const costs = (page: Page) => panel(page).locator('.cost-lines');
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}$`);
/** One row of the costs block, by its exact label. */
const costRow = (page: Page, label: string) =>
  costs(page)
    .locator(':scope > div')
    .filter({ has: page.getByRole('term').filter({ hasText: exactly(label) }) });
const promoField = (page: Page) => panel(page).getByRole('textbox', { name: 'Promo code' });
const promoError = (page: Page) => panel(page).locator('.promo-code .text-input__error');
const cartButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Cart, \d+ items?$/ });

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function amount(row: Locator): Promise<number> {
  return dollars(await row.getByRole('definition').textContent());
}

/** Arrives identified with a plan and a few dishes in the box (by URL parameters). */
async function arriveWithItems(page: Page, plan: 'plan-12' | 'plan-24', skus: string, quantities: string) {
  await page.goto(
    `/menus?skus=${skus}&quantities=${quantities}&email=${encodeURIComponent(email('promo'))}&zip=10001&plan=${plan}`,
  );
  const total = quantities.split(',').reduce((sum, value) => sum + Number(value), 0);
  await expect(progress(page)).toHaveText(`${total} of ${plan.replace('plan-', '')} items`);
}

async function applyCode(page: Page, code: string) {
  await promoField(page).fill(code);
  await panel(page).getByRole('button', { name: 'Apply' }).click();
}

test('a ?pc= link: banner, promo prices, then the discounted costs after capture, plan and items', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/?pc=WELCOME50');
  // The code is applied to the new cart and pc leaves the URL.
  await expect(page).toHaveURL(/\/$/);
  await cartButton(page).click();
  const banner = panel(page).locator('.offer-banner');
  await expect(banner).toContainText('Welcome! 50% off your first box and free shipping.');
  await expect(panel(page).locator('.promo-code__value')).toHaveText('WELCOME50');
  // The link's code is kept for its year (its cookie lasts 365 days), for a cart made later.
  const kept = (await page.context().cookies()).find((cookie) => cookie.name === 'auto_apply_promo_code');
  expect(kept?.value).toBe('WELCOME50');
  // Away from the menus the panel is a modal drawer: closed before the visitor moves on.
  await panel(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(panel(page)).toBeHidden();

  // The menus page shows the banner on top and first-box prices (50% off) on the dishes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  await expect(page.locator('main .offer-banner--page')).toContainText('Welcome! 50% off your first box');
  const card = page.locator('.product-card').first();
  await expect(card.locator('.product-card__promo-price')).toBeVisible();
  const promoPrice = dollars(await card.locator('.product-card__promo-price').textContent());
  const regular = dollars(await card.locator('.product-card__regular').textContent());
  expect(promoPrice).toBeCloseTo(regular / 2, 1);
  await card.screenshot({
    path: 'test-results/screenshots/promo-product-card-1280.png',
    animations: 'disabled',
  });

  // Capture, then the plans page prices each plan's first box with the code.
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  await popup.getByLabel('Email address').fill(email('pc'));
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);
  await expect(page).toHaveURL(/\/onboarding\/plans(\?add(_group)?=.*)?$/);
  await expect(page.locator('.plans-page__promo')).toContainText('Welcome! 50% off');
  const small = page.locator('[data-plan="plan-12"]');
  await expect(small.locator('.plan-card__promo')).toContainText('First box from');
  await expect(small).toContainText('Free shipping on your first box');
  await page.screenshot({ path: 'test-results/screenshots/promo-plans-1280.png', animations: 'disabled' });
  await small.getByRole('button', { name: 'Choose 12 items' }).click();

  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('1 of 12 items');
  await panel(page)
    .getByRole('button', { name: `Add one ${name}` })
    .click();
  await expect(progress(page)).toHaveText('2 of 12 items');

  const items = await amount(costRow(page, 'Items'));
  const discount = costRow(page, '50% off your first box');
  await expect(discount).toBeVisible();
  expect(await discount.getByRole('definition').textContent()).toMatch(/^-\$\d+\.\d{2}$/);
  expect(await amount(discount)).toBeCloseTo(items / 2, 2);
  // Free shipping: "Free" beside the struck-through $7.99 of the 12-item plan.
  const shipping = costRow(page, 'Shipping');
  await expect(shipping).toContainText('Free');
  await expect(shipping.locator('s')).toHaveText(/\$7\.99/);
  // The discount banner still leads (the discount beats no referral credits).
  await expect(banner).toContainText('Welcome! 50% off');
  await expect(costs(page)).toBeVisible();
});

test.describe('codes typed in the cart panel', () => {
  // Refused codes are 422 answers, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422/] });

  test('unknown and expired show their messages; Remove restores the costs', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await arriveWithItems(page, 'plan-12', 'SS-PUR-001,SS-TOD-001', '2,1');
    const before = (await costs(page).textContent()) ?? '';

    // Empty: nothing is sent.
    await panel(page).getByRole('button', { name: 'Apply' }).click();
    await expect(promoError(page)).toHaveText('Please enter a promo code');

    await applyCode(page, 'NOPE123');
    await expect(promoError(page)).toHaveText("We don't know this promo code.");
    await expect(promoField(page)).toHaveAttribute('aria-invalid', 'true');
    // Editing the field clears the server's message.
    await promoField(page).fill('EXPIRED1');
    await expect(promoError(page)).toHaveCount(0);
    await applyCode(page, 'EXPIRED10');
    await expect(promoError(page)).toHaveText('This promo code has expired.');
    await panel(page).screenshot({
      path: 'test-results/screenshots/promo-error-1280.png',
      animations: 'disabled',
    });
    // A code with a cart minimum: the box is below $40.
    await applyCode(page, 'SAVE20');
    await expect(promoError(page)).toHaveText('This promo code needs a cart of at least $40.');
    await expect(costs(page)).toHaveText(before);

    await applyCode(page, 'fivefree');
    const applied = panel(page).locator('.promo-code__applied');
    await expect(applied).toContainText('Promo code FIVEFREE applied');
    await expect(panel(page).getByRole('button', { name: 'Remove promo code FIVEFREE' })).toBeFocused();
    const discount = costRow(page, '5 free items in your first box');
    // Three dishes, five free: the whole items cost comes off.
    expect(await amount(discount)).toBeCloseTo(await amount(costRow(page, 'Items')), 2);
    await expect(panel(page).locator('.offer-banner')).toContainText(
      'Your first box comes with 5 items on us.',
    );

    await panel(page).getByRole('button', { name: 'Remove promo code FIVEFREE' }).click();
    await expect(promoField(page)).toBeVisible();
    await expect(promoField(page)).toBeFocused();
    await expect(costs(page)).toHaveText(before);
    await expect(panel(page).locator('.offer-banner')).toHaveCount(0);
  });
});

test('a code waiting for its cart minimum stays on the cart, says why, and applies once the box qualifies', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`/menus?pc=SAVE20&email=${encodeURIComponent(email('min'))}&zip=10001&plan=plan-12`);
  await expect(progress(page)).toHaveText('0 of 12 items');
  const reason = panel(page).locator('.promo-code__reason');
  await expect(panel(page).locator('.promo-code__value')).toHaveText('SAVE20');
  await expect(reason).toHaveText('This promo code needs a cart of at least $40.');
  await expect(page.locator('main .offer-banner--page')).toContainText(
    '$20 off each of your first 3 boxes ($60 in all).',
  );
  await expect(page.locator('main .offer-banner--page')).toContainText(
    'This promo code needs a cart of at least $40.',
  );

  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  await expect(reason).toHaveCount(0);
  await expect(costRow(page, '$20 off this box').getByRole('definition')).toHaveText('-$20.00');
});

test('a box the promotions pay for in full says it is fully covered', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  // The 24-item plan ships free; FIVEFREE covers the two dishes.
  await arriveWithItems(page, 'plan-24', 'SS-PUR-001', '2');
  await applyCode(page, 'FIVEFREE');
  await expect(costRow(page, 'Total')).toContainText('$0.00');
  await expect(panel(page).locator('.cart-costs__covered')).toHaveText(
    'Your box is fully covered by promotions: nothing to pay today.',
  );
});

test('?referral_id= waits for the email, then shows the referral banner and the $25 credit', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/?referral_id=DEMOREF');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  const friend = email('friend');
  await popup.getByLabel('Email address').fill(friend);
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);
  await expect(page).toHaveURL(/\/onboarding\/plans(\?add(_group)?=.*)?$/);
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(progress(page)).toHaveText('1 of 12 items');

  const banner = panel(page).locator('.offer-banner--referral');
  // The referrer's first name and initial, never their full name (privacy).
  await expect(banner).toHaveText('Jamie R. sent you $25 off your first box');
  await expect(page.locator('main .offer-banner--page')).toHaveText(
    'Jamie R. sent you $25 off your first box',
  );
  // Enough in the box for the whole $25 to apply.
  const plus = panel(page).getByRole('button', { name: `Add one ${name}` });
  for (let count = 2; count <= 5; count += 1) {
    await plus.click();
    await expect(progress(page)).toHaveText(`${count} of 12 items`);
  }
  const credit = costRow(page, 'Referral credit from Jamie R.');
  await expect(credit.getByRole('definition')).toHaveText('-$25.00');
  await panel(page).screenshot({
    path: 'test-results/screenshots/referral-cart-1280.png',
    animations: 'disabled',
  });
  await expect(banner).toBeVisible();
  // The referee's email prefills the capture form.
  await page.goto('/onboarding/signup');
  await expect(page.getByLabel('Email address')).toHaveValue(friend);
});

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshot of the cart panel with a code applied at ${viewport.width}px (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(
      `/menus?pc=WELCOME50&skus=SS-PUR-001,SS-TOD-001,SS-SNK-001&quantities=3,2,2&email=${encodeURIComponent(
        email('shot'),
      )}&zip=10001&plan=plan-12`,
    );
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 7 items');
    if (label === 'phone') await cartButton(page).click();
    await expect(progress(page)).toHaveText('7 of 12 items');
    await expect(costRow(page, '50% off your first box')).toBeVisible();
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
    // The applied code sits after the dishes: scroll the panel to it.
    await panel(page).locator('.promo-code').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/screenshots/promo-cart-${viewport.width}.png`,
      animations: 'disabled',
    });
  });
}

test.describe('the promo error at 1280x800', () => {
  test.use({ allowConsoleErrors: [/status of 422/] });

  test('shows in full beside the field, not under the sticky totals, with a nearly full box', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Many lines: the panel's body scrolls, and the totals stick at its foot.
    await arriveWithItems(
      page,
      'plan-24',
      'SS-PUR-001,SS-PUR-002,SS-PUR-003,SS-TOD-001,SS-TOD-002,SS-TOD-003,SS-FIN-001,SS-FIN-002',
      '3,3,3,3,3,3,2,2',
    );
    await promoField(page).scrollIntoViewIfNeeded();
    await applyCode(page, 'NOPE123');
    await expect(promoError(page)).toHaveText("We don't know this promo code.");
    // What is drawn at the top and the bottom of the message is the message itself.
    await expect
      .poll(() =>
        promoError(page).evaluate((element) => {
          const box = element.getBoundingClientRect();
          const x = box.left + box.width / 2;
          return [box.top + 1, box.bottom - 1].map((y) => element.contains(document.elementFromPoint(x, y)));
        }),
      )
      .toEqual([true, true]);
    await panel(page).screenshot({ path: 'test-results/screenshots/promo-error-1280x800.png' });
  });
});
