import { expectAccessible } from './axe';
import { dockCart, expect, test, VIEWPORTS } from './fixtures';

// The not-found page answers 404, which the browser logs as an error.
// axe runs in each test itself, so not again at the end.
test.use({ allowConsoleErrors: [/status of 404/], axe: false });

/**
 * Every page of the store a visitor can open without an account or a paid order (the content pages
 * share one template: /faq and /terms stand for the others).
 */
const PAGES = [
  '/',
  '/how-it-works',
  '/menus',
  '/menus/purees/',
  '/menus?product=peach-oat-chia-puree',
  '/faq',
  '/terms',
  '/gift-cards',
  '/onboarding/plans',
  '/onboarding/signup',
  '/onboarding/login',
  '/onboarding/verification',
  '/onboarding/forgot-password',
  '/onboarding/reset-password',
  '/onboarding/checkout',
  '/reactivate',
  '/blog/',
  '/no-such-page',
];

// One test per page and width: each is short, and they run in parallel.
for (const path of PAGES) {
  for (const viewport of Object.values(VIEWPORTS)) {
    test(`axe: no serious or critical violation on ${path} at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expectAccessible(page, `${path} at ${viewport.width}px`);
    });
  }
}

test('the other content pages answer 200 with their heading and titled page, and pass axe', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const pages: [path: string, title: string][] = [
    ['/contact-us', 'Contact us'],
    ['/food-nutrition', 'Food & nutrition'],
    ['/packaging', 'Packaging'],
    ['/privacy-policy', 'Privacy policy'],
  ];
  for (const [path, title] of pages) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    await expect(page, path).toHaveTitle(`${title} - Sprout & Spoon`);
    await expectAccessible(page, path);
  }
});

test('a keyboard reaches the docked cart in a few presses and client navigations focus the new page', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/menus');
  await dockCart(page);

  // From the top of the page: "Skip to content", then "Skip to your box".
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to your box' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#cart-panel')).toBeFocused();

  // A client-side move to another page puts focus on its main heading, not on <body>.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.locator('main h1')).toBeFocused();
});

test('the skip link to the box is hidden while the cart is not docked', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/menus');
  await expect(page.getByRole('link', { name: 'Skip to your box' })).toBeHidden();
});
