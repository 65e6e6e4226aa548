import { SOCIAL_SIGN_IN_MESSAGES } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startOidcTestServer } from './oidc-test-server';

const SITE = 'http://localhost:3000';
let database: TestDatabase;
let app: FastifyInstance;
let provider: Awaited<ReturnType<typeof startOidcTestServer>>;
let account = {
  sub: 'google-user-1',
  email: 'new.parent@example.com',
  given_name: 'Robin',
  family_name: 'Lee',
};

beforeAll(async () => {
  provider = await startOidcTestServer({
    clientId: 'sprout-store',
    clientSecret: 'test-secret-that-is-long-enough-for-hs256',
    redirectUri: `${SITE}/auth/google/callback`,
    get account() {
      return account;
    },
  });
  database = await createTestDatabase({ seeded: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: SITE,
    OAUTH_GOOGLE_CLIENT_ID: 'sprout-store',
    OAUTH_GOOGLE_CLIENT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    OAUTH_GOOGLE_ISSUER: provider.issuer,
  });
  app = await buildApp({ config, database: database.handle });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await provider?.close();
});

/** Follows the provider's redirects like a browser (with its cookies) until it sends us back. */
async function signInAtProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(SITE)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      jar.set(name!, value ?? '');
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

async function newCart(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/customers/abandoned-carts',
    headers: { origin: SITE },
  });
  return response.json().data.id;
}

describe('social sign-in (OpenID Connect against a local provider)', () => {
  it('offers only configured providers', async () => {
    expect((await app.inject({ method: 'GET', url: '/auth/providers' })).json()).toEqual({
      data: ['google'],
    });
  });

  it('a provider that is not configured sends the browser back to the login with a message', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/facebook' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(
      `/onboarding/login?error=${encodeURIComponent(SOCIAL_SIGN_IN_MESSAGES.unavailable)}`,
    );
  });

  it('a provider answering with an error (the visitor said no) returns to the login with a message', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/google' });
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const done = await app.inject({
      method: 'GET',
      url: `/auth/google/callback?error=access_denied&state=${state}`,
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(
      `/onboarding/login?error=${encodeURIComponent(SOCIAL_SIGN_IN_MESSAGES.failed)}`,
    );
    expect(done.headers['set-cookie']).toBeUndefined();
  });

  it('a new customer: the verified email captures the abandoned cart, then on to the plans', async () => {
    const cartId = await newCart();
    const start = await app.inject({ method: 'GET', url: `/auth/google?abandoned_cart_id=${cartId}` });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${SITE}/auth/google/callback`);

    const callback = await signInAtProvider(start.headers.location as string);
    const done = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/onboarding/plans');
    const [cart] = await database.handle.db
      .select()
      .from(schema.abandonedCarts)
      .where(eq(schema.abandonedCarts.id, cartId));
    expect(cart).toMatchObject({
      email: 'new.parent@example.com',
      firstName: 'Robin',
      lastName: 'Lee',
      captureLocation: 'social:google',
    });

    // The state is single use: replaying the callback fails safely.
    const replay = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toContain('/onboarding/login?error=');
  });

  it('an existing customer is signed in and sent to the account site', async () => {
    account = { sub: 'google-user-2', email: 'demo@example.com', given_name: 'Jamie', family_name: 'Rivera' };
    const start = await app.inject({ method: 'GET', url: '/auth/google' });
    const callback = await signInAtProvider(start.headers.location as string);
    const done = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.headers.location).toBe('/account');
    const sid = String(done.headers['set-cookie']).match(/sid=([^;]+)/)![1];
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sid=${sid}` } });
    expect(me.json().data.email).toBe('demo@example.com');
  });

  it('refuses a forged state', async () => {
    const done = await app.inject({ method: 'GET', url: '/auth/google/callback?code=abc&state=forged' });
    expect(done.headers.location).toBe(
      `/onboarding/login?error=${encodeURIComponent(SOCIAL_SIGN_IN_MESSAGES.expired)}`,
    );
  });
});
