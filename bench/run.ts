/**
 * Throughput and tail latency of the hot read paths against PostgreSQL, on the production build.
 * Usage: npm run build && npm run bench  (BENCH_DATABASE_URL to pick the server, BENCH_SECONDS per case)
 * Writes bench/results/latest.json. A benchmark, not a test: it asserts nothing and never runs in CI.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = 3300;
const database = 'sprout_bench';

type BenchCase = {
  name: string;
  path: string;
  prepare?: (base: string) => Promise<Partial<autocannon.Options>>;
  /** False for requests that can only succeed once (a cart checks out once): no warm-up pass. */
  warmUp?: boolean;
};

const ORIGIN_HEADERS = { 'content-type': 'application/json', origin: `http://localhost:${port}` };

/**
 * Quantity updates spread over many carts (each cart's changes are serialised by its row lock,
 * so one cart alone would measure lock waits, not throughput): 100 carts on the 36-item plan,
 * 10 skus, quantities 0-3, so no request is refused for the threshold.
 */
async function prepareCartUpdates(base: string): Promise<Partial<autocannon.Options>> {
  const plans = (await (await fetch(`${base}/api/sales/plans`)).json()) as {
    data: { id: number; threshold: number }[];
  };
  const planId = plans.data.find((plan) => plan.threshold === 36)!.id;
  const listing = (await (await fetch(`${base}/api/products?only_skus=true`)).json()) as { data: string[] };
  const skus = listing.data.slice(0, 10);
  const carts: string[] = [];
  for (let index = 0; index < 100; index += 1) {
    const response = await fetch(`${base}/api/customers/abandoned-carts`, {
      method: 'POST',
      headers: { origin: ORIGIN_HEADERS.origin },
    });
    const created = (await response.json()) as { data: { id: string } };
    await fetch(`${base}/api/sales/abandoned-carts/${created.data.id}/plans`, {
      method: 'POST',
      headers: ORIGIN_HEADERS,
      body: JSON.stringify({ plan_id: planId }),
    });
    carts.push(created.data.id);
  }
  let counter = 0;
  return {
    requests: [
      {
        method: 'PUT',
        headers: ORIGIN_HEADERS,
        setupRequest: (request) => {
          counter += 1;
          return {
            ...request,
            path: `/api/sales/abandoned-carts/${carts[counter % carts.length]}/items`,
            body: JSON.stringify({ sku: skus[counter % skus.length], quantity: counter % 4 }),
          };
        },
      },
    ],
  };
}

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);

/** A JSON write from the storefront's origin; the bench reads only the ids it needs from each answer. */
async function post<T = { data: { id: string } }>(
  base: string,
  path: string,
  body: unknown,
  method = 'POST',
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    // No body, no content type: Fastify refuses an empty JSON body.
    headers: body === undefined ? { origin: ORIGIN_HEADERS.origin } : ORIGIN_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

/**
 * Checkout completions, each for its own ready cart (a full 12-item box, contact, password and a
 * test card), since a cart checks out once: BENCH_CHECKOUTS carts prepared ten at a time, then one
 * request per cart. Measures the whole workflow: pricing, authorization, the transaction, capture.
 */
async function prepareCheckouts(base: string): Promise<Partial<autocannon.Options>> {
  const plans = (await (await fetch(`${base}/api/sales/plans`)).json()) as {
    data: { id: number; threshold: number }[];
  };
  const planId = plans.data.find((plan) => plan.threshold === 12)!.id;
  const listing = (await (await fetch(`${base}/api/products?only_skus=true`)).json()) as { data: string[] };
  const dates = (await (await fetch(`${base}/api/shipping/zip-codes/10001/delivery-dates`)).json()) as {
    data: { date: string }[];
  };
  const bodies: string[] = [];
  const prepareOne = async (index: number) => {
    const cart = (await post(base, '/api/customers/abandoned-carts', undefined)).data.id;
    await post(
      base,
      `/api/customers/abandoned-carts/${cart}`,
      { email: `bench-${index}-${Date.now()}@example.com`, zip_code: '10001' },
      'PUT',
    );
    await post(base, `/api/sales/abandoned-carts/${cart}/plans`, { plan_id: planId });
    for (const sku of listing.data.slice(0, 12)) {
      await post(base, `/api/sales/abandoned-carts/${cart}/items`, { sku, quantity: 1 }, 'PUT');
    }
    await post(
      base,
      `/api/customers/abandoned-carts/${cart}`,
      {
        first_name: 'Bench',
        last_name: 'Parent',
        address_line_1: '1 Test St',
        city: 'New York',
        phone: '(212) 555-0100',
        password: 'bench-password',
      },
      'PUT',
    );
    const shown = (await (await fetch(`${base}/api/customers/abandoned-carts/${cart}`)).json()) as {
      data: { cart: { costs: { total_cost: number } } };
    };
    const card = await post<{ id: string }>(base, '/test-provider/v1/payment-methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    bodies.push(
      JSON.stringify({
        abandoned_cart_id: cart,
        idempotency_key: `bench${index}x${Date.now()}`,
        payment_method_id: card.id,
        first_delivery_date: dates.data[0]!.date,
        expected_total: shown.data.cart.costs.total_cost,
        frequency_weeks: 1,
      }),
    );
  };
  for (let start = 0; start < CHECKOUTS; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, CHECKOUTS - start) }, (_, offset) => prepareOne(start + offset)),
    );
  }
  let next = 0;
  return {
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        path: '/api/sales/checkout',
        headers: ORIGIN_HEADERS,
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  };
}

const cases: BenchCase[] = [
  {
    name: 'GET /api/products (page of 12, badge+category)',
    path: '/api/products?perPage=12&include=badge,category',
  },
  {
    name: 'GET /api/products filtered by menu and tag',
    path: '/api/products?menu_item=toddler-meals&tags=dairy-free&include=badge,category',
  },
  { name: 'GET /menus (server-rendered page)', path: '/menus' },
  {
    name: 'PUT /api/sales/abandoned-carts/{id}/items (100 carts)',
    path: '/api/sales/abandoned-carts/{id}/items',
    prepare: prepareCartUpdates,
  },
  {
    name: `POST /api/sales/checkout (${CHECKOUTS} carts, test card)`,
    path: '/api/sales/checkout',
    prepare: prepareCheckouts,
    warmUp: false,
  },
];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy in 2 minutes');
}

function run(url: string, extra: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/web/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      LOG_LEVEL: 'warn',
      // One client hammering on purpose: the per-client write limits would measure themselves.
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      RATE_LIMIT_CART_CREATIONS_PER_HOUR: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/healthz`, server);
    const results = [];
    for (const benchCase of cases) {
      const extra = benchCase.prepare ? await benchCase.prepare(base) : {};
      const url = benchCase.prepare ? base : `${base}${benchCase.path}`;
      if (benchCase.warmUp !== false) await run(url, extra).catch(() => undefined); // warm-up pass (JIT, pool, caches)
      const result = await run(url, extra);
      const summary = {
        name: benchCase.name,
        path: benchCase.path,
        requests_per_second: Math.round(result.requests.average),
        latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        non_2xx: result.non2xx,
        errors: result.errors,
      };
      console.info(`${summary.name}: ${summary.requests_per_second} req/s, p99 ${summary.latency_ms.p99} ms`);
      results.push(summary);
    }
    const report = {
      date: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(),
      node: process.version,
      cpus: os.cpus().length,
      database: 'postgresql',
      connections,
      seconds_per_case: seconds,
      results,
    };
    writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.info('wrote bench/results/latest.json');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
