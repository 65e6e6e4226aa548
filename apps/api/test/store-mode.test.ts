import { schema } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedAsConfigured } from '../src/bootstrap';
import { loadConfig } from '../src/config';

const DEMO_EMAILS = ['demo@example.com', 'admin@example.com'];
const quiet = { info() {} };

/** A store started in the given mode on its own database, seeded as prepareDatabase would. */
async function startInMode(env: Record<string, string>) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  await seedAsConfigured(database.handle.db, config, quiet);
  const app = await buildApp({ config, database: database.handle });
  await app.ready();
  return { app, database };
}

async function demoAccountsIn(database: TestDatabase) {
  const rows = await database.handle.db
    .select({ email: schema.users.email, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(inArray(schema.users.email, DEMO_EMAILS));
  return rows.filter((row) => row.passwordHash !== null).map((row) => row.email);
}

const signInAsDemoAdmin = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'POST',
    url: '/auth',
    headers: { origin, 'content-type': 'application/json' },
    payload: { email: 'admin@example.com', password: 'mealtime-admin' },
  });

describe('live mode', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    ({ app, database } = await startInMode({
      STORE_MODE: 'live',
      // Asking for the demo accounts does not bring them into a live store.
      SEED_DEMO_ACCOUNTS: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_storemode',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_storemode',
      SITE_URL: 'https://shop.example.com',
    }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('has no demo accounts with known passwords', async () => {
    expect(await demoAccountsIn(database)).toEqual([]);
    const login = await signInAsDemoAdmin(app, 'https://shop.example.com');
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.statusCode).toBeLessThan(500);
  });

  it('mounts nothing under /dev', async () => {
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/\/dev\b/);
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox/messages',
      '/dev/mailbox/messages?to=admin@example.com',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('takes payments with Stripe, never with the embedded test provider', () => {
    expect(app.payments.name).not.toBe('test');
  });
});

describe('demo mode', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    // An SMTP server in demo mode no longer removes the demo's mailbox and accounts.
    ({ app, database } = await startInMode({ STORE_MODE: 'demo', SMTP_URL: 'smtp://127.0.0.1:2525' }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('has the demo accounts, the dev mailbox and the test provider', async () => {
    expect((await demoAccountsIn(database)).sort()).toEqual(['admin@example.com', 'demo@example.com']);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(200);
    expect(app.payments.name).toBe('test');
    expect((await signInAsDemoAdmin(app, 'http://localhost:3000')).statusCode).toBe(200);
  });
});
