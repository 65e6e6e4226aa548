import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * Every state has a way out (decision 040): a customer whose card (the test card ending 0341) pays
 * at checkout and declines every renewal is paused after the third decline; the account says why
 * and resumes in one step with a new card, the failed box charged again while it can still be sent.
 */

const CARD_RENEWALS_DECLINE = '4000 0000 0000 0341';
const CARD_OK = '4242 4242 4242 4242';
const DAY_MS = 86_400_000;

const panel = (page: Page) => page.locator('#cart-panel');
const progress = (page: Page) => panel(page).locator('.cart-progress__label');

type Box = { date: string; status: string; cutoff_at: string };

async function checkOutWith(page: Page, base: string, card: string) {
  const address = `ways-out-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`${base}/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`);
  await expect(progress(page)).toHaveText('0 of 12 items');
  await panel(page).getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(progress(page)).toHaveText('12 of 12 items');
  await panel(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('First name').fill('Sam');
  await details.getByLabel('Last name').fill('Lindqvist');
  await details.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
  await details.getByLabel('City').fill('New York');
  await details.getByLabel('Phone').fill('(212) 555-0142');
  await details.getByLabel('Password', { exact: true }).fill('little-spoons-2026');
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill(card);
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and subscribe$/ }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 30_000 });
}

test('a customer paused by three declined renewals resumes from the account in one step', async ({
  page,
}) => {
  // Renewals run as of later days: on a store of its own, so no other journey's boxes move.
  test.setTimeout(300_000);
  const store = await startOwnStore();
  try {
    const base = store.baseUrl;
    await page.setViewportSize(VIEWPORTS.desktop);
    await checkOutWith(page, base, CARD_RENEWALS_DECLINE);

    // The second box's cutoff, then its retries a day and three days later (`npm run jobs -- --as-of=`).
    const boxes = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as Box[];
    const second = boxes.find((box) => box.status === 'scheduled')!;
    const cutoff = Date.parse(second.cutoff_at);
    for (const at of [cutoff + 60_000, cutoff + DAY_MS + 60_000, cutoff + 3 * DAY_MS + 60_000]) {
      const run = await page.request.post(`${base}/dev/jobs/run`, {
        data: { as_of: new Date(at).toISOString(), only: ['renewals'] },
      });
      expect(run.ok()).toBe(true);
    }

    // The account says why it is paused, and what resuming does.
    await page.goto(`${base}/account`);
    const banner = page.getByRole('region', { name: 'Paused: your payment did not go through' });
    await expect(banner).toContainText('We could not charge your card ending in 0341 for your box of');
    await expect(banner).toContainText(
      'Update your card and we charge that box again right away: it still arrives on',
    );
    await page.screenshot({
      path: 'test-results/screenshots/account-payment-pause-1280.png',
      fullPage: true,
    });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.screenshot({ path: 'test-results/screenshots/account-payment-pause-390.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);

    // The plan page leads to the same way back, not to a new pause.
    await page.goto(`${base}/account/plan`);
    await expect(page.getByRole('link', { name: 'Resume or see your pause' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Update card and resume' }).click();

    // One step: a new card, and the box charged again.
    await expect(page).toHaveURL(/\/account\/resume$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Update card and resume' })).toBeVisible();
    await page.getByLabel('Card number').fill(CARD_OK);
    await page.getByLabel(/Expiry/).fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.screenshot({ path: 'test-results/screenshots/account-resume-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Update card and resume' }).click();
    await expect(page).toHaveURL(/\/account\?resumed=paid$/, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Your deliveries are back on' })).toHaveText(
      'Your deliveries are back on, and the box we could not charge is paid.',
    );
    await expect(page.getByRole('region', { name: 'Paused: your payment did not go through' })).toHaveCount(
      0,
    );

    // What the person sees: the box paid with the new card, and the later boxes back on.
    const after = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as (Box & {
      order: { id: number; number: string } | null;
    })[];
    const retried = after.find((box) => box.date === second.date)!;
    expect(retried.status).toBe('charged');
    expect(after.filter((box) => box.date > second.date).every((box) => box.status === 'scheduled')).toBe(
      true,
    );
    await page.goto(`${base}/account/orders/${retried.order!.id}`);
    await expect(page.locator('dl').filter({ hasText: 'Paid with' })).toContainText('visa ending in 4242');
  } finally {
    await store.stop();
  }
});

test.describe('a new customer’s address and receipts', () => {
  // The unknown receipt's document answers 404, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('shows and changes the address before any JavaScript, and an unknown receipt is a 404 page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(VIEWPORTS.desktop);
    await checkOutWith(page, '', CARD_OK);

    // The same session in a browser without JavaScript: the form is a real one.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      viewport: VIEWPORTS.phone,
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/account/address');
      const form = plain.locator('form.account-form');
      await expect(plain.getByText('No address yet')).toHaveCount(0);
      await expect(form.getByLabel('Street address')).toHaveValue('12 Orchard Lane');
      await expect(form.getByLabel('Zip code')).toHaveValue('10001');
      await expect(form).toContainText('State: New York (NY).');

      await form.getByLabel('Zip code').fill('99501');
      await form.getByLabel('City').fill('Anchorage');
      await form.getByRole('button', { name: 'Save address' }).click();
      await expect(plain.locator('form.account-form')).toContainText("Sorry, we don't deliver to 99501");

      await plain.locator('form.account-form').getByLabel('Zip code').fill('60601');
      await plain.locator('form.account-form').getByLabel('City').fill('New York');
      await plain.locator('form.account-form').getByRole('button', { name: 'Save address' }).click();
      await expect(plain.locator('form.account-form')).toContainText(
        '60601 is in Chicago, IL. Change the city to Chicago or check the zip code.',
      );

      await plain.locator('form.account-form').getByLabel('City').fill('Chicago');
      await plain.locator('form.account-form').getByLabel('Street address').fill('233 S Wacker Dr');
      await plain.locator('form.account-form').getByRole('button', { name: 'Save address' }).click();
      await expect(plain.locator('form.account-form')).toContainText(
        'Address saved: your next boxes go there.',
      );
      await plain.goto('/account/address');
      await expect(plain.locator('form.account-form').getByLabel('Street address')).toHaveValue(
        '233 S Wacker Dr',
      );
      await expect(plain.locator('form.account-form')).toContainText('State: Illinois (IL).');
      await plain.screenshot({ path: 'test-results/screenshots/account-address-390.png', fullPage: true });
    } finally {
      await noScript.close();
    }

    // With JavaScript, the card later boxes are charged to is replaced with the store's card form.
    await page.goto('/account/address');
    await page.getByRole('button', { name: 'Replace card' }).click();
    await page.getByLabel('Card number').fill('5555555555554444');
    await page.getByLabel(/Expiry/).fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.locator('.card-form').getByRole('status')).toHaveText(
      'Card saved: your next boxes are charged to it.',
    );
    await expect(page.locator('[data-saved-card]')).toContainText('ending in 4444');
    await expect(page.getByRole('button', { name: 'Replace card' })).toBeVisible();

    const unknown = await page.goto('/account/orders/999999');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found');
  });
});
