import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';

/**
 * Marketing UI (decision 026): the picky-eater popup shows once per visitor after time spent on the
 * menus, its events reach the data layer and the API; "customers also loved" in the cart panel adds
 * a product and records the click.
 */

type Entry = { event?: string; [field: string]: unknown };

async function hasEvent(page: Page, name: string) {
  return page.evaluate(
    (wanted) =>
      ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).some(
        (entry) => entry.event === wanted,
      ),
    name,
  );
}

test('the picky-eater popup: once per visitor, on the menus, its events recorded', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.clock.install();
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  const popup = page.getByRole('dialog', { name: 'Got a picky eater?' });
  await expect.poll(() => hasEvent(page, 'content-view')).toBe(true);
  // Not at once: only after some time on the menus.
  await page.clock.fastForward(10_000);
  await expect(popup).toBeHidden();

  const opened = page.waitForResponse((response) =>
    response.url().endsWith('/api/marketing/events/picky-eater-popup-open'),
  );
  await page.clock.fastForward(40_000);
  await expect(popup).toBeVisible();
  expect((await opened).status()).toBe(201);
  await expect.poll(() => hasEvent(page, 'pickyEaterPopupOpen')).toBe(true);
  await expect(popup.getByRole('link', { name: 'Show hidden-veggie meals' })).toBeFocused();
  await expectAccessible(page);

  // Its call to action: the event goes to the API, the visitor sees the hidden-veggie meals. The link
  // is a document navigation and the event a keepalive request that outlives the page, so its
  // answer may come after the page is gone: the request is awaited here, the API's answer is
  // marketing.test.ts's.
  const clicked = page.waitForRequest((request) =>
    request.url().endsWith('/api/marketing/events/picky-eaters-popup-cta-clicked'),
  );
  await popup.getByRole('link', { name: 'Show hidden-veggie meals' }).click();
  const request = await clicked;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toMatchObject({ source_url: expect.stringMatching(/\/menus$/) });
  await expect(page).toHaveURL(/indicators=hidden-veggie/);

  // Once per visitor: not again on a later visit to the menus.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.fastForward(120_000);
  await expect(popup).toBeHidden();
});

test('the picky-eater popup closes with its button and Escape, and never covers another dialog', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.clock.install();
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  // The capture popup is open (the first add of a visitor without a cart): the picky-eater waits.
  await page
    .locator('[data-preset="starter-favourites"]')
    .getByRole('button', { name: 'Add all 12 items of Starter favourites' })
    .click();
  const capture = page.getByRole('dialog', { name: "Let's Get Started!" });
  await expect(capture).toBeVisible();
  await page.clock.fastForward(60_000);
  const popup = page.getByRole('dialog', { name: 'Got a picky eater?' });
  await expect(popup).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(capture).toBeHidden();
  await page.clock.fastForward(6_000);
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('an open picky-eater popup is reset by a navigation within the store', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.clock.install();
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  await expect.poll(() => hasEvent(page, 'content-view')).toBe(true);
  await page.clock.fastForward(50_000);
  const popup = page.getByRole('dialog', { name: 'Got a picky eater?' });
  await expect(popup).toBeVisible();
  // A client navigation (the same document: the mark stays), the popup left open.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  await expect(popup).toHaveCount(0);
});

test('customers also loved in the cart panel: a click adds the product and is recorded', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/menus');
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();
  const capture = page.getByRole('dialog', { name: "Let's Get Started!" });
  await capture.getByLabel('Email address').fill(`marketing-ui-${Date.now()}@example.com`);
  await capture.getByLabel('Zip code').fill('10001');
  await capture.getByRole('button', { name: /^Continue/ }).click();
  await skipChildrenStep(page);
  await page.locator('[data-plan="plan-12"]').getByRole('button', { name: 'Choose 12 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  const panel = page.locator('#cart-panel');
  await expect(panel.locator('.cart-progress__label')).toHaveText('1 of 12 items');

  const loved = panel.getByRole('region', { name: 'Customers also loved' });
  const first = loved.getByRole('button', { name: /: add to your box$/ }).first();
  await expect(first).toBeVisible();
  const recommended = ((await first.getAttribute('aria-label')) ?? '').replace(': add to your box', '');
  const recorded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/customers-also-loved-clicked') && response.request().method() === 'POST',
  );
  await first.click();
  expect((await recorded).status()).toBe(201);
  await expect(panel.locator('.cart-progress__label')).toHaveText('2 of 12 items');
  await expect(panel.locator('.cart-line__name')).toContainText([recommended]);
  // What is in the box is no longer recommended.
  await expect(loved.getByRole('button', { name: `${recommended}: add to your box` })).toHaveCount(0);
  await expectAccessible(page);
});

test('a page’s code is fetched when a link to it is hovered or reached by keyboard, before the click', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/menus');
  await expect(page.getByRole('heading', { level: 1, name: 'Our menus' })).toBeVisible();
  // The tracker (which preloads) loads after the first paint: its first data layer event says it runs.
  await expect.poll(() => hasEvent(page, 'content-view')).toBe(true);
  const footer = page.getByRole('contentinfo');
  const preloaded = (route: RegExp) =>
    page.evaluate(
      (source) =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].some((link) =>
          new RegExp(source).test(link.href),
        ),
      route.source,
    );

  // A pointer resting on the footer's gift cards link (no prefetch of its own): the route's module.
  const giftCardsModule = page.waitForRequest(/\/assets\/gift-cards-[\w-]+\.js$/);
  await footer.getByRole('link', { name: 'Gift cards' }).hover();
  await giftCardsModule;
  expect(await preloaded(/\/assets\/gift-cards-[\w-]+\.js$/)).toBe(true);

  // A keyboard reaching the FAQ link: the content page's module, without a click.
  await footer.getByRole('link', { name: 'FAQ' }).focus();
  await expect.poll(() => preloaded(/\/assets\/content-page-[\w-]+\.js$/)).toBe(true);
  await expect(page).toHaveURL(/\/menus$/);

  // The click then opens the page with its code already there.
  await footer.getByRole('link', { name: 'Gift cards' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/gift card/i);
});
