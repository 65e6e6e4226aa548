import { expect, test } from './fixtures';

test('with the maintenance build every page redirects to /maintenance', async ({ page }) => {
  for (const path of ['/', '/menus', '/onboarding/plans', '/no-such-page']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be right back");
  }
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'empty');
});
