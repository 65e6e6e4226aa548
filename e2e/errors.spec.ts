import { expect, test } from './fixtures';

test.use({ allowConsoleErrors: [/status of 404/] });

test('an unknown path shows Page Not Found with a 404 status', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
});

test('a route whose validity check fails shows 404', async ({ page }) => {
  expect((await page.goto('/menus/no-such-menu/'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  expect((await page.goto('/blog/page/not-a-number'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('an unknown API path answers JSON, not a page', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'Not found: GET /api/no-such-endpoint' });
});
