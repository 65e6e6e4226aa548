/**
 * The store against a bare baseline (bench/baseline/server.ts: Fastify + pg + react-dom/server) doing
 * the same work on the same PostgreSQL database, case by case, in alternation (store, baseline, store,
 * baseline …), with the targets the store must reach (bench/README.md, "Reading it").
 * Usage: npm run build && npm run bench
 *   BENCH_DATABASE_URL  the PostgreSQL server (a database BENCH_DATABASE_NAME is created and dropped)
 *   BENCH_SECONDS (10) per run, BENCH_CONNECTIONS (32), BENCH_RUNS (2 per side), BENCH_WARMUP_SECONDS (3),
 *   BENCH_CHECKOUTS (300 carts per side and run), BENCH_CASES (comma-separated case keys: all by default),
 *   BENCH_PORT (3300: the store's; the baseline listens on the next one) so two benches can run side by side,
 *   BENCH_STORE_NODE_ARGS (node options for the store alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Writes bench/results/latest.json and prints a markdown table. A benchmark, not a test: it asserts
 * nothing and never runs in CI.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { prepareReadyCart, randomCardNumber, storeClient } from './store-api';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = process.env.BENCH_DATABASE_NAME ?? 'sprout_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const runsPerSide = Number(process.env.BENCH_RUNS ?? 2);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);
const CHECKOUT_WARM_UP = 20;
const onlyCases = process.env.BENCH_CASES?.split(',').map((key) => key.trim());

type Side = 'store' | 'baseline';
const storePort = Number(process.env.BENCH_PORT ?? 3300);
const ports: Record<Side, number> = { store: storePort, baseline: storePort + 1 };
const baseOf = (side: Side) => `http://127.0.0.1:${ports[side]}`;

const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;

/** Writes come from the store's own origin (the API refuses cross-site writes). */
const JSON_HEADERS = { 'content-type': 'application/json', origin: baseOf('store') };

/** What one side needs for one run: autocannon options (a path or requests, maybe an amount). */
type Load = Partial<autocannon.Options>;

type Target = {
  text: string;
  met: (store: Summary, baseline: Summary) => boolean;
};

type BenchCase = {
  key: string;
  name: string;
  store: string;
  baseline: string;
  /** Loads per side: `run` is the run number (0 is the warm-up); called once per run for one-shot cases. */
  prepare?: (side: Side, run: number) => Promise<Load>;
  /** One-shot requests (a cart checks out once): prepare fresh data for every run. */
  perRun?: boolean;
  target?: Target;
};

type Summary = {
  requests_per_second: number;
  latency_ms: { p50: number; p99: number; max: number };
  non_2xx: number;
  errors: number;
  runs: { requests_per_second: number; p50: number; p99: number; max: number }[];
};

// ─── Preparing data through the store's API ────────────────────────────────────────────────────

const store = storeClient(baseOf('store'));
const post = store.send;
const get = store.get;

async function planId(threshold: number): Promise<number> {
  const plans = await get<{ data: { id: number; threshold: number }[] }>('/api/sales/plans');
  return plans.data.find((plan) => plan.threshold === threshold)!.id;
}

async function activeSkus(): Promise<string[]> {
  return (await get<{ data: string[] }>('/api/products?only_skus=true')).data;
}

/** Runs `count` preparations, ten at a time (the store's write path is the bottleneck). */
async function inBatches<T>(count: number, prepareOne: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) =>
      prepareOne(start + offset),
    );
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/**
 * Quantity updates spread over 100 carts per side (each cart's changes are serialised by its row
 * lock, so one cart alone would measure lock waits, not throughput): carts on the 36-item plan,
 * 10 skus, quantities 0-3, so no request is refused for the threshold. Both sides' carts are made
 * by the store; each side gets its own hundred.
 */
const cartUpdateCarts = new Map<Side, Promise<{ carts: string[]; skus: string[] }>>();
function prepareCartUpdates(side: Side): Promise<Load> {
  if (!cartUpdateCarts.has(side)) {
    cartUpdateCarts.set(
      side,
      (async () => {
        const [plan, skus] = await Promise.all([planId(36), activeSkus()]);
        const carts = await inBatches(100, async () => {
          const cart = (await post('/api/customers/abandoned-carts', undefined)).data.id;
          await post(`/api/sales/abandoned-carts/${cart}/plans`, { plan_id: plan });
          return cart;
        });
        return { carts, skus: skus.slice(0, 10) };
      })(),
    );
  }
  return cartUpdateCarts.get(side)!.then(({ carts, skus }) => {
    let counter = 0;
    return {
      requests: [
        {
          method: 'PUT',
          headers: JSON_HEADERS,
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
  });
}

/**
 * Copies of one ready cart (its contact, address, plan and items), each with its own id and email:
 * the baseline's checkouts start from exactly the data the store's do, made in one statement
 * instead of fifteen requests each.
 */
async function cloneReadyCarts(template: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(
      `with copies as (
         insert into abandoned_carts
         select (jsonb_populate_record(null::abandoned_carts, to_jsonb(template) || jsonb_build_object(
           'id', gen_random_uuid(), 'email', 'bench-baseline-' || n || '-' || $3 || '@example.com'))).*
         from abandoned_carts template, generate_series(1, $2) n where template.id = $1
         returning id)
       , lines as (
         insert into abandoned_cart_items (cart_id, product_id, quantity)
         select copies.id, items.product_id, items.quantity from copies
         cross join abandoned_cart_items items where items.cart_id = $1)
       select id from copies`,
      [template, count, randomBytes(4).toString('hex')],
    );
    return result.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

let checkoutSetup: Promise<{ plan: number; skus: string[]; date: string; template: string }> | undefined;

/**
 * Checkout completions, each for its own ready cart since a cart checks out once: fresh carts for
 * every run and side (BENCH_CHECKOUTS, CHECKOUT_WARM_UP for the warm-up), one request per cart.
 * The store's carts are made through its API and paid with a test card (its whole workflow:
 * pricing, authorization, the transaction, capture); the baseline's are copies of a store cart.
 */
async function prepareCheckouts(side: Side, run: number): Promise<Load> {
  checkoutSetup ??= (async () => {
    const [plan, skus, dates] = await Promise.all([
      planId(12),
      activeSkus(),
      get<{ data: { date: string }[] }>('/api/shipping/zip-codes/10001/delivery-dates'),
    ]);
    const template = await prepareReadyCart(store, 'bench', -1, plan, skus.slice(0, 12));
    return { plan, skus: skus.slice(0, 12), date: dates.data[0]!.date, template: template.id };
  })();
  const setup = await checkoutSetup;
  const count = run === 0 ? CHECKOUT_WARM_UP : CHECKOUTS;
  const key = () => `bench${side}x${randomBytes(8).toString('hex')}`;
  let bodies: string[];
  if (side === 'store') {
    const carts = await inBatches(count, (index) =>
      prepareReadyCart(store, 'bench', index, setup.plan, setup.skus),
    );
    const cards = await inBatches(count, () =>
      post<{ id: string }>('/test-provider/v1/payment-methods', {
        number: randomCardNumber(),
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      }),
    );
    bodies = carts.map((cart, index) =>
      JSON.stringify({
        abandoned_cart_id: cart.id,
        idempotency_key: key(),
        payment_method_id: cards[index]!.id,
        first_delivery_date: setup.date,
        expected_total: cart.total,
        frequency_weeks: 1,
      }),
    );
  } else {
    const carts = await cloneReadyCarts(setup.template, count);
    bodies = carts.map((cart) =>
      JSON.stringify({
        abandoned_cart_id: cart,
        idempotency_key: key(),
        first_delivery_date: setup.date,
        frequency_weeks: 1,
      }),
    );
  }
  let next = 0;
  return {
    amount: bodies.length,
    connections: Math.min(connections, bodies.length),
    requests: [
      {
        method: 'POST',
        path: '/api/sales/checkout',
        headers: JSON_HEADERS,
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  };
}

// ─── Data both sides read: a blog post and a signed-in customer ────────────────────────────────

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The newest published post that shows dishes: the heaviest kind of article page. */
function seededPostSlug(): Promise<string> {
  return withDatabase(async (client) => {
    const result = await client.query<{ slug: string }>(
      `select slug from blog_posts where published_at <= now()
       order by cardinality(product_slugs) > 0 desc, published_at desc limit 1`,
    );
    return result.rows[0]!.slug;
  }, databaseUrl.toString());
}

/**
 * A session for the demo customer (an active subscription with upcoming boxes), written as the
 * store writes one (the SHA-256 of the cookie's token), so both sides read the same signed-in visitor
 * without the bench going through the sign-in code flow.
 */
function demoCustomerCookie(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(token).digest('hex');
  return withDatabase(async (client) => {
    const inserted = await client.query(
      `insert into sessions (id_hash, user_id, expires_at)
       select $1, id, now() + interval '1 day' from users where lower(email) = 'demo@example.com'`,
      [idHash],
    );
    if (inserted.rowCount !== 1) throw new Error('the demo customer is missing (SEED_DEMO_ACCOUNTS?)');
    return `sid=${token}`;
  }, databaseUrl.toString());
}

// ─── The cases and their targets (bench/README.md) ────────────────────────────────────────────

const ratio = (store: Summary, baseline: Summary) =>
  baseline.requests_per_second === 0 ? 0 : store.requests_per_second / baseline.requests_per_second;

function buildCases(postSlug: string, cookie: string): BenchCase[] {
  const listing = '/api/products?perPage=12&include=badge,category';
  const filtered = '/api/products?menu_item=toddler-meals&tags=dairy-free&include=badge,category';
  return [
    {
      key: 'listing',
      name: 'GET /api/products (page of 12, badge+category)',
      store: listing,
      baseline: listing,
      target: { text: 'ratio ≥ 1.0', met: (store, baseline) => ratio(store, baseline) >= 1 },
    },
    {
      key: 'filtered',
      name: 'GET /api/products filtered by menu and tag',
      store: filtered,
      baseline: filtered,
      target: { text: 'ratio ≥ 1.0', met: (store, baseline) => ratio(store, baseline) >= 1 },
    },
    {
      key: 'cart',
      name: 'PUT /api/sales/abandoned-carts/{id}/items (100 carts)',
      store: '/api/sales/abandoned-carts/{id}/items',
      baseline: '/api/sales/abandoned-carts/{id}/items',
      prepare: (side) => prepareCartUpdates(side),
      target: {
        text: 'ratio ≥ 0.6, p99 ≤ 1.5 × baseline',
        met: (store, baseline) =>
          ratio(store, baseline) >= 0.6 && store.latency_ms.p99 <= 1.5 * baseline.latency_ms.p99,
      },
    },
    {
      key: 'menus',
      name: 'GET /menus (server-rendered page)',
      store: '/menus',
      baseline: '/menus',
      target: {
        text: 'ratio ≥ 0.5, p99 < 300 ms',
        met: (store, baseline) => ratio(store, baseline) >= 0.5 && store.latency_ms.p99 < 300,
      },
    },
    {
      key: 'checkout',
      name: `POST /api/sales/checkout (${CHECKOUTS} carts per run, test card)`,
      store: '/api/sales/checkout',
      baseline: '/api/sales/checkout',
      prepare: prepareCheckouts,
      perRun: true,
      target: { text: '≥ 100 req/s (absolute)', met: (store) => store.requests_per_second >= 100 },
    },
    {
      key: 'blog',
      name: 'GET /blog/{slug}/ (a seeded post)',
      store: `/blog/${postSlug}/`,
      baseline: `/blog/${postSlug}/`,
    },
    {
      key: 'account',
      name: 'GET /account (overview, signed in)',
      store: '/account',
      baseline: '/account',
      prepare: async () => ({ headers: { cookie } }),
    },
  ];
}

// ─── Running ───────────────────────────────────────────────────────────────────────────────────

async function admin(sql: string) {
  await withDatabase((client) => client.query(sql));
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not become healthy in 2 minutes`);
}

/** A compiled script (.js: the store as production runs it) with node alone; TypeScript through tsx. */
function start(script: string, port: number, env: Record<string, string>): ChildProcess {
  // BENCH_STORE_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the compiled store:
  // node refuses --cpu-prof in NODE_OPTIONS.
  const nodeArgs = script.endsWith('.js')
    ? (process.env.BENCH_STORE_NODE_ARGS?.split(' ').filter(Boolean) ?? [])
    : [];
  const args = script.endsWith('.js') ? [...nodeArgs, script] : ['--import', 'tsx', script];
  return spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The first refused answer of a run, so a non-2xx count comes with its reason. */
type Refusal = { status: number; body: string };

/** A run's result, its first refusal and its wall time in seconds. */
type RunResult = autocannon.Result & { refusal?: Refusal; seconds: number };

function load(side: Side, benchCase: BenchCase, extra: Load, duration: number): Promise<RunResult> {
  let refusal: Refusal | undefined;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const onResponse = (status: number, body: string) => {
    lastAnswerAt = performance.now();
    if ((status < 200 || status > 299) && !refusal) refusal = { status, body: body.slice(0, 300) };
  };
  // Every request goes through `requests` so that each answer's status can be looked at.
  const requests = (extra.requests ?? [{ method: 'GET', path: benchCase[side] }]).map((request) => ({
    ...request,
    onResponse,
  }));
  return new Promise((resolve, reject) => {
    autocannon({ url: baseOf(side), connections, duration, ...extra, requests }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            ...result,
            refusal,
            // autocannon ends a run at its next one-second tick, so a run of a fixed amount (checkout's
            // 300) would count 2.1 s as 3: such a run lasts until its last answer.
            seconds: extra.amount ? (lastAnswerAt - startedAt) / 1000 : result.duration,
          }),
    );
  });
}

/**
 * Waits until the side has worked off the requests autocannon abandoned at the end of a run (the
 * server still answers them): the next run must not start behind the previous one's backlog.
 */
async function settle(side: Side) {
  await fetch(`${baseOf(side)}/healthz`).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

function summarise(results: RunResult[]): Summary {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  // Requests over the run's wall time (for a run of a fixed amount, until its last answer).
  const runs = results.map((result) => ({
    requests_per_second: Math.round(result.requests.total / Math.max(result.seconds, 0.001)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }));
  return {
    requests_per_second: Math.round(mean(runs.map((run) => run.requests_per_second))),
    latency_ms: {
      p50: Math.round(mean(runs.map((run) => run.p50))),
      p99: Math.round(mean(runs.map((run) => run.p99))),
      max: Math.max(...runs.map((run) => run.max)),
    },
    non_2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    runs,
  };
}

async function measure(benchCase: BenchCase) {
  const sides: Side[] = ['store', 'baseline'];
  const loads = new Map<Side, Load>();
  const loadFor = async (side: Side, run: number) => {
    if (benchCase.perRun || !loads.has(side)) loads.set(side, (await benchCase.prepare?.(side, run)) ?? {});
    return loads.get(side)!;
  };
  // Warm-up of each side (JIT, pools, caches); its figures are thrown away.
  for (const side of sides) {
    await load(side, benchCase, await loadFor(side, 0), warmUpSeconds).catch(() => undefined);
    await settle(side);
  }
  const results: Record<Side, RunResult[]> = { store: [], baseline: [] };
  const refusals: Partial<Record<Side, Refusal>> = {};
  for (let run = 1; run <= runsPerSide; run += 1) {
    for (const side of sides) {
      const extra = await loadFor(side, run);
      const result = await load(side, benchCase, extra, seconds);
      await settle(side);
      results[side].push(result);
      refusals[side] ??= result.refusal;
      console.info(
        `  ${benchCase.key} run ${run} ${side}: ${Math.round(result.requests.total / result.seconds)} req/s, ` +
          `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}` +
          (result.refusal ? ` (first: ${result.refusal.status} ${result.refusal.body})` : ''),
      );
    }
  }
  const store = summarise(results.store);
  const baseline = summarise(results.baseline);
  const clean = store.non_2xx + store.errors + baseline.non_2xx + baseline.errors === 0;
  return {
    key: benchCase.key,
    name: benchCase.name,
    path: { store: benchCase.store, baseline: benchCase.baseline },
    store,
    baseline,
    ratio: Math.round(ratio(store, baseline) * 100) / 100,
    // A case counts only when both sides answered every request with a 2xx.
    target: benchCase.target
      ? { text: benchCase.target.text, met: clean && benchCase.target.met(store, baseline) }
      : { text: 'report only', met: null },
    valid: clean,
    first_refusal: refusals,
  };
}

type CaseResult = Awaited<ReturnType<typeof measure>>;

function markdownTable(results: CaseResult[]): string {
  const rows = results.map((result) => {
    const side = (summary: Summary) =>
      `${summary.requests_per_second} | ${summary.latency_ms.p50} / ${summary.latency_ms.p99} / ${summary.latency_ms.max}`;
    const met = result.target.met === null ? '–' : result.target.met ? 'yes' : 'no';
    const failures = `${result.store.non_2xx}+${result.store.errors} / ${result.baseline.non_2xx}+${result.baseline.errors}`;
    return `| ${result.key} | ${side(result.store)} | ${side(result.baseline)} | ${result.ratio.toFixed(2)} | ${failures} | ${result.target.text} | ${met} |`;
  });
  return [
    '| case | store req/s | store p50 / p99 / max ms | baseline req/s | baseline p50 / p99 / max ms | ratio | non-2xx+errors store / baseline | target | met |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const servers: ChildProcess[] = [];
  try {
    // The store first: it migrates and seeds the empty database the baseline then reads.
    // The compiled production server (`npm run build` writes dist/): no TypeScript loader at run time.
    const store = start('dist/web-server.js', ports.store, {
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      LOG_LEVEL: 'warn',
      // One client hammering on purpose: the per-client write limits would measure themselves.
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      RATE_LIMIT_CART_CREATIONS_PER_HOUR: '0',
      RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: '0',
    });
    servers.push(store);
    await waitForHealth(`${baseOf('store')}/healthz`, store);
    const baseline = start('bench/baseline/server.ts', ports.baseline, { NODE_ENV: 'production' });
    servers.push(baseline);
    await waitForHealth(`${baseOf('baseline')}/healthz`, baseline);

    const cases = buildCases(await seededPostSlug(), await demoCustomerCookie()).filter(
      (benchCase) => !onlyCases || onlyCases.includes(benchCase.key),
    );
    const results: CaseResult[] = [];
    for (const benchCase of cases) {
      console.info(`${benchCase.name}`);
      results.push(await measure(benchCase));
    }
    const report = {
      date: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(),
      node: process.version,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      load_average_at_end: os.loadavg().map((value) => Math.round(value * 100) / 100),
      database: 'postgresql',
      connections,
      seconds,
      runs_per_side: runsPerSide,
      warm_up_seconds: warmUpSeconds,
      order: 'store, baseline, store, baseline … per case, after one warm-up each',
      results,
    };
    writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.info(`\n${markdownTable(results)}\n\nwrote bench/results/latest.json`);
  } finally {
    for (const server of servers.reverse()) await stop(server);
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
