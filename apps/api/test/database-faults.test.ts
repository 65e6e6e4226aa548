import http from 'node:http';
import net from 'node:net';
import { UNAVAILABLE_MESSAGE } from '@sprout/contracts';
import { createDatabase, type DatabaseHandle, isDatabaseUnavailable } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * The database's faults (docs/decisions/034): every connection goes back to the pool whatever
 * fails, nothing waits without a limit, and what cannot reach the database in time is a 503 with
 * Retry-After.
 */
const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000' });
const onPostgres = process.env.TEST_DB === 'postgres';

/** Settles with the promise, or rejects once `ms` have passed: a hang is a failure, not a timeout of the test. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type PoolClientWithSocket = pg.PoolClient & { connection: { stream: net.Socket } };

/** This file's database (PGlite or PostgreSQL) for the tests that need a working one. */
let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.dispose());

describe('transactions', () => {
  it('keep working nested: a failed inner transaction rolls back to its savepoint, the outer commits', async () => {
    const kept = await testDatabase.handle.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table savepoint_probe (n int) on commit drop`);
      await tx.execute(sql`insert into savepoint_probe values (1)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into savepoint_probe values (2)`);
          throw new Error('the inner step refuses');
        }),
      ).rejects.toThrow('the inner step refuses');
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into savepoint_probe values (3)`);
      });
      const rows = await tx.execute(sql`select n from savepoint_probe order by n`);
      return (rows as unknown as { rows: { n: number }[] }).rows.map((row) => row.n);
    });
    expect(kept).toEqual([1, 3]);
  });

  it('roll back what they wrote when their work fails, and answer its error', async () => {
    const handle = testDatabase.handle;
    await handle.db.execute(sql`create table if not exists rollback_probe (n int)`);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into rollback_probe values (1)`);
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    const rows = await handle.db.execute(sql`select count(*)::int as n from rollback_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

// A connection that dies at a chosen moment: only PostgreSQL has connections to lose.
describe.runIf(onPostgres)('a connection lost in a transaction (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  const checkedOut = () => pool.totalCount - pool.idleCount;

  beforeAll(() => {
    const url = (testDatabase.handle.raw.client as pg.Pool).options.connectionString!;
    handle = createDatabase({ kind: 'postgres', url, pool: { size: 1, connectTimeoutMs: 2_000 } });
    pool = handle.raw.client as pg.Pool;
  });
  afterAll(() => handle?.close());

  it('gives the connection back when its BEGIN fails, so the next transaction gets one', async () => {
    // The connection handed to the transaction is cut before BEGIN reaches the server: a backend
    // terminated, or a failover, between two uses of a pooled connection.
    pool.once('acquire', (client) => (client as PoolClientWithSocket).connection.stream.destroy());
    const failed = await handle.db.transaction((tx) => tx.execute(sql`select 1`)).catch((error) => error);
    expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
    // Drizzle's own transaction kept it checked out for good: the pool's only connection.
    await expect.poll(checkedOut, { timeout: 2_000 }).toBe(0);
    const answer = await within(
      3_000,
      handle.db.transaction(async (tx) => tx.execute(sql`select 1 as one`)),
      'the next transaction',
    );
    expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });

  it('answers the error that failed it, not the failed rollback on a dead connection, and drops that connection', async () => {
    let client: PoolClientWithSocket | undefined;
    pool.once('acquire', (acquired) => {
      client = acquired as PoolClientWithSocket;
    });
    const outcome = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      client!.connection.stream.destroy();
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the business rule said no');
    });
    await expect(outcome).rejects.toThrow('the business rule said no');
    await expect.poll(checkedOut, { timeout: 2_000 }).toBe(0);
    // The dead connection was not put back for the next caller: a new one answers.
    const answer = await within(3_000, handle.db.execute(sql`select 2 as two`), 'the next query');
    expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
  });

  it('keeps a connection whose transaction failed for a reason of its own (rolled back, reused)', async () => {
    const before = pool.totalCount;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('a validation failure');
      }),
    ).rejects.toThrow('a validation failure');
    expect(checkedOut()).toBe(0);
    expect(pool.totalCount).toBe(before);
    // Rolled back: the connection is outside any transaction.
    const state = await handle.db.execute(sql`select now() = statement_timestamp() as fresh`);
    expect((state as unknown as { rows: { fresh: boolean }[] }).rows[0]!.fresh).toBe(true);
  });
});

describe.runIf(onPostgres)('a full pool (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const CONNECT_TIMEOUT_MS = 300;

  beforeAll(async () => {
    const url = (testDatabase.handle.raw.client as pg.Pool).options.connectionString!;
    handle = createDatabase({
      kind: 'postgres',
      url,
      pool: { size: 2, connectTimeoutMs: CONNECT_TIMEOUT_MS },
    });
    app = await buildApp({ config, database: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('answers 503 with Retry-After once the connect timeout passes, and /healthz still answers 200', async () => {
    const pool = handle.raw.client as pg.Pool;
    // Every connection busy (slow requests, a stuck transaction): nothing is free for this one.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const started = performance.now();
      const refused = await within(
        5_000,
        app.inject({
          method: 'POST',
          url: '/api/customers/abandoned-carts',
          headers: { origin: 'http://localhost:3000' },
        }),
        'a request to a full pool',
      );
      const tookMs = performance.now() - started;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(tookMs).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(tookMs).toBeLessThan(2_000);

      // The health check has a connection of its own: a full pool cannot starve it.
      const healthStarted = performance.now();
      const health = await within(2_000, app.inject({ method: 'GET', url: '/healthz' }), '/healthz');
      expect(performance.now() - healthStarted).toBeLessThan(2_000);
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        status: 'ok',
        database: 'postgres',
        latency_ms: expect.any(Number),
        pool: { total: 2, idle: 0, waiting: 0 },
      });
    } finally {
      for (const client of held) client.release();
    }
    const served = await app.inject({
      method: 'POST',
      url: '/api/customers/abandoned-carts',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(served.statusCode).toBe(201);
  });
});

/** A server that accepts connections and never says a word: a database host gone silent. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://postgres@127.0.0.1:${(server.address() as net.AddressInfo).port}/sprout`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a database that does not answer', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    silent = await silentServer();
    handle = createDatabase({ kind: 'postgres', url: silent.url, pool: { connectTimeoutMs: 500 } });
    app = await buildApp({ config, database: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await silent?.close();
  });

  it('/healthz answers 503 within 2 s', async () => {
    const started = performance.now();
    const health = await within(3_000, app.inject({ method: 'GET', url: '/healthz' }), '/healthz');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' });
    expect(health.headers['retry-after']).toBe('5');
  });

  it('a request that needs it answers 503 with Retry-After in the one error shape, not a 500 or a hang', async () => {
    const answer = await within(
      3_000,
      app.inject({
        method: 'GET',
        url: '/api/customers/abandoned-carts/00000000-0000-4000-8000-000000000000',
      }),
      'a cart read',
    );
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });
});

describe('a database that refuses connections', () => {
  it('is a 503 at once, and /healthz says so', async () => {
    // A port nobody listens on: the connection is refused (ECONNREFUSED), as during a restart.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const handle = createDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/sprout` });
    const app = await buildApp({ config, database: handle });
    try {
      await app.ready();
      const answer = await within(2_000, app.inject({ method: 'GET', url: '/api/sales/plans' }), 'plans');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
      const health = await within(2_000, app.inject({ method: 'GET', url: '/healthz' }), '/healthz');
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('the health check', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config, database: testDatabase.handle });
    await app.ready();
  });

  it('answers 200 with the database and its latency, then 503 "draining" once a shutdown starts', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'ok',
      database: testDatabase.handle.kind,
      latency_ms: expect.any(Number),
    });

    const shutdown = app.shutDown({ drainDelayMs: 300 });
    // A load balancer stops sending here; what still arrives during the drain is answered.
    const draining = await app.inject({ method: 'GET', url: '/healthz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/api/sales/plans' })).statusCode).toBe(200);
    expect(await shutdown).toEqual({ drained: true });
    // The same shutdown, asked twice, is the one shutdown.
    expect(await app.shutDown()).toEqual({ drained: true });
  });
});

describe('a shutdown whose deadline passes', () => {
  it('answers a request still running with a 503 and Retry-After, closes its connection, and says so', async () => {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        SITE_URL: 'http://localhost:3000',
        SHUTDOWN_TIMEOUT_MS: '1000',
        SHUTDOWN_DRAIN_DELAY_MS: '0',
      }),
      database: testDatabase.handle,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    // A request the server accepted and is still reading when the deadline comes (a slow client).
    const request = http.request(`http://127.0.0.1:${port}/api/customers/abandoned-carts`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': '2', origin: 'http://localhost:3000' },
    });
    const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        });
        request.on('error', reject);
      },
    );
    request.flushHeaders();
    request.write('{');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = performance.now();
    const outcome = await app.shutDown({ drainDelayMs: 0 });
    expect(outcome).toEqual({ drained: false, unfinished: 1 });
    expect(performance.now() - started).toBeLessThan(5_000);
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({ message: UNAVAILABLE_MESSAGE });
  });
});
