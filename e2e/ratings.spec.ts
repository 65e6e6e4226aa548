import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * Ratings that teach the box (docs/decisions/055, Ratings): the demo family (Mia and Leo) had a
 * box delivered a few days ago; the ratings job sends "How did Mia and Leo like their box?" to the
 * dev mailbox; its link opens the box's dishes × children with no sign-in, the parent rates and is
 * thanked; the same link again is refused, with the way to rate from the account.
 */

const DEMO_EMAIL = 'demo@example.com';

// The reused link's page answers 409, which the browser logs.
test.use({ allowConsoleErrors: [/status of 409/] });

type Mail = { subject: string; text: string; template: string };

async function ratingMail(page: Page, base: string): Promise<Mail | undefined> {
  const response = await page.request.get(
    `${base}/dev/mailbox/messages?to=${encodeURIComponent(DEMO_EMAIL)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Mail[] }).data.find(
    (mail) => mail.template === 'rating-request',
  );
}

test('a parent rates a delivered box from the email, is thanked, and the reused link is refused', async ({
  page,
}) => {
  // The job runs on a store of its own: the shared store's demo mailbox is read by other journeys.
  test.setTimeout(300_000);
  const store = await startOwnStore({ demoAccounts: true, portOffset: 8 });
  try {
    const base = store.baseUrl;
    const run = await page.request.post(`${base}/dev/jobs/run`, {
      data: { as_of: new Date().toISOString(), only: ['rating-requests'] },
    });
    expect(run.ok()).toBe(true);
    expect((await run.json()).data[0]).toMatchObject({
      name: 'rating-requests',
      ok: true,
      result: { sent: 1 },
    });

    let mail: Mail | undefined;
    await expect
      .poll(async () => {
        mail = await ratingMail(page, base);
        return mail !== undefined;
      })
      .toBe(true);
    expect(mail!.subject).toBe('How did Mia and Leo like their box?');
    const link = new URL(/Rate the box: (\S+)/.exec(mail!.text)![1]!);
    const rateUrl = `${base}${link.pathname}${link.search}`;

    // On a phone: each dish of the box, a choice per child, no sign-in.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(rateUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'How did Mia and Leo like their box?' }),
    ).toBeVisible();
    const firstDish = page.locator('.rating-dish').first();
    const dishName = (await firstDish.getByRole('heading', { level: 3 }).textContent())!;
    const mia = page.getByRole('group', { name: `Mia, ${dishName}` });
    const leo = page.getByRole('group', { name: `Leo, ${dishName}` });
    await expect(mia.getByRole('radio')).toHaveCount(3);
    await expectAccessible(page, 'the rating form at 390px');

    // On a desktop: rate two dishes, send, and the thank-you names the children.
    await page.setViewportSize(VIEWPORTS.desktop);
    await mia.getByRole('radio', { name: 'Loved it' }).check();
    await leo.getByRole('radio', { name: 'Refused it' }).check();
    const second = page.locator('.rating-dish').nth(1);
    await second.getByRole('radio', { name: 'It was OK' }).first().check();
    await page.getByRole('button', { name: 'Send the ratings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText(/Mia and Leo.s ratings are saved/)).toBeVisible();
    await expectAccessible(page, 'the thank-you at 1280px');

    // The link again: one submit closed it; the page says so and offers the account.
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      const refused = await page.goto(rateUrl);
      expect(refused?.status()).toBe(409);
      await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('These ratings were already sent with this link.');
      await expect(page.getByRole('link', { name: 'Sign in to rate from your account' })).toBeVisible();
      await expectAccessible(page, `the refused link at ${viewport.width}px`);
    }
  } finally {
    await store.stop();
  }
});
