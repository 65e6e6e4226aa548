import type { Page } from '@playwright/test';
import { expect, skipChildrenStep, test } from './fixtures';

/** A fresh email per test: carts never share a visitor. */
const email = (label: string) =>
  `plans-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const progress = (page: Page) => page.locator('#cart-panel .cart-progress__label');
const planCard = (page: Page, slug: string) => page.locator(`[data-plan="${slug}"]`);
const notice = (page: Page) => page.locator('.flash--success .flash__message');

const UPGRADED =
  'Your box with Little explorers has 24 items: it is now on the 24-item plan, which holds them all.';

/**
 * Identified without a plan, "Add all 24 items of Little explorers" waits on the plans page, and
 * "12 items" is pressed there: the preset is not cut to 12 (decision 045).
 */
async function presetThroughTwelve(page: Page) {
  await page.goto(`/menus?email=${encodeURIComponent(email('preset'))}&zip=10001`);
  await page
    .locator('[data-preset="little-explorers"]')
    .getByRole('button', { name: 'Add all 24 items of Little explorers' })
    .click();
  await expect(page).toHaveURL(/\/onboarding\/plans\?add_group=\d+$/);
  await planCard(page, 'plan-12').getByRole('button', { name: 'Choose 12 items' }).click();
}

test('a preset bigger than the chosen plan gets the first plan that holds it, named in the address, and says so', async ({
  page,
}) => {
  await presetThroughTwelve(page);
  // The plans page shows the plan chosen instead, its slug in the address (decision 045).
  await expect(page).toHaveURL(/\/onboarding\/plans\?plan=plan-24$/);
  await expect(notice(page)).toHaveText(UPGRADED);
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-24');

  // The address is the page's own now: a reload keeps it and changes nothing (said once, too).
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding\/plans\?plan=plan-24$/);
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-24');
  await expect(notice(page)).toHaveCount(0);

  await planCard(page, 'plan-24').getByRole('button', { name: 'Continue with 24 items' }).click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('24 of 24 items');
});

test('a smaller plan asks before it empties a full box, keeps it on no, and says what happened on yes', async ({
  page,
}) => {
  await presetThroughTwelve(page);
  await expect(page).toHaveURL(/\/onboarding\/plans\?plan=plan-24$/);

  await planCard(page, 'plan-12').getByRole('button', { name: 'Choose 12 items' }).click();
  const question = page.getByRole('region', { name: 'Switch to 12 items?' });
  await expect(question).toContainText(
    'Your box has 24 items and the 12-item plan holds 12: switching empties your box.',
  );
  await expect(question.getByRole('heading', { name: 'Switch to 12 items?' })).toBeFocused();
  // Nothing changed yet.
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-24');

  await question.getByRole('link', { name: 'Keep my 24 items' }).click();
  await expect(page).toHaveURL(/\/onboarding\/plans$/);
  await expect(page.getByRole('region', { name: 'Switch to 12 items?' })).toHaveCount(0);
  await page.goto('/menus');
  await expect(progress(page)).toHaveText('24 of 24 items');
  await page.goto('/onboarding/plans');

  await planCard(page, 'plan-12').getByRole('button', { name: 'Choose 12 items' }).click();
  await page
    .getByRole('region', { name: 'Switch to 12 items?' })
    .getByRole('button', { name: 'Empty my box and switch to 12 items' })
    .click();
  await expect(page).toHaveURL(/\/menus$/);
  await expect(notice(page)).toHaveText('Your box was emptied to fit the 12-item plan.');
  await expect(progress(page)).toHaveText('0 of 12 items');
});

test('?plan= on the plans page stays in the address as the chosen plan; elsewhere it is applied once and dropped', async ({
  page,
}) => {
  await page.goto(`/menus?email=${encodeURIComponent(email('link'))}&zip=10001&plan=plan-12`);
  await expect(page).toHaveURL(/\/menus$/);
  await expect(progress(page)).toHaveText('0 of 12 items');

  await page.goto('/onboarding/plans?plan=plan-36');
  await expect(page).toHaveURL(/\/onboarding\/plans\?plan=plan-36$/);
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-36');
  // An unknown slug falls back to the popular plan, and the address names it.
  await page.goto('/onboarding/plans?plan=no-such-plan&navItem=nope');
  await expect(page).toHaveURL(/\/onboarding\/plans\?navItem=nope&plan=plan-\d+$/);
  const slug = new URL(page.url()).searchParams.get('plan');
  await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', slug ?? '');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the question before emptying the box is a plain form, and its answer is said on the next page', async ({
    page,
  }) => {
    await page.goto('/onboarding/signup');
    await page.getByLabel('Email address').fill(email('nojs'));
    await page.getByLabel('Zip code').fill('10001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await skipChildrenStep(page);
    await expect(page).toHaveURL(/\/onboarding\/plans/);
    await page.goto('/menus');
    await page
      .locator('[data-preset="little-explorers"]')
      .getByRole('button', { name: 'Add all 24 items of Little explorers' })
      .click();
    await expect(page).toHaveURL(/\/onboarding\/plans\?add_group=\d+$/);
    await planCard(page, 'plan-24').getByRole('button', { name: 'Choose 24 items' }).click();
    await expect(page).toHaveURL(/\/menus$/);
    await expect(progress(page)).toHaveText('24 of 24 items');

    // The plan's slug in the plans page's address is read without a redirect.
    await page.goto('/onboarding/plans?plan=plan-24');
    await expect(page).toHaveURL(/\/onboarding\/plans\?plan=plan-24$/);
    await expect(page.locator('.plan-card--selected')).toHaveAttribute('data-plan', 'plan-24');
    await page.goto('/onboarding/plans');
    await planCard(page, 'plan-12').getByRole('button', { name: 'Choose 12 items' }).click();
    await expect(page).toHaveURL(/\/onboarding\/plans\?confirm_plan=\d+$/);
    const question = page.getByRole('region', { name: 'Switch to 12 items?' });
    await expect(question).toContainText('Your box has 24 items and the 12-item plan holds 12');
    await question.getByRole('button', { name: 'Empty my box and switch to 12 items' }).click();
    await expect(page).toHaveURL(/\/menus$/);
    await expect(page.locator('.flash--success .flash__message')).toHaveText(
      'Your box was emptied to fit the 12-item plan.',
    );
  });
});
