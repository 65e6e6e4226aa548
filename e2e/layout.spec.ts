import type { Page } from '@playwright/test';
import { dockCart, expect, test } from './fixtures';

const WIDTHS = [320, 390, 768, 1024, 1100, 1280, 1920];

/** What breaks a layout: a page wider than the window, a wrapped header, cramped dish cards. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const visible = (element: Element) => element.getBoundingClientRect().width > 0;
    const header = document.querySelector('.site-header__inner')!;
    // Everything the header shows on one line shares (roughly) one vertical centre.
    const items = [
      ...header.querySelectorAll(
        '.site-header__brand, .cart-button, .site-header__toggle, .site-header__nav a',
      ),
    ]
      .filter(visible)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return box.top + box.height / 2;
      });
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      headerHeight: header.getBoundingClientRect().height,
      headerRows: Math.round((Math.max(...items) - Math.min(...items)) / 10),
      cardWidths: [...document.querySelectorAll('.product-card')].map(
        (card) => card.getBoundingClientRect().width,
      ),
      nutritionOverlaps: [...document.querySelectorAll('.nutrition-facts')].some((facts) => {
        const cells = [...facts.querySelectorAll(':scope > div')].map((cell) => cell.getBoundingClientRect());
        return (
          cells.some((cell, index) =>
            cells
              .slice(index + 1)
              .some(
                (other) =>
                  cell.right > other.left + 1 &&
                  cell.left < other.right - 1 &&
                  cell.bottom > other.top + 1 &&
                  cell.top < other.bottom - 1,
              ),
          ) ||
          [...facts.querySelectorAll('dt, dd')].some((label) => label.scrollWidth > label.clientWidth + 1)
        );
      }),
    };
  });
}

for (const docked of [false, true]) {
  test(`the header and the menus grid fit every width from 320 to 1920px${docked ? ' beside the docked cart' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/menus');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      if (docked && width >= 1024) await dockCart(page);
      if (docked && width < 1024) continue;
      await page.evaluate(() => window.scrollTo(0, 0));
      const result = await measure(page);
      await page.screenshot({
        path: `test-results/screenshots/layout-menus-${width}${docked ? '-docked' : ''}.png`,
      });
      const label = `${width}px${docked ? ' docked' : ''}`;
      expect(result.overflow, `${label}: horizontal overflow`).toBeLessThanOrEqual(0);
      expect(result.headerRows, `${label}: header on one line`).toBe(0);
      expect(result.headerHeight, `${label}: header height`).toBeLessThan(90);
      expect(Math.min(...result.cardWidths), `${label}: narrowest card`).toBeGreaterThanOrEqual(
        width < 400 ? width - 64 : 220,
      );
      expect(result.nutritionOverlaps, `${label}: nutrition labels overlap`).toBe(false);
    }
  });
}

test('the other pages do not overflow on a 320px phone or at 1100px', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [320, 1100]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      '/',
      '/how-it-works',
      '/onboarding/plans',
      '/onboarding/login',
      '/faq',
      '/menus?product=peach-oat-chia-puree',
      // The blog's category links and search form wrap inside the page (they were 372px at 320).
      '/blog/',
      '/blog/search/?q=sleep',
      '/blog/category/feeding-milestones/',
      '/blog/five-minute-lunchbox-upgrades/',
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});
