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

const base = process.env.CHECKOUT_LOAD_URL ?? 'http://127.0.0.1:4000';
const headers = { 'content-type': 'application/json', origin: base };

async function call<T = { data: { id: string } }>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? { origin: base } : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

function cardNumber(): string {
  const body = `4${Array.from(randomBytes(14), (byte) => byte % 10).join('')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function prepare(count: number, file: string) {
  const plans = await call<{ data: { id: number; threshold: number }[] }>(
    '/api/sales/plans',
    undefined,
    'GET',
  );
  const plan = plans.data.find((p) => p.threshold === 12)!.id;
  const skus = (await call<{ data: string[] }>('/api/products?only_skus=true', undefined, 'GET')).data.slice(
    0,
    12,
  );
  const dates = await call<{ data: { date: string }[] }>(
    '/api/shipping/zip-codes/10001/delivery-dates',
    undefined,
    'GET',
  );
  const bodies: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, offset) => {
        const index = start + offset;
        const cart = (await call('/api/customers/abandoned-carts')).data.id;
        await call(
          `/api/customers/abandoned-carts/${cart}`,
          { email: `load-${index}-${randomBytes(4).toString('hex')}@example.com`, zip_code: '10001' },
          'PUT',
        );
        await call(`/api/sales/abandoned-carts/${cart}/plans`, { plan_id: plan });
        for (const sku of skus)
          await call(`/api/sales/abandoned-carts/${cart}/items`, { sku, quantity: 1 }, 'PUT');
        await call(
          `/api/customers/abandoned-carts/${cart}`,
          {
            first_name: 'Load',
            last_name: 'Parent',
            address_line_1: '1 Test St',
            city: 'New York',
            phone: '(212) 555-0100',
            password: 'load-password',
          },
          'PUT',
        );
        const shown = await call<{ data: { cart: { costs: { total_cost: number } } } }>(
          `/api/customers/abandoned-carts/${cart}`,
          undefined,
          'GET',
        );
        const card = await call('/test-provider/v1/payment-methods', {
          number: cardNumber(),
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
        });
        return JSON.stringify({
          abandoned_cart_id: cart,
          idempotency_key: `loadx${randomBytes(8).toString('hex')}`,
          payment_method_id: card.data?.id ?? (card as unknown as { id: string }).id,
          first_delivery_date: dates.data[0]!.date,
          expected_total: shown.data.cart.costs.total_cost,
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
