import type { Cookie, Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * The account site as the demo customer: the login brings them to /account, the next box is skipped
 * and brought back, a dish is added to it from the menus (no capture popup), the frequency changes
 * after a previewed price, and an order's receipt opens. Once at each width; the journeys change
 * the same customer, so they run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };

async function mailCount(page: Page): Promise<{ subject: string }[]> {
  const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(DEMO.email)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { subject: string }[] }).data;
}

/**
 * The trusted-device cookie the first sign-in earns: the second journey signs in with the password
 * alone, so the file asks for one code (codes per email are limited in 15 minutes, and the other
 * journeys sign the demo customer in too).
 */
let trustedDevice: Cookie[] = [];
/** TRUSTED_DEVICE_COOKIE of the contracts. */
const TRUSTED_DEVICE_COOKIE = 'trusted_device';

/** Opens /account anonymously (HTTP redirect to the login), signs in with the emailed code, and lands back. */
async function signInThroughAccount(page: Page) {
  if (trustedDevice.length > 0) await page.context().addCookies(trustedDevice);
  const response = await page.goto('/account/orders');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/account\/orders$/);
  await expect(page).toHaveURL(/\/onboarding\/login\?next=%2Faccount%2Forders$/);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  const before = (await mailCount(page)).length;
  await page.getByRole('button', { name: 'Log in' }).click();
  if (trustedDevice.length === 0) {
    await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+&next=/);
    let code: string | undefined;
    await expect
      .poll(async () => {
        const mails = await mailCount(page);
        code =
          mails.length > before
            ? mails.find((mail) => /sign-in code/.test(mail.subject))?.subject.match(/\d{6}/)?.[0]
            : undefined;
        return code !== undefined;
      })
      .toBe(true);
    await page.getByLabel('6-digit code').fill(code as string);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
  }
  // Back on the page that asked for the session.
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  trustedDevice = (await page.context().cookies()).filter((cookie) => cookie.name === TRUSTED_DEVICE_COOKIE);
}

async function screenshot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `test-results/screenshots/account-${name}-${width}.png`, fullPage: true });
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`the demo customer manages their boxes on /account (${label})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInThroughAccount(page);

    // An order and its receipt.
    const firstOrder = page.locator('[data-order]').first();
    const orderNumber = await firstOrder.getAttribute('data-order');
    expect(orderNumber).toMatch(/^SS-\d+$/);
    await screenshot(page, 'orders', viewport.width);
    await firstOrder.getByRole('link', { name: /Receipt/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole('table', { name: `Items of order ${orderNumber}` })).toBeVisible();
    await expect(page.getByLabel(`Cost of order ${orderNumber}`)).toContainText('Total');
    await screenshot(page, 'receipt', viewport.width);

    // The overview: the next box, with a countdown that ticks once hydrated.
    await page
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('.next-box').first().getByText('Your next box')).toBeVisible();
    // Between a cutoff and its delivery day the next box is paid and being prepared; the card of
    // the next box that can still change follows it.
    const nextBox = page.locator('.next-box[data-changeable]').first();
    const left = nextBox.locator('.cutoff__left');
    // The text shows minutes while more than a day is left; the machine-readable seconds tick.
    const first = await left.getAttribute('datetime');
    expect(first).toMatch(/^PT\d+S$/);
    await expect(left).not.toHaveAttribute('datetime', first ?? '', { timeout: 5_000 });
    await screenshot(page, 'overview', viewport.width);

    // Skip, then unskip: the badge changes at once and the server keeps it.
    await nextBox.getByRole('button', { name: /^Skip the box of/ }).click();
    await expect(nextBox.locator('[data-status]').first()).toHaveText('Skipped');
    await expect(nextBox.getByRole('button', { name: /^Unskip the box of/ })).toBeVisible();
    await page.reload();
    await expect(page.locator('.next-box[data-changeable] [data-status]').first()).toHaveText('Skipped');
    await page
      .locator('.next-box[data-changeable]')
      .first()
      .getByRole('button', { name: /^Unskip the box of/ })
      .click();
    await expect(page.locator('.next-box[data-changeable] [data-status]').first()).toHaveText('Scheduled');
    await page.reload();
    await expect(page.locator('.next-box[data-changeable] [data-status]').first()).toHaveText('Scheduled');

    // Make room in the box (the editor), then add a dish from the menus: it goes into the box.
    await page.locator('.next-box[data-changeable]').first().getByRole('link', { name: 'Edit box' }).click();
    await expect(page).toHaveURL(/\/account\/deliveries\/\d{4}-\d{2}-\d{2}$/);
    const boxUrl = page.url();
    const fill = page.locator('[data-box-fill]');
    const before = Number((await fill.textContent())?.match(/(\d+) of/)?.[1]);
    // The first dish the box holds (the others' − is disabled at 0).
    await page.locator('button[aria-label^="Remove one "]:enabled').first().click();
    await expect(fill).toContainText(`${before - 1} of`);
    await screenshot(page, 'box-editor', viewport.width);

    // A meal (snacks and smoothies are add-ons, outside the box).
    await page.goto('/menus/toddler-meals/');
    // Signed in, the storefront's box is the next editable box (decision 042): its day, its cutoff and
    // its count of the plan's size, never an empty guest cart asking for a plan.
    const panel = page.locator('#cart-panel');
    const wide = viewport.width >= 1024;
    if (wide) {
      await expect(panel).toContainText(/Your box of [A-Z][a-z]+day, [A-Z][a-z]+ \d+/);
      await expect(panel).toContainText(/Change it until [A-Z][a-z]+day, /);
      await expect(panel).toContainText(new RegExp(`${before - 1} of \\d+ items`));
      await expect(panel).not.toContainText('Choose a plan');
    }
    // A dish that suits the whole demo family: one with a child's allergen asks on the box page first.
    const card = page.locator('article[data-sku]').filter({ hasText: 'Suits everyone' }).first();
    await card.getByRole('button', { name: /^Add/ }).click();
    await expect(page.getByText(/^Added to your box of /)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (wide) {
      await expect(panel).toContainText(new RegExp(`${before} of \\d+ items`));
      // − in the panel takes one out of the box, + puts it back.
      const line = panel.locator('li[data-sku]').first();
      await line.getByRole('button', { name: /^Remove one / }).click();
      await expect(panel).toContainText(new RegExp(`${before - 1} of \\d+ items`));
      await page.reload();
      await expect(panel).toContainText(new RegExp(`${before - 1} of \\d+ items`));
      await panel
        .locator('li[data-sku]')
        .first()
        .getByRole('button', { name: /^Add one / })
        .click();
      await expect(panel).toContainText(new RegExp(`${before} of \\d+ items`));
    }
    await screenshot(page, 'menus-box', viewport.width);
    await page.goto(boxUrl);
    await expect(page.locator('[data-box-fill]')).toContainText(`${before} of`);

    // The frequency: the new price is shown before confirming.
    await page.goto('/account/plan');
    const current = await page.locator('[data-current-plan]').textContent();
    const nextFrequency = current?.includes('Every 2 weeks') ? 'Every week' : 'Every 2 weeks';
    await page.getByLabel(nextFrequency).check();
    await expect(page.locator('[data-preview-price]')).toContainText('With this change');
    await screenshot(page, 'plan', viewport.width);
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.locator('[data-current-plan]')).toContainText(nextFrequency);

    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

/**
 * The box editor and the account's tabs at every width from 320 to 1920px: nothing off-screen
 * (the editor was 623px wide on a 390px phone), − and + reachable and a fingertip wide, the tabs
 * all in view on a phone (they wrap) with the current one among them.
 */
test('the box editor and the account tabs fit every width from 320 to 1920px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await signInThroughAccount(page);
  await page.goto('/account');
  await page.locator('.next-box[data-changeable]').first().getByRole('link', { name: 'Edit box' }).click();
  await expect(page).toHaveURL(/\/account\/deliveries\/\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('.box-items__item').first()).toBeVisible();
  for (const width of [320, 390, 768, 1024, 1280, 1400, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const result = await page.evaluate(() => {
      const right = window.innerWidth;
      const outside = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > right + 1);
      };
      const rows = [...document.querySelectorAll('.box-items__item')];
      const buttons = [...document.querySelectorAll('.box-items__item .stepper__button')];
      const tabs = [...document.querySelectorAll('.account-nav__link')];
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        rowsOutside: rows.filter(outside).length,
        rowParts: rows.flatMap((row) => [...row.children]).filter(outside).length,
        buttonsOutside: buttons.filter(outside).length,
        smallestButton: Math.min(
          ...buttons.map((button) => {
            const box = button.getBoundingClientRect();
            return Math.min(box.width, box.height);
          }),
        ),
        buttons: buttons.length,
        tabsOutside: tabs.filter(outside).length,
        currentTabOutside: tabs.filter((tab) => tab.classList.contains('active')).some(outside),
      };
    });
    await page.screenshot({ path: `test-results/screenshots/account-box-editor-fit-${width}.png` });
    expect(result.overflow, `${width}px: horizontal overflow`).toBeLessThanOrEqual(0);
    expect(result.rowsOutside, `${width}px: box rows off-screen`).toBe(0);
    expect(result.rowParts, `${width}px: quantity, price or controls off-screen`).toBe(0);
    expect(result.buttons, `${width}px: steppers shown`).toBeGreaterThan(0);
    expect(result.buttonsOutside, `${width}px: − and + off-screen`).toBe(0);
    expect(result.smallestButton, `${width}px: − and + touch target`).toBeGreaterThanOrEqual(44);
    expect(result.tabsOutside, `${width}px: account tabs off-screen`).toBe(0);
    expect(result.currentTabOutside, `${width}px: current tab off-screen`).toBe(false);
  }

  // The plan page: Confirm change keeps clear of the "Take a break" card below it.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/account/plan');
  const gap = await page.evaluate(() => {
    const actions = document.querySelector('.plan-form .form-actions')!.getBoundingClientRect();
    const card = document.querySelector('[aria-labelledby="pause-or-cancel"]')!.getBoundingClientRect();
    return card.top - actions.bottom;
  });
  await page.screenshot({ path: 'test-results/screenshots/account-plan-spacing-390.png', fullPage: true });
  expect(gap, 'space between Confirm change and the next card').toBeGreaterThanOrEqual(16);
});

/**
 * Pause, cancel and reactivate (decision 023) as the demo customer, on a phone: each outcome page
 * is shown once, every change is confirmed by email, and canceling takes three clicks from the
 * plan.
 */
test('the demo customer pauses, resumes, takes an offer, cancels and reactivates (phone)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await signInThroughAccount(page);

  // Pause for two weeks: the outcome page once, then a second visit goes to the account.
  await page.goto('/account/plan');
  await page.getByRole('link', { name: 'Pause deliveries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pause deliveries' })).toBeVisible();
  await page.getByLabel('Number of weeks').selectOption('2');
  await page.getByRole('button', { name: 'Pause deliveries' }).click();
  await expect(page).toHaveURL(/\/pausing-processing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your boxes are paused' })).toBeVisible();
  await expect(
    page.getByText(/No boxes and no charges until your next box on [A-Z][a-z]+day, /),
  ).toBeVisible();
  // Every outcome page's title names the site.
  await expect(page).toHaveTitle('Your boxes are paused - Sprout & Spoon');
  await screenshot(page, 'pausing-processing', VIEWPORTS.phone.width);
  await page.goto('/pausing-processing');
  await expect(page).toHaveURL(/\/account$/);

  // Resume now, from the overview.
  await expect(page.getByRole('heading', { name: /^Paused until/ })).toBeVisible();
  await page.getByRole('button', { name: 'Resume now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your deliveries are back on.' })).toBeVisible();

  // Start canceling, take the offer.
  await page.goto('/account/plan');
  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'It costs too much' }).click();
  await expect(page.getByRole('heading', { name: '50% off your next box' })).toBeVisible();
  await screenshot(page, 'cancel-offer', VIEWPORTS.phone.width);
  await page.getByRole('button', { name: 'Yes, I’ll stay' }).click();
  await expect(page).toHaveURL(/\/offer-accepted-processing$/);
  await expect(page.getByRole('heading', { level: 1, name: "We're glad you're staying" })).toBeVisible();
  await expect(page).toHaveTitle("We're glad you're staying - Sprout & Spoon");

  // Cancel for real: plan page → reason → confirm.
  await page.goto('/account/plan');
  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: "We're moving" }).click();
  await expect(page.getByRole('heading', { name: 'Pause for 4 weeks instead' })).toBeVisible();
  await page.getByRole('button', { name: 'No thanks, cancel my subscription' }).click();
  await expect(page).toHaveURL(/\/cancellation-processing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription is canceled' })).toBeVisible();
  await expect(page).toHaveTitle('Your subscription is canceled - Sprout & Spoon');
  await screenshot(page, 'cancellation-processing', VIEWPORTS.phone.width);

  // Reactivate: plan, first date, the saved card.
  await page.getByRole('link', { name: 'Changed your mind? Reactivate' }).click();
  await expect(page).toHaveURL(/\/reactivate$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  await screenshot(page, 'reactivate', VIEWPORTS.phone.width);
  await page.getByRole('button', { name: 'Start my boxes again' }).click();
  await expect(page).toHaveURL(/\/account\?reactivated=1$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your subscription is active again.' }),
  ).toBeVisible();
  await page.goto('/reactivate');
  await expect(page).toHaveURL(/\/account$/);

  // Every change was confirmed by email (the mail worker sends them in the background).
  await expect
    .poll(async () => (await mailCount(page)).some((mail) => mail.subject.startsWith('Welcome back to')))
    .toBe(true);
  const subjects = (await mailCount(page)).map((mail) => mail.subject).join('\n');
  expect(subjects).toMatch(/boxes are paused until/);
  expect(subjects).toMatch(/glad you're staying/);
  expect(subjects).toMatch(/subscription is canceled/);
  expect(subjects).toMatch(/^Welcome back to/m);
});

test.describe('unknown and malformed ids', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("an order, a box or a box's payment that is not the customer's is the 404 page, never a 500", async ({
    page,
  }) => {
    await signInThroughAccount(page);
    for (const address of [
      '/account/orders/999999',
      '/account/orders/abc',
      '/account/orders/99999999999999999999',
      '/account/orders/0',
      '/account/deliveries/2020-01-01',
      '/account/deliveries/abc',
      '/account/deliveries/2020-01-01/pay',
    ]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Page Not Found');
    }
  });
});
