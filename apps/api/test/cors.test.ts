import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

// A split deployment: the API alone, called by a storefront on another origin.
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    SITE_URL: 'https://api.example.com',
    ALLOWED_ORIGINS: 'https://shop.example.com',
  });
  app = await buildApp({ config, database: database.handle });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('CORS for configured storefront origins', () => {
  it('allows the configured origin with credentials', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/tags',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'PUT' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives other origins no CORS grant and refuses their writes', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/api/tags',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const write = await app.inject({
      method: 'PUT',
      url: '/api/tags',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(write.statusCode).toBe(403);
  });
});
