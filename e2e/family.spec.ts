import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * The family page (docs/decisions/055) as the demo customer: the seeded children show with their
 * allergy and dislike, then a child is added (after a refused empty name), edited and removed after
 * the confirmation. Once at each width; the journeys change the same customer, so they run in turn.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };

async function mails(page: Page): Promise<{ subject: string }[]> {
  const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(DEMO.email)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { subject: string }[] }).data;
}

/** Password, then the emailed code, through the API: the browser's context keeps the session. */
async function signIn(page: Page) {
  const before = (await mails(page)).length;
  const login = await page.request.post('/auth', { data: DEMO });
  expect(login.ok()).toBe(true);
  const { verificationId } = (await login.json()) as { verificationId: string | null };
  if (!verificationId) return;
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
  expect((await page.request.post('/auth/verification', { data: { code, verificationId } })).ok()).toBe(true);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`the demo customer adds, edits and removes a child on /account/family (${label})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/account/family');
    await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Family' })).toHaveAttribute('aria-current', 'page');

    // The seeded family: Mia is allergic to dairy, Leo won't eat peas.
    const mia = page.getByRole('article', { name: 'Mia' });
    await expect(mia).toContainText('Allergic to dairy');
    await expect(mia).toContainText('3-5 years');
    await expect(page.getByRole('article', { name: 'Leo' })).toContainText("Won't eat peas");

    // An empty name is refused beside its field, which gets the focus.
    const add = page.getByRole('region', { name: 'Add a child' });
    await add.getByRole('button', { name: 'Add child' }).click();
    const name = add.getByLabel('First name or nickname');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(add.getByText('This field is required')).toBeVisible();
    await expect(add.getByText('Choose the month and year your child was born')).toBeVisible();

    // Added with an allergy, a disliked dish, two ingredients and a diet.
    const child = `Noah ${label}`;
    const year = new Date().getFullYear() - 2;
    await name.fill(child);
    await add.getByLabel('Month').selectOption('March');
    await add.getByLabel('Year').selectOption(String(year));
    await add.getByRole('checkbox', { name: 'Egg' }).check();
    await add.getByRole('radio', { name: 'Vegetarian' }).check();
    await add.getByText("Dishes they won't eat").click();
    await add.getByRole('checkbox', { name: 'Butternut Mac & Cheese' }).check();
    await add.getByLabel("Ingredients they won't eat").fill('peas, mushrooms');
    await expectAccessible(page, 'the add form, filled');
    await add.getByRole('button', { name: 'Add child' }).click();
    await expect(page.locator('[data-notice]')).toHaveText('Child added.');
    const card = page.getByRole('article', { name: child });
    await expect(card).toContainText('Allergic to egg');
    await expect(card).toContainText("Won't eat Butternut Mac & Cheese, peas and mushrooms");
    await expect(card).toContainText('Diet: Vegetarian');
    await expect(card).toContainText(`born March ${year}`);

    // An edit replaces the whole profile: a new name, no allergy any more.
    await card.getByRole('link', { name: `Edit ${child}` }).click();
    const edit = page.getByRole('region', { name: `Edit ${child}` });
    await expect(edit.getByLabel('First name or nickname')).toHaveValue(child);
    await expect(edit.getByRole('checkbox', { name: 'Egg' })).toBeChecked();
    await expectAccessible(page, 'the edit form');
    await edit.getByLabel('First name or nickname').fill(`${child} B`);
    await edit.getByRole('checkbox', { name: 'Egg' }).uncheck();
    await edit.getByRole('button', { name: `Save ${child}` }).click();
    await expect(page.locator('[data-notice]')).toHaveText('Changes saved.');
    const edited = page.getByRole('article', { name: `${child} B` });
    await expect(edited).toContainText('No allergies');
    await expect(edited).toContainText('Diet: Vegetarian');

    // Removal asks first; keeping goes back, confirming removes.
    await edited.getByRole('link', { name: `Remove ${child} B` }).click();
    await expect(edited.getByText(/This cannot be undone/)).toBeFocused();
    await expect(edited.getByText(/This cannot be undone/)).toContainText(`Remove ${child} B?`);
    await edited.getByRole('link', { name: `Keep ${child} B` }).click();
    await expect(edited.getByRole('link', { name: `Remove ${child} B` })).toBeVisible();
    await edited.getByRole('link', { name: `Remove ${child} B` }).click();
    await edited.getByRole('button', { name: `Yes, remove ${child} B` }).click();
    await expect(page.locator('[data-notice]')).toHaveText('Removed, with everything we kept about them.');
    await expect(page.getByRole('article', { name: `${child} B` })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Mia' })).toBeVisible();

    // Nothing runs past the page's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms post as they are: a child is added, refused first, then removed after the confirmation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(VIEWPORTS.phone);
    await signIn(page);
    await page.goto('/account/family');
    const add = page.getByRole('region', { name: 'Add a child' });
    const year = String(new Date().getFullYear() - 5);
    await add.getByLabel('First name or nickname').fill('Ada');
    await add.getByLabel('Year').selectOption(year);
    await add.getByRole('checkbox', { name: 'Nut' }).check();
    await add.getByRole('button', { name: 'Add child' }).click();
    // Refused on the server: the month is missing; what was sent is kept.
    await expect(add.getByText('Choose the month and year your child was born')).toBeVisible();
    await expect(add.getByLabel('First name or nickname')).toHaveValue('Ada');
    await expect(add.getByRole('checkbox', { name: 'Nut' })).toBeChecked();
    await add.getByLabel('Month').selectOption('July');
    await add.getByRole('button', { name: 'Add child' }).click();
    await expect(page.locator('[data-notice]')).toHaveText('Child added.');
    const ada = page.getByRole('article', { name: 'Ada' });
    await expect(ada).toContainText('Allergic to nut');

    await ada.getByRole('link', { name: 'Remove Ada' }).click();
    await ada.getByRole('button', { name: 'Yes, remove Ada' }).click();
    await expect(page.locator('[data-notice]')).toHaveText('Removed, with everything we kept about them.');
    await expect(page.getByRole('article', { name: 'Ada' })).toHaveCount(0);
  });
});
