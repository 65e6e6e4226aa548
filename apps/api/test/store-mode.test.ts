import { schema } from '@sprout/db';
import { DEMO, seedDemoData } from '@sprout/db/seed';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type SeedLog, seedAsConfigured } from '../src/bootstrap';
import { loadConfig } from '../src/config';

const DEMO_EMAILS = ['demo@example.com', 'admin@example.com'];

const LIVE = {
  STORE_MODE: 'live',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_test_storemode',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_storemode',
  SITE_URL: 'https://shop.example.com',
};

/** What a start wrote to its log, by level. */
function recordingLog(): SeedLog & { lines: { level: 'info' | 'warn'; message: string }[] } {
  const lines: { level: 'info' | 'warn'; message: string }[] = [];
  return {
    lines,
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
  };
}

/** A store started in the given mode on its own database, seeded as prepareDatabase would. */
async function startInMode(env: Record<string, string>, prepare?: (database: TestDatabase) => Promise<void>) {
  const database = await createTestDatabase();
  await prepare?.(database);
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const log = recordingLog();
  await seedAsConfigured(database.handle.db, config, log);
  const app = await buildApp({ config, database: database.handle });
  await app.ready();
  return { app, database, log };
}

async function demoAccountsIn(database: TestDatabase) {
  const rows = await database.handle.db
    .select({ email: schema.users.email, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(inArray(schema.users.email, DEMO_EMAILS));
  return rows.filter((row) => row.passwordHash !== null).map((row) => row.email);
}

async function countOf(database: TestDatabase, table: PgTable): Promise<number> {
  const [row] = await database.handle.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row!.count;
}

/** Every row a demo seeds that a shop owner did not ask for, counted per table. */
async function demoRowsIn(database: TestDatabase) {
  const tables = {
    promoCodes: schema.promoCodes,
    partnerships: schema.partnerships,
    referralCodes: schema.referralCodes,
    users: schema.users,
    subscriptions: schema.subscriptions,
    orders: schema.orders,
    deliveries: schema.deliveries,
    giftCardPromotions: schema.giftCardPromotions,
    experiments: schema.experiments,
    blogPosts: schema.blogPosts,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await countOf(database, table);
  return counts;
}

const NO_DEMO_ROWS = {
  promoCodes: 0,
  partnerships: 0,
  referralCodes: 0,
  users: 0,
  subscriptions: 0,
  orders: 0,
  deliveries: 0,
  giftCardPromotions: 0,
  experiments: 0,
  blogPosts: 0,
};

async function appSettings(database: TestDatabase) {
  const rows = await database.handle.db.select().from(schema.appSettingGroups);
  return Object.fromEntries(rows.map((row) => [row.group, row.values]));
}

const signInAsDemoAdmin = (app: FastifyInstance, origin: string) =>
  app.inject({
    method: 'POST',
    url: '/auth',
    headers: { origin, 'content-type': 'application/json' },
    payload: { email: 'admin@example.com', password: 'mealtime-admin' },
  });

/** The demo's codes on a cart of this store, as a visitor would type them. */
async function applyCode(app: FastifyInstance, code: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/customers/abandoned-carts',
    headers: { origin: 'https://shop.example.com', 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(created.statusCode).toBe(201);
  return app.inject({
    method: 'POST',
    url: `/api/customers/abandoned-carts/${created.json().data.id}/promo-codes`,
    headers: { origin: 'https://shop.example.com', 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
  });
}

describe('live mode', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let log: ReturnType<typeof recordingLog>;
  beforeAll(async () => {
    ({ app, database, log } = await startInMode({
      ...LIVE,
      // Asking for the demo accounts does not bring them into a live store.
      SEED_DEMO_ACCOUNTS: 'true',
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

  it('seeds no demo code, partnership, referral code, account, order, post or experiment', async () => {
    expect(await demoRowsIn(database)).toEqual(NO_DEMO_ROWS);
    for (const code of ['WELCOME50', 'LITTLEHELPERS', 'DEMOREF']) {
      const applied = await applyCode(app, code);
      expect(applied.statusCode).toBe(422);
    }
  });

  it('seeds no catalogue unless asked, and says so in the log with how to seed one', async () => {
    expect(await countOf(database, schema.plans)).toBe(0);
    expect(await countOf(database, schema.products)).toBe(0);
    expect(await countOf(database, schema.zipCodes)).toBe(0);
    const warnings = log.lines.filter((line) => line.level === 'warn').map((line) => line.message);
    expect(warnings).toEqual([expect.stringMatching(/no catalogue.*SEED_DEMO_CATALOGUE=true/s)]);
    expect(log.lines.map((line) => line.message).join('\n')).toMatch(
      /live mode: seeded no demo data \(promo codes, partnerships, referral codes, accounts, orders/,
    );
  });

  it('keeps the settings a store needs and cannot make in the admin, giving nothing away', async () => {
    expect(await appSettings(database)).toEqual({
      referral_system_discounts: {
        referee_discount: { type: 'dollars_off', amount: 0, weekly_ordinal_number: 1 },
        referrer_credit: { amount: 0 },
      },
      retention_offers: { too_much_food: { kind: 'smaller_plan' }, moving: { kind: 'pause', weeks: 4 } },
    });
    // The admin writes posts into the blog's categories, which it cannot make.
    expect(await countOf(database, schema.blogCategories)).toBe(4);
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

describe('live mode with SEED_DEMO_CATALOGUE=true', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let log: ReturnType<typeof recordingLog>;
  beforeAll(async () => {
    ({ app, database, log } = await startInMode({ ...LIVE, SEED_DEMO_CATALOGUE: 'true' }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('seeds the catalogue: products, plans, delivery areas, and nothing else of the demo', async () => {
    expect(await countOf(database, schema.plans)).toBe(DEMO.counts.plans);
    expect(await countOf(database, schema.products)).toBe(DEMO.counts.products);
    expect(await countOf(database, schema.zipCodes)).toBe(DEMO.counts.zipCodes);
    expect(await demoRowsIn(database)).toEqual(NO_DEMO_ROWS);
    expect((await applyCode(app, 'WELCOME50')).statusCode).toBe(422);
    expect(log.lines.filter((line) => line.level === 'warn')).toEqual([]);
    expect(log.lines.map((line) => line.message).join('\n')).toMatch(
      /seeded the demo catalogue \(SEED_DEMO_CATALOGUE=true\)/,
    );
  });
});

describe('live mode on a database a demo once seeded', () => {
  it('adds nothing, and names what is left of the demo with what to do about it', async () => {
    const { app, database, log } = await startInMode(LIVE, async (demo) => {
      await seedDemoData(demo.handle.db, { demoAccounts: true });
    });
    try {
      const warnings = log.lines.filter((line) => line.level === 'warn').map((line) => line.message);
      expect(warnings).toHaveLength(1);
      for (const name of [
        'WELCOME50',
        'SAVE20',
        'FIVEFREE',
        'LITTLEHELPERS',
        'DEMOREF',
        'admin@example.com',
      ]) {
        expect(warnings[0]).toContain(name);
      }
      expect(warnings[0]).toMatch(/admin/);
    } finally {
      await app.close();
      await database.dispose();
    }
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

  it('keeps every demo promotion, as the journeys expect', async () => {
    const counts = await demoRowsIn(database);
    expect(counts.promoCodes).toBeGreaterThanOrEqual(4);
    expect(counts.partnerships).toBe(1);
    expect(counts.referralCodes).toBe(1);
    expect(counts.orders).toBeGreaterThan(0);
    expect(counts.blogPosts).toBeGreaterThan(0);
    expect(counts.giftCardPromotions).toBe(1);
    expect((await appSettings(database)).referral_system_discounts).toMatchObject({
      referee_discount: { amount: 25 },
    });
  });
});
