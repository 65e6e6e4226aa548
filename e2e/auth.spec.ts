import type { APIRequestContext, Page } from '@playwright/test';
import { RESET_ADMIN_EMAIL } from './accounts';
import { expect, test } from './fixtures';

/**
 * Sign-in flows against the one e2e server (fresh database). Rate limits are per account (the e2e
 * server allows 20 failed logins and 20 codes per 15 minutes, so a retried file still fits; the API
 * tests hold the real 5 and 3). The file runs in order.
 */
test.describe.configure({ mode: 'serial' });
// /account and /admin are other sites (404 here); wrong codes and passwords answer 422.
test.use({ allowConsoleErrors: [/status of (404|422)/] });

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };
const ADMIN = { email: 'admin@example.com', password: 'mealtime-admin' };

type Mail = { subject: string; text: string };

async function mailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** Waits for a mail newer than the `before` count and returns it (the list is newest first). */
async function nextMail(page: Page, to: string, before: number, match: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = await mailbox(page.request, to);
      found = mails.length > before ? mails.find((mail) => match.test(mail.subject)) : undefined;
      return found !== undefined;
    })
    .toBe(true);
  return found as Mail;
}

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/onboarding/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const before = (await mailbox(page.request, account.email)).length;
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+/);
  const mail = await nextMail(page, account.email, before, /sign-in code/);
  const code = mail.subject.match(/\d{6}/)?.[0];
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
}

test('a visitor opening /reactivate gets an HTTP redirect to the login', async ({ page }) => {
  const response = await page.goto('/reactivate');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/reactivate$/);
  await expect(page).toHaveURL(/\/onboarding\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The verification step without its login attempt goes back to the login too.
  await page.goto('/onboarding/verification');
  await expect(page).toHaveURL(/\/onboarding\/login$/);
});

test('the login form: validation, links, the prefilled email and error, and a wrong password', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(
    `/onboarding/login?email=${encodeURIComponent(DEMO.email)}&error=This+email+is+already+in+use.`,
  );
  await expect(page.getByLabel('Email address')).toHaveValue(DEMO.email);
  await expect(page.getByRole('alert')).toHaveText('This email is already in use.');
  // Nothing scrolls sideways at 320px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const submit = page.getByRole('button', { name: 'Log in' });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/onboarding/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Get started' }).last()).toHaveAttribute(
    'href',
    '/onboarding/signup',
  );

  const emailField = page.getByLabel('Email address');
  await emailField.fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await page.getByLabel('Password', { exact: true }).focus();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');

  await emailField.fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await expect(submit).toBeEnabled();
  await submit.click();
  const message = page.getByRole('alert');
  await expect(message).toHaveText('The email and password combination is incorrect.');
  await expect(message).toBeFocused();
  await expect(page).toHaveURL(/\/onboarding\/login/);
});

test('the demo customer logs in with the emailed code (after a wrong one), is signed in, and logs out', async ({
  page,
}) => {
  const code = await logIn(page, DEMO);
  const codeField = page.getByLabel('6-digit code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');

  const wrong = code === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toBeFocused();

  await enterCode(page, code);
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/');
  const header = page.locator('.site-header');
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');

  // Login and forgot-password are for visitors: an HTTP redirect to the account site.
  for (const path of ['/onboarding/login', '/onboarding/forgot-password']) {
    const response = await page.goto(path);
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${path}$`));
    expect(new URL(response?.url() ?? '').pathname).toBe('/account');
  }

  // An active customer has nothing to reactivate: an HTTP redirect to the account site.
  const reactivate = await page.goto('/reactivate');
  expect(reactivate?.request().redirectedFrom()?.url()).toMatch(/\/reactivate$/);
  expect(new URL(reactivate?.url() ?? '').pathname).toBe('/account');

  await page.goto('/');
  // Logging out ends in a full document load of the home page (redirectDocument). The page is
  // already at "/", so wait for that load itself before the next navigation, or it aborts ours.
  const homeReloaded = page.waitForEvent('load');
  await header.getByRole('button', { name: 'Log out' }).click();
  await homeReloaded;
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  const response = await page.goto('/reactivate');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/reactivate$/);
  await expect(page).toHaveURL(/\/onboarding\/login$/);
});

test('an admin goes to the admin site after the code', async ({ page }) => {
  const code = await logIn(page, ADMIN);
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/admin$/);
  const response = await page.goto('/onboarding/login');
  expect(new URL(response?.url() ?? '').pathname).toBe('/admin');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the demo customer signs in with real form posts: password, then the emailed code', async ({
    page,
  }) => {
    await page.goto('/onboarding/login');
    // The header offers the login to a visitor, server-rendered.
    await expect(page.locator('.site-header').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/onboarding/login',
    );
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email and password combination is incorrect.');
    // The email is kept, the password is not sent back.
    await expect(page.getByLabel('Email address')).toHaveValue(DEMO.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    const before = (await mailbox(page.request, DEMO.email)).length;
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+/);
    const mail = await nextMail(page, DEMO.email, before, /sign-in code/);
    const code = mail.subject.match(/\d{6}/)?.[0] as string;

    await enterCode(page, '12');
    await expect(page.getByText('Enter the 6-digit code from the email')).toBeVisible();
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/account$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    // Signed in, the login is the account site's.
    const response = await page.goto('/onboarding/login');
    expect(new URL(response?.url() ?? '').pathname).toBe('/account');

    // The store's header is rendered signed in by the server (no "Log in" before the JavaScript),
    // and its Log out is a form post that works without it.
    await page.goto('/how-it-works');
    const header = page.locator('.site-header');
    await expect(header.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'sid')).toBeUndefined();
  });
});

test('a cut reset link says so in words, with the way to a new one', async ({ page }) => {
  await page.goto('/onboarding/reset-password?token=short&email=demo%40example.com');
  await expect(page.getByRole('alert')).toHaveText('This reset link is not valid. Ask for a new one.');
  await expect(page.getByText(/expected string/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
    'href',
    '/onboarding/forgot-password',
  );
});

test('no social sign-in is offered unconfigured; its address returns to the login with a message', async ({
  page,
}) => {
  await page.goto('/onboarding/login');
  await expect(page.getByRole('link', { name: /Continue with/ })).toHaveCount(0);
  await page.goto('/auth/google');
  await expect(page).toHaveURL(/\/onboarding\/login\?error=/);
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in with this provider is not available. Please log in with your email.',
  );
});

// An admin of its own resets here (made by `npm run admin` as the e2e store starts, e2e/accounts.ts):
// a new password ends the account's other sessions, and other journeys (another worker) sign in as
// the demo admin and the demo customer meanwhile, and act as customers from the admin's session.
test('forgot password → the emailed link → a new password → signed in', async ({ page }) => {
  await page.goto('/onboarding/forgot-password');
  await page.getByLabel('Email address').fill(RESET_ADMIN_EMAIL);
  const before = (await mailbox(page.request, RESET_ADMIN_EMAIL)).length;
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    'If an account exists for this email, we have sent a link to reset its password.',
  );

  const mail = await nextMail(page, RESET_ADMIN_EMAIL, before, /password/i);
  const link = mail.text.match(/https?:\/\/\S+\/onboarding\/reset-password\?\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link as string);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/email=reset-admin%40example\.com/);
  // The reset page changes no cart (it used to save the account's email on one).
  expect(
    (await page.context().cookies()).find((cookie) => cookie.name === 'abandoned_cart_id'),
  ).toBeUndefined();

  const password = page.getByLabel('New password', { exact: true });
  await password.fill('short');
  await page.getByRole('button', { name: /Show/ }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await password.blur();
  await expect(page.getByText('Use at least 8 characters', { exact: true })).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  // Signed in, an admin goes to the admin site.
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/');
  await expect(page.locator('.site-header').getByRole('button', { name: 'Log out' })).toBeVisible();
});
