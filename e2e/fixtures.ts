import { test as base, expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

type Fixtures = {
  /** Console errors a test expects (for example the browser's own log line for a 404 document). */
  allowConsoleErrors: RegExp[];
  /** Whether axe checks the page the journey ends on (off only for pages built to be broken). */
  axe: boolean;
};

/**
 * Every test fails on a console error or uncaught page error it did not declare, and on any
 * serious or critical axe violation of the page it ends on.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  axe: [true, { option: true }],
  page: async ({ page, allowConsoleErrors, axe, javaScriptEnabled }, use, testInfo) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    // Where the journey ends, axe checks the page (a11y.spec.ts checks every page at two widths).
    // axe runs as a script in the page: a journey with JavaScript off is checked by a11y.spec.ts instead.
    if (axe && javaScriptEnabled !== false && !page.isClosed() && page.url().startsWith('http')) {
      // The check has its own time, so that a journey that used its 30 seconds is not cut short.
      testInfo.setTimeout(testInfo.timeout + 20_000);
      await expectAccessible(page, `${page.url()} (journey end)`).catch((error: Error) =>
        problems.push(error.message),
      );
    }
    expect(problems, 'unexpected browser errors and accessibility violations').toEqual([]);
  },
});

export { expect };

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** Opens the cart beside the page on a desktop (the button works once the page has hydrated). */
export async function dockCart(page: Page) {
  const button = page.locator('.cart-button');
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(page.locator('[data-cart-docked="true"]')).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/**
 * The optional children step the first capture in a browser leads to (docs/decisions/055): the
 * journeys that are not about it skip it, in one click.
 */
export async function skipChildrenStep(page: Page) {
  await expect(page).toHaveURL(/\/onboarding\/children\?/);
  await page.getByRole('button', { name: 'Skip' }).click();
}
