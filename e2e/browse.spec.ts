import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';

/** Scrolls through the page so lazy images load, then waits until every image has decoded. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete && image.naturalWidth > 0),
  );
}

test('a visitor goes from the home page through the menus and a filter to a menu and the plans', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Sprout & Spoon');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Real food for little ones');

  await page.getByRole('link', { name: 'See the menus' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page).toHaveTitle('Menus - Sprout & Spoon');
  const results = page.locator('#results-heading');
  await expect(results).toHaveText(/\d+ dishes/);
  const before = Number((await results.textContent())?.match(/\d+/)?.[0]);
  await expect(page.locator('.product-card')).toHaveCount(12);
  await expect(page.locator('.product-card').first().locator('.product-card__price strong')).toHaveText(
    /^\$\d+\.\d{2}$/,
  );

  // Filter by a diet tag: the list narrows and the URL says why.
  const dietGroup = page.getByRole('group', { name: 'Diet' });
  const firstDiet = dietGroup.locator('label').first();
  const tagName = (await firstDiet.textContent())?.trim() ?? '';
  await firstDiet.click();
  await expect(page).toHaveURL(/[?&]tags=/);
  await expect(results).not.toHaveText(`${before} dishes`);
  const after = Number((await results.textContent())?.match(/\d+/)?.[0]);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  await expect(dietGroup.getByRole('checkbox', { name: tagName })).toBeChecked();

  // Open one menu by its tab.
  const tabs = page.getByRole('navigation', { name: 'Menus' }).first();
  const menuLink = tabs.getByRole('link').nth(1);
  const menuName = (await menuLink.textContent())?.replace(/from \$.*$/, '').trim() ?? '';
  await menuLink.click();
  await expect(page).toHaveURL(/\/menus\/[a-z-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(menuName);
  await expect(page).toHaveTitle(`${menuName} - Sprout & Spoon`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^${baseURL}/menus/[a-z-]+/$`),
  );

  // On to the plans.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\/onboarding\/plans$/);
  const plans = page.locator('.plan-card');
  await expect(plans).toHaveCount(3);
  await expect(plans.locator('.plan-card__count')).toHaveText(['12', '24', '36']);
  await expect(page.locator('.plan-card--popular')).toHaveAttribute('data-plan', 'plan-24');
  await expect(page.locator('.plan-card--popular')).toContainText('Most popular');
});

test('pages through a menu and keeps the filters', async ({ page }) => {
  await page.goto('/menus?page=2');
  await expect(page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]')).toHaveText(
    '2',
  );
  await page.getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/\/menus$/);
});

test('the plans page continues to the menu named by navItem', async ({ page }) => {
  await page.goto('/menus');
  const firstMenu = await page
    .getByRole('navigation', { name: 'Menus' })
    .first()
    .getByRole('link')
    .nth(1)
    .getAttribute('href');
  const slug = firstMenu?.split('/')[2] ?? '';
  await page.goto(`/onboarding/plans?navItem=${slug}`);
  // Choosing is a form post: the plan is saved, then on to that menu.
  const form = page.locator('.plan-card--popular form');
  await expect(form.locator('input[name="next"]')).toHaveValue(`/menus/${slug}/`);
  await expect(form.locator('input[name="intent"]')).toHaveValue('select-plan');
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshots at ${viewport.width}px (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [label, path] of [
      ['home', '/'],
      ['menus', '/menus'],
      ['plans', '/onboarding/plans'],
    ] as const) {
      await page.goto(path);
      await loadLazyImages(page);
      // Nothing may overflow sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/screenshots/${label}-${viewport.width}.png`,
        fullPage: true,
      });
    }
  });
}

test('filters work from the keyboard: focus stays on the toggled filter, clearing unticks it', async ({
  page,
}) => {
  await page.goto('/menus');
  const results = page.locator('#results-heading');
  const before = await results.textContent();
  const firstNutrition = page.getByRole('group', { name: 'Nutrition' }).getByRole('checkbox').first();
  await firstNutrition.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]indicators=/);
  await expect(results).not.toHaveText(before ?? '');
  await expect(firstNutrition).toBeChecked();
  await expect(firstNutrition).toBeFocused();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(firstNutrition).not.toBeChecked();
  await expect(results).toHaveText(before ?? '');
});

test("the cart's saved filters apply when the visitor comes back to the menus; cleared, they are gone", async ({
  page,
}) => {
  const address = `filters-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-24`);
  await expect(page).toHaveURL(/\/menus$/);
  const results = page.locator('#results-heading');
  const everyDish = await results.textContent();
  const firstNutrition = page.getByRole('group', { name: 'Nutrition' }).getByRole('checkbox').first();
  await firstNutrition.click();
  await expect(page).toHaveURL(/[?&]indicators=/);
  await expect(results).not.toHaveText(everyDish ?? '');
  const filtered = await results.textContent();

  // Away and back to the menus without filters in the address: the cart's filters apply.
  await page.goto('/');
  await page.goto('/menus');
  await expect(firstNutrition).toBeChecked();
  await expect(results).toHaveText(filtered ?? '');

  // Cleared, they are gone from the cart too.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(firstNutrition).not.toBeChecked();
  await page.goto('/');
  await page.goto('/menus');
  await expect(results).toHaveText(everyDish ?? '');
  await expect(firstNutrition).not.toBeChecked();
});

test.describe('menus are addressed by slug only', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });
  test('a numeric menu path is not a page', async ({ page }) => {
    expect((await page.goto('/menus/1/'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  });
});
