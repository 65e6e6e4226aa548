import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getJson, injectJson, sendJson, type TestContext } from './helpers';

const CARTS = '/api/customers/abandoned-carts';

/** A new customer who checked out a 12-meal box (two meals of six kinds), signed in by the checkout. */
export async function subscribedCustomer(
  context: TestContext,
  options: { card?: string; promoCode?: string; frequencyWeeks?: 1 | 2 | 4; plan?: string } = {},
) {
  const { app, database } = context;
  const skus = (
    await database.db
      .select({ sku: schema.products.sku })
      .from(schema.products)
      .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
      .where(eq(schema.products.isActive, true))
      .orderBy(schema.products.id)
  ).map((row) => row.sku);
  const [plan] = await database.db
    .select()
    .from(schema.plans)
    .where(eq(schema.plans.slug, options.plan ?? 'plan-12'));
  const email = `renewal-${randomUUID().slice(0, 8)}@example.com`;
  const id = (await sendJson(app, 'POST', CARTS)).body.data.id as string;
  await sendJson(app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
  await sendJson(app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plan!.id });
  const kinds = plan!.threshold / 2;
  for (const sku of skus.slice(0, kinds)) {
    expect((await sendJson(app, 'PUT', `${CARTS}/${id}/items`, { sku, quantity: 2 })).status).toBe(200);
  }
  if (options.promoCode) {
    const applied = await sendJson(app, 'POST', `${CARTS}/${id}/promo-codes`, { code: options.promoCode });
    expect(applied.status).toBe(200);
  }
  expect(
    (
      await sendJson(app, 'PUT', `${CARTS}/${id}`, {
        first_name: 'Robin',
        last_name: 'Okafor',
        address_line_1: '350 W 31st St',
        city: 'New York',
        phone: '(212) 555-0199',
        password: 'lunchbox-secret',
      })
    ).status,
  ).toBe(200);
  const card = await injectJson(app, 'POST', '/test-provider/v1/payment-methods', {
    number: options.card ?? '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(card.statusCode).toBe(201);
  const dates = await getJson(app, '/api/shipping/zip-codes/10001/delivery-dates');
  const firstDeliveryDate = dates.body.data[0].date as string;
  const total = (await getJson(app, `${CARTS}/${id}`)).body.data.cart.costs.total_cost;
  const checkout = {
    abandoned_cart_id: id,
    expected_total: total,
    idempotency_key: randomUUID().replaceAll('-', ''),
    payment_method_id: card.json().id,
    first_delivery_date: firstDeliveryDate,
    frequency_weeks: options.frequencyWeeks ?? 2,
  };
  let response = await injectJson(app, 'POST', '/api/sales/checkout', checkout);
  if (response.statusCode === 200 && response.json().data.status === 'requires_action') {
    // A 3-D Secure card (4000 0025 0000 3155): the customer approves the bank's step, as at checkout.
    const { id: intentId, client_secret } = response.json().data.payment_intent;
    const step = await injectJson(app, 'POST', `/test-provider/v1/payment-intents/${intentId}/authenticate`, {
      client_secret,
      outcome: 'approve',
    });
    expect(step.statusCode).toBe(200);
    response = await injectJson(app, 'POST', '/api/sales/checkout', checkout);
  }
  expect(response.statusCode).toBe(201);
  const body = response.json().data;
  const cookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .map((value) => String(value).split(';')[0]!)
    .filter((value) => value.startsWith(`${SESSION_COOKIE}=`))
    .join('; ');
  return {
    email,
    cookie,
    userId: body.user.id as number,
    subscriptionId: body.subscription.id as number,
    firstOrderId: body.order.id as number,
    firstDeliveryDate,
    plan: plan!,
    skus,
  };
}

/** A request as the signed-in customer. */
export async function asCustomer(
  context: TestContext,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response =
    method === 'GET'
      ? await context.app.inject({ method, url, headers: { cookie } })
      : await injectJson(context.app, method, url, body, cookie);
  return { status: response.statusCode, body: response.json() };
}
