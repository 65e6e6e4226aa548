import { expect, test } from './fixtures';

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** After the capture, the optional children step (docs/decisions/055): skip in one click, or add a child. */
async function captureFromMenus(page: import('@playwright/test').Page, label: string) {
  await page.goto('/menus');
  await page.locator('.product-card').first().getByRole('button', { name: /^Add / }).click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  await popup.getByLabel('Email address').fill(email(label));
  await popup.getByLabel('Zip code').fill('10001');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/children\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your children' })).toBeVisible();
}

test('the children step is skipped in one click, then goes on to the plans, and is not offered again', async ({
  page,
}) => {
  await captureFromMenus(page, 'skip');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/onboarding\/plans\?add=[^&]+&add_qty=1$/);
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await page.goto('/onboarding/signup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/menus$/);
});

test('a child told at the step is listed, a refusal shows beside its field, then Continue goes on', async ({
  page,
}) => {
  await captureFromMenus(page, 'child');
  const form = page.locator('form.family-form');
  await form.getByRole('button', { name: 'Add child' }).click();
  await expect(form.getByLabel('First name or nickname')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('First name or nickname').fill('Mia');
  await form.getByLabel('Month').selectOption({ label: 'March' });
  await form.getByLabel('Year').selectOption(String(new Date().getFullYear() - 3));
  await form.getByRole('checkbox', { name: 'Dairy' }).check();
  await form.getByRole('button', { name: 'Add child' }).click();

  await expect(page.locator('.family-page__notice')).toHaveText('Child added.');
  await expect(page.getByRole('list', { name: 'Children added' })).toContainText(
    /Mia, born Mar \d{4} \(allergic to dairy\)/,
  );
  await expect(page.getByRole('heading', { name: 'Add another child' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/plans\?add=[^&]+&add_qty=1$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the signup page leads to the step, whose forms are plain ones', async ({ page }) => {
    await page.goto('/onboarding/signup');
    await page.getByLabel('Email address').fill(email('nojs-child'));
    await page.getByLabel('Zip code').fill('10001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/onboarding\/children\?next=/);
    const form = page.locator('form.family-form');
    await form.getByLabel('First name or nickname').fill('Leo');
    await form.getByLabel('Month').selectOption({ label: 'January' });
    await form.getByLabel('Year').selectOption(String(new Date().getFullYear() - 1));
    await form.getByRole('button', { name: 'Add child' }).click();
    await expect(page.getByRole('list', { name: 'Children added' })).toContainText('Leo, born Jan');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/onboarding\/plans/);
  });
});
