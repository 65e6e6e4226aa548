import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';
import { startOwnStore } from './own-store';

/**
 * A renewal that asks for 3-D Secure (decision 041): a customer whose bank asks for 3-D Secure,
 * made through checkout (which does the step on-session), reaches the box's cutoff: the renewal is
 * not declined, the email in the dev mailbox links to the account page where the same step pays the
 * box, and the box shows paid with the amount the email asked to confirm.
 */

const CARD_3DS = '4000 0025 0000 3155';
const email = () => `renewal-3ds-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

type Mail = { subject: string; text: string; template?: string };

async function mailsTo(page: Page, base: string, to: string): Promise<Mail[]> {
  const response = await page.request.get(`${base}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Mail[] }).data;
}

test('a 3-D Secure renewal is confirmed from its email link and the box is paid what the email said', async ({
  page,
}) => {
  // The renewal runs as of the box's cutoff: on a store of its own, so no other journey's boxes move.
  test.setTimeout(300_000);
  const store = await startOwnStore();
  try {
    await page.setViewportSize(VIEWPORTS.desktop);
    const base = store.baseUrl;
    const address = email();
    const panel = page.locator('#cart-panel');

    // Checkout with the 3-D Secure card: the bank's step on-session, as every new customer does it.
    await page.goto(`${base}/menus?email=${encodeURIComponent(address)}&zip=10001&plan=plan-12`);
    await expect(panel.locator('.cart-progress__label')).toHaveText('0 of 12 items');
    await panel.getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
    await expect(panel.locator('.cart-progress__label')).toHaveText('12 of 12 items');
    await panel.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/onboarding\/checkout$/);
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('First name').fill('Ada');
    await details.getByLabel('Last name').fill('Mensah');
    await details.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
    await details.getByLabel('City').fill('New York');
    await details.getByLabel('Phone').fill('(212) 555-0142');
    await details.getByLabel('Password', { exact: true }).fill('little-spoons-2026');
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByLabel('Card number').fill(CARD_3DS);
    await payment.getByLabel(/Expiry/).fill('12 / 34');
    await payment.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} and subscribe$/ }).click();
    await page
      .getByRole('dialog', { name: 'Confirm your payment' })
      .getByRole('button', { name: 'Complete authentication' })
      .click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 30_000 });

    // The second box's cutoff, through the demo-only door `npm run jobs -- --as-of=` also is.
    const boxes = (await (await page.request.get(`${base}/api/me/deliveries`)).json()).data as {
      date: string;
      status: string;
      cutoff_at: string;
    }[];
    const second = boxes.find((box) => box.status === 'scheduled')!;
    const run = await page.request.post(`${base}/dev/jobs/run`, {
      data: { as_of: new Date(Date.parse(second.cutoff_at) + 60_000).toISOString(), only: ['renewals'] },
    });
    expect(run.ok()).toBe(true);
    expect((await run.json()).data[0]).toMatchObject({
      name: 'renewals',
      ok: true,
      result: { charges: { charged: 0, declined: 0, authentication_required: 1 } },
    });

    // No "your bank declined": an email that asks to confirm, with the amount and the link.
    const mails = await mailsTo(page, base, address);
    expect(mails.some((mail) => /declined/i.test(mail.text))).toBe(false);
    const mail = mails.find((candidate) => candidate.subject.startsWith('Confirm the payment for your box'));
    expect(mail).toBeDefined();
    const emailed = mail!.text.match(/confirm the payment of (\$\d+\.\d{2})/)?.[1];
    expect(emailed).toMatch(/^\$\d+\.\d{2}$/);
    const link = mail!.text.match(/Confirm the payment: (\S+)/)?.[1];
    expect(link).toContain(`/account/deliveries/${second.date}/pay`);

    // The account says what the box waits for.
    await page.goto(`${base}/account/deliveries`);
    const row = page.locator(`[data-delivery="${second.date}"]`);
    await expect(row.locator('.status-badge')).toHaveText('Confirm payment');
    await expect(row).toContainText('Your bank asks you to confirm the payment of');

    // The link, the bank's step, the box paid.
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your box of');
    await page.screenshot({
      path: 'test-results/screenshots/renewal-authentication-1280.png',
      fullPage: true,
    });
    await page.getByRole('button', { name: `Confirm the payment of ${emailed}` }).click();
    const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(bank).toContainText(`confirm a payment of ${emailed}`, { timeout: 30_000 });
    await bank.getByRole('button', { name: 'Complete authentication' }).click();
    const paid = page.locator('[data-paid]');
    await expect(paid).toContainText('Thank you: the box is paid.', { timeout: 30_000 });
    await expect(paid).toContainText(`${emailed} was charged`);
    await expect(page.locator('.status-badge')).toHaveText('Paid');

    // The order: paid, the amount charged the amount the email said, with the 3-D Secure card.
    await paid.getByRole('link', { name: /^order / }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.locator('dl').filter({ hasText: 'Paid with' })).toContainText('ending in 3155');
    await expect(page.locator('main')).toContainText(emailed!);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(link!);
    await expect(page.locator('[data-paid]')).toContainText(`${emailed} was charged`);
    await page.screenshot({
      path: 'test-results/screenshots/renewal-authentication-paid-390.png',
      fullPage: true,
    });
  } finally {
    await store.stop();
  }
});
