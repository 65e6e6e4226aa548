import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules; the store must have no serious or critical violation of them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits (briefly) for the page to be at rest: loaded, and nothing marked busy or loading (a menu
 * grid half-faded while the next page loads is not what a visitor reads).
 */
async function settle(page: Page) {
  await page.waitForLoadState('load').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .is-loading'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

async function analyze(page: Page) {
  await settle(page);
  try {
    return await new AxeBuilder({ page }).withTags(TAGS).analyze();
  } catch (error) {
    // A navigation that started as axe ran (a redirect, a form's answer): check the page it led to.
    if (!/Execution context was destroyed|navigat/i.test((error as Error).message)) throw error;
    await settle(page);
    return new AxeBuilder({ page }).withTags(TAGS).analyze();
  }
}

/** Runs axe on the page once it is at rest and fails with a readable list of what is serious or worse. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await analyze(page);
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')})`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
}
