import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * Gift cards (decision 024): a visitor buys a $50 card for a friend, delivered today; the friend
 * reads the code in their email (the dev mailbox), uses it at their first checkout as a new
 * customer, and finds what is left of it in their account.
 */
const unique = (label: string) =>
  `gift-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const CARD_OK = '4242 4242 4242 4242';

async function fillCard(page: Page) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill(CARD_OK);
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
}

/** Dollars in "$12.34" or "$12" form. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test('the amount tiles hold their words inside their borders, and the date field ends a year ahead', async ({
  page,
}) => {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/gift-cards');
    await page.screenshot({ path: `test-results/screenshots/gift-cards-amounts-${width}.png` });
    const cramped = await page.evaluate(() =>
      [...document.querySelectorAll('.gift-cards-amount')]
        .filter((tile) => {
          const box = tile.getBoundingClientRect();
          const words = tile.querySelector('span')!.getBoundingClientRect();
          // The words keep at least the tile's padding (10px) from its border.
          return words.right > box.right - 10 || tile.scrollWidth > tile.clientWidth;
        })
        .map((tile) => tile.textContent),
    );
    expect(cramped, `${width}px`).toEqual([]);
  }
  // Same calendar date next year, inclusive: the form's max is what the copy and the API say.
  const date = page.getByLabel('Delivery date');
  const min = (await date.getAttribute('min')) as string;
  const [year, rest] = [Number(min.slice(0, 4)), min.slice(4)];
  const expected = rest === '-02-29' ? `${year + 1}-02-28` : `${year + 1}${rest}`;
  await expect(date).toHaveAttribute('max', expected);
  await expect(page.getByText('any day up to the same date next year')).toBeVisible();
});

test('buy a $50 card for a friend, who spends it on their first box and sees what is left', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(VIEWPORTS.desktop);
  const friend = unique('friend');
  const buyer = unique('buyer');

  // Buy: a suggested amount, the friend, a message, today's date, the card.
  await page.goto('/gift-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Gift card promotions' })).toContainText(
    '$20 bonus card',
  );
  const form = page.getByRole('form', { name: 'Buy a gift card' });
  await form.getByRole('radio', { name: '$50' }).check();
  await form.getByLabel("Recipient's name").fill('Priya');
  await form.getByLabel("Recipient's email").fill(friend);
  await form.getByLabel('Your name').fill('Sam');
  await form.getByLabel('Your email (for the receipt)').fill(buyer);
  await form.getByLabel('Message (optional)').fill('Happy birthday, enjoy the snacks!');
  await expect(form.getByRole('textbox', { name: 'Delivery date' })).not.toHaveValue('');
  await fillCard(page);
  await form.getByRole('button', { name: 'Pay $50' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you! Your gift card is paid' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(`we have emailed it to ${friend}`)).toBeVisible();

  // The friend's email, in the dev mailbox: the code is on its "Gift card code:" line.
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(friend)}`);
      mail = ((await response.json()) as { data: { subject: string; text: string }[] }).data[0];
      return mail?.subject ?? '';
    })
    .toBe('Sam sent you a $50 Sprout & Spoon gift card');
  expect(mail!.text).toContain('Happy birthday, enjoy the snacks!');
  const code = mail!.text.match(/^Gift card code: (\S+)$/m)?.[1] ?? '';
  expect(code).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/);

  // The friend's first box (half price with the welcome code): a 12-item plan filled by a preset,
  // then checkout with the code, which pays it all and keeps the rest.
  await page.goto('/?pc=WELCOME50');
  await page.goto(`/menus?email=${encodeURIComponent(friend)}&zip=10001&plan=plan-12`);
  const panel = page.locator('#cart-panel');
  await expect(panel.locator('.cart-progress__label')).toHaveText('0 of 12 items');
  await panel.getByRole('button', { name: 'Add all 12 items of Starter favourites' }).click();
  await expect(panel.locator('.cart-progress__label')).toHaveText('12 of 12 items');
  await panel.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('First name').fill('Priya');
  await details.getByLabel('Last name').fill('Shah');
  await details.getByLabel('Address', { exact: true }).fill('12 Orchard Lane');
  await details.getByLabel('City').fill('New York');
  await details.getByLabel('Phone').fill('(212) 555-0142');
  await details.getByLabel('Password', { exact: true }).fill('little-spoons-2026');

  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Gift card code').fill(code.toLowerCase());
  await payment.getByRole('button', { name: 'Apply' }).click();
  const applied = payment.getByRole('list', { name: 'Gift cards applied' }).getByRole('listitem');
  await expect(applied).toHaveCount(1);
  await expect(applied).toContainText(`Gift card ending in ${code.slice(-4)}`);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const giftLine = summary.getByRole('term').filter({ hasText: 'Gift cards' });
  await expect(giftLine).toBeVisible();
  const appliedDollars = dollars(await giftLine.locator('xpath=following-sibling::dd[1]').textContent());
  expect(appliedDollars).toBeGreaterThan(0);
  expect(appliedDollars).toBeLessThan(50);
  // A box paid entirely by a gift card charges no card (and does not fail: Saleor #14487), yet
  // saves one: the next boxes are charged to it once the gift card's balance is spent.
  await expect(payment).toContainText(
    'Your gift cards cover your first box: we charge nothing today and save your card for your next boxes, once what is left on your gift cards is spent.',
  );
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByRole('button', { name: 'Start my subscription' }).click();
  await expect(page).toHaveURL(/\/onboarding\/checkout\/success$/, { timeout: 20_000 });

  // What is left of the card pays the next boxes: the account shows it, and the card's history.
  await page.goto('/account/gift-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  const remaining = 50 - appliedDollars;
  await expect(page.locator('[data-gift-card-balance]')).toHaveText(`$${remaining.toFixed(2)}`);
  const card = page.getByRole('region', { name: `Gift card ending in ${code.slice(-4)}` });
  await expect(card).toContainText(`$${remaining.toFixed(2)} left of $50.00`);
  await expect(card.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screenshots/gift-cards-account-1280.png', fullPage: true });
});

test('the purchase flow on a phone, in the blog layout of /gift-cards/index-old, refuses a declined card', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/gift-cards/index-old');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'blog-page-default');
  const form = page.getByRole('form', { name: 'Buy a gift card' });
  await form.getByRole('radio', { name: 'Other amount' }).check();
  await form.getByRole('textbox', { name: /Other amount/ }).fill('20');
  await form.getByLabel("Recipient's name").fill('Lee');
  await form.getByLabel("Recipient's email").fill(unique('lee'));
  await form.getByLabel('Your name').fill('Sam');
  await form.getByLabel('Your email (for the receipt)').fill(unique('sam'));
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(form.getByText('Choose an amount from $25 to $500, in whole dollars')).toBeVisible();
  await form.getByRole('textbox', { name: /Other amount/ }).fill('120');
  // $100 or more earns the promotion's bonus card, shown before paying.
  await expect(form.getByRole('definition').filter({ hasText: '$20' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByLabel(/Expiry/).fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay $120' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await page.screenshot({ path: 'test-results/screenshots/gift-cards-390.png', fullPage: true });
});

test('the custom amount is checked when it is left, not as it is typed', async ({ page }) => {
  await page.goto('/gift-cards');
  const form = page.getByRole('form', { name: 'Buy a gift card' });
  await form.getByRole('radio', { name: 'Other amount' }).check();
  const amount = form.getByRole('textbox', { name: /Other amount/ });
  const error = form.getByText('Choose an amount from $25 to $500, in whole dollars');
  for (const wrong of ['24', '501', 'abc']) {
    await amount.fill(wrong);
    await amount.press('Tab');
    await expect(error, wrong).toBeVisible();
    await expect(amount, wrong).toHaveAttribute('aria-invalid', 'true');
    // Typing again checks nothing until the field is left: the message stays while it is typed.
    await amount.fill('');
    await amount.pressSequentially('5');
    await expect(error, `${wrong}, then typing`).toBeVisible();
  }
  await amount.fill('50');
  await amount.press('Tab');
  await expect(error).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  // Picking a suggested amount (a committed change) clears a wrong custom amount's message too.
  await form.getByRole('radio', { name: 'Other amount' }).check();
  await amount.fill('9');
  await amount.press('Tab');
  await expect(error).toBeVisible();
  await form.getByRole('radio', { name: '$100' }).check();
  await expect(error).toHaveCount(0);
});
