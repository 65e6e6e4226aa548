import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { schema } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig } from '../src/config';

export type TestContext = { app: FastifyInstance; database: TestDatabase['handle']; close(): Promise<void> };

/**
 * The API on its own fresh database (PGlite or PostgreSQL, see vitest.config.ts) with the demo
 * catalogue: a copy of the run's seeded template (docs/decisions/053).
 */
export async function startTestApp(
  options: {
    logger?: FastifyServerOptions['logger'];
    env?: Record<string, string>;
    /** Registers more before the app is ready (the storefront's page routes, as server.ts does). */
    prepare?: (app: FastifyInstance) => Promise<void>;
  } = {},
): Promise<TestContext> {
  const testDatabase = await createTestDatabase({ seeded: true });
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000', ...options.env });
  const app = await buildApp({ config, database: testDatabase.handle, logger: options.logger });
  await options.prepare?.(app);
  await app.ready();
  return {
    app,
    database: testDatabase.handle,
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/** The skus on sale in catalogue order: what the tests fill their carts from. */
export async function activeSkus(database: TestContext['database']): Promise<string[]> {
  const rows = await database.db
    .select({ sku: schema.products.sku })
    .from(schema.products)
    .where(eq(schema.products.isActive, true))
    .orderBy(schema.products.id);
  return rows.map((row) => row.sku);
}

/** Every plan's id by its slug ('plan-12'). */
export async function planIdsBySlug(database: TestContext['database']): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await database.db.select().from(schema.plans)).map((plan) => [plan.slug, plan.id]),
  );
}

/** An email no other test (nor another run on the same database) uses. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
/** A fresh idempotency key. */
export const newKey = () => randomUUID().replaceAll('-', '');

/** GET through app.inject and parse JSON, keeping the status for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by each test's assertions
export async function getJson<T = any>(
  app: FastifyInstance,
  url: string,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
}

/**
 * A request from the storefront's own origin, with a JSON body when one is given (and the
 * browser's cookies when given): the raw response, for tests that read headers.
 */
export function injectJson(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie?: string,
) {
  return app.inject({
    method,
    url,
    headers: {
      origin: 'http://localhost:3000',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A JSON request through app.inject from the storefront's own origin, its answer parsed. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by each test's assertions
export async function sendJson<T = any>(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await injectJson(app, method, url, body);
  return { status: response.statusCode, body: response.json() as T };
}

/** Counts the SQL statements one request sends. */
export async function countStatements(context: TestContext, url: string): Promise<number> {
  const before = context.database.statements.count;
  const response = await context.app.inject({ method: 'GET', url });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return context.database.statements.count - before;
}

/**
 * The API with the production logger (its redaction and serializers) at its most talkative, each
 * line handed to `onLog`: for tests that prove what never reaches the logs.
 */
export function startTestAppWithProductionLogs(onLog: (line: string) => void): Promise<TestContext> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      onLog(chunk.toString());
      done();
    },
  });
  const production = loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo', LOG_LEVEL: 'trace' });
  return startTestApp({ logger: { ...(loggerOptions(production) as object), stream } });
}

/** A request the imitation of Stripe received. */
export type StripeRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body (or query string) as flat Stripe keys: `automatic_payment_methods[enabled]`. */
  params: Record<string, string>;
};
export type StripeAnswer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * A local imitation of the few Stripe API endpoints the adapter calls (no internet), listening for
 * the calling test file: `answer` says what the next requests get (500 until a test sets it),
 * `requests` lists what arrived since the last test began, `api` is where to point the Stripe client.
 */
export function fakeStripeApi() {
  const fake = {
    requests: [] as StripeRequest[],
    answer: (_request: StripeRequest): StripeAnswer => ({
      status: 500,
      body: { error: { message: 'no handler' } },
    }),
    api: { host: '127.0.0.1', port: 0, protocol: 'http' as const },
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded: StripeRequest = {
        method: request.method ?? '',
        path: url.pathname,
        headers: request.headers,
        params: Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]),
      };
      fake.requests.push(recorded);
      const { status = 200, body: payload, headers = {} } = fake.answer(recorded);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': 'req_fake',
        ...headers,
      });
      response.end(JSON.stringify(payload));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.api.port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    fake.requests.length = 0;
  });
  return fake;
}
