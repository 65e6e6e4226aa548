import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

/**
 * A cross-site form post, in Chromium: a page on another port of the same host is the same site, so
 * the browser sends the store's SameSite=Lax cookies with its form posts. Before, it replaced a
 * signed-in customer's card and signed them out; now every page action refuses a post from another
 * origin before it runs (decision 014).
 */
// The refused post's document answers 403: the browser logs its status.
test.use({ allowConsoleErrors: [/status of 403/] });

const DEMO = { email: 'demo@example.com', password: 'mealtime-demo' };

let attacker: Server;
let attackerUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const store = new URL(baseURL as string);
  attacker = createServer((request, response) => {
    const cardId = new URL(request.url ?? '/', 'http://attacker').searchParams.get('card') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>You won a prize</title></head>
<body><main><h1>You won a prize</h1>
<form method="post" action="${store.origin}/account/payment-method">
  <input type="hidden" name="payment_method_id" value="${cardId}">
  <button type="submit">Claim the prize</button>
</form>
<form method="post" action="${store.origin}/account/sign-out">
  <button type="submit">Claim another prize</button>
</form></main></body></html>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // Another port of the store's own host name: same-site for the browser.
  attackerUrl = `http://${store.hostname}:${(attacker.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test('a page on another port cannot replace a signed-in customer’s card nor sign them out', async ({
  page,
}) => {
  // The demo customer signs in (password, then the emailed code), in this browser.
  const login = await page.request.post('/auth', { data: DEMO });
  const { verificationId } = (await login.json()) as { verificationId: string | null };
  if (verificationId) {
    let code: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (
          await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(DEMO.email)}&limit=1`)
        ).json()) as { data: { subject: string }[] };
        code = mails.data[0]?.subject.match(/\d{6}/)?.[0];
        return code !== undefined;
      })
      .toBe(true);
    const verified = await page.request.post('/auth/verification', { data: { code, verificationId } });
    expect(verified.ok()).toBe(true);
  }
  const cardBefore = await (await page.request.get('/api/me/payment-method')).json();
  expect(cardBefore.data).toMatchObject({ last4: '4242' });

  // The attacker's own card, made with the store's card form.
  const attackerCard = await page.request.post('/test-provider/v1/payment-methods', {
    data: { number: '5555555555554444', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(attackerCard.status()).toBe(201);
  const { id: cardId } = (await attackerCard.json()) as { id: string };

  await page.goto(`${attackerUrl}?card=${cardId}`);
  const cardPost = page.waitForResponse((response) => response.url().endsWith('/account/payment-method'));
  await page.getByRole('button', { name: 'Claim the prize' }).click();
  expect((await cardPost).status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing was changed' })).toBeVisible();
  await expect(page.getByText('This form was sent from another website')).toBeVisible();

  await page.goto(attackerUrl);
  const signOutPost = page.waitForResponse((response) => response.url().endsWith('/account/sign-out'));
  await page.getByRole('button', { name: 'Claim another prize' }).click();
  expect((await signOutPost).status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing was changed' })).toBeVisible();

  // Still signed in, the card as it was.
  expect((await page.request.get('/api/me')).status()).toBe(200);
  expect(await (await page.request.get('/api/me/payment-method')).json()).toEqual(cardBefore);
  await page.getByRole('link', { name: 'Go to the store' }).click();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);
});
