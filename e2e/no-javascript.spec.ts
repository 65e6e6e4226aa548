import { expect, skipChildrenStep, test } from './fixtures';

/**
 * Progressive enhancement (decision 017): before (or without) the JavaScript, adding a product,
 * giving the details and choosing a plan are plain form posts through the same cart action and
 * rules.
 */
test.use({ javaScriptEnabled: false });

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('without JavaScript a visitor adds a product, gives email and zip, chooses a plan, and the product is in the box', async ({
  page,
}) => {
  await page.goto('/menus');
  const card = page.locator('.product-card').first();
  const sku = await card.getAttribute('data-sku');
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();

  // Not identified yet: the capture form as a page, carrying the product.
  await expect(page).toHaveURL(new RegExp(`/onboarding/signup\\?add=${sku}&add_qty=1$`));
  await page.getByLabel('Email address').fill(email('nojs'));
  await page.getByLabel('Zip code').fill('10001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);

  // No plan yet: the plans page, still carrying the product.
  await expect(page).toHaveURL(new RegExp(`/onboarding/plans\\?add=${sku}&add_qty=1$`));
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();

  await expect(page).toHaveURL(/\/menus$/);
  const panel = page.locator('#cart-panel');
  await expect(panel.locator('.cart-progress__label')).toHaveText('1 of 12 items');
  await expect(panel.locator('.cart-line__name')).toHaveText([name]);

  // The stepper is a form too: one more, then back to one.
  await panel.getByRole('button', { name: `Add one ${name}` }).click();
  await expect(panel.locator('.cart-progress__label')).toHaveText('2 of 12 items');
  await panel.getByRole('button', { name: `Remove one ${name}` }).click();
  await expect(panel.locator('.cart-progress__label')).toHaveText('1 of 12 items');

  // Another plan from the plans page keeps the product.
  await page.goto('/onboarding/plans');
  await page.locator('[data-plan="plan-24"]').getByRole('button', { name: 'Choose 24 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(panel.locator('.cart-progress__label')).toHaveText('1 of 24 items');
});

test('without JavaScript a refused promo code says why on the page it returns to (the redirect used to drop it)', async ({
  page,
}) => {
  // A box in progress, through the same plain forms as above.
  await page.goto('/onboarding/signup');
  await page.getByLabel('Email address').fill(email('nojs-promo'));
  await page.getByLabel('Zip code').fill('10001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await skipChildrenStep(page);
  await expect(page).toHaveURL(/\/onboarding\/plans/);
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);

  const panel = page.locator('#cart-panel');
  await panel.getByRole('textbox', { name: 'Promo code' }).fill('NO-SUCH-CODE');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  // Rendered by the server: the message is in the document, not in a script's toast.
  const refusal = page.locator('.flash--error');
  await expect(refusal).toHaveAttribute('role', 'alert');
  await expect(refusal.locator('.flash__message')).not.toBeEmpty();
  // Said once: the next page load has nothing left to say.
  await page.reload();
  await expect(page.locator('.flash--error')).toHaveCount(0);
});
