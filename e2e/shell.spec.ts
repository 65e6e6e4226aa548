import { expect, test } from './fixtures';

test('titles fall back to the last path segment and use the template', async ({ page }) => {
  await page.goto('/what-we-stand-for');
  await expect(page).toHaveTitle('What we stand for - Sprout & Spoon');
  await page.goto('/onboarding/forgot-password');
  await expect(page).toHaveTitle('Forgot Password - Sprout & Spoon');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'no-footer');
  await expect(page.locator('footer')).toHaveCount(0);
});

test('every spec route renders in its layout', async ({ page }) => {
  const expectations: [string, string][] = [
    ['/', 'default'],
    ['/how-it-works', 'default'],
    ['/faq', 'default'],
    ['/menus/', 'menu-page-default'],
    ['/onboarding/plans', 'regflow-new'],
    ['/onboarding/signup', 'regflow-new'],
    ['/onboarding/login', 'no-footer'],
    // /onboarding/checkout/success needs its one-time grant: checkout.spec.ts sees its layout.
    ['/maintenance', 'empty'],
    ['/gift-cards/index-old', 'blog-page-default'],
    ['/blog/', 'blog-default'],
    ['/blog/starting-solids-first-two-weeks/', 'blog-slug'],
    ['/blog/category/recipes/', 'blog-category'],
  ];
  for (const [path, layout] of expectations) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('[data-layout]'), path).toHaveAttribute('data-layout', layout);
  }
});

test('blog paths get the legacy body class, others do not', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page.locator('body')).toHaveClass(/legacy-body/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page.locator('body')).not.toHaveClass(/legacy-body/);
});

test('navigation scrolls to the top and hash links to their anchor', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/how-it-works');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto('/how-it-works#faq-heading');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.locator('#faq-heading')).toBeInViewport();
});

test('the phone menu opens from the hamburger and is keyboard reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menus' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
