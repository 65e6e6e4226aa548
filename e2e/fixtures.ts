import { test as base, expect } from '@playwright/test';

type Fixtures = {
  /** Console errors a test expects (for example the browser's own log line for a 404 document). */
  allowConsoleErrors: RegExp[];
};

/** Every test fails on a console error or uncaught page error it did not declare. */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, 'unexpected browser errors').toEqual([]);
  },
});

export { expect };

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
