import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * The smart box (docs/decisions/055): the demo parent takes dishes out of their next box, presses
 * "Fill my box for me", and sees the box full again with the store's picks, each with its reason,
 * at 390 and 1280 px. On a store of its own: the demo customer's box changes, and other journeys
 * look at it on the shared store.
 */

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };

type Box = { date: string; status: string; editable: boolean; threshold: number; item_count: number };

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/account/deliveries`);
  await expect(page).toHaveURL(/\/onboarding\/login\?next=/);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+&next=/);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(
        `${base}/dev/mailbox/messages?to=${encodeURIComponent(DEMO.email)}`,
      );
      const mails = ((await response.json()) as { data: { subject: string }[] }).data;
      code = mails.find((mail) => /sign-in code/.test(mail.subject))?.subject.match(/\d{6}/)?.[0];
      return code !== undefined;
    })
    .toBe(true);
  await page.getByLabel('6-digit code').fill(code as string);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/account\/deliveries$/);
}

/** The demo family's children's names (the demo seed gives the parent two). */
async function childNames(page: Page, base: string): Promise<string[]> {
  const response = await page.request.get(`${base}/api/me/children`);
  if (!response.ok()) return [];
  return ((await response.json()) as { data: { name: string }[] }).data.map((child) => child.name);
}

/** Takes one dish of the box out with its − button, then asks the store to fill it. */
async function emptyOneAndFill(page: Page) {
  const box = page.locator('.box-editor__box');
  const remove = box.getByRole('button', { name: /^Remove one / }).first();
  await remove.click();
  await expect(box.locator('[data-box-fill]')).toContainText('more to fill it');
  await box.getByRole('button', { name: 'Fill my box for me' }).click();
  await expect(box.locator('[data-box-fill]')).toContainText('full');
  await expect(box.getByRole('button', { name: 'Fill my box for me' })).toHaveCount(0);
  const picks = box.locator('[data-pick-sku]');
  await expect(picks.first()).toBeVisible();
  return picks;
}

test('a parent fills their box with one press and sees why each dish was picked', async ({ page }) => {
  test.setTimeout(180_000);
  const store = await startOwnStore({ demoAccounts: true, portOffset: 5 });
  const base = store.baseUrl;
  try {
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page, base);
    const names = await childNames(page, base);
    const boxes = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as Box[];
    const next = boxes.find((box) => box.editable && box.status === 'scheduled')!;
    await page.goto(`${base}/account/deliveries/${next.date}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Box of / })).toBeVisible();

    const picks = await emptyOneAndFill(page);
    const reasons = (await picks.allTextContents()).join('\n');
    expect(reasons).toMatch(/Picked for you · (.+ loved it|.+ rated it OK|New for .+|Popular with .+)/);
    // A family's picks are said for its children, by name.
    if (names.length > 0) expect(names.some((name) => reasons.includes(name))).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/smart-box-390.png', fullPage: true });
    await expectAccessible(page, 'the box after "Fill my box for me" (390 px)');

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.reload();
    const again = await emptyOneAndFill(page);
    await expect(again.first()).toContainText('Picked for you · ');
    await page.screenshot({ path: 'test-results/screenshots/smart-box-1280.png', fullPage: true });
  } finally {
    await store.stop();
  }
});
