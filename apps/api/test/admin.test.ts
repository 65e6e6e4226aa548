import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../src/modules/auth/service';
import { hashToken } from '../src/modules/auth/tokens';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
let adminCookie: string;
let customerCookie: string;
let customerId: number;
let adminId: number;

const userIdOf = async (email: string) =>
  (await context.database.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]!.id;

beforeAll(async () => {
  context = await startTestApp();
  adminId = await userIdOf(demoAccounts.admin.email);
  customerId = await userIdOf(demoAccounts.customer.email);
  adminCookie = `sid=${(await openSessionFor(context.database.db, adminId)).sessionToken}`;
  customerCookie = `sid=${(await openSessionFor(context.database.db, customerId)).sessionToken}`;
});
afterAll(() => context?.close());

/** An admin request from the storefront's origin, with the admin's session unless told otherwise. */
function admin(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = adminCookie,
) {
  return context.app.inject({
    method,
    url,
    headers: {
      origin: 'http://localhost:3000',
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function auditEntries(entity?: string) {
  const response = await admin('GET', `/api/admin/audit${entity ? `?entity=${entity}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    actor_user_id: number;
    actor_email: string | null;
    action: string;
    entity: string;
    entity_id: string;
    before: unknown;
    // biome-ignore lint/suspicious/noExplicitAny: each test checks the fields of its own entity
    after: any;
  }[];
}

async function firstPaidOrderId() {
  const orders = await admin('GET', `/api/admin/orders?q=${encodeURIComponent(demoAccounts.customer.email)}`);
  const paid = orders.json().data.filter((order: { status: string }) => order.status === 'paid');
  return paid as { id: number; total: number }[];
}

describe('the admin guard', () => {
  it('refuses every registered /api/admin route to a visitor (401) and a customer (403)', async () => {
    // Every route in the OpenAPI document, so a route added later is checked without a new test.
    const paths = (context.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const route of routes) {
      const method = route.method as 'GET';
      const anonymous = await admin(method, route.url, undefined, '');
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const customer = await admin(method, route.url, undefined, customerCookie);
      expect(customer.statusCode, `${route.method} ${route.url} customer`).toBe(403);
    }
  });

  it('lets the admin read the dashboard: sales per day, subscriptions, funnel and kitchen plan', async () => {
    const response = await admin('GET', '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.sales).toHaveLength(30);
    expect(data.subscriptions.active).toBeGreaterThanOrEqual(1);
    expect(data.funnel).toMatchObject({ carts_created: expect.any(Number), checked_out: expect.any(Number) });
    // The demo customer's next boxes are scheduled with 24 items each.
    expect(data.kitchen.plan.length).toBeGreaterThan(0);
    const firstWeek = data.kitchen.plan[0];
    expect(firstWeek.total).toBeGreaterThan(0);
    const bad = await admin('GET', '/api/admin/dashboard?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
  });
});

describe('catalogue', () => {
  it('shows a price change on /api/products at once, and audits it', async () => {
    const products = (await admin('GET', '/api/admin/products')).json().data as {
      id: number;
      sku: string;
      slug: string;
      list_price: number;
      premium_difference: number;
      is_active: boolean;
    }[];
    const product = products.find((candidate) => candidate.is_active)!;
    const listed = async () =>
      (await getJson(context.app, '/api/products?perPage=100')).body.data.find(
        (candidate: { sku: string }) => candidate.sku === product.sku,
      );
    const before = await listed();
    const changed = await admin('PATCH', `/api/admin/products/${product.id}`, {
      premium_difference: product.premium_difference + 1.25,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.list_price).toBeCloseTo(product.list_price + 1.25, 2);
    // The very next storefront read has the new price: nothing cached it.
    const after = await listed();
    expect(after.item_price - before.item_price).toBeCloseTo(1.25, 2);
    expect(after.price.premium_difference - before.price.premium_difference).toBeCloseTo(1.25, 2);

    const [entry] = await auditEntries('product');
    expect(entry).toMatchObject({ action: 'product.update', entity_id: String(product.id) });
    expect((entry!.before as { premium_difference: number }).premium_difference).toBe(
      product.premium_difference,
    );
    expect(entry!.after.premium_difference).toBeCloseTo(product.premium_difference + 1.25, 2);

    const refused = await admin('PATCH', `/api/admin/products/${product.id}`, { premium_difference: -1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.premium_difference).toBeDefined();
  });

  it('audits a category change', async () => {
    const { categories } = (await admin('GET', '/api/admin/categories')).json().data;
    const category = categories[0];
    const response = await admin('PATCH', `/api/admin/categories/${category.id}`, {
      base_price: category.base_price,
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await auditEntries('category');
    expect(entry).toMatchObject({ action: 'category.update', entity_id: String(category.id) });
    // The log names who did it by email (the id stays for the link to the account).
    expect(entry).toMatchObject({ actor_user_id: adminId, actor_email: demoAccounts.admin.email });
  });
});

describe('promo codes', () => {
  it('lists each code with its status by the switch and the window (checkout refuses all but active)', async () => {
    const listed = (await admin('GET', '/api/admin/promo-codes')).json().data as {
      code: string;
      is_active: boolean;
      status: string;
    }[];
    // EXPIRED10 is switched on, but its window ended on 2025-12-31: the list must not call it active.
    expect(listed.find((code) => code.code === 'EXPIRED10')).toMatchObject({
      is_active: true,
      status: 'expired',
    });
    const scheduled = await admin('POST', '/api/admin/promo-codes', {
      code: 'LATER10',
      description: '10% off, later',
      tiers: [{ weekly_ordinal_number: 1, type: 'percent_off', amount: 10 }],
      starts_at: '2099-01-01T00:00:00Z',
    });
    expect(scheduled.json().data.status).toBe('scheduled');
  });

  it('creates a code a visitor can apply, edits and disables it, each audited', async () => {
    const created = await admin('POST', '/api/admin/promo-codes', {
      code: 'ADMINTEST10',
      description: '10% off your first box',
      tiers: [{ weekly_ordinal_number: 1, type: 'percent_off', amount: 10 }],
      max_uses: 100,
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().data;
    expect(code).toMatchObject({
      code: 'ADMINTEST10',
      is_active: true,
      status: 'active',
      tiers: [{ type: 'percent_off', amount: 10 }],
    });

    const duplicate = await admin('POST', '/api/admin/promo-codes', {
      code: 'admintest10',
      description: 'again',
      tiers: [{ weekly_ordinal_number: 1, type: 'percent_off', amount: 5 }],
    });
    expect(duplicate.statusCode).toBe(422);

    const cart = await injectJson(context.app, 'POST', '/api/sales/abandoned-carts');
    const cartId = cart.json().data.id;
    const applied = await injectJson(
      context.app,
      'POST',
      `/api/sales/abandoned-carts/${cartId}/promo-codes`,
      {
        code: 'admintest10',
      },
    );
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.cart.promo_code).toMatchObject({ code: 'ADMINTEST10' });

    const disabled = await admin('PATCH', `/api/admin/promo-codes/${code.id}`, { is_active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ is_active: false, status: 'off' });

    const entries = await auditEntries('promo_code');
    expect(entries.map((entry) => entry.action).slice(0, 2)).toEqual([
      'promo_code.disable',
      'promo_code.create',
    ]);
    expect(entries[0]!.before).toMatchObject({ is_active: true });
    expect(entries[0]!.after).toMatchObject({ is_active: false });
  });
});

describe('orders', () => {
  it('finds orders by number and email and shows lines and costs', async () => {
    const [order] = await firstPaidOrderId();
    const byNumber = await admin('GET', `/api/admin/orders?q=SS-${100_000 + order!.id}`);
    expect(byNumber.json().data.map((row: { id: number }) => row.id)).toEqual([order!.id]);
    const detail = (await admin('GET', `/api/admin/orders/${order!.id}`)).json().data;
    expect(detail.lines.length).toBeGreaterThan(0);
    expect(detail.costs.total_cost).toBe(order!.total);
    expect(detail.refundable).toBe(order!.total);
  });

  it('refunds once under a double submit, in part then in full, audited', async () => {
    const [, order] = await firstPaidOrderId();
    const body = { idempotency_key: 'double-submit-key-1', amount: 5 };
    const [first, second] = await Promise.all([
      admin('POST', `/api/admin/orders/${order!.id}/refunds`, body),
      admin('POST', `/api/admin/orders/${order!.id}/refunds`, body),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const again = await admin('POST', `/api/admin/orders/${order!.id}/refunds`, body);
    expect(again.statusCode).toBe(200);
    const detail = again.json().data;
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ amount: 5, status: 'succeeded' });
    expect(detail.refundable).toBeCloseTo(order!.total - 5, 2);
    // A partial refund keeps the order paid (decision 027) and says how much went back, in the
    // detail and in the lists.
    expect(detail.status).toBe('paid');
    expect(detail.refunded).toBe(5);
    const listed = (await admin('GET', `/api/admin/orders?q=${order!.id}`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: order!.id, status: 'paid', refunded: 5 })]);
    // Its customer reads the same: paid, and $5 back.
    const receipt = await admin('GET', `/api/me/orders/${order!.id}`, undefined, customerCookie);
    expect(receipt.json().data).toMatchObject({ status: 'paid', refunded: 5 });
    const customerList = await admin(
      'GET',
      `/api/sales/users/${customerId}/orders`,
      undefined,
      customerCookie,
    );
    expect(customerList.json().data).toContainEqual(expect.objectContaining({ id: order!.id, refunded: 5 }));
    // The provider made exactly one refund.
    const providerRefunds = await context.database.db.select().from(schema.testPaymentRefunds);
    expect(providerRefunds.filter((refund) => refund.amountCents === 500)).toHaveLength(1);

    const tooMuch = await admin('POST', `/api/admin/orders/${order!.id}/refunds`, {
      idempotency_key: 'too-much-key-1',
      amount: order!.total,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toMatch(/left to refund/);

    const rest = await admin('POST', `/api/admin/orders/${order!.id}/refunds`, {
      idempotency_key: 'the-rest-key-1',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 'refunded', refundable: 0, refunded: order!.total });

    const actions = (await auditEntries('order')).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'order.refund')).toHaveLength(2);
    expect(actions.filter((action) => action === 'order.refund_requested')).toHaveLength(2);
  });

  it("takes a refund off the revenue of its order's day on the dashboard, and only its own", async () => {
    const sales = async () =>
      (await admin('GET', '/api/admin/dashboard')).json().data.sales as { day: string; revenue: number }[];
    const before = await sales();
    const days = new Set(before.map((row) => row.day));
    const orders = (
      await admin('GET', `/api/admin/orders?q=${encodeURIComponent(demoAccounts.customer.email)}`)
    )
      .json()
      .data.filter((order: { status: string; placed_at: string }) => order.status === 'paid')
      .filter((order: { placed_at: string }) => days.has(order.placed_at.slice(0, 10)));
    const order = orders.at(-1) as { id: number; placed_at: string };
    expect(order).toBeDefined();
    const refunded = await admin('POST', `/api/admin/orders/${order.id}/refunds`, {
      idempotency_key: 'dashboard-revenue-key-1',
      amount: 3,
    });
    expect(refunded.statusCode).toBe(200);
    const after = await sales();
    const day = order.placed_at.slice(0, 10);
    const revenueOn = (rows: typeof before, on: string) => rows.find((row) => row.day === on)!.revenue;
    expect(revenueOn(after, day)).toBeCloseTo(revenueOn(before, day) - 3, 2);
    for (const other of days) {
      if (other !== day) expect(revenueOn(after, other)).toBeCloseTo(revenueOn(before, other), 2);
    }
  });

  it('sends the confirmation again, audited', async () => {
    const [order] = await firstPaidOrderId();
    const response = await admin('POST', `/api/admin/orders/${order!.id}/confirmation-emails`);
    expect(response.statusCode).toBe(202);
    const [entry] = await auditEntries('order');
    expect(entry).toMatchObject({
      action: 'order.resend_confirmation',
      after: { to: demoAccounts.customer.email },
    });
  });
});

describe('customers', () => {
  it('finds the demo customer and shows subscription, boxes, orders and credits', async () => {
    const found = (await admin('GET', '/api/admin/customers?q=jamie')).json().data;
    expect(found.map((row: { email: string }) => row.email)).toContain(demoAccounts.customer.email);
    const detail = (await admin('GET', `/api/admin/customers/${customerId}`)).json().data;
    expect(detail.subscription.status).toBe('active');
    expect(detail.deliveries.length).toBeGreaterThan(0);
    expect(detail.orders.length).toBeGreaterThan(0);
    expect(detail.credits).toMatchObject({ available: expect.any(Number) });
  });

  it('skips a box and pauses for the customer, each audited', async () => {
    const detail = (await admin('GET', `/api/admin/customers/${customerId}`)).json().data;
    const box = detail.deliveries.find((delivery: { editable: boolean }) => delivery.editable);
    const skipped = await admin('POST', `/api/admin/customers/${customerId}/skips`, { date: box.date });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().data.status).toBe('skipped');
    // Long enough to skip a box after the one just skipped: a pause that skips none is refused (decision 040).
    const paused = await admin('POST', `/api/admin/customers/${customerId}/pause`, { weeks: 8 });
    expect(paused.statusCode).toBe(200);
    const actions = (await auditEntries('subscription')).map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['subscription.pause', 'delivery.skip']);
  });
});

describe('impersonation', () => {
  it('ends in one step back to the admin own session (the admin site, no second sign-in)', async () => {
    const started = await admin('POST', '/auth/impersonations', { user_id: customerId });
    expect(started.statusCode).toBe(201);
    const issued = Object.fromEntries(
      [started.headers['set-cookie']]
        .flat()
        .map((cookie) => String(cookie).split(';')[0]!.split('=') as [string, string]),
    );
    expect(issued.impersonating).toBe('1');
    expect(`sid=${issued.admin_sid}`).toBe(adminCookie);
    const asCustomer = `sid=${issued.sid}; admin_sid=${issued.admin_sid}; impersonating=1`;
    // The customer's session: the admin API refuses it.
    expect((await admin('GET', '/api/admin/dashboard', undefined, asCustomer)).statusCode).toBe(403);

    const ended = await admin('DELETE', '/auth/impersonations', undefined, asCustomer);
    expect(ended.statusCode).toBe(204);
    const after = Object.fromEntries(
      [ended.headers['set-cookie']]
        .flat()
        .map((cookie) => String(cookie).split(';')[0]!.split('=') as [string, string]),
    );
    expect(`sid=${after.sid}`).toBe(adminCookie);
    expect(after.impersonating).toBe('');
    expect(after.admin_sid).toBe('');
    expect((await admin('GET', '/api/admin/dashboard', undefined, `sid=${after.sid}`)).statusCode).toBe(200);
    // The customer session is over.
    expect((await admin('GET', '/api/me', undefined, `sid=${issued.sid}`)).statusCode).toBe(401);
  });
});

describe('acting as a customer: audited, and over with the admin session', () => {
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    Object.fromEntries(
      [response.headers['set-cookie']]
        .flat()
        .filter(Boolean)
        .map((cookie) => String(cookie).split(';')[0]!.split('=') as [string, string]),
    );
  /** A fresh admin session (its own browser), acting as the demo customer. */
  async function actingAsCustomer() {
    const adminSid = (await openSessionFor(context.database.db, adminId)).sessionToken!;
    const started = await admin('POST', '/auth/impersonations', { user_id: customerId }, `sid=${adminSid}`);
    expect(started.statusCode).toBe(201);
    const actAsSid = cookiesOf(started).sid!;
    return { adminSid, actAsSid, browser: `sid=${actAsSid}; admin_sid=${adminSid}; impersonating=1` };
  }
  const me = async (sid: string) => (await admin('GET', '/api/me', undefined, `sid=${sid}`)).statusCode;
  const impersonationEntries = async () =>
    (await auditEntries('customer')).filter((entry) => entry.action.startsWith('customer.impersonation'));
  const runEndsJob = (asOf: Date | null = null) => context.app.jobs.runAllOnce(asOf, ['impersonation-ends']);

  it('audits the start and the stop: who, whom and when', async () => {
    const before = (await impersonationEntries()).length;
    const { actAsSid, browser } = await actingAsCustomer();
    const [start] = await impersonationEntries();
    expect(start).toMatchObject({
      actor_user_id: adminId,
      actor_email: demoAccounts.admin.email,
      action: 'customer.impersonation_start',
      entity: 'customer',
      entity_id: String(customerId),
      before: null,
      after: { acting_as: demoAccounts.customer.email, until: expect.any(String) },
    });
    expect(await me(actAsSid)).toBe(200);

    expect((await admin('DELETE', '/auth/impersonations', undefined, browser)).statusCode).toBe(204);
    const entries = await impersonationEntries();
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({
      actor_user_id: adminId,
      action: 'customer.impersonation_end',
      entity_id: String(customerId),
      before: { acting_as: demoAccounts.customer.email },
      after: { ended: 'stopped', ended_at: expect.any(String) },
    });
    expect(await me(actAsSid)).toBe(401);
    // Nothing is left for the job to write down.
    await runEndsJob();
    expect(await impersonationEntries()).toHaveLength(before + 2);
  });

  it('ends when the admin signs out elsewhere: the act-as session stops working at once, audited', async () => {
    const { adminSid, actAsSid } = await actingAsCustomer();
    expect(await me(actAsSid)).toBe(200);
    // The admin signs out of the admin site in another tab (their own session).
    expect((await admin('DELETE', '/auth', undefined, `sid=${adminSid}`)).statusCode).toBe(204);
    expect(await me(actAsSid)).toBe(401);
    const [end] = await impersonationEntries();
    expect(end).toMatchObject({ action: 'customer.impersonation_end', after: { ended: 'admin_signed_out' } });
  });

  it('signing out while acting ends both sessions, audited', async () => {
    const { adminSid, actAsSid, browser } = await actingAsCustomer();
    const signedOut = await admin('DELETE', '/auth', undefined, browser);
    expect(signedOut.statusCode).toBe(204);
    expect(cookiesOf(signedOut)).toMatchObject({ sid: '', admin_sid: '', impersonating: '' });
    expect([await me(actAsSid), await me(adminSid)]).toEqual([401, 401]);
    const [end] = await impersonationEntries();
    expect(end).toMatchObject({ action: 'customer.impersonation_end', after: { ended: 'signed_out' } });
  });

  it("ends when the admin's session expires, never lasts past it, and the job audits the end once", async () => {
    const adminSid = (await openSessionFor(context.database.db, adminId)).sessionToken!;
    // The admin's session has 10 minutes left: acting as the customer gets no more than that.
    const inTenMinutes = new Date(Date.now() + 10 * 60_000);
    await context.database.db
      .update(schema.sessions)
      .set({ expiresAt: inTenMinutes })
      .where(eq(schema.sessions.idHash, hashToken(adminSid)));
    const started = await admin('POST', '/auth/impersonations', { user_id: customerId }, `sid=${adminSid}`);
    expect(started.statusCode).toBe(201);
    const actAsSid = cookiesOf(started).sid!;
    const [actAs] = await context.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.idHash, hashToken(actAsSid)));
    expect(actAs!.expiresAt.getTime()).toBeLessThanOrEqual(inTenMinutes.getTime());
    expect(actAs!.impersonatorSessionIdHash).toBe(hashToken(adminSid));

    // The admin's session expires (a minute ago): acting as the customer is over at once.
    const expiredAt = new Date(Date.now() - 60_000);
    await context.database.db
      .update(schema.sessions)
      .set({ expiresAt: expiredAt })
      .where(eq(schema.sessions.idHash, hashToken(adminSid)));
    expect(await me(actAsSid)).toBe(401);
    const before = (await impersonationEntries()).length;
    const [outcome] = await runEndsJob();
    expect(outcome).toMatchObject({ name: 'impersonation-ends', ok: true });
    const [end] = await impersonationEntries();
    expect(end).toMatchObject({
      action: 'customer.impersonation_end',
      entity_id: String(customerId),
      after: { ended: 'admin_session_ended', ended_at: expiredAt.toISOString() },
    });
    await runEndsJob();
    expect(await impersonationEntries()).toHaveLength(before + 1);
  });

  it('an act-as session that runs out is audited as expired', async () => {
    const { actAsSid } = await actingAsCustomer();
    await context.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.idHash, hashToken(actAsSid)));
    expect(await me(actAsSid)).toBe(401);
    await runEndsJob();
    const [end] = await impersonationEntries();
    expect(end).toMatchObject({ action: 'customer.impersonation_end', after: { ended: 'expired' } });
  });
});

describe('referral settings and partnerships', () => {
  it('changes what a referred friend gets, keeping the rest of the group, audited', async () => {
    const before = (await admin('GET', '/api/admin/referral-settings')).json().data;
    expect(before).toEqual({ referee_discount: { type: 'dollars_off', amount: 25 }, referrer_credit: 25 });
    const changed = await admin('PUT', '/api/admin/referral-settings', {
      referee_discount: { type: 'dollars_off', amount: 30 },
      referrer_credit: 20,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({
      referee_discount: { type: 'dollars_off', amount: 30 },
      referrer_credit: 20,
    });
    const settings = await getJson(context.app, '/api/sales/app-settings');
    expect(JSON.stringify(settings.body)).toContain('"amount":30');
    const [entry] = await auditEntries('app_setting_group');
    expect(entry).toMatchObject({
      action: 'referral_settings.update',
      entity_id: 'referral_system_discounts',
    });
  });

  it('creates and disables a partnership, audited', async () => {
    const created = await admin('POST', '/api/admin/partnerships', {
      code: 'SCHOOLPTA',
      description: 'The PTA covers the first box',
      max_order_value: 80,
      is_active: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const disabled = await admin('PATCH', `/api/admin/partnerships/${id}`, { is_active: false });
    expect(disabled.json().data).toMatchObject({ code: 'SCHOOLPTA', is_active: false, max_order_value: 80 });
    const actions = (await auditEntries('partnership')).map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['partnership.update', 'partnership.create']);
  });
});

describe('menus and bestseller presets', () => {
  it('renames a menu, shown on /api/product-menu-items at once, audited', async () => {
    const menus = (await admin('GET', '/api/admin/menus')).json().data;
    const menu = menus[0];
    const renamed = await admin('PATCH', `/api/admin/menus/${menu.id}`, { name: `${menu.name} (new)` });
    expect(renamed.statusCode).toBe(200);
    const listed = (await getJson(context.app, '/api/product-menu-items')).body.data;
    expect(listed.map((item: { name: string }) => item.name)).toContain(`${menu.name} (new)`);
    const refused = await admin('PATCH', `/api/admin/menus/${menu.id}`, { category_ids: [] });
    expect(refused.statusCode).toBe(422);
    const [entry] = await auditEntries('menu');
    expect(entry).toMatchObject({ action: 'menu.update', before: { name: menu.name } });
  });

  it("changes a preset's dishes, audited", async () => {
    const presets = (await admin('GET', '/api/admin/bestsellers')).json().data;
    const preset = presets[0];
    const items = preset.items.map((item: { sku: string; quantity: number }, index: number) => ({
      sku: item.sku,
      quantity: index === 0 ? item.quantity + 1 : item.quantity,
    }));
    const changed = await admin('PUT', `/api/admin/bestsellers/${preset.id}`, { items });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.items[0].quantity).toBe(preset.items[0].quantity + 1);
    const unknown = await admin('PUT', `/api/admin/bestsellers/${preset.id}`, {
      items: [{ sku: 'NOPE', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    const [entry] = await auditEntries('bestseller_preset');
    expect(entry).toMatchObject({ action: 'bestseller_preset.update', entity_id: String(preset.id) });
  });
});

describe('gift cards and blog posts', () => {
  it("shows a customer's gift cards: the balance and each card", async () => {
    const issuing = await admin('POST', '/api/admin/gift-cards', { amount: 30, note: 'Goodwill' });
    expect(issuing.statusCode, issuing.body).toBe(201);
    const issued = issuing.json().data;
    const redeemed = await admin('POST', '/api/me/gift-cards', { code: issued.code }, customerCookie);
    expect(redeemed.statusCode).toBe(200);
    const response = await admin('GET', `/api/admin/customers/${customerId}/gift-cards`);
    expect(response.statusCode).toBe(200);
    const { balance, cards } = response.json().data;
    expect(cards.map((card: { id: number }) => card.id)).toContain(issued.id);
    expect(balance).toBeGreaterThanOrEqual(30);
    expect((await admin('GET', '/api/admin/customers/0/gift-cards')).statusCode).toBe(422);
  });

  it('audits a card issued by hand and its voiding, never keeping the code', async () => {
    const issued = await admin('POST', '/api/admin/gift-cards', {
      amount: 25,
      note: 'Sorry for the late box',
    });
    expect(issued.statusCode).toBe(201);
    const card = issued.json().data;
    const voided = await admin('POST', `/api/admin/gift-cards/${card.id}/void`, { note: 'Issued twice' });
    expect(voided.statusCode).toBe(200);
    const entries = (await auditEntries('gift_card')).filter((entry) => entry.entity_id === String(card.id));
    expect(entries.map((entry) => entry.action)).toEqual(['gift_card.void', 'gift_card.issue']);
    expect(entries[1]).toMatchObject({
      before: null,
      after: { initial_cents: 2500, note: 'Sorry for the late box' },
    });
    expect(entries[0]).toMatchObject({ before: { balance_cents: 2500 }, after: { balance_cents: 0 } });
    expect(JSON.stringify(entries)).not.toContain(card.code);
    const again = await admin('POST', `/api/admin/gift-cards/${card.id}/void`, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(
      (await auditEntries('gift_card')).filter((entry) => entry.entity_id === String(card.id)),
    ).toHaveLength(2);
  });

  it('audits creating, editing, scheduling, publishing and unpublishing a post', async () => {
    const created = await admin('POST', '/api/admin/posts', {
      title: 'Audited post',
      slug: 'audited-post',
      excerpt: 'An excerpt.',
      body: 'Some **Markdown**.',
      category: 'recipes',
      author_name: 'Chef Tomás Reyes',
      hero_alt: 'A pot of food',
      tags: [],
      product_slugs: [],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    await admin('PATCH', `/api/admin/posts/${id}`, { title: 'Audited post, edited' });
    const later = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    await admin('POST', `/api/admin/posts/${id}/publish`, { published_at: later });
    await admin('POST', `/api/admin/posts/${id}/publish`, {});
    await admin('POST', `/api/admin/posts/${id}/unpublish`);
    const entries = (await auditEntries('post')).filter((entry) => entry.entity_id === String(id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'post.unpublish',
      'post.publish',
      'post.schedule',
      'post.update',
      'post.create',
    ]);
    expect(entries[3]).toMatchObject({
      before: { title: 'Audited post' },
      after: { title: 'Audited post, edited' },
    });
    expect(entries[0]).toMatchObject({ before: { status: 'published' }, after: { status: 'draft' } });
    const refused = await admin('POST', `/api/admin/posts/${id}/publish`, { published_at: 'soon' });
    expect(refused.statusCode).toBe(422);
    expect((await auditEntries('post')).filter((entry) => entry.entity_id === String(id))).toHaveLength(5);
  });
});
