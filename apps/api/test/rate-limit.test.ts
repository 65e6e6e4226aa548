import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

let testDatabase: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ seeded: true });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      SITE_URL: 'http://localhost:3000',
      RATE_LIMIT_WRITES_PER_MINUTE: '30',
      RATE_LIMIT_CART_CREATIONS_PER_HOUR: '10',
    }),
    database: testDatabase.handle,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

const from = (remoteAddress: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  app.inject({
    method,
    url,
    remoteAddress,
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('per-client limits on writes', () => {
  it('a burst of 40 cart creations from one address creates 10; another address is not affected', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => from('198.51.100.1', 'POST', '/api/customers/abandoned-carts', {})),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toEqual({
      message:
        'Too many new carts from your connection. Please wait a while, or keep using the cart you have.',
    });
    expect((await from('198.51.100.2', 'POST', '/api/customers/abandoned-carts', {})).statusCode).toBe(201);
    // Reads are never limited.
    expect((await from('198.51.100.1', 'GET', '/api/sales/plans')).statusCode).toBe(200);
  });

  it('limits other writes per minute per address, generously', async () => {
    const cart = (await from('198.51.100.3', 'POST', '/api/customers/abandoned-carts', {})).json().data.id;
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1) {
      const answer = await from('198.51.100.3', 'PUT', `/api/customers/abandoned-carts/${cart}`, {
        first_name: `Sam ${index}`,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    const counters = await app.jobs.runAllOnce(new Date(Date.now() + 2 * 3_600_000));
    expect(counters.find((outcome) => outcome.name === 'rate-limit-counters')).toMatchObject({ ok: true });
  });
});

describe('a route that takes reads and writes (the storefront pages)', () => {
  it('limits its writes only: its reads are neither counted nor refused', async () => {
    const pages = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        SITE_URL: 'http://localhost:3000',
        RATE_LIMIT_WRITES_PER_MINUTE: '2',
      }),
      database: testDatabase.handle,
    });
    pages.route({ method: ['GET', 'POST'], url: '/page-like', handler: async () => ({ ok: true }) });
    await pages.ready();
    try {
      const page = (method: 'GET' | 'POST') =>
        pages.inject({
          method,
          url: '/page-like',
          remoteAddress: '198.51.100.9',
          headers: { origin: 'http://localhost:3000' },
        });
      const before = testDatabase.handle.statements.count;
      for (let index = 0; index < 5; index += 1) expect((await page('GET')).statusCode).toBe(200);
      expect(testDatabase.handle.statements.count - before).toBe(0);
      const posts = [await page('POST'), await page('POST'), await page('POST')];
      expect(posts.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    } finally {
      await pages.close();
    }
  });
});
