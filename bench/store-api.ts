/**
 * Preparing bench data through the store's API like a visitor: the bench (`run.ts`) and the
 * checkout profiler (`checkout-load.ts`) make their ready carts and test cards the same way.
 */
import { randomBytes } from 'node:crypto';

export type StoreClient = {
  /** A write (or, with no body, any method) as a browser on the store's origin sends it. */
  send<T = { data: { id: string } }>(path: string, body: unknown, method?: string): Promise<T>;
  get<T>(path: string): Promise<T>;
};

export function storeClient(base: string): StoreClient {
  const headers = { 'content-type': 'application/json', origin: base };
  return {
    async send<T>(path: string, body: unknown, method = 'POST') {
      const response = await fetch(`${base}${path}`, {
        method,
        // No body, no content type: Fastify refuses an empty JSON body.
        headers: body === undefined ? { origin: base } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<T>;
    },
    async get<T>(path: string) {
      const response = await fetch(`${base}${path}`);
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response.json() as Promise<T>;
    },
  };
}

/**
 * A random Luhn-valid Visa number that is none of the special test cards, so the test provider
 * accepts it: one card per customer. (With one shared card the store's per-card decline limit, which
 * reserves its slot before the authorization, refuses concurrent checkouts of the same card.)
 */
export function randomCardNumber(): string {
  const body = `4${Array.from(randomBytes(14), (byte) => byte % 10).join('')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export type ReadyCart = { id: string; total: number };

/**
 * A cart ready to check out: a full box of `skus` on `plan`, contact, address and password. `tag`
 * names its customer (`bench` or `load`), so the carts of the two tools are told apart.
 */
export async function prepareReadyCart(
  store: StoreClient,
  tag: string,
  index: number,
  plan: number,
  skus: string[],
): Promise<ReadyCart> {
  const cart = (await store.send('/api/customers/abandoned-carts', undefined)).data.id;
  await store.send(
    `/api/customers/abandoned-carts/${cart}`,
    { email: `${tag}-${index}-${randomBytes(4).toString('hex')}@example.com`, zip_code: '10001' },
    'PUT',
  );
  await store.send(`/api/sales/abandoned-carts/${cart}/plans`, { plan_id: plan });
  for (const sku of skus)
    await store.send(`/api/sales/abandoned-carts/${cart}/items`, { sku, quantity: 1 }, 'PUT');
  await store.send(
    `/api/customers/abandoned-carts/${cart}`,
    {
      first_name: `${tag[0]!.toUpperCase()}${tag.slice(1)}`,
      last_name: 'Parent',
      address_line_1: '1 Test St',
      city: 'New York',
      phone: '(212) 555-0100',
      password: `${tag}-password`,
    },
    'PUT',
  );
  const shown = await store.get<{ data: { cart: { costs: { total_cost: number } } } }>(
    `/api/customers/abandoned-carts/${cart}`,
  );
  return { id: cart, total: shown.data.cart.costs.total_cost };
}
