import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { injectJson } from './helpers';

const CONTROL = 'Remove the invisible control characters from this field.';
let testDatabase: TestDatabase;
let app: FastifyInstance;
let cartId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ seeded: true });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000' }),
    database: testDatabase.handle,
  });
  // A route that hands a value straight to the database, as a schema that forgot a rule would.
  app.get('/test/echo', async (request) => {
    const { value } = request.query as { value: string };
    await testDatabase.handle.db.execute(sql`select ${value}::date as value`);
    return { ok: true };
  });
  await app.ready();
  cartId = (await injectJson(app, 'POST', '/api/customers/abandoned-carts', {})).json().data.id;
});
afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

describe('bad input is a 4xx in the one error shape, never a 500', () => {
  it.each([
    ['/api/products?promoCode=%00', 'promoCode'],
    ['/api/products?tags=%00', 'tags'],
    ['/api/menus/%00', 'slug'],
    ['/api/menus/a%01b', 'slug'],
  ])('GET %s answers 422 naming %s', async (url, field) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: CONTROL, errors: { [field]: [CONTROL] } });
  });

  it.each([
    ['PUT', '', { first_name: 'a\u0000b' }, 'first_name'],
    ['PUT', '/items', { sku: 'abc\u0000', quantity: 1 }, 'sku'],
    ['POST', '/promo-codes', { code: 'SAVE\u000020' }, 'code'],
    ['POST', '/referral-codes', { code: 'REF\u0000' }, 'code'],
    ['PUT', '', { email: 'a@b.co', source_url: 'https://x.example/\u0000' }, 'source_url'],
  ] as const)('%s cart%s with a NUL answers 422 on %s', async (method, path, body, field) => {
    const response = await injectJson(app, method, `/api/customers/abandoned-carts/${cartId}${path}`, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([CONTROL]);
  });

  it('keeps line breaks, which delivery instructions need', async () => {
    const response = await injectJson(app, 'PUT', `/api/customers/abandoned-carts/${cartId}`, {
      delivery_instructions: 'Ring twice.\r\nLeave by the door.',
    });
    expect(response.statusCode).toBe(200);
  });

  it('maps PostgreSQL’s invalid-input errors (class 22) to 422', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/echo?value=not-a-date' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'A parameter is out of range or malformed.', errors: {} });
    // A NUL is refused by the database too (22021): the guard above keeps it from getting there.
    const direct = await testDatabase.handle.db
      .execute(sql`select ${'a\u0000b'}::text`)
      .then(() => null)
      .catch((error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code);
    expect(direct).toMatch(/^22/);
  });

  it('answers a badly encoded URL in the one shape', async () => {
    for (const url of ['/api/%FF', '/api/menus/%E0%A4%A']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'This address is not valid.' });
    }
  });

  it('never sends zod’s own wording: a person reads what to do', async () => {
    const wrongType = await injectJson(app, 'POST', '/auth', { email: 'a@b.co', password: 5 });
    expect(wrongType.json()).toEqual({ message: 'Enter text.', errors: { password: ['Enter text.'] } });
    const missing = await injectJson(app, 'POST', '/auth', { email: 'a@b.co' });
    expect(missing.json().errors.password).toEqual(['This field is required']);
    const shortToken = await injectJson(app, 'POST', '/auth/token', { token: 'short' });
    expect(shortToken.json().errors.token).toEqual(['Use at least 20 characters.']);
  });
});
