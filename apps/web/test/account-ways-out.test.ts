import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { subscribedCustomer } from '../../api/test/renewal-helpers';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import * as address from '../app/routes/account.address';
import * as order from '../app/routes/account.order';
import { TEST_SITE } from './site';

/**
 * Ways out on the account site's server side (decision 040), against the real API in-process: the
 * address page shows and changes the delivery address, and an order that is not the customer's is a
 * 404 page.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

function args(
  path: string,
  cookie: string,
  params: Record<string, string> = {},
  form?: Record<string, string>,
) {
  const request = new Request(`${TEST_SITE.url}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE.url },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const api = createServerApiClient(inProcessTransport(context.app), request);
  return { request, context: { api, site: TEST_SITE }, params } as never;
}

const addressForm = (changes: Record<string, string>) => ({
  first_name: 'Robin',
  last_name: 'Okafor',
  address_line_1: '350 W 31st St',
  address_line_2: '',
  city: 'New York',
  zip_code: '10001',
  phone: '(212) 555-0199',
  delivery_instructions: '',
  ...changes,
});

describe('/account/address', () => {
  it("shows the customer's address, with the state that comes with its zip", async () => {
    const customer = await subscribedCustomer(context);
    const data = await address.loader(args('/account/address', customer.cookie));
    expect(data.address).toMatchObject({
      address_line_1: '350 W 31st St',
      city: 'New York',
      zip_code: '10001',
    });
    expect(data.state).toMatchObject({ code: 'NY' });
  });

  it('changes it to a zip we deliver to, and refuses a zip we do not or a city of another zip', async () => {
    const customer = await subscribedCustomer(context);
    const notDelivered = await address.action(
      args('/account/address', customer.cookie, {}, addressForm({ zip_code: '99501', city: 'Anchorage' })),
    );
    expect(JSON.stringify(notDelivered)).toContain("we don't deliver to 99501");

    const wrongCity = await address.action(
      args('/account/address', customer.cookie, {}, addressForm({ zip_code: '60601', city: 'New York' })),
    );
    expect(JSON.stringify(wrongCity)).toContain('60601 is in Chicago, IL');

    const saved = await address.action(
      args(
        '/account/address',
        customer.cookie,
        {},
        addressForm({ zip_code: '60601', city: 'Chicago', address_line_1: '233 S Wacker Dr' }),
      ),
    );
    expect(saved).toMatchObject({ notice: 'Address saved: your next boxes go there.' });
    const data = await address.loader(args('/account/address', customer.cookie));
    expect(data.address).toMatchObject({
      address_line_1: '233 S Wacker Dr',
      city: 'Chicago',
      zip_code: '60601',
    });
    expect(data.state).toMatchObject({ code: 'IL' });
  });
});

describe('/account/orders/:orderId', () => {
  async function statusOf(promise: Promise<unknown>): Promise<number | string> {
    try {
      await promise;
      return 'loaded';
    } catch (error) {
      // React Router's data() throws a DataWithResponseInit: the page's status. Anything else (an
      // ApiError thrown on) is rendered by the root's boundary as the 500 page.
      const thrown = error as { type?: string; init?: { status?: number } | null; name?: string };
      if (thrown.type === 'DataWithResponseInit') return thrown.init?.status ?? 200;
      if (error instanceof Response) return error.status;
      return `${thrown.name}: the 500 page`;
    }
  }

  it("is a 404 page for an unknown order and for another customer's", async () => {
    const customer = await subscribedCustomer(context);
    const other = await subscribedCustomer(context);
    const own = await order.loader(
      args(`/account/orders/${customer.firstOrderId}`, customer.cookie, {
        orderId: String(customer.firstOrderId),
      }),
    );
    expect(own.order.number).toBeTruthy();
    expect(
      await statusOf(order.loader(args('/account/orders/999999', customer.cookie, { orderId: '999999' }))),
    ).toBe(404);
    expect(
      await statusOf(
        order.loader(
          args(`/account/orders/${other.firstOrderId}`, customer.cookie, {
            orderId: String(other.firstOrderId),
          }),
        ),
      ),
    ).toBe(404);
  });
});
