/**
 * Checkout completions alone, against a store already running (for profiling: the bench's cart
 * preparation goes through the same process and would drown the checkout's share of a profile).
 *   node --import tsx bench/checkout-load.ts prepare <count> <file>   ready carts + cards → bodies
 *   node --import tsx bench/checkout-load.ts fire <file> [connections]  POSTs each body once
 * CHECKOUT_LOAD_URL (http://127.0.0.1:4000) is the store.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { prepareReadyCart, randomCardNumber, storeClient } from './store-api';

const base = process.env.CHECKOUT_LOAD_URL ?? 'http://127.0.0.1:4000';
const headers = { 'content-type': 'application/json', origin: base };

const store = storeClient(base);

async function prepare(count: number, file: string) {
  const plans = await store.get<{ data: { id: number; threshold: number }[] }>('/api/sales/plans');
  const plan = plans.data.find((p) => p.threshold === 12)!.id;
  const skus = (await store.get<{ data: string[] }>('/api/products?only_skus=true')).data.slice(0, 12);
  const dates = await store.get<{ data: { date: string }[] }>('/api/shipping/zip-codes/10001/delivery-dates');
  const bodies: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, offset) => {
        const index = start + offset;
        const cart = await prepareReadyCart(store, 'load', index, plan, skus);
        const card = await store.send<{ data?: { id: string } }>('/test-provider/v1/payment-methods', {
          number: randomCardNumber(),
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
        });
        return JSON.stringify({
          abandoned_cart_id: cart.id,
          idempotency_key: `loadx${randomBytes(8).toString('hex')}`,
          payment_method_id: card.data?.id ?? (card as unknown as { id: string }).id,
          first_delivery_date: dates.data[0]!.date,
          expected_total: cart.total,
          frequency_weeks: 1,
        });
      }),
    );
    bodies.push(...batch);
  }
  writeFileSync(file, JSON.stringify(bodies));
}

async function fire(file: string, connections: number) {
  const bodies = JSON.parse(readFileSync(file, 'utf8')) as string[];
  let next = 0;
  let refusal: string | undefined;
  const result = await autocannon({
    url: base,
    amount: bodies.length,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/sales/checkout',
        headers,
        setupRequest: (request) => ({ ...request, body: bodies[next++] }),
        onResponse: (status, body) => {
          if (status >= 300 && !refusal) refusal = `${status} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  console.info(
    JSON.stringify({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      total: result.requests.total,
      duration: result.duration,
      refusal,
    }),
  );
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'prepare') await prepare(Number(args[0]), args[1]!);
else await fire(args[0]!, Number(args[1] ?? 32));
