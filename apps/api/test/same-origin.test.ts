import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', ...env }), database: database.handle });
  await app.ready();
  return app;
}

/** Creates a cart as a browser would: naming the page's origin, sent to the host it addressed. */
const createCart = (app: FastifyInstance, origin: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/customers/abandoned-carts', headers: { origin, ...headers } });

describe('same origin, whatever the host name', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ SITE_URL: 'http://localhost:3000', ALLOWED_ORIGINS: 'https://shop.example.com' });
  });
  afterAll(() => app.close());

  it('allows the store opened by its IP or LAN address, not only by SITE_URL', async () => {
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000', '[::1]:3000']) {
      const response = await createCart(app, `http://${host}`, { host });
      expect(response.statusCode, host).toBe(201);
    }
  });

  it('keeps SITE_URL and the configured extra origins, whatever the Host', async () => {
    expect((await createCart(app, 'http://localhost:3000', { host: '10.0.0.7' })).statusCode).toBe(201);
    expect((await createCart(app, 'https://shop.example.com', { host: '10.0.0.7' })).statusCode).toBe(201);
  });

  it('refuses any other origin, another port or scheme of the same host included', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:4000',
      'https://127.0.0.1:3000',
      'null',
    ]) {
      const response = await createCart(app, origin, { host: '127.0.0.1:3000' });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ message: 'This request came from an origin that is not allowed.' });
    }
  });

  it('does not believe forwarded headers without a trusted proxy', async () => {
    const response = await createCart(app, 'https://evil.example', {
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.statusCode).toBe(403);
  });

  it("applies the same rule to the test provider's browser API", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test-provider/v1/payment-methods',
      headers: {
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
        'content-type': 'application/json',
      },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ SITE_URL: 'http://localhost:3000', TRUST_PROXY_HOPS: '1' });
  });
  afterAll(() => app.close());

  it('judges the origin by the forwarded scheme and host', async () => {
    const forwarded = {
      host: '10.0.0.7:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.org',
    };
    expect((await createCart(app, 'https://shop.example.org', forwarded)).statusCode).toBe(201);
    expect((await createCart(app, 'http://shop.example.org', forwarded)).statusCode).toBe(403);
    expect((await createCart(app, 'https://evil.example', forwarded)).statusCode).toBe(403);
  });
});
