import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * A box shown as it is charged (decision 039): the demo customer changes their plan from 24 to 36
 * items on /account/plan, sees the next box's price with the dishes the store adds to fill it,
 * confirms, and the box's cutoff (the demo-only /dev/jobs/run, as `npm run jobs -- --as-of=` runs
 * it) charges exactly the figure the page showed. On a store of its own: the jobs' run at a later
 * cutoff would renew the boxes other journeys are looking at, and the plan change would change
 * their demo customer.
 */

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };

type Box = {
  date: string;
  status: string;
  cutoff_at: string;
  costs: { total_cost: number };
  order: { id: number; number: string } | null;
};

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/account/plan`);
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
  await expect(page).toHaveURL(/\/account\/plan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
}

test('the demo customer goes from 24 to 36 items and the cutoff charges the previewed price', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const store = await startOwnStore({ demoAccounts: true, portOffset: 3 });
  const base = store.baseUrl;
  try {
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page, base);
    await expect(page.locator('[data-current-plan]')).toContainText('24 items');

    // The preview follows the choice: the next box's price as it will be charged, with the fill.
    await page.getByRole('radio', { name: /36 items/ }).check();
    const preview = page.locator('[data-preview-price]');
    await expect(preview).toContainText('(36 items)');
    const shown = ((await preview.locator('strong').textContent()) ?? '').trim();
    expect(shown).toMatch(/^\$\d+\.\d{2}$/);
    const filled = page.locator('.plan-preview [data-filled-items]');
    await expect(filled).toContainText('To make the box 36 items, we add these at the cutoff');
    expect(await filled.locator('li').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/screenshots/plan-charge-preview-390.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: 'test-results/screenshots/plan-charge-preview-1280.png', fullPage: true });

    await page.getByRole('button', { name: 'Confirm change' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.locator('[data-current-plan]')).toContainText('36 items');

    // The box the preview priced, at its cutoff.
    const boxes = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as Box[];
    const next = boxes.find((box) => box.status === 'scheduled')!;
    expect(`$${next.costs.total_cost.toFixed(2)}`).toBe(shown);
    const run = await page.request.post(`${base}/dev/jobs/run`, {
      data: { as_of: new Date(Date.parse(next.cutoff_at) + 60_000).toISOString(), only: ['renewals'] },
    });
    expect(run.ok()).toBe(true);
    const after = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as Box[];
    const made = after.find((box) => box.date === next.date)!;
    expect(made.order).not.toBeNull();

    // The receipt's total is the figure the plan page showed.
    await page.goto(`${base}/account/orders/${made.order!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${made.order!.number}` })).toBeVisible();
    await expect(page.locator('.cost-lines__total dd')).toHaveText(shown);
    await page.screenshot({ path: 'test-results/screenshots/plan-charge-order-1280.png', fullPage: true });
  } finally {
    await store.stop();
  }
});
