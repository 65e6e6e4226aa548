import type { Page } from '@playwright/test';
import { expect, skipChildrenStep, test, VIEWPORTS } from './fixtures';

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Opens the capture popup the way a visitor does: adding a product before giving details. */
async function openPopupFromMenus(page: Page) {
  await page.goto('/menus');
  await page.locator('.product-card').first().getByRole('button', { name: /^Add / }).click();
  const popup = page.getByRole('dialog', { name: "Let's Get Started!" });
  await expect(popup).toBeVisible();
  return popup;
}

test('the popup: headline, subline, fields, Continue and login (no unconfigured Google); focus, Escape and outside click', async ({
  page,
}) => {
  const popup = await openPopupFromMenus(page);
  await expect(popup.getByRole('heading', { name: "Let's Get Started!" })).toBeVisible();
  await expect(popup).toContainText('feed your kids nutritious meals and snacks');
  await expect(popup.getByLabel('Email address')).toBeFocused();
  await expect(popup.getByLabel('Zip code')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeDisabled();
  // No social provider is configured on this server: no button that leads nowhere.
  await expect(popup.getByRole('link', { name: /Continue with/ })).toHaveCount(0);
  await expect(popup.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/onboarding/login');
  await expect(popup).toContainText('Already a customer? Log in');
  expect(await page.evaluate(() => localStorage.getItem('signupUsed'))).toBe('true');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'abandoned_cart_id')).toBeUndefined();

  // Modal: the page behind is inert and Tab stays inside.
  await expect(page.locator('.layout')).toHaveAttribute('inert', '');
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('Tab');
  expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // A click outside closes it too; so does the close icon.
  await page.locator('.product-card').first().getByRole('button', { name: /^Add / }).click();
  await expect(popup).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(popup).toBeHidden();
  await page.locator('.product-card').first().getByRole('button', { name: /^Add / }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(page.locator('.layout')).not.toHaveAttribute('inert');
});

test('invalid email and empty zip show their messages once the fields lose focus', async ({ page }) => {
  await page.goto('/onboarding/signup');
  await expect(page.getByRole('heading', { level: 1, name: "Let's Get Started!" })).toBeVisible();
  const emailField = page.getByLabel('Email address');
  const zipField = page.getByLabel('Zip code');
  const submit = page.getByRole('button', { name: 'Continue' });

  await emailField.fill('not-an-email');
  // No error while typing (the field has focus).
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await zipField.focus();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await emailField.focus();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(zipField).toHaveAttribute('aria-invalid', 'true');
  // Focused again: its own error hides until it is left.
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await expect(submit).toBeDisabled();

  await emailField.fill('');
  await emailField.blur();
  await expect(page.getByText('This field is required')).toHaveCount(2);

  await emailField.fill(email('signup'));
  await zipField.fill('10001');
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await expect(submit).toBeEnabled();
});

test.describe('server field errors', () => {
  test('an unknown zip code shows the server message beside the field until the field is edited', async ({
    page,
  }) => {
    await page.goto('/onboarding/signup');
    await page.getByLabel('Email address').fill(email('zip'));
    await page.getByLabel('Zip code').fill('00000');
    const submit = page.getByRole('button', { name: 'Continue' });
    await submit.click();
    await expect(page.getByText('We could not find this zip code.')).toBeVisible();
    await expect(page.getByLabel('Zip code')).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Zip code').fill('10001');
    await expect(page.getByText('We could not find this zip code.')).toBeHidden();
    await expect(submit).toBeEnabled();
    await submit.click();
    await skipChildrenStep(page);
    // Identified without a plan: on to the plans, and get-started follows.
    await expect(page).toHaveURL(/\/onboarding\/plans$/);
    // The cart lives in its cookie: first party, the whole site, Lax.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'abandoned_cart_id')).toMatchObject({
      value: expect.stringMatching(/^[0-9a-f-]{36}$/),
      path: '/',
      sameSite: 'Lax',
    });
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/onboarding/plans',
    );
  });

  test('the signup page prefills from the cart and goes to the menus once a plan is chosen', async ({
    page,
  }) => {
    const address = email('again');
    await page.goto(`/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-24`);
    await expect(page.locator('.cart-progress__label')).toHaveText('0 of 24 items');
    await page.goto('/onboarding/signup');
    await expect(page.getByLabel('Email address')).toHaveValue(address);
    await expect(page.getByLabel('Zip code')).toHaveValue('10001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await skipChildrenStep(page);
    await expect(page).toHaveURL(/\/menus$/);
  });

  test('an email that belongs to an account closes the popup and goes to the login with the email and the error', async ({
    page,
  }) => {
    const popup = await openPopupFromMenus(page);
    await popup.getByLabel('Email address').fill('demo@example.com');
    await popup.getByLabel('Zip code').fill('10001');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(
      /\/onboarding\/login\?email=demo%40example\.com&error=This\+email\+is\+already\+in\+use\.$/,
    );
    await expect(popup).toBeHidden();
  });
});

test('a get-started visitor is sent to the signup', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/onboarding\/signup$/);
});

test('/onboarding has no screen of its own: it redirects to the signup', async ({ page }) => {
  const response = await page.goto('/onboarding');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/onboarding$/);
  await expect(page).toHaveURL(/\/onboarding\/signup$/);
  await expect(page.getByRole('heading', { level: 1, name: "Let's Get Started!" })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshot of the capture popup at ${viewport.width}px (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const popup = await openPopupFromMenus(page);
    const box = await popup.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(name === 'phone' ? 350 : 824);
    await popup.getByLabel('Email address').fill('not-an-email');
    await popup.getByLabel('Zip code').focus();
    await expect(popup.getByText('Please enter a valid email address')).toBeVisible();
    await page.screenshot({
      path: `test-results/screenshots/popup-${viewport.width}.png`,
      animations: 'disabled',
    });
  });
}

test('a zip we do not deliver to is said in the popup; the visitor is not sent on to fill a box', async ({
  page,
}) => {
  const popup = await openPopupFromMenus(page);
  const address = email('far');
  await popup.getByLabel('Email address').fill(address);
  await popup.getByLabel('Zip code').fill('99501');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('status')).toHaveText(
    `We don't deliver to Anchorage, AK (99501) yet. We've kept your email, ${address}, and we'll write to you as soon as we do.`,
  );
  // Still on the menus with the popup open: no plans page, nothing in a box.
  await expect(page).toHaveURL(/\/menus$/);
  await expect(popup).toBeVisible();
  await page.goto('/menus');
  await expect(page.locator('.product-card').first().getByRole('button', { name: /^Add / })).toBeVisible();
});
