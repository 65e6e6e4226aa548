import { Writable } from 'node:stream';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

let logs = '';
let context: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  context = await startTestApp({ logger: { level: 'trace', stream } });
});
afterAll(() => context?.close());

const customer = demoAccounts.customer;
const admin = demoAccounts.admin;

function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [String(header)] : [];
  return Object.fromEntries(list.map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]));
}

const post = (url: string, body: unknown, cookie?: string) =>
  injectJson(context.app, 'POST', url, body, cookie);

async function latestCode(email: string): Promise<string> {
  await context.app.mailer.worker.drain();
  const { body } = await getJson(context.app, `/dev/mailbox/messages?to=${email}`);
  return body.data[0].subject.match(/^(\d{6}) /)[1];
}

/** Password, then the emailed code: answers the cookies of the signed-in browser. */
async function signIn(account: { email: string; password: string }) {
  const login = await post('/auth', { email: account.email, password: account.password });
  expect(login.statusCode).toBe(200);
  const verified = await post('/auth/verification', {
    code: await latestCode(account.email),
    verificationId: login.json().verificationId,
  });
  expect(verified.statusCode).toBe(200);
  return { result: verified.json(), cookies: cookiesOf(verified) };
}

async function resetLimits() {
  await context.database.db.delete(schema.authEvents);
}

describe('one Set-Cookie per cookie name', () => {
  it('signs in with one sid, one trusted_device and one impersonating header', async () => {
    await resetLimits();
    const login = await post('/auth', { email: customer.email, password: customer.password });
    const verified = await post('/auth/verification', {
      code: await latestCode(customer.email),
      verificationId: login.json().verificationId,
    });
    expect(verified.statusCode).toBe(200);
    const names = [verified.headers['set-cookie']].flat().map((cookie) => String(cookie).split('=')[0]);
    expect(names.sort()).toEqual([...new Set(names)].sort());
    expect(names.filter((name) => name === 'sid')).toHaveLength(1);
  });
});

describe('sign in with password and emailed code', () => {
  it('asks for a code on a new device, then signs in and remembers the device', async () => {
    await resetLimits();
    const login = await post('/auth', { email: 'Demo@Example.com', password: customer.password });
    expect(login.json()).toEqual({
      authenticated: false,
      nextAction: 'verification',
      verificationId: expect.any(String),
      is_admin: false,
      errors: null,
    });
    expect(cookiesOf(login)).toEqual({});

    const { result, cookies } = await signIn(customer);
    expect(result).toMatchObject({ authenticated: true, is_admin: false });
    expect(cookies.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies.trusted_device).toBeDefined();
    expect(cookies.impersonating).toBe('');

    const me = await context.app.inject({
      method: 'GET',
      url: '/api/me?include=address',
      headers: { cookie: `sid=${cookies.sid}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: customer.email,
      referral_id: 'DEMOREF',
      profile: { first_name: 'Jamie' },
      // The demo customer has an active subscription to the popular plan, delivered on Tuesdays.
      subscription: { status: 'active', delivery_weekday: 2, plan: { slug: 'plan-24', threshold: 24 } },
      address: { city: 'New York', zip_code: '10001', is_default: true },
    });

    // The remembered device signs in without a code.
    const again = await post(
      '/auth',
      { email: customer.email, password: customer.password },
      `trusted_device=${cookies.trusted_device}`,
    );
    expect(again.json()).toMatchObject({ authenticated: true, nextAction: null });
    expect(cookiesOf(again).sid).toBeDefined();
  });

  it('sends admins to the admin site flag after verification', async () => {
    await resetLimits();
    const { result } = await signIn(admin);
    expect(result).toMatchObject({ authenticated: true, is_admin: true });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    await resetLimits();
    const unknown = await post('/auth', { email: 'nobody@example.com', password: 'whatever-123' });
    const wrong = await post('/auth', { email: customer.email, password: 'not-the-password' });
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      message: 'The email and password combination is incorrect.',
      errors: { email: ['The email and password combination is incorrect.'] },
    });
  });

  it('locks sign-in after 5 failures in 15 minutes: the 6th answers 429, even with the right password', async () => {
    await resetLimits();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post('/auth', { email: customer.email, password: `wrong-${attempt}` })).statusCode).toBe(
        422,
      );
    }
    const sixth = await post('/auth', { email: customer.email, password: customer.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toContain('Too many failed sign-in attempts');
    // Failures older than the window no longer count.
    await context.database.db
      .update(schema.authEvents)
      .set({ createdAt: sql`now() - interval '16 minutes'` });
    expect((await post('/auth', { email: customer.email, password: customer.password })).statusCode).toBe(
      200,
    );
  });

  it('checks at most 5 of 20 parallel wrong passwords, and a right one among 19 wrong gets no extra try', async () => {
    await resetLimits();
    const wrong = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post('/auth', { email: customer.email, password: `bad-${index}` }),
      ),
    );
    const statuses = wrong.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);

    await resetLimits();
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post('/auth', { email: customer.email, password: index === 19 ? customer.password : `bad-${index}` }),
      ),
    );
    // Only five attempts were checked at all; the right password is refused unless it was among them.
    expect(mixed.filter((answer) => answer.statusCode !== 429).length).toBeLessThanOrEqual(6);
    expect(mixed.filter((answer) => answer.statusCode === 422).length).toBeLessThanOrEqual(5);
    await resetLimits();
  });

  it('sends at most 3 codes per 15 minutes', async () => {
    await resetLimits();
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await post('/auth', { email: customer.email, password: customer.password })).json().nextAction,
      ).toBe('verification');
    }
    expect((await post('/auth', { email: customer.email, password: customer.password })).statusCode).toBe(
      429,
    );
  });
});

describe('sign-in limits raised by the config', () => {
  it('counts failures and codes against the configured numbers (the browser journeys raise them)', async () => {
    const raised = await startTestApp({
      env: { RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: '2', RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES: '4' },
    });
    try {
      const attempt = (password: string) =>
        injectJson(raised.app, 'POST', '/auth', { email: customer.email, password });
      for (let index = 0; index < 4; index += 1) {
        expect((await attempt(customer.password)).json().nextAction).toBe('verification');
      }
      expect((await attempt(customer.password)).statusCode).toBe(429);

      await raised.database.db.delete(schema.authEvents);
      expect((await attempt('wrong-1')).statusCode).toBe(422);
      expect((await attempt('wrong-2')).statusCode).toBe(422);
      const third = await attempt(customer.password);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toContain('Too many failed sign-in attempts');
    } finally {
      await raised.close();
    }
  });
});

describe('codes', () => {
  it('counts wrong codes, allows 5 tries, and is single use', async () => {
    await resetLimits();
    const login = (await post('/auth', { email: customer.email, password: customer.password })).json();
    const code = await latestCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post('/auth/verification', { code: wrong, verificationId: login.verificationId });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.code).toEqual(['That code is not right. 4 tries left.']);
    const ok = await post('/auth/verification', { code, verificationId: login.verificationId });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/auth/verification', { code, verificationId: login.verificationId });
    expect(reused.json().errors.code).toEqual([
      'This code has expired. Please sign in again to get a new one.',
    ]);
  });

  it('refuses the right code after 5 wrong ones, and after 10 minutes', async () => {
    await resetLimits();
    const login = (await post('/auth', { email: customer.email, password: customer.password })).json();
    const code = await latestCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let index = 0; index < 5; index += 1)
      await post('/auth/verification', { code: wrong, verificationId: login.verificationId });
    const locked = await post('/auth/verification', { code, verificationId: login.verificationId });
    expect(locked.json().errors.code).toEqual([
      'Too many wrong codes. Please sign in again to get a new one.',
    ]);

    const second = (await post('/auth', { email: customer.email, password: customer.password })).json();
    const secondCode = await latestCode(customer.email);
    await context.database.db
      .update(schema.loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.loginChallenges.id, second.verificationId));
    const expired = await post('/auth/verification', {
      code: secondCode,
      verificationId: second.verificationId,
    });
    expect(expired.json().errors.code).toEqual([
      'This code has expired. Please sign in again to get a new one.',
    ]);
  });

  it('refuses malformed codes with a 422', async () => {
    const response = await post('/auth/verification', { code: '12ab', verificationId: 'x'.repeat(32) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(['Enter the 6-digit code from the email']);
  });
});

describe('sessions', () => {
  it('logout revokes the session; /api/me then answers 401', async () => {
    await resetLimits();
    const { cookies } = await signIn(customer);
    const cookie = `sid=${cookies.sid}`;
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
    ).toBe(200);
    const logout = await context.app.inject({
      method: 'DELETE',
      url: '/auth',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(204);
    expect(cookiesOf(logout).sid).toBe('');
    const me = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Please sign in.' });
  });

  it('rotates the session on sign-in: the previous one stops working', async () => {
    await resetLimits();
    const first = await signIn(customer);
    const second = await post(
      '/auth',
      { email: customer.email, password: customer.password },
      `sid=${first.cookies.sid}; trusted_device=${first.cookies.trusted_device}`,
    );
    const newSid = cookiesOf(second).sid;
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(first.cookies.sid);
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { cookie: `sid=${first.cookies.sid}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${newSid}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('stores only hashes of session tokens', async () => {
    await resetLimits();
    const { cookies } = await signIn(customer);
    const rows = await context.database.db.select().from(schema.sessions);
    expect(rows.some((row) => row.idHash === cookies.sid)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.idHash))).toBe(true);
  });
});

describe('logs', () => {
  it('never contain a password, a code or a session token', async () => {
    await resetLimits();
    logs = '';
    const login = await post('/auth', { email: customer.email, password: customer.password });
    const code = await latestCode(customer.email);
    const verified = await post('/auth/verification', { code, verificationId: login.json().verificationId });
    const sid = cookiesOf(verified).sid!;
    await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${sid}` } });
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [customer.password, code, sid, cookiesOf(verified).trusted_device!]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('addresses', () => {
  it("reads and changes my address; never somebody else's", async () => {
    await resetLimits();
    const { cookies } = await signIn(customer);
    const cookie = `sid=${cookies.sid}`;
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/me?include=address',
      headers: { cookie },
    });
    const id = me.json().data.address.id;

    const read = await context.app.inject({
      method: 'GET',
      url: `/api/me/addresses/${id}`,
      headers: { cookie },
    });
    expect(read.json().data).toMatchObject({ id, address_line_1: '350 W 31st St' });

    const put = (body: unknown, headers: Record<string, string> = { cookie }) =>
      context.app.inject({
        method: 'PUT',
        url: `/api/me/addresses/${id}`,
        headers: { ...headers, origin: 'http://localhost:3000', 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const changed = await put({ address_line_1: '1 Main St', zip_code: '60601' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ address_line_1: '1 Main St', zip_code: '60601' });
    expect((await put({ zip_code: '00000' })).json().errors.zip_code).toEqual([
      'We could not find this zip code.',
    ]);
    expect((await put({ city: '' })).statusCode).toBe(422);
    expect((await put({ city: 'Nowhere' }, {})).statusCode).toBe(401);

    const { cookies: adminCookies } = await signIn(admin);
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/me/addresses/${id}`,
      headers: { cookie: `sid=${adminCookies.sid}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('impersonation', () => {
  const impersonate = (userId: number, cookie?: string) =>
    post('/auth/impersonations', { user_id: userId }, cookie);
  const userIdOf = async (email: string) =>
    (await context.database.db.select().from(schema.users)).find((user) => user.email === email)!.id;

  it('lets an admin act as a customer: a session marked with the admin, shown by a cookie', async () => {
    await resetLimits();
    const { cookies } = await signIn(admin);
    const started = await impersonate(await userIdOf(customer.email), `sid=${cookies.sid}`);
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toEqual({ user_id: await userIdOf(customer.email), email: customer.email });
    const issued = cookiesOf(started);
    // A flag scripts cannot read, carrying no email.
    expect(issued.impersonating).toBe('1');
    const flag = [started.headers['set-cookie']]
      .flat()
      .find((cookie) => String(cookie).startsWith('impersonating='));
    expect(String(flag)).toMatch(/HttpOnly/i);
    expect(issued.sid).not.toBe(cookies.sid);

    const me = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${issued.sid}` },
    });
    expect(me.json().data.email).toBe(customer.email);
    const adminId = await userIdOf(admin.email);
    const sessions = await context.database.db.select().from(schema.sessions);
    expect(sessions.filter((session) => session.impersonatorUserId === adminId)).toHaveLength(1);

    const ended = await context.app.inject({
      method: 'DELETE',
      url: '/auth/impersonations',
      headers: { cookie: `sid=${issued.sid}`, origin: 'http://localhost:3000' },
    });
    expect(ended.statusCode).toBe(204);
    expect(cookiesOf(ended)).toMatchObject({ sid: '', impersonating: '' });
    const after = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${issued.sid}` },
    });
    expect(after.statusCode).toBe(401);
    // The admin's own session was never touched.
    const own = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${cookies.sid}` },
    });
    expect(own.json().data.email).toBe(admin.email);
  });

  it('is refused to visitors, customers, impersonation sessions, and for admin or unknown accounts', async () => {
    await resetLimits();
    const customerId = await userIdOf(customer.email);
    expect((await impersonate(customerId)).statusCode).toBe(401);
    const asCustomer = await signIn(customer);
    expect((await impersonate(customerId, `sid=${asCustomer.cookies.sid}`)).statusCode).toBe(403);
    await resetLimits();
    const asAdmin = await signIn(admin);
    expect((await impersonate(await userIdOf(admin.email), `sid=${asAdmin.cookies.sid}`)).statusCode).toBe(
      403,
    );
    expect((await impersonate(999_999, `sid=${asAdmin.cookies.sid}`)).statusCode).toBe(404);
    const nested = cookiesOf(await impersonate(customerId, `sid=${asAdmin.cookies.sid}`));
    expect((await impersonate(customerId, `sid=${nested.sid}`)).statusCode).toBe(403);
    const notImpersonating = await context.app.inject({
      method: 'DELETE',
      url: '/auth/impersonations',
      headers: { cookie: `sid=${asAdmin.cookies.sid}`, origin: 'http://localhost:3000' },
    });
    expect(notImpersonating.statusCode).toBe(404);
  });
});

describe('route guards (requireUser, requireAdmin)', () => {
  it('answers 401 to a visitor on every signed-in route, and 403 to a customer on an admin route', async () => {
    await resetLimits();
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/me/addresses/1'],
      ['POST', '/api/sales/checkout/success-visit'],
      ['GET', '/api/sales/users/1/orders'],
      ['POST', '/auth/impersonations'],
    ] as const) {
      const response =
        method === 'GET' ? await context.app.inject({ method, url }) : await post(url, { user_id: 1 });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in.' });
    }
    const { cookies } = await signIn(customer);
    const refused = await post('/auth/impersonations', { user_id: 1 }, `sid=${cookies.sid}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only admins can do this.' });
  });
});
