import {
  ABANDONED_CART_COOKIE,
  LOGIN_FAILED_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  REQUIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, startTestApp, type TestContext } from '../../api/test/helpers';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import * as signOut from '../app/routes/account.sign-out';
import * as forgotPassword from '../app/routes/onboarding.forgot-password';
import * as login from '../app/routes/onboarding.login';
import * as resetPassword from '../app/routes/onboarding.reset-password';
import * as verification from '../app/routes/onboarding.verification';
import { TEST_SITE } from './site';

/**
 * The sign-in routes' actions against the real API in-process (PGlite), as the storefront server
 * calls them: a posted form in, a reply or a redirect carrying the API's cookies out.
 */
let api: TestContext;
beforeAll(async () => {
  api = await startTestApp();
}, 60_000);
afterAll(() => api?.close());
beforeEach(async () => {
  await api.database.db.delete(schema.authEvents);
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const request = new Request(`${TEST_SITE.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  });
  const context = { api: createServerApiClient(inProcessTransport(api.app), request), site: TEST_SITE };
  return { request, context, params: {} } as never;
}

type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

function cookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]),
  );
}

async function latestMail(email: string): Promise<{ subject: string; text: string }> {
  await api.app.mailer.worker.drain();
  const { body } = await getJson(api.app, `/dev/mailbox/messages?to=${email}`);
  return body.data[0];
}

const customer = demoAccounts.customer;

describe('login action', () => {
  it('answers the contracts’ messages beside the fields, without calling the API for a bad form', async () => {
    const reply = (await login.action(post('/onboarding/login', { email: 'pat', password: '' }))) as Reply;
    expect(reply.result.error).toEqual({
      email: ['Please enter a valid email address'],
      password: [REQUIRED_MESSAGE],
    });
  });

  it('answers one message for a wrong pair, and never sends the password back', async () => {
    const reply = (await login.action(
      post('/onboarding/login', { email: customer.email, password: 'not-the-password' }),
    )) as Reply;
    expect(reply.result.error?.['']).toEqual([LOGIN_FAILED_MESSAGE]);
    expect(reply.result.initialValue).toEqual({ email: customer.email });
  });

  it('goes to the verification step, then the code signs in with the session cookie', async () => {
    const step = (await login.action(
      post('/onboarding/login', { email: customer.email, password: customer.password }),
    )) as Response;
    expect(step.status).toBe(302);
    const location = step.headers.get('location') ?? '';
    expect(location).toMatch(/^\/onboarding\/verification\?code=.{16,}$/);
    const verificationId = new URL(location, TEST_SITE.url).searchParams.get('code') ?? '';

    const wrong = (await verification.action(
      post('/onboarding/verification', { code: '12345', verificationId }),
    )) as Reply;
    expect(wrong.result.error?.code).toEqual(['Enter the 6-digit code from the email']);

    const code = (await latestMail(customer.email)).subject.match(/^(\d{6}) /)?.[1] ?? '';
    const done = (await verification.action(
      post('/onboarding/verification', { code, verificationId }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account');
    // The account site is another site: a full page load, not a client navigation.
    expect(done.headers.get('x-remix-reload-document')).toBe('true');
    // No guest cart survives the sign-in (decision 042): its cookie is expired with the session's arrival.
    expect(
      done.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ABANDONED_CART_COOKIE}=`)),
    ).toMatch(/Max-Age=0/);
    const sid = cookies(done).sid;
    expect(sid).toBeTruthy();
    expect(done.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))).toMatch(/HttpOnly/i);
    const me = await api.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${sid}` } });
    expect(me.json().data.email).toBe(customer.email);
  });
});

describe('sign-out action', () => {
  it("ends the session and forgets the browser's cart: its cookie is expired", async () => {
    const step = (await login.action(
      post('/onboarding/login', { email: customer.email, password: customer.password }),
    )) as Response;
    const verificationId =
      new URL(step.headers.get('location') ?? '', TEST_SITE.url).searchParams.get('code') ?? '';
    const code = (await latestMail(customer.email)).subject.match(/^(\d{6}) /)?.[1] ?? '';
    const sid = cookies(
      (await verification.action(post('/onboarding/verification', { code, verificationId }))) as Response,
    ).sid;
    expect(sid).toBeTruthy();

    const cartId = '0b9f3c1e-6a57-4f4e-9d0c-6f2b3f0d8a11';
    const out = (await signOut.action(
      post('/account/sign-out', {}, `sid=${sid}; ${ABANDONED_CART_COOKIE}=${cartId}`),
    )) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(
      out.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ABANDONED_CART_COOKIE}=`)),
    ).toMatch(new RegExp(`^${ABANDONED_CART_COOKIE}=;.*Max-Age=0`));
    const me = await api.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${sid}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe('password reset actions', () => {
  it('forgot password: the same notice for every email', async () => {
    const reply = (await forgotPassword.action(
      post('/onboarding/forgot-password', { email: 'nobody@example.com' }),
    )) as Reply & { notice: string };
    expect(reply.notice).toBe(PASSWORD_RESET_SENT_MESSAGE);
    expect(reply.result.error).toBeUndefined();
  });

  it('a cut link is refused by the loader with a sentence, not validator text', () => {
    const data = resetPassword.loader({
      request: new Request(`${TEST_SITE.url}/onboarding/reset-password?token=short&email=a@b.co`),
    } as never);
    expect(data.linkValid).toBe(false);
    expect(RESET_LINK_INVALID_MESSAGE).toBe('This reset link is not valid. Ask for a new one.');
  });

  it('a short password stays beside the field; the emailed link sets it and signs in, forgetting the cart', async () => {
    await forgotPassword.action(post('/onboarding/forgot-password', { email: customer.email }));
    const link = (await latestMail(customer.email)).text.match(/https?:\/\/\S+reset-password\S+/)?.[0] ?? '';
    const query = new URL(link).searchParams;
    const fields = { email: query.get('email') ?? '', token: query.get('token') ?? '' };

    const short = (await resetPassword.action(
      post('/onboarding/reset-password', { ...fields, password: 'short' }),
    )) as Reply;
    expect(short.result.error?.password).toEqual([PASSWORD_LENGTH_MESSAGE]);

    const done = (await resetPassword.action(
      post('/onboarding/reset-password', { ...fields, password: customer.password }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account');
    expect(cookies(done).sid).toBeTruthy();
    expect(cookies(done).abandoned_cart_id).toBe('');

    // The link is single use: the API's own words come back as the form's message.
    const again = (await resetPassword.action(
      post('/onboarding/reset-password', { ...fields, password: customer.password }),
    )) as Reply;
    expect(again.result.error?.['']?.[0]).toMatch(/\w/);
    expect(again.result.error?.['']?.[0]).not.toMatch(/expected|Too small|Invalid input/);
  });
});
