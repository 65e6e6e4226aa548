import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../test/smtp-server';
import {
  bareEnv,
  repositoryRoot,
  type ServerProcess,
  startServerProcess,
  waitUntilHealthy,
} from './server-process';

/**
 * Two replicas of the compiled store (dist/web-server.js, as `npm run serve` runs it) on one
 * PostgreSQL database, one visitor's requests sent to each in turn, as a load balancer without
 * sticky sessions would: carts, sessions, rate limits and the catalogue agree, and the jobs run
 * on both at once do each piece of due work once (docs/decisions/029, README "Running N replicas").
 * The store keeps no state in a process but caches, so nothing else (no Redis) is shared.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const DIST = path.join('test-results', 'scale-out-dist');
const STOREFRONT_BUILD = path.join(repositoryRoot, 'apps/web/build/server/index.js');

type Replica = { name: string; base: string; server: ServerProcess };
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by each test's assertions
type Answer = { status: number; body: any; cookies: string[] };

let replicas: Replica[] = [];
let database: DatabaseHandle | undefined;
let smtp: TestSmtpServer | undefined;
let databaseName = '';
let sharedEnv: Record<string, string> = {};

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function runToEnd(entry: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const started = startServerProcess(entry, env, args);
  const { code } = await started.exited;
  return { code, output: started.output() };
}

/** A JSON request to one replica, the visitor's cookies sent as a browser would. */
async function call(
  replica: Replica,
  method: string,
  url: string,
  body?: unknown,
  cookie?: string,
): Promise<Answer> {
  const response = await fetch(`${replica.base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    cookies: response.headers.getSetCookie().map((header) => header.split(';')[0]!),
  };
}

async function poll<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Password on `first`, the emailed code read from the mailbox of `second`, the code sent to `first`. */
async function signIn(first: Replica, second: Replica, account: { email: string; password: string }) {
  const sentBefore = new Set(
    (await call(second, 'GET', `/dev/mailbox/messages?to=${account.email}`)).body.data.map(
      (message: { id: string }) => message.id,
    ),
  );
  const login = await call(first, 'POST', '/auth', { email: account.email, password: account.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.nextAction).toBe('verification');
  const code = await poll(async () => {
    const mailbox = await call(second, 'GET', `/dev/mailbox/messages?to=${account.email}`);
    const fresh = mailbox.body.data.find((message: { id: string }) => !sentBefore.has(message.id));
    return fresh?.subject.match(/^(\d{6}) /)?.[1] as string | undefined;
  }, 'the sign-in code');
  const verified = await call(first, 'POST', '/auth/verification', {
    code,
    verificationId: login.body.verificationId,
  });
  expect(verified.status).toBe(200);
  return verified.cookies.join('; ');
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database!.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.skipIf(!serverUrl)('two replicas on one PostgreSQL (skipped: set TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    if (!existsSync(STOREFRONT_BUILD)) {
      throw new Error('the compiled store serves the storefront build: run `npm run build` first');
    }
    // This checkout's code, compiled as `npm run build` compiles it, into a folder of the test's own.
    const built = await runToEnd('scripts/build-server.mjs', bareEnv({}), [`--outdir=${DIST}`]);
    expect(built.code, built.output).toBe(0);

    databaseName = `sprout_scale_${randomBytes(5).toString('hex')}`;
    const admin = createDatabase({ kind: 'postgres', url: serverUrl! });
    await admin.db.execute(sql.raw(`create database ${databaseName}`));
    await admin.close();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    database = createDatabase({ kind: 'postgres', url: url.toString() });
    smtp = await startTestSmtpServer();

    const ports = [await freePort(), await freePort()];
    sharedEnv = {
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      DATABASE_URL: url.toString(),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // One address for the store, as a load balancer gives it.
      SITE_URL: `http://127.0.0.1:${ports[0]}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Both replicas poll the mail queue often: they race for every message.
      MAIL_WORKER_INTERVAL_MS: '100',
    };
    // Started together: both migrate and seed the empty database at once.
    replicas = ports.map((port, index) => ({
      name: index === 0 ? 'A' : 'B',
      base: `http://127.0.0.1:${port}`,
      server: startServerProcess(
        path.join(DIST, 'web-server.js'),
        bareEnv({ ...sharedEnv, PORT: String(port) }),
      ),
    }));
    await Promise.all(replicas.map((replica) => waitUntilHealthy(replica.server, replica.base, 80_000)));
  });

  afterAll(async () => {
    for (const replica of replicas) {
      if (replica.server.child.exitCode === null) replica.server.child.kill('SIGKILL');
    }
    await Promise.all(replicas.map((replica) => replica.server.exited));
    await database?.close();
    await smtp?.close();
    if (databaseName) {
      const admin = createDatabase({ kind: 'postgres', url: serverUrl! });
      await admin.db.execute(sql.raw(`drop database if exists ${databaseName} with (force)`));
      await admin.close();
    }
    rmSync(path.join(repositoryRoot, DIST), { recursive: true, force: true });
  });

  it('seeded the catalogue once though both replicas started on the empty database', async () => {
    const [plans] = await rows<{ count: number }>(sql`select count(*)::int as count from plans`);
    expect(plans!.count).toBe(3);
    const [a, b] = replicas as [Replica, Replica];
    const listed = await Promise.all(
      [a, b].map((replica) => call(replica, 'GET', '/api/products?perPage=100')),
    );
    expect(listed[0]!.body.data.length).toBe(46);
    expect(listed[1]!.body).toEqual(listed[0]!.body);
  });

  it('keeps one cart, whichever replica each change reaches', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const plans = (await call(b, 'GET', '/api/sales/plans')).body.data as { id: number; slug: string }[];
    const skus = ((await call(b, 'GET', '/api/products?perPage=100')).body.data as { sku: string }[]).map(
      (product) => product.sku,
    );
    const created = await call(a, 'POST', '/api/customers/abandoned-carts');
    expect(created.status).toBe(201);
    const cart = `/api/customers/abandoned-carts/${created.body.data.id}`;
    const plan = plans.find((each) => each.slug === 'plan-12')!;
    expect((await call(b, 'POST', `${cart}/plans`, { plan_id: plan.id })).status).toBe(200);
    expect((await call(a, 'PUT', `${cart}/items`, { sku: skus[0], quantity: 2 })).status).toBe(200);
    expect((await call(b, 'PUT', `${cart}/items`, { sku: skus[1], quantity: 3 })).status).toBe(200);
    expect((await call(a, 'PUT', `${cart}/items`, { sku: skus[0], quantity: 1 })).status).toBe(200);

    const [onA, onB] = await Promise.all([call(a, 'GET', cart), call(b, 'GET', cart)]);
    const lines = (answer: Answer) =>
      (answer.body.data.cart.items as { sku: string; quantity: number }[])
        .map(({ sku, quantity }) => ({ sku, quantity }))
        .sort((x, y) => x.sku.localeCompare(y.sku));
    expect(lines(onB)).toEqual(
      [
        { sku: skus[0], quantity: 1 },
        { sku: skus[1], quantity: 3 },
      ].sort((x, y) => x.sku!.localeCompare(y.sku!)),
    );
    expect(onA.body.data.cart).toEqual(onB.body.data.cart);
  });

  it('keeps a session opened on one replica signed in on the other, and ended on both', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const cookie = await signIn(a, b, demoAccounts.customer);
    const me = await call(b, 'GET', '/api/me', undefined, cookie);
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(demoAccounts.customer.email);
    expect((await call(b, 'GET', '/api/me/deliveries', undefined, cookie)).status).toBe(200);
    expect((await call(a, 'GET', '/api/me', undefined, cookie)).status).toBe(200);

    expect((await call(b, 'DELETE', '/auth', undefined, cookie)).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/me', undefined, cookie)).status).toBe(401);
  });

  it('counts a rate limit across both replicas: the sixth failed sign-in is refused wherever it lands', async () => {
    const email = `scale-out-${randomBytes(4).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const replica = replicas[attempt % 2]!;
      statuses.push((await call(replica, 'POST', '/auth', { email, password: `wrong-${attempt}` })).status);
    }
    // Five failures in 15 minutes per email (auth service): counted once, in the database.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
  });

  it('shows an admin catalogue change made on one replica in the other replica’s listing', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const cookie = await signIn(b, a, demoAccounts.admin);
    const listing = async (replica: Replica) =>
      (await call(replica, 'GET', '/api/products?perPage=100')).body.data as { id: number; name: string }[];
    const product = (await listing(b))[0]!;
    const renamed = `${product.name} (renamed on A)`;
    const changed = await call(a, 'PATCH', `/api/admin/products/${product.id}`, { name: renamed }, cookie);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Within a short wait: a replica's catalogue cache hears of the change through the database.
    await poll(
      async () =>
        (await listing(b)).find((each) => each.id === product.id)?.name === renamed ? true : undefined,
      'the renamed product in the listing of B',
      3_000,
    );
  });

  it('runs each due job once when both replicas run the jobs at the same instant', async () => {
    const [box] = await rows<{
      id: number;
      subscription_id: number;
      delivery_date: string;
      cutoff_at: string;
    }>(sql`
      select d.id, d.subscription_id, d.delivery_date::text, d.cutoff_at
      from deliveries d join subscriptions s on s.id = d.subscription_id join users u on u.id = s.user_id
      where u.email = ${demoAccounts.customer.email} and d.status = 'scheduled'
      order by d.cutoff_at limit 1`);
    expect(box).toBeDefined();
    const cutoff = new Date(box!.cutoff_at).getTime();
    /** `npm run jobs -- --as-of=…` on both replicas at once; both must succeed. */
    const jobsOnBoth = async (asOf: Date) => {
      const runs = await Promise.all(
        replicas.map(() =>
          runToEnd(path.join(DIST, 'jobs.js'), bareEnv(sharedEnv), [`--as-of=${asOf.toISOString()}`]),
        ),
      );
      for (const run of runs) expect(run.code, run.output).toBe(0);
    };
    // An hour before the cutoff: the box's "edit or skip" reminder is due (a mail).
    await jobsOnBoth(new Date(cutoff - 3_600_000));
    // At the cutoff: the box is due to be locked, ordered and charged.
    await jobsOnBoth(new Date(cutoff));

    // The box: locked, ordered and charged once.
    const [after] = await rows<{ status: string }>(sql`select status from deliveries where id = ${box!.id}`);
    expect(after!.status).toBe('charged');
    const orders = await rows<{ id: number }>(sql`select id from orders where delivery_id = ${box!.id}`);
    expect(orders).toHaveLength(1);
    const key = `renewal-${box!.subscription_id}-${box!.delivery_date}%`;
    const charges = await rows<{ status: string }>(
      sql`select status from test_payment_intents where idempotency_key like ${key}`,
    );
    expect(charges).toHaveLength(1);

    // Every mail: sent once, though two job runs and two replicas' workers raced for the queue.
    await poll(async () => {
      const [queued] = await rows<{ count: number }>(
        sql`select count(*)::int as count from mail_messages where status = 'queued' and available_at <= now()`,
      );
      return queued!.count === 0 ? true : undefined;
    }, 'the mail queue to empty');
    const sentCount = async () =>
      (
        await rows<{ count: number }>(
          sql`select count(*)::int as count from mail_messages where status = 'sent'`,
        )
      )[0]!.count;
    const toCustomer = await rows<{ template: string }>(
      sql`select template from mail_messages where status = 'sent' and "to" = ${demoAccounts.customer.email}`,
    );
    // The box's "edit or skip until the cutoff" reminder was due too: queued once, by one of the runs.
    expect(toCustomer.filter((mail) => mail.template === 'delivery-reminder')).toHaveLength(1);
    // A message leaves the queue before it is marked sent: read the count again until it settles.
    // On a loaded CI machine settling can take seconds; the wait ends as soon as the counts agree,
    // and a duplicate still fails below (a future-dated `npm run jobs` must not take mail a
    // replica has claimed: docs/decisions/008).
    await poll(
      async () => (smtp!.delivered.length === (await sentCount()) ? true : undefined),
      'the SMTP deliveries to match the mails marked sent',
      20_000,
    ).catch(async (error: Error) => {
      // More received than marked sent is a mail claimed twice; fewer, a delivery still on its way.
      throw new Error(
        `${error.message}: received ${smtp!.delivered.length}, marked sent ${await sentCount()}`,
      );
    });
    // A message claimed twice would arrive twice: give a straggler the moment it would take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp!.delivered).toHaveLength(await sentCount());
  });
});
