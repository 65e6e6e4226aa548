import type { Cookie, Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * The admin site (decision 027) as the demo admin, on the shared e2e server: sign in once with the
 * emailed code (codes per email are limited in 15 minutes), keep the session's cookies for the
 * other journeys, and leave what other files assert on as it was (the edited price is restored; the
 * refund is partial, so the order stays paid; impersonation changes nothing of the customer).
 */
test.describe.configure({ mode: 'serial' });
// The customer's 403 page of the admin site: the browser logs the document's status.
test.use({ allowConsoleErrors: [/status of 40[34]/] });

const ADMIN = { email: 'admin@example.com', password: 'mealtime-admin' };
const CUSTOMER_EMAIL = 'demo@example.com';
/** A dish no other journey looks at: the last of the family bowls. */
const EDITED_SKU = 'SS-FAM-008';
const EDITED_MENU = '/menus/family-bowls/';

let adminCookies: Cookie[] = [];

async function mailbox(page: Page, to: string): Promise<{ subject: string }[]> {
  const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { subject: string }[] }).data;
}

async function asAdmin(page: Page) {
  expect(adminCookies.length, 'the sign-in journey ran first').toBeGreaterThan(0);
  await page.context().addCookies(adminCookies);
}

const dollars = (text: string | null) => Number(text?.match(/\$(\d+\.\d{2})/)?.[1]);

test('the demo admin signs in with the emailed code and lands on the dashboard', async ({ page }) => {
  // Anonymous: the admin site sends the visitor to the login, and back after it.
  const response = await page.goto('/admin/orders');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/admin\/orders$/);
  await expect(page).toHaveURL(/\/onboarding\/login\?next=%2Fadmin%2Forders$/);
  await page.goto('/onboarding/login?next=%2Fadmin');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const before = (await mailbox(page, ADMIN.email)).length;
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+/);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailbox(page, ADMIN.email);
      code =
        mails.length > before
          ? mails.find((mail) => /sign-in code/.test(mail.subject))?.subject.match(/\d{6}/)?.[0]
          : undefined;
      return code !== undefined;
    })
    .toBe(true);
  await page.getByLabel('6-digit code').fill(code as string);
  await page.getByRole('button', { name: 'Verify and log in' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Kitchen plan/ })).toBeVisible();
  // The demo customer's scheduled boxes are in the kitchen's plan.
  await expect(page.locator('.admin-kitchen__week').first()).toContainText(/\d+ items/);
  await expect(page.getByRole('heading', { name: 'Orders and revenue, last 30 days' })).toBeVisible();
  // The chart arrives after hydration, with its table behind it.
  await expect(page.locator('.admin-chart svg').first()).toBeVisible();
  await expect(page.getByText('Orders and revenue as a table')).toBeVisible();
  adminCookies = await page.context().cookies();
});

test('the admin creates a promo code that a new visitor then applies', async ({ page, browser }) => {
  await asAdmin(page);
  const code = `ADMIN${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/admin/promo-codes');
  await page.getByRole('link', { name: 'New promo code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Banner text', { exact: true }).fill('Admin test: 15% off your first box');
  await page.getByLabel('Box 1 amount').fill('15');
  await page.getByLabel('Box 1 kind').selectOption('percent_off');
  await page.getByLabel('Uses allowed in total (empty: no limit)').fill('50');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/promo-codes\/\d+\?created=1$/);
  await expect(page.getByRole('status').filter({ hasText: `shoppers can apply ${code} now` })).toBeVisible();

  // A new visitor (no cookies of the admin) opens the store with the code.
  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await shopper.goto(`/menus?pc=${code}`);
  await expect(shopper.locator('main .offer-banner--page')).toContainText(
    'Admin test: 15% off your first box',
  );
  await visitor.close();

  // Disabled in one click, and the audit log says who did both.
  await page.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Disabled' })).toBeVisible();
  await page.goto('/admin/audit?entity=promo_code');
  await expect(page.getByRole('row').filter({ hasText: 'promo_code.disable' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'promo_code.create' }).first()).toBeVisible();
});

test("the admin edits a product's price and sees it on /menus at once", async ({ page }) => {
  await asAdmin(page);
  await page.goto(EDITED_MENU);
  const card = page.locator(`article[data-sku="${EDITED_SKU}"]`);
  const before = dollars(await card.locator('.product-card__price').textContent());
  expect(before).toBeGreaterThan(0);

  await page.goto('/admin/products');
  await page.locator(`tr[data-sku="${EDITED_SKU}"]`).getByRole('link').click();
  const premium = page.getByLabel(/Premium difference in dollars/);
  const original = Number(await premium.inputValue());
  await premium.fill((original + 2).toFixed(2));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  try {
    await page.goto(EDITED_MENU);
    await expect(page.locator(`article[data-sku="${EDITED_SKU}"] .product-card__price`)).toContainText(
      `$${(before + 2).toFixed(2)}`,
    );
  } finally {
    // Restored, so that nothing else on the shared server sees the change.
    await page.goBack();
    await page.getByLabel(/Premium difference in dollars/).fill(original.toFixed(2));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  }
});

test('the admin refunds part of an order through the payment provider', async ({ page }) => {
  await asAdmin(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(CUSTOMER_EMAIL)}`);
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order SS-\d+$/ })).toBeVisible();
  const left = dollars(await page.getByTestId('refundable').textContent());
  await page.getByLabel(/Amount in dollars/).fill('1.00');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refunded.' })).toBeVisible();
  await expect(page.getByTestId('refundable')).toHaveText(`$${(left - 1).toFixed(2)}`);
  await expect(page.getByText(/\$1\.00 · succeeded/)).toBeVisible();
  // Still paid (it was charged and is delivered), and the status says how much went back.
  await expect(page.getByTestId('order-status')).toHaveText(/^paid · refunded \$\d+\.\d{2} of \$\d+\.\d{2}$/);
});

test('on a 390px phone the admin lists are cards: every column on screen, under its name', async ({
  page,
}) => {
  await asAdmin(page);
  await page.setViewportSize(VIEWPORTS.phone);
  const orders = `/admin/orders?q=${encodeURIComponent(CUSTOMER_EMAIL)}`;
  for (const path of [orders, '/admin/customers', '/admin/products', '/admin/promo-codes', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('table').first(), path).toBeVisible();
    const sideways = await page.evaluate(
      () =>
        document.documentElement.scrollWidth > window.innerWidth ||
        [...document.querySelectorAll('.admin-table-wrap')].some(
          (wrap) => wrap.scrollWidth > wrap.clientWidth + 1,
        ),
    );
    expect(sideways, `${path} scrolls sideways`).toBe(false);
  }
  // An order's total, which the wide table put off-screen, is in view under its column's name.
  await page.goto(orders);
  const firstOrder = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstOrder.getByRole('rowheader')).toHaveText(/^SS-\d+$/);
  const total = firstOrder.locator('td[data-label="Total"]');
  await expect(total).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(total).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('admin-orders-390.png'), fullPage: true });
});

test('the admin creates a partnership', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/partnerships');
  await expect(page.getByRole('heading', { level: 2, name: 'Referral offer' })).toBeVisible();
  const code = `PARTNER${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('What it does').fill('The school covers the first box');
  await page.getByLabel(/Covers up to/).fill('80');
  await page.getByRole('button', { name: 'Create partnership' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Partnership created.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('$80.00');
});

test('the admin saves a menu from the catalogue', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Menus and bestseller presets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menus and presets' })).toBeVisible();
  // Saved as they are: the forms round-trip without changing what other journeys see.
  await page
    .getByRole('button', { name: /^Save / })
    .first()
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: the storefront shows it now.' }),
  ).toBeVisible();
  await page.goto('/admin/audit?entity=menu');
  await expect(page.getByRole('row').filter({ hasText: 'menu.update' }).first()).toBeVisible();
});

test('the admin acts as the demo customer, sees the bar on the store and the account, and ends it', async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto(`/admin/customers?q=${encodeURIComponent(CUSTOMER_EMAIL)}`);
  await page.getByRole('link', { name: CUSTOMER_EMAIL }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Next boxes' })).toBeVisible();
  const customerPage = page.url();
  await page.getByRole('button', { name: /^Act as / }).click();

  // The customer's account, as they see it, under the bar.
  await expect(page).toHaveURL(/\/account$/);
  const bar = page.getByRole('region', { name: 'Acting as a customer' });
  await expect(bar).toContainText(`Acting as ${CUSTOMER_EMAIL}`);
  // A customer's session gets the admin site's 403 page, not the admin's screens.
  const forbidden = await page.goto('/admin');
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
  await page.goto('/menus');
  await expect(bar).toContainText(`Acting as ${CUSTOMER_EMAIL}`);
  // The order refunded in part above reads as the customer sees it: paid, and what went back.
  await page.goto('/account/orders');
  await expect(page.getByText(/^Paid · \$\d+\.\d{2} of \$\d+\.\d{2} refunded$/).first()).toBeVisible();

  // One click ends it: back on the customer's admin page, as the admin.
  await bar.getByRole('button', { name: 'Stop acting as this customer' }).click();
  await expect(page).toHaveURL(customerPage);
  await expect(page.getByRole('heading', { level: 2, name: 'Next boxes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Acting as a customer' })).toHaveCount(0);

  // The audit log tells who acted as whom, from when to when.
  await page.goto('/admin/audit?entity=customer');
  const end = page.getByRole('row').filter({ hasText: 'customer.impersonation_end' }).first();
  await expect(end).toContainText(ADMIN.email);
  await expect(end).toContainText('"stopped"');
  const start = page.getByRole('row').filter({ hasText: 'customer.impersonation_start' }).first();
  await expect(start).toContainText(ADMIN.email);
  await expect(start).toContainText(CUSTOMER_EMAIL);
});

test('the admin issues a gift card by hand, sees its ledger and voids it', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Gift cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await page.getByLabel('Amount ($)').fill('35');
  await page.getByLabel(/^Why/).fill('Sorry for the late box (e2e)');
  await page.getByRole('button', { name: 'Issue card' }).click();
  const status = page.getByRole('status').filter({ hasText: 'shown this once' });
  await expect(status).toContainText('Issued $35.00');
  const code = (await page.getByTestId('issued-code').textContent()) ?? '';
  expect(code.length).toBeGreaterThan(8);
  const suffix = code.replace(/[^A-Za-z0-9]/g, '').slice(-4);

  // The search finds it by the end of its code.
  await page.getByLabel('Last characters of the code, or recipient email').fill(suffix);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
  await page.getByRole('row').filter({ hasText: '$35.00 of $35.00' }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Gift card …/ })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger).toContainText('Issued by an admin: Sorry for the late box (e2e)');
  await expect(ledger).toContainText('$35.00');

  // Voiding asks for a reason and a confirmation; the ledger then shows the void.
  await page.getByLabel('Why').fill('Issued by mistake (e2e)');
  await page.getByLabel(/^Yes, void it/).check();
  await page.getByRole('button', { name: 'Void card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Voided' })).toBeVisible();
  await expect(ledger).toContainText('Voided: Issued by mistake (e2e)');
  await expect(ledger).toContainText('-$35.00');
  await expect(page.getByRole('button', { name: 'Void card' })).toHaveCount(0);
  await expect(page.locator('.admin-facts')).toContainText('Void');
});

test('the admin writes a post with a preview, publishes it on /blog/ and unpublishes it', async ({
  page,
}) => {
  await asAdmin(page);
  const slug = `admin-e2e-${Date.now().toString(36)}`;
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await page.getByRole('link', { name: 'Write a post' }).click();
  await page.getByLabel('Title').fill('Lunchboxes that come home empty');
  await page.getByLabel(/^Slug/).fill(slug);
  await page.getByLabel('Excerpt').fill('Small portions, familiar flavours, one new thing.');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Author').fill('Chef Tomás Reyes');
  await page.getByLabel(/alt text/).fill('A packed lunchbox');
  await page.getByLabel('Body (Markdown)').fill('## Pack less\n\nChildren eat **more** when there is less.');
  // The preview comes from the API's renderer as the text is typed.
  const preview = page.getByTestId('post-preview');
  await expect(preview.getByRole('heading', { name: 'Pack less' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('more');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as a draft' })).toBeVisible();
  await expect(page.getByTestId('post-status')).toHaveText('Draft');
  expect((await page.request.get(`/blog/${slug}/`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Publish or schedule' }).click();
  await expect(page.getByTestId('post-status')).toHaveText('Published');
  await page.getByRole('link', { name: 'Read it on the blog' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lunchboxes that come home empty' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pack less' })).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByTestId('post-status')).toHaveText('Draft');
  expect((await page.request.get(`/blog/${slug}/`)).status()).toBe(404);
  await page.goto('/admin/audit?entity=post');
  await expect(page.getByRole('row').filter({ hasText: 'post.unpublish' }).first()).toBeVisible();
});

test('before JavaScript, the Preview button posts the form and keeps what was typed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(adminCookies);
  const page = await context.newPage();
  await page.goto('/admin/posts/new');
  await page.getByLabel('Title').fill('Typed before hydration');
  await page.getByLabel('Body (Markdown)').fill('## Without JavaScript\n\nStill *previewed*.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(
    page.getByTestId('post-preview').getByRole('heading', { name: 'Without JavaScript' }),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Typed before hydration');
  await expect(page.getByLabel('Body (Markdown)')).toHaveValue('## Without JavaScript\n\nStill *previewed*.');
  await context.close();
});

test('the admin reads an experiment per variant, defines a new one and changes its weights', async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Experiments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Experiments' })).toBeVisible();
  // The seeded experiment of the capture popup, with a row per variant.
  const seeded = page.getByRole('region', { name: /Capture popup submit label/ });
  await expect(seeded.getByRole('rowheader', { name: 'control' })).toBeVisible();
  await expect(seeded.getByRole('rowheader', { name: 'continue-to-my-box' })).toBeVisible();

  // A new one that starts in 2030, so it changes nothing for the other journeys on this server.
  const code = `e2e-${Date.now()}`;
  const form = page.getByRole('region', { name: 'New experiment' });
  await form.getByLabel('Code (what the storefront and analytics see)').fill(code);
  await form.getByLabel('Name').fill('Menus sort order');
  await form.getByLabel('Variant 1 code').fill('control');
  await form.getByLabel('Weight').nth(0).fill('50');
  await form.getByLabel('Variant 2 code').fill('newest-first');
  await form.getByLabel('Weight').nth(1).fill('50');
  await form.getByLabel('Starts (UTC, empty: now)').fill('2030-01-01T09:00');
  await form.getByRole('button', { name: 'Create experiment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menus sort order' })).toBeVisible();
  await expect(page.getByText(`${code} · not running`)).toBeVisible();

  // A bad change says why beside the field; a good one is saved.
  const definition = page.getByRole('region', { name: 'Definition' });
  await definition.getByLabel('Weight').nth(0).fill('0');
  await definition.getByLabel('Weight').nth(1).fill('0');
  await definition.getByRole('button', { name: 'Save changes' }).click();
  await expect(definition.getByText('At least one variant needs a weight above 0.')).toBeVisible();
  await definition.getByLabel('Weight').nth(1).fill('100');
  await definition.getByRole('button', { name: 'Save changes' }).click();
  await expect(definition.getByRole('status')).toHaveText('Saved: new visitors get the new weights.');
  await expect(
    page.getByRole('region', { name: 'Results' }).getByRole('row', { name: /newest-first 100/ }),
  ).toBeVisible();
});

test('an unknown or malformed id on an admin detail page is the 404 page, never a 500', async ({ page }) => {
  await asAdmin(page);
  for (const section of [
    'orders',
    'customers',
    'gift-cards',
    'posts',
    'promo-codes',
    'products',
    'experiments',
  ]) {
    for (const id of ['999999', 'abc', '99999999999999999999']) {
      const address = `/admin/${section}/${id}`;
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), address).toHaveText('Not found');
    }
  }
});
