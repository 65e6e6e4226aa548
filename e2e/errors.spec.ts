import { expect, test } from './fixtures';

test.use({ allowConsoleErrors: [/status of 404/] });

test('an unknown path shows Page Not Found with a 404 status', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Sprout & Spoon');
});

test('a route whose validity check fails shows 404', async ({ page }) => {
  expect((await page.goto('/menus/no-such-menu/'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page not found - Sprout & Spoon');
  // Neither the path's last segment ("99") nor the blog layout's title names a missing page.
  for (const path of ['/blog/page/not-a-number', '/blog/page/99', '/blog/nonexistent-page/']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page, path).toHaveTitle('Page not found - Sprout & Spoon');
  }
});

test('an unknown API path answers JSON, not a page', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'Not found: GET /api/no-such-endpoint' });
});

test('bad filter input on the menus answers a 404 page, never a 500 (issue 10)', async ({ page }) => {
  for (const address of [
    '/menus?tags=%00',
    '/menus?indicators=%00',
    '/menus?tags=no-such-tag',
    '/menus?tags=a%01b,c',
    '/menus/%00',
    '/menus/%00/?tags=%00',
  ]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Page Not Found');
  }
  // Input the page reads leniently still shows the menus (a bad page number is the first page).
  for (const address of ['/menus?page=%00', '/menus?page=-3', '/menus?product=%00', '/menus?pc=%00']) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Our menus');
  }
});
