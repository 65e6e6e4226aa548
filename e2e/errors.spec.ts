import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

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

test('bad filter input on the menus answers a 404 page, never a 500', async ({ page }) => {
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

/** A fresh identified visitor with an empty 12-item box on the menus (desktop: the panel docks). */
async function arriveWithBox(page: Page) {
  await page.setViewportSize(VIEWPORTS.desktop);
  const email = `errors-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/menus?email=${encodeURIComponent(email)}&zip=10001&plan=plan-12`);
  await expect(page.locator('#cart-panel .cart-progress__label')).toHaveText('0 of 12 items');
}

test.describe('a write that gets no answer', () => {
  test.use({ allowConsoleErrors: [/status of 404|net::ERR_FAILED/] });

  test('a cart change lost on the network keeps the page, says so as an error toast and rolls back', async ({
    page,
  }) => {
    await arriveWithBox(page);
    const progress = page.locator('#cart-panel .cart-progress__label');
    const card = page.locator('.product-card').first();
    const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
    await card.getByRole('button', { name: `Add ${name}` }).click();
    await expect(progress).toHaveText('1 of 12 items');

    let aborted = 0;
    await page.route(/\/cart\.data(\?|$)/, (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      aborted += 1;
      return route.abort('failed');
    });
    await page
      .locator('#cart-panel')
      .getByRole('button', { name: `Remove one ${name}` })
      .click();

    const toast = page.locator('.flash--error');
    await expect(toast).toHaveText(/No response received from server/);
    await expect(toast).toHaveAttribute('data-duration', '3000');
    expect(aborted).toBe(1);
    // The page and the panel stay; the box shows what it holds (the change did not happen).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our menus');
    await expect(progress).toHaveText('1 of 12 items');
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  });
});

test.describe('a route whose code fails to load', () => {
  // The aborted script, and the page that cannot start without it.
  test.use({
    allowConsoleErrors: [
      /net::ERR_FAILED|module script|dynamically imported module|code of this page|error occurred in/i,
    ],
  });

  const giftCardsLink = (page: Page) =>
    page.getByRole('banner').getByRole('link', { name: 'Gift cards', exact: true });
  /**
   * The address of the /gift-cards route's code, once lazy route discovery knows the route (React
   * Router asks /__manifest for the routes of the page's links).
   */
  async function giftCardsModule(page: Page): Promise<string> {
    const handle = await page.waitForFunction(
      () =>
        (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest?.routes['gift-cards']?.module,
    );
    return new URL((await handle.jsonValue()) as string, page.url()).href;
  }

  test('a click whose route code fails once loads the page it was going to', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/');
    let aborted = 0;
    await page.route(await giftCardsModule(page), (route) => {
      if (aborted > 0) return route.continue();
      aborted += 1;
      return route.abort('failed');
    });
    const documentLoad = page.waitForRequest(
      (request) => request.resourceType() === 'document' && new URL(request.url()).pathname === '/gift-cards',
    );
    await giftCardsLink(page).click();
    await documentLoad;
    await expect(page).toHaveURL(/\/gift-cards$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/gift card/i);
    expect(aborted).toBe(1);
  });

  test('the same target failing again within 10 seconds shows the error page, not another reload', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/');
    await page.route(await giftCardsModule(page), (route) => route.abort('failed'));
    await giftCardsLink(page).click();
    // First failure: the target is loaded as a document (whose scripts cannot start either).
    await expect(page).toHaveURL(/\/gift-cards$/);
    await page.goto('/');
    await giftCardsModule(page);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await giftCardsLink(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    await expect(page).toHaveURL(/\/gift-cards$/);
    expect(documents).toBe(0);
  });
});

test.describe('a form refused by the write limit', () => {
  // The browser logs the refused request's status.
  test.use({ allowConsoleErrors: [/status of 429/] });

  test('a sign-in past the per-address write limit says so and when to try again, on the page it was sent from', async ({
    page,
  }) => {
    test.slow();
    // A store of its own with a limit of a few writes a minute (the shared one runs without).
    const store = await startOwnStore({ portOffset: 4, writesPerMinute: 3 });
    try {
      await page.goto(`${store.baseUrl}/onboarding/login`);
      const toast = page.locator('.flash--error');
      // Each sign-in is two writes (the page's post, then the API's /auth, which the form shows
      // refused beside it): within a few, the page's post itself is refused.
      for (let attempt = 0; attempt < 5 && (await toast.count()) === 0; attempt += 1) {
        await page.getByLabel('Email address').fill('nobody@example.com');
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await Promise.all([
          page.waitForResponse((response) => response.url().includes('/onboarding/login.data')),
          page.getByRole('button', { name: 'Log in' }).click(),
        ]);
        await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
      }
      await expect(toast).toContainText(
        'Too many changes from your connection. Please wait a minute and try again.',
      );
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Internal Server Error');
      await expect(page).toHaveURL(/\/onboarding\/login$/);

      // The same form sent before the JavaScript loaded gets a page saying so, not the API's JSON.
      const refused = await page.request.post(`${store.baseUrl}/onboarding/login`, {
        form: { email: 'nobody@example.com', password: 'not-the-password' },
        headers: { origin: store.baseUrl },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(429);
      expect(refused.headers()['content-type']).toContain('text/html');
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
      expect(await refused.text()).toContain(
        'Too many changes from your connection. Please wait a minute and try again.',
      );
    } finally {
      await store.stop();
    }
  });
});
