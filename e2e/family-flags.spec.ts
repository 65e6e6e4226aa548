import type { APIRequestContext, Cookie, Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * Flags and warnings (docs/decisions/055): a signed-in parent with children sees on /menus whom
 * each dish does not suit ("Contains dairy — Juno", "Kit doesn't like peas") and filters by it;
 * in the box editor a dish with a child's allergen asks once ("Add anyway" / "Cancel"), and the
 * box lists it with the child's name. The journey's children are added through the family's API
 * (POST /api/me/children) and removed at its end; the box is left as it was found. On a store of its
 * own: the shared store's journeys change the demo customer's family and box meanwhile.
 */
test.describe.configure({ mode: 'serial' });

let store: Awaited<ReturnType<typeof startOwnStore>> | undefined;
let base = '';
test.beforeAll(async () => {
  test.setTimeout(120_000);
  store = await startOwnStore({ demoAccounts: true, portOffset: 7 });
  base = store.baseUrl;
});
test.afterAll(async () => store?.stop());

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };
/** TRUSTED_DEVICE_COOKIE of the contracts. */
const TRUSTED_DEVICE_COOKIE = 'trusted_device';
let trustedDevice: Cookie[] = [];

async function mails(page: Page): Promise<{ subject: string }[]> {
  const response = await page.request.get(
    `${base}/dev/mailbox/messages?to=${encodeURIComponent(DEMO.email)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { subject: string }[] }).data;
}

/** Signs the demo customer in through the login (an emailed code the first time). */
async function signIn(page: Page) {
  if (trustedDevice.length > 0) await page.context().addCookies(trustedDevice);
  await page.goto(`${base}/account/orders`);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  const before = (await mails(page)).length;
  await page.getByRole('button', { name: 'Log in' }).click();
  if (trustedDevice.length === 0) {
    await expect(page).toHaveURL(/\/onboarding\/verification\?code=.+&next=/);
    let code: string | undefined;
    await expect
      .poll(async () => {
        const all = await mails(page);
        code =
          all.length > before
            ? all.find((mail) => /sign-in code/.test(mail.subject))?.subject.match(/\d{6}/)?.[0]
            : undefined;
        return code !== undefined;
      })
      .toBe(true);
    await page.getByLabel('6-digit code').fill(code as string);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
  }
  await expect(page).toHaveURL(/\/account\/orders$/);
  trustedDevice = (await page.context().cookies()).filter((cookie) => cookie.name === TRUSTED_DEVICE_COOKIE);
}

type Child = { id: number; name: string };

async function addChild(request: APIRequestContext, origin: string, body: object): Promise<Child> {
  const response = await request.post(`${base}/api/me/children`, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Child }).data;
}

async function setItem(request: APIRequestContext, origin: string, date: string, body: object) {
  const response = await request.put(`${base}/api/me/deliveries/${date}/items`, {
    data: body,
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`a parent sees the family's flags on /menus and is warned on add (${label})`, async ({ page }) => {
    test.setTimeout(120_000);
    const origin = base;
    await page.setViewportSize(viewport);
    await signIn(page);
    const { request } = page;
    const juno = await addChild(request, origin, {
      name: 'Juno',
      birth_year: 2021,
      birth_month: 3,
      allergens: ['dairy-free'],
    });
    const kit = await addChild(request, origin, {
      name: 'Kit',
      birth_year: 2019,
      birth_month: 6,
      disliked_ingredients: ['peas'],
    });
    let restore: (() => Promise<void>) | null = null;
    try {
      // The menus: every card the API flags, and the family's filters as links.
      await page.goto(`${base}/menus`);
      const filters = page.getByRole('navigation', { name: 'Your family' });
      await expect(filters.getByRole('link', { name: 'Suits everyone' })).toBeVisible();
      await expect(filters.getByRole('link', { name: 'Suits Juno' })).toBeVisible();
      await expect(filters.getByRole('link', { name: 'Suits Kit' })).toBeVisible();
      const dairy = page.locator('.product-card').filter({ hasText: 'Contains dairy — Juno' });
      await expect(dairy.first()).toBeVisible();
      await expect(
        page.locator('.product-card').filter({ hasText: "Kit doesn't like peas" }).first(),
      ).toBeVisible();

      await filters.getByRole('link', { name: 'Suits Juno' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]suits=${juno.id}(&|$)`));
      await expect(filters.getByRole('link', { name: 'Suits Juno' })).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('.product-card').first()).toBeVisible();
      await expect(page.locator('.product-card').filter({ hasText: 'Contains dairy — Juno' })).toHaveCount(0);

      await filters.getByRole('link', { name: 'Suits everyone' }).click();
      await expect(page).toHaveURL(/[?&]suits=everyone/);
      await expect(page.locator('.family-flag')).toHaveCount(0);
      await expect(page.locator('.product-card').first()).toContainText('Suits everyone');
      await page.screenshot({ path: `test-results/screenshots/family-flags-menus-${viewport.width}.png` });

      // The box editor: room for one dish, then a dish with dairy asks once.
      const deliveries = await request.get(`${base}/api/me/deliveries`);
      const box = (
        (await deliveries.json()) as {
          data: {
            date: string;
            editable: boolean;
            items: { sku: string; name: string; quantity: number }[];
          }[];
        }
      ).data.find((delivery) => delivery.editable);
      expect(box).toBeDefined();
      const date = box!.date;
      const taken = box!.items[0]!;
      await setItem(request, origin, date, { sku: taken.sku, quantity: taken.quantity - 1 });
      let added: string | null = null;
      restore = async () => {
        if (added) await setItem(request, origin, date, { sku: added, quantity: 0 });
        await setItem(request, origin, date, { sku: taken.sku, quantity: taken.quantity });
      };

      await page.goto(`${base}/account/deliveries/${date}`);
      const menu = page.locator('.box-editor__products');
      const card = menu.locator('.product-card').filter({ hasText: 'Contains dairy — Juno' });
      // A dish not in the box yet (its stepper shows 0).
      const firstFree = card.filter({ has: page.locator('.stepper__count', { hasText: /^0/ }) }).first();
      await expect(firstFree).toBeVisible();
      const sku = (await firstFree.getAttribute('data-sku')) as string;
      const name = ((await firstFree.locator('.product-card__name').textContent()) ?? '').trim();
      // That dish's card from here on, whatever its count becomes.
      const candidate = menu.locator(`.product-card[data-sku="${sku}"]`);
      await candidate.getByRole('button', { name: `Add one ${name}` }).click();
      const question = candidate.locator('.allergen-question');
      await expect(question).toContainText(/Contains dairy, which (.+ and )?Juno (is|are) allergic to\./);
      await expect(question).toContainText('Add anyway?');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toHaveCount(0);
      await expect(candidate.locator('.stepper__count')).toHaveText(/^0/);

      await candidate.getByRole('button', { name: `Add one ${name}` }).click();
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: 'Add anyway' }).click();
      added = sku;
      await expect(candidate.locator('.stepper__count')).toHaveText(/^1/);
      await expect(question).toHaveCount(0);
      // The box lists its dishes that do not suit a child, with the child's name.
      await page.reload();
      const conflicts = page.getByRole('region', { name: 'Not for everyone' });
      await expect(conflicts.locator('li', { hasText: name }).first()).toContainText('Contains dairy — Juno');
      await page.screenshot({ path: `test-results/screenshots/family-flags-box-${viewport.width}.png` });
    } finally {
      await restore?.();
      for (const child of [juno, kit])
        await request.delete(`${base}/api/me/children/${child.id}`, { headers: { origin } });
    }
  });
}
