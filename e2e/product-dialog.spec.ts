import { expect, test } from './fixtures';

test('a dish opens in a dialog from its card, with nutrition, ingredients and allergens, and closes back to the card', async ({
  page,
}) => {
  await page.goto('/menus');
  const firstLink = page.locator('.product-card__link').first();
  const name = (await firstLink.textContent())?.trim() ?? '';
  const slug = await firstLink.getAttribute('data-product-link');
  await firstLink.click();

  await expect(page).toHaveURL(new RegExp(`/menus\\?product=${slug}$`));
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(page).toHaveTitle(`${name} - Sprout & Spoon`);
  await expect(dialog.getByRole('table', { name: /Nutrition per serving/ })).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: 'Protein' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
  await expect(dialog.getByRole('img', { name, exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Add ${name}` })).toBeVisible();
  await expect(dialog.getByRole('heading', { name })).toBeFocused();

  // Focus stays inside: Tab from the last control comes back round to the first.
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/menus$/);
  await expect(firstLink).toBeFocused();
  await expect(page).toHaveTitle('Menus - Sprout & Spoon');
});

test('a shared dish link is in the server HTML, works without JavaScript and keeps the menu and filters', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const response = await page.goto('/menus/purees/?product=peach-oat-chia-puree&tags=vegetarian');
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('role="dialog"');
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  const dialog = page.getByRole('dialog', { name: 'Peach, Oat & Chia' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle('Peach, Oat & Chia - Sprout & Spoon');
  // Allergens are named in words and set in bold, not shown by colour alone.
  const allergen = dialog.locator('.ingredient--allergen').first();
  await expect(allergen).toHaveText(/\((Milk|Wheat and gluten)\)$/);
  await expect(dialog.locator('.allergen-summary')).toContainText('Milk');

  // The close button is a plain link back to the same menu and filters.
  await dialog.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/menus\/purees\/\?tags=vegetarian$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('an unknown dish slug shows the menu without a dialog', async ({ page }) => {
  const response = await page.goto('/menus?product=no-such-dish');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our menus');
  await expect(page.locator('.product-card')).toHaveCount(12);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveTitle('Menus - Sprout & Spoon');
});

test('a shared dish link returns focus to its card on close, and the backdrop closes it too', async ({
  page,
}) => {
  await page.goto('/menus');
  const slug = await page.locator('.product-card__link').nth(1).getAttribute('data-product-link');
  await page.goto(`/menus?product=${slug}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
  await page.locator('.product-dialog-overlay').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-product-link="${slug}"]`)).toBeFocused();
});
