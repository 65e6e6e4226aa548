import {
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTS_PER_CLIENT_MESSAGE,
  RESET_REQUESTS_PER_CLIENT_PER_HOUR,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../src/modules/auth/tokens';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

const customer = demoAccounts.customer;

const post = (url: string, body: unknown, cookie?: string) =>
  injectJson(context.app, 'POST', url, body, cookie);

async function resetLinkFor(email: string): Promise<URL> {
  await context.app.mailer.worker.drain();
  const { body } = await getJson(context.app, `/dev/mailbox/messages?to=${email}`);
  return new URL(body.data[0].text.match(/(https?:\/\/\S+)/)[1]);
}

describe('password reset', () => {
  it('answers the same for known and unknown emails, and mails only the account', async () => {
    const known = await post('/auth/password-resets', { email: customer.email });
    const unknown = await post('/auth/password-resets', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await context.app.mailer.worker.drain();
    expect((await getJson(context.app, '/dev/mailbox/messages?to=stranger@example.com')).body.data).toEqual(
      [],
    );
    const link = await resetLinkFor(customer.email);
    expect(link.pathname).toBe('/onboarding/reset-password');
    expect(link.searchParams.get('email')).toBe(customer.email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends at most 3 reset emails an hour, for known and unknown emails alike', async () => {
    await context.database.db.delete(schema.authEvents);
    for (const email of ['limit@example.com', customer.email]) {
      for (let index = 0; index < 3; index += 1)
        expect((await post('/auth/password-resets', { email })).statusCode).toBe(200);
      const fourth = await post('/auth/password-resets', { email });
      expect(fourth.statusCode).toBe(429);
    }
    await context.database.db.delete(schema.authEvents);
  });

  it('20 parallel requests for one email send 3 mails: the limit is counted before the mail', async () => {
    await context.database.db.delete(schema.authEvents);
    await context.database.db.delete(schema.mailMessages);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/password-resets', { email: customer.email })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    const mails = await context.database.db
      .select()
      .from(schema.mailMessages)
      .where(eq(schema.mailMessages.template, 'password_reset'));
    expect(mails).toHaveLength(3);
    await context.database.db.delete(schema.authEvents);
  });

  it(`one client gets ${RESET_REQUESTS_PER_CLIENT_PER_HOUR} reset mails an hour, whatever the accounts`, async () => {
    await context.database.db.delete(schema.authEvents);
    await context.database.db.delete(schema.mailMessages);
    // 52 accounts, one address asking for a reset of each (decision 037).
    const emails = Array.from({ length: 52 }, (_, index) => `family-${index}@example.com`);
    await context.database.db.insert(schema.users).values(emails.map((email) => ({ email })));
    const from = (remoteAddress: string, email: string) =>
      context.app.inject({
        method: 'POST',
        url: '/auth/password-resets',
        remoteAddress,
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
    const answers = await Promise.all(emails.map((email) => from('198.51.100.7', email)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RESET_REQUESTS_PER_CLIENT_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(52 - RESET_REQUESTS_PER_CLIENT_PER_HOUR);
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toEqual({
      message: RESET_REQUESTS_PER_CLIENT_MESSAGE,
    });
    const mails = await context.database.db
      .select()
      .from(schema.mailMessages)
      .where(eq(schema.mailMessages.template, 'password_reset'));
    expect(mails).toHaveLength(RESET_REQUESTS_PER_CLIENT_PER_HOUR);
    // Another address (another family) still gets its mail.
    expect((await from('198.51.100.8', emails[51]!)).statusCode).toBe(200);
    await context.database.db.delete(schema.authEvents);
  });

  it('checks the token before anything costly, with a person-readable message, limited per client', async () => {
    await context.database.db.delete(schema.authEvents);
    const attempt = (token: string) =>
      post('/auth/completed-password-resets', {
        email: customer.email,
        password: 'guessing-password',
        password_confirmation: 'guessing-password',
        token,
      });
    const short = await attempt('short');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      message: RESET_LINK_INVALID_MESSAGE,
      errors: { token: [RESET_LINK_INVALID_MESSAGE] },
    });
    const answers = await Promise.all(Array.from({ length: 15 }, () => attempt(randomToken())));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    await context.database.db.delete(schema.authEvents);
  });

  it('sets the new password once, ends old sessions and signs in through a one-time token', async () => {
    await context.database.db.delete(schema.authEvents);
    // A session open elsewhere, which the reset must end.
    const [owner] = await context.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, customer.email));
    const oldSession = randomToken();
    await context.database.db.insert(schema.sessions).values({
      idHash: hashToken(oldSession),
      userId: owner!.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${oldSession}` } }))
        .statusCode,
    ).toBe(200);
    await post('/auth/password-resets', { email: customer.email });
    const link = await resetLinkFor(customer.email);
    const token = link.searchParams.get('token')!;

    const mismatch = await post('/auth/completed-password-resets', {
      email: customer.email,
      password: 'new-password-1',
      password_confirmation: 'new-password-2',
      token,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['The passwords do not match']);

    const done = await post('/auth/completed-password-resets', {
      email: customer.email,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
      token,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ access_token: expect.any(String), expires_in: 60 });

    const again = await post('/auth/completed-password-resets', {
      email: customer.email,
      password: 'another-password',
      password_confirmation: 'another-password',
      token,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([RESET_LINK_INVALID_MESSAGE]);

    const exchanged = await post('/auth/token', { token: done.json().access_token });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ authenticated: true });
    const sid = String(exchanged.headers['set-cookie']).match(/sid=([^;]+)/)![1];
    const initial = await context.app.inject({
      method: 'GET',
      url: '/auth/initial',
      headers: { cookie: `sid=${sid}` },
    });
    expect(initial.json()).toMatchObject({ authenticated: true, user: { email: customer.email } });
    expect((await post('/auth/token', { token: done.json().access_token })).statusCode).toBe(422);

    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${oldSession}` } }))
        .statusCode,
    ).toBe(401);

    // The new password works; the old one does not.
    expect((await post('/auth', { email: customer.email, password: customer.password })).statusCode).toBe(
      422,
    );
    expect((await post('/auth', { email: customer.email, password: 'brand-new-password' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a token for another email', async () => {
    await context.database.db.delete(schema.authEvents);
    await post('/auth/password-resets', { email: customer.email });
    const token = (await resetLinkFor(customer.email)).searchParams.get('token')!;
    const response = await post('/auth/completed-password-resets', {
      email: 'admin@example.com',
      password: 'hijack-password',
      password_confirmation: 'hijack-password',
      token,
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers visitors at /auth/initial without a 401', async () => {
    expect((await getJson(context.app, '/auth/initial')).body).toEqual({
      authenticated: false,
      is_admin: false,
      user: null,
    });
  });
});

describe('GET /api/route-access', () => {
  const access = (path: string, cookie?: string) =>
    context.app.inject({
      method: 'GET',
      url: `/api/route-access?path=${encodeURIComponent(path)}`,
      headers: cookie ? { cookie } : {},
    });

  it('opens ordinary routes', async () => {
    expect((await access('/menus/purees/')).json().data).toEqual({
      allowed: true,
      redirect: null,
      external: false,
    });
  });

  it('sends a visitor without a ready cart from checkout to the menus, and opens it for a full box', async () => {
    expect((await access('/onboarding/checkout')).json().data).toEqual({
      allowed: false,
      redirect: '/menus',
      external: false,
    });
    const id = (await post('/api/customers/abandoned-carts', {})).json().data.id;
    const [plan] = await context.database.db
      .select()
      .from(schema.plans)
      .orderBy(schema.plans.threshold)
      .limit(1);
    await post(`/api/customers/abandoned-carts/${id}/plans`, { plan_id: plan!.id });
    const [group] = await context.database.db.select().from(schema.bestsellerGroups).limit(1);
    await post(`/api/customers/abandoned-carts/${id}/filled-with-bestsellers/${group!.id}`, {});
    expect((await access('/onboarding/checkout/', `abandoned_cart_id=${id}`)).json().data.allowed).toBe(true);
  });

  it('keeps the success page closed without its grant, and reactivate closed without a session', async () => {
    expect((await access('/onboarding/checkout/success')).json().data.redirect).toBe('/menus');
    expect((await access('/reactivate')).json().data.redirect).toBe('/onboarding/login');
  });
});
