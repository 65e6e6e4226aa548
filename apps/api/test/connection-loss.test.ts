import { luhnValid } from '@sprout/contracts';
import { createDatabase, type DatabaseHandle } from '@sprout/db';
import { createTestDatabase, type TestDatabase } from '@sprout/db/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { activeSkus, planIdsBySlug } from './helpers';

/**
 * A replica that loses its database connections under traffic. Before the fix
 * each failed BEGIN kept one of the pool's connections for good, and nothing waited with a limit:
 * after a few rounds of pg_terminate_backend every request (the health check too) hung forever.
 * Only PostgreSQL has backends to terminate; every kill is limited to this file's own database.
 */
const CART_CLIENTS = 24;
const CHECKOUT_CLIENTS = 8;
const KILL_ROUNDS = 8;
const KILL_EVERY_MS = 300;
/** What the issue asks: once the killing stops, every request succeeds again within 5 s. */
const RECOVERY_MS = 5_000;
/** A request with no answer by then counts as hung (the bug), not merely slow. */
const HUNG_MS = 15_000;
const CARTS = '/api/customers/abandoned-carts';
const ORIGIN = 'http://localhost:3000';

type Answer = { status: number; body: unknown; retryAfter?: string } | 'hung';

/**
 * A Visa number that passes the Luhn check, different per seed: the test provider pays with any
 * but its published test cards (4000 0000 0000 0002 declines), which the 4242 prefix keeps clear of.
 */
function cardNumber(seed: number): string {
  const body = `4242${String(seed).padStart(11, '0')}`;
  for (let check = 0; check < 10; check += 1) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable: one check digit always fits');
}

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a replica whose database connections are terminated under load',
  () => {
    let testDatabase: TestDatabase;
    /** The app's own handle: the production pool (10 connections, default timeouts but a shorter connect wait). */
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let killer: pg.Client;
    let skus: string[];
    let planId: number;
    let deliveryDate: string;

    beforeAll(async () => {
      testDatabase = await createTestDatabase({ seeded: true });
      const url = (testDatabase.handle.raw.client as pg.Pool).options.connectionString!;
      database = createDatabase({ kind: 'postgres', url, pool: { size: 10 } });
      const config = loadConfig({ NODE_ENV: 'test', SITE_URL: ORIGIN, MAIL_WORKER_INTERVAL_MS: '50' });
      // The jobs run as in production: the mail worker must survive the kills and send afterwards.
      app = await buildApp({ config, database, startJobs: true });
      await app.ready();
      killer = new pg.Client({ connectionString: url });
      await killer.connect();
      skus = (await activeSkus(testDatabase.handle)).slice(0, 12);
      planId = (await planIdsBySlug(testDatabase.handle))['plan-12']!;
      const dates = await app.inject({ method: 'GET', url: '/api/shipping/zip-codes/10001/delivery-dates' });
      deliveryDate = dates.json().data[0].date;
    });
    afterAll(async () => {
      await killer?.end();
      await app?.close();
      await database?.close();
      await testDatabase?.dispose();
    });

    /** One request through the app, or 'hung' when it has no answer after HUNG_MS. */
    async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Answer> {
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<'hung'>((resolve) => {
        timer = setTimeout(() => resolve('hung'), HUNG_MS);
      });
      const answer = app
        .inject({
          method,
          url,
          headers: { origin: ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        })
        .then((response) => ({
          status: response.statusCode,
          body: response.body ? response.json() : null,
          retryAfter: response.headers['retry-after'] as string | undefined,
        }));
      return Promise.race([answer, hung]).finally(() => clearTimeout(timer));
    }

    /** Every answer the load got, by status (hung included), and the ones that broke the rules. */
    const statuses = new Map<string, number>();
    const wrongAnswers: string[] = [];
    function record(what: string, answer: Answer) {
      const key = answer === 'hung' ? 'hung' : String(answer.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (answer === 'hung') wrongAnswers.push(`${what}: no answer in ${HUNG_MS} ms`);
      else if (answer.status === 503 && answer.retryAfter === undefined)
        wrongAnswers.push(`${what}: 503 without Retry-After`);
      else if (answer.status >= 500 && answer.status !== 503) {
        wrongAnswers.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }

    /**
     * A step of a client that does what a browser does with a 503 (the store is busy: try again):
     * sends it again until it is answered, and fails on any other refusal.
     */
    async function step(what: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const answer = await call(method, url, body);
        record(what, answer);
        if (answer === 'hung') throw new Error(`${what}: hung`);
        // biome-ignore lint/suspicious/noExplicitAny: the API's JSON answers, read by the steps that need them
        if (answer.status < 300) return answer.body as any;
        if (answer.status !== 503)
          throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${what}: still 503 after 100 attempts`);
    }

    async function newCart(email: string): Promise<string> {
      const id = (await step('create cart', 'POST', CARTS)).data.id as string;
      await step('cart contact', 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
      await step('cart plan', 'POST', `${CARTS}/${id}/plans`, { plan_id: planId });
      return id;
    }

    /** Cart to paid order, as the storefront does it; answers the checkout body it completed. */
    async function checkout(client: number, round: number) {
      const seed = client * 1000 + round;
      const email = `loss-${seed}@example.com`;
      const id = await newCart(email);
      for (const sku of skus) await step('cart item', 'PUT', `${CARTS}/${id}/items`, { sku, quantity: 1 });
      await step('cart details', 'PUT', `${CARTS}/${id}`, {
        first_name: 'Robin',
        last_name: 'Okafor',
        address_line_1: '350 W 31st St',
        city: 'New York',
        phone: '(212) 555-0199',
        password: 'lunchbox-secret',
      });
      const card = await step('card', 'POST', '/test-provider/v1/payment-methods', {
        number: cardNumber(seed),
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      });
      const cart = await step('cart read', 'GET', `${CARTS}/${id}`);
      const body = {
        abandoned_cart_id: id,
        expected_total: cart.data.cart.costs.total_cost as number,
        idempotency_key: `loss${String(seed).padStart(8, '0')}`.padEnd(32, 'k'),
        payment_method_id: card.id,
        first_delivery_date: deliveryDate,
        frequency_weeks: 2,
      };
      // A 503 is sent again with the same key, as the checkout page does: never a second order.
      await step('checkout', 'POST', '/api/sales/checkout', body);
      return body;
    }

    async function rows<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
      // On the killer's own connection: checking opens none in the pools it counts.
      return (await killer.query(text, values)).rows as Row[];
    }

    it('answers 503 (never hangs) while backends die, recovers within 5 s, leaks no connection and half-writes nothing', async () => {
      const cartIds = await Promise.all(
        Array.from({ length: CART_CLIENTS }, (_, index) => newCart(`cart-load-${index}@example.com`)),
      );

      let stop = false;
      const completed: { idempotency_key: string }[] = [];
      const cartClients = cartIds.map(async (id, client) => {
        for (let round = 0; !stop; round += 1) {
          const answer = await call('PUT', `${CARTS}/${id}/items`, {
            sku: skus[(client + round) % skus.length],
            quantity: 1 + (round % 3),
          });
          record('cart update', answer);
          if (answer === 'hung') return;
        }
      });
      // A client that met an answer it could not go on from stops and says which.
      const stoppedClients: string[] = [];
      const checkoutClients = Array.from({ length: CHECKOUT_CLIENTS }, async (_, client) => {
        try {
          for (let round = 0; !stop; round += 1) completed.push(await checkout(client, round));
        } catch (error) {
          stoppedClients.push(`checkout client ${client}: ${(error as Error).message}`);
        }
      });

      // Rounds of kills while the load runs, then none.
      await new Promise((resolve) => setTimeout(resolve, 500));
      let terminated = 0;
      for (let round = 0; round < KILL_ROUNDS; round += 1) {
        const result = await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        terminated += result.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
      }
      const killingStopped = Date.now();

      // Within 5 s every request succeeds again: a round of one update per cart client, all 200.
      // The update takes a dish out (quantity 0), which a box always allows: one that puts a dish
      // in may be refused with a 422 by a box the load has filled, which says nothing of the pool.
      let recoveredAfterMs: number | null = null;
      const probeAnswers: string[] = [];
      while (Date.now() - killingStopped < RECOVERY_MS + 1_000) {
        const probe = await Promise.all(
          cartIds.map((id) => call('PUT', `${CARTS}/${id}/items`, { sku: skus[0], quantity: 0 })),
        );
        probeAnswers.push(probe.map((answer) => (answer === 'hung' ? 'hung' : answer.status)).join(','));
        if (probe.every((answer) => answer !== 'hung' && answer.status === 200)) {
          recoveredAfterMs = Date.now() - killingStopped;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      stop = true;
      console.info(
        `connection loss: ${terminated} backends terminated; recovered after ${recoveredAfterMs} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}; wrong ${wrongAnswers.length}`,
      );
      await Promise.all([...cartClients, ...checkoutClients]);

      expect(terminated, 'backends terminated').toBeGreaterThan(KILL_ROUNDS);
      // No connection leaked: once the load stops every one is back in the pool and nobody waits.
      const pool = database.raw.client as pg.Pool;
      const held = () => ({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
      await expect.poll(held, { timeout: 5_000 }).toEqual({ checkedOut: 0, waiting: 0 });
      expect(pool.totalCount).toBeLessThanOrEqual(10);
      // Once the killing stopped, every request succeeded again within 5 s.
      expect(
        recoveredAfterMs,
        `recovered after (ms); answers: ${JSON.stringify([...statuses])}; probes: ${probeAnswers.slice(-3).join(' | ')}`,
      ).not.toBeNull();
      expect(recoveredAfterMs!).toBeLessThanOrEqual(RECOVERY_MS);
      // While the backends died every request was answered: a 2xx or a 503 with Retry-After.
      expect(wrongAnswers).toEqual([]);
      expect(stoppedClients).toEqual([]);
      expect(statuses.get('503') ?? 0, 'some requests met a dead connection').toBeGreaterThan(0);
      expect(completed.length, 'checkouts completed').toBeGreaterThan(0);
      expect(database.poolStats()).toEqual({ total: pool.totalCount, idle: pool.idleCount, waiting: 0 });

      // Each connection the pool counts is a live backend of this database.
      await expect
        .poll(
          async () =>
            (
              await rows<{ n: number }>(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'sprout'",
              )
            )[0]!.n,
          { timeout: 5_000 },
        )
        // The fixtures' pool (seeding, reads) shares the application name.
        .toBe(database.poolStats()!.total + testDatabase.handle.poolStats()!.total);

      // Nothing half-written. A capture lost to a kill leaves the order payment_pending and the
      // hold in place, which the capture job finishes: run the jobs once, as their loop would.
      await app.jobs.runAllOnce();
      const keys = completed.map((body) => body.idempotency_key);
      const orders = await rows<{ key: string; status: string; total: number; id: number; email: string }>(
        'select idempotency_key as key, status, total_cents as total, id, email from orders where idempotency_key = any($1)',
        [keys],
      );
      // One order per completed checkout, however many times its submit met a dead connection.
      expect(orders.map((order) => order.key).sort()).toEqual([...keys].sort());
      expect(orders.filter((order) => order.status !== 'paid')).toEqual([]);
      // Each order has its lines, its subscription, its first box, its charge and its attempt.
      const incomplete = await rows(
        `select o.idempotency_key,
              (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
              (select count(*)::int from subscriptions s where s.id = o.subscription_id) as subscriptions,
              (select count(*)::int from deliveries d where d.order_id = o.id) as boxes,
              (select count(*)::int from test_payment_intents i
                 where i.idempotency_key = 'checkout-' || o.idempotency_key
                   and i.status = 'succeeded' and i.captured_cents = o.total_cents) as charges,
              (select count(*)::int from checkout_attempts a
                 where a.idempotency_key = o.idempotency_key and a.status = 'ordered') as attempts
         from orders o where o.idempotency_key = any($1)`,
        [keys],
      );
      expect(
        incomplete.filter(
          (row) =>
            !(
              (row as { lines: number }).lines > 0 &&
              (row as { subscriptions: number }).subscriptions === 1 &&
              (row as { boxes: number }).boxes === 1 &&
              (row as { charges: number }).charges === 1 &&
              (row as { attempts: number }).attempts === 1
            ),
        ),
      ).toEqual([]);
      // No money moved without an order, no customer or subscription without one.
      expect(
        await rows(
          `select i.idempotency_key from test_payment_intents i
          where i.idempotency_key like 'checkout-loss%' and i.captured_cents > 0
            and not exists (select 1 from orders o where 'checkout-' || o.idempotency_key = i.idempotency_key)`,
        ),
      ).toEqual([]);
      expect(
        await rows(
          `select u.email from users u where u.email like 'loss-%'
            and not exists (select 1 from orders o where o.user_id = u.id)`,
        ),
      ).toEqual([]);
      expect(
        await rows(
          `select s.id from subscriptions s join users u on u.id = s.user_id where u.email like 'loss-%'
            and not exists (select 1 from orders o where o.subscription_id = s.id)`,
        ),
      ).toEqual([]);
      // The mail worker lived through it: every order's confirmation is sent, once.
      const emails = orders.map((order) => order.email);
      await expect
        .poll(
          async () =>
            rows<{ status: string; n: number }>(
              `select status, count(*)::int as n from mail_messages where "to" = any($1) group by status`,
              [emails],
            ),
          { timeout: 15_000 },
        )
        .toEqual([{ status: 'sent', n: expect.any(Number) }]);
      const perEmail = await rows<{ to: string; n: number }>(
        `select "to", count(*)::int as n from mail_messages where "to" = any($1) group by "to"`,
        [emails],
      );
      expect(perEmail.map((row) => row.to).sort()).toEqual([...emails].sort());
      // The health check agrees.
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    }, 180_000);
  },
);
