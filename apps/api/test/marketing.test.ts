import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../src/modules/auth/service';
import {
  activeSkus,
  getJson,
  injectJson,
  planIdsBySlug,
  sendJson,
  startTestApp,
  type TestContext,
  uniqueEmail,
} from './helpers';
import { asCustomer, subscribedCustomer } from './renewal-helpers';

const CARTS = '/api/customers/abandoned-carts';

let context: TestContext;
let skus: string[];
let plan12: number;

beforeAll(async () => {
  context = await startTestApp();
  skus = await activeSkus(context.database);
  plan12 = (await planIdsBySlug(context.database))['plan-12']!;
});
afterAll(() => context?.close());

async function newCart(): Promise<string> {
  return (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
}

/** A captured cart (email and zip known) with two dishes in it. */
async function capturedCart(email = uniqueEmail('family')) {
  const id = await newCart();
  await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001', first_name: 'Robin' });
  await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plan12 });
  expect(
    (await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, { sku: skus[0], quantity: 2 })).status,
  ).toBe(200);
  expect(
    (await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, { sku: skus[1], quantity: 1 })).status,
  ).toBe(200);
  return { id, email };
}

async function events(cartId: string, name: string) {
  return context.database.db
    .select()
    .from(schema.marketingEvents)
    .where(and(eq(schema.marketingEvents.abandonedCartId, cartId), eq(schema.marketingEvents.name, name)));
}

describe('page views', () => {
  it('stores the viewed-page event of a visitor with a cart, once per event id', async () => {
    const cartId = await newCart();
    const eventId = randomUUID();
    const body = {
      url: 'http://localhost:3000/menus/lunch',
      name: 'menus',
      abandonedCartId: cartId,
      parameters: { eventId },
    };
    const first = await sendJson(context.app, 'POST', '/api/marketing/esp/events/viewed-page', body);
    expect(first).toMatchObject({ status: 201, body: { data: { event_id: eventId } } });
    const again = await sendJson(context.app, 'POST', '/api/marketing/esp/events/viewed-page', body);
    expect(again.status).toBe(201);
    const stored = await events(cartId, 'ViewedPage');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: eventId, payload: { url: body.url, name: 'menus' } });
  });

  it('refuses an unknown cart (404) and a malformed body (422 with the field)', async () => {
    const unknown = await sendJson(context.app, 'POST', '/api/marketing/esp/events/viewed-page', {
      url: 'http://localhost:3000/',
      name: 'index',
      abandonedCartId: randomUUID(),
      parameters: { eventId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const bad = await sendJson(context.app, 'POST', '/api/marketing/esp/events/viewed-page', {
      url: 'not a url',
      name: 'index',
      abandonedCartId: await newCart(),
      parameters: { eventId: randomUUID() },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url).toEqual(['url must be an absolute address']);
  });
});

describe('picky-eater popup and nonprofit selection', () => {
  it('records the popup opening and its call to action', async () => {
    const cartId = await newCart();
    for (const [path, name] of [
      ['/api/marketing/events/picky-eater-popup-open', 'PickyEaterPopupOpen'],
      ['/api/marketing/events/picky-eaters-popup-cta-clicked', 'PickyEatersPopupCtaClicked'],
    ] as const) {
      const { status, body } = await sendJson(context.app, 'POST', path, {
        abandoned_cart_id: cartId,
        source_url: 'http://localhost:3000/menus',
      });
      expect(status).toBe(201);
      expect((await events(cartId, name)).map((event) => event.id)).toEqual([body.data.event_id]);
    }
  });

  it('records a nonprofit selection and refuses one not on the list', async () => {
    const cartId = await newCart();
    const { status, body } = await sendJson(context.app, 'POST', '/api/marketing/beam/nonprofit', {
      non_profit_id: 2,
      non_profit_name: 'School Garden Project',
      abandoned_cart_id: cartId,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ selectedNonprofitId: 2, nonprofitName: 'School Garden Project' });
    expect(await events(cartId, 'NonprofitSelected')).toHaveLength(1);
    const refused = await sendJson(context.app, 'POST', '/api/marketing/beam/nonprofit', {
      non_profit_id: 99,
      non_profit_name: 'Anyone',
      abandoned_cart_id: cartId,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.non_profit_id).toEqual(['Choose one of the listed nonprofits.']);
  });
});

describe('customers also loved', () => {
  it('records a click on a recommendation with its cart, and refuses an unknown cart', async () => {
    const cartId = await newCart();
    const { status, body } = await sendJson(context.app, 'POST', '/api/customers-also-loved-clicked', {
      sku: skus[0],
      abandoned_cart_id: cartId,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const stored = await events(cartId, 'CustomersAlsoLovedClicked');
    expect(stored.map((event) => [event.id, event.payload])).toEqual([
      [body.data.event_id, { sku: skus[0] }],
    ]);
    const unknown = await sendJson(context.app, 'POST', '/api/customers-also-loved-clicked', {
      sku: skus[0],
      abandoned_cart_id: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const empty = await sendJson(context.app, 'POST', '/api/customers-also-loved-clicked', { sku: '' });
    expect(empty.status).toBe(422);
  });
});

describe('nonprofit selection on the checkout success page', () => {
  it("keys the choice to the signed-in customer's order, replaces it, and removes it", async () => {
    const customer = await subscribedCustomer(context);
    const nonprofit = '/api/marketing/beam/nonprofit';
    const choose = (id: number, name: string) =>
      asCustomer(context, customer.cookie, 'POST', nonprofit, {
        non_profit_id: id,
        non_profit_name: name,
        order_id: customer.firstOrderId,
      });
    const first = await choose(1, 'Feeding Kids Forward');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ selectedNonprofitId: 1, order_id: customer.firstOrderId });
    expect((await choose(3, 'Family Food Bank Network')).status).toBe(201);
    const { db } = context.database;
    const rows = () =>
      db
        .select()
        .from(schema.nonprofitSelections)
        .where(eq(schema.nonprofitSelections.orderId, customer.firstOrderId));
    expect((await rows()).map((row) => row.nonprofitId)).toEqual([3]);

    // Nobody else may choose for this order; a visitor who is not signed in is told to sign in.
    const stranger = await subscribedCustomer(context);
    const foreign = await asCustomer(context, stranger.cookie, 'POST', nonprofit, {
      non_profit_id: 2,
      non_profit_name: 'School Garden Project',
      order_id: customer.firstOrderId,
    });
    expect(foreign.status).toBe(403);
    const anonymous = await sendJson(context.app, 'POST', nonprofit, {
      non_profit_id: 2,
      non_profit_name: 'School Garden Project',
      order_id: customer.firstOrderId,
    });
    expect(anonymous.status).toBe(401);
    const neither = await sendJson(context.app, 'POST', nonprofit, {
      non_profit_id: 2,
      non_profit_name: 'x',
    });
    expect(neither.status).toBe(422);
    expect(neither.body.errors.order_id).toEqual(['Choose the order the share comes from.']);

    const removed = await injectJson(
      context.app,
      'DELETE',
      nonprofit,
      { order_id: customer.firstOrderId },
      customer.cookie,
    );
    expect(removed.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    const removals = await db
      .select()
      .from(schema.marketingEvents)
      .where(eq(schema.marketingEvents.name, 'NonprofitSelectionRemoved'));
    expect(removals.some((event) => event.payload.order_id === customer.firstOrderId)).toBe(true);
  });
});

describe('experiments', () => {
  it('assigns a cart a variant of each running experiment and keeps it', async () => {
    const cartId = await newCart();
    const first = await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}&utm_source=mail`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    const [assignment] = first.body.data;
    expect(assignment).toMatchObject({
      experiment_name: 'Capture popup submit label',
      experiment_code: 'capture-submit-label',
    });
    expect(['control', 'continue-to-my-box']).toContain(assignment.variant);
    expect(assignment.code).toBe(`capture-submit-label.${assignment.variant}`);
    // A changed weight moves nobody already assigned: the stored variant answers.
    await context.database.db
      .update(schema.experiments)
      .set({
        variants: [
          { code: 'control', weight: assignment.variant === 'control' ? 0 : 1 },
          { code: 'continue-to-my-box', weight: assignment.variant === 'control' ? 1 : 0 },
        ],
      })
      .where(eq(schema.experiments.code, 'capture-submit-label'));
    const again = await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`);
    expect(again.body.data).toEqual(first.body.data);
    await context.database.db
      .update(schema.experiments)
      .set({
        variants: [
          { code: 'control', weight: 50 },
          { code: 'continue-to-my-box', weight: 50 },
        ],
      })
      .where(eq(schema.experiments.code, 'capture-submit-label'));
  });

  it('moves the cart assignment to the customer who signs up with it', async () => {
    const cartId = await newCart();
    const asCart = (await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`)).body.data;
    const [user] = await context.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'demo@example.com'));
    const { sessionToken } = await openSessionFor(context.database.db, user!.id);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/experiments?abandoned_cart_id=${cartId}&user_id=${user!.id}`,
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
    });
    expect(response.statusCode).toBe(200);
    const asUser = response.json().data;
    const stored = await context.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.unitId, String(user!.id)));
    // Either the customer already had one (kept) or the cart's moved over.
    expect(stored).toHaveLength(1);
    expect(asUser[0].variant).toBe(stored[0]!.variant);
    const left = await context.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.unitId, cartId));
    expect(left).toHaveLength(0);
    expect(asCart).toHaveLength(1);
  });

  it('keeps the variant of a new customer from their cart', async () => {
    // A fresh account: its first assignment is the cart's, whatever the hash of its id says.
    const cartId = await newCart();
    const asCart = (await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`)).body.data;
    const [created] = await context.database.db
      .insert(schema.users)
      .values({
        email: uniqueEmail('new'),
        firstName: 'New',
        lastName: 'Customer',
        passwordHash: 'x',
      } as never)
      .returning();
    const { sessionToken } = await openSessionFor(context.database.db, created!.id);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/experiments?abandoned_cart_id=${cartId}`,
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
    });
    expect(response.json().data).toEqual(asCart);
  });

  it("hands a browser's variant to the cart it then makes", async () => {
    const visitorId = randomUUID();
    const asVisitor = (await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data;
    expect(asVisitor).toHaveLength(1);
    const cartId = await newCart();
    const asCart = await getJson(
      context.app,
      `/api/experiments?visitor_id=${visitorId}&abandoned_cart_id=${cartId}`,
    );
    expect(asCart.body.data).toEqual(asVisitor);
    const rows = await context.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.unitId, visitorId));
    expect(rows).toHaveLength(0);
  });

  it("answers a signed-in customer's later pages with one read and no write", async () => {
    const [created] = await context.database.db
      .insert(schema.users)
      .values({
        email: uniqueEmail('seen'),
        firstName: 'Seen',
        lastName: 'Before',
        passwordHash: 'x',
      } as never)
      .returning();
    const { sessionToken } = await openSessionFor(context.database.db, created!.id);
    // Every page mints a browser id until the browser keeps its cookie: a new one each time here.
    const view = () =>
      context.app.inject({
        method: 'GET',
        url: `/api/experiments?visitor_id=${randomUUID()}`,
        headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
      });
    const first = await view();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(1);
    const before = context.database.statements.count;
    const again = await view();
    // The session and the units' stored rows (the experiments come from the catalogue's cache):
    // nothing stored, moved or deleted.
    expect(context.database.statements.count - before).toBe(2);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await context.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.unitId, String(created!.id)));
    expect(rows.map((row) => row.variant)).toEqual([first.json().data[0].variant]);
  });

  it('answers a browser alone without writing, and stores its variant when it is exposed', async () => {
    const visitorId = randomUUID();
    const storedFor = () =>
      context.database.db
        .select()
        .from(schema.experimentAssignments)
        .where(eq(schema.experimentAssignments.unitId, visitorId));
    await getJson(context.app, `/api/experiments?visitor_id=${randomUUID()}`); // the cache, warm
    const before = context.database.statements.count;
    const first = (await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data;
    // The browser's stored rows (the experiments come from the catalogue's cache): no transaction,
    // no insert.
    expect(context.database.statements.count - before).toBe(1);
    expect(await storedFor()).toHaveLength(0);
    expect((await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data).toEqual(first);
    const exposure = await injectJson(context.app, 'POST', '/api/experiments/exposures', {
      experiment_code: 'capture-submit-label',
      visitor_id: visitorId,
    });
    expect(exposure.statusCode).toBe(204);
    const rows = await storedFor();
    expect(rows.map((row) => row.variant)).toEqual([first[0].variant]);
    expect(rows[0]!.exposedAt).toBeInstanceOf(Date);
  });

  it('gives the storefront in process what GET /api/experiments answers a browser alone', async () => {
    const visitorId = randomUUID();
    const overHttp = (await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data;
    expect(overHttp.length).toBeGreaterThan(0);
    const before = context.database.statements.count;
    expect(await context.app.experiments.forVisitor(visitorId)).toEqual(overHttp);
    // The browser's stored rows; the experiments come from the catalogue's cache.
    expect(context.database.statements.count - before).toBe(1);
    // After an exposure stored the browser's variant, both still agree.
    await injectJson(context.app, 'POST', '/api/experiments/exposures', {
      experiment_code: 'capture-submit-label',
      visitor_id: visitorId,
    });
    expect(await context.app.experiments.forVisitor(visitorId)).toEqual(
      (await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data,
    );
  });

  it('answers a visitor id minted for this request without a statement, with the same variants', async () => {
    const visitorId = randomUUID();
    const overHttp = (await getJson(context.app, `/api/experiments?visitor_id=${visitorId}`)).body.data;
    expect(overHttp.length).toBeGreaterThan(0);
    const before = context.database.statements.count;
    expect(await context.app.experiments.forVisitor(visitorId, { newVisitor: true })).toEqual(overHttp);
    // Nothing stored under a new id, and the experiments from the catalogue's cache.
    expect(context.database.statements.count - before).toBe(0);
  });

  it("refuses another customer's assignments", async () => {
    const { status } = await getJson(context.app, '/api/experiments?user_id=1');
    expect(status).toBe(403);
    const bad = await getJson(context.app, '/api/experiments?abandoned_cart_id=nope');
    expect(bad.status).toBe(422);
  });

  it('records the first exposure', async () => {
    const cartId = await newCart();
    await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`);
    const response = await injectJson(context.app, 'POST', '/api/experiments/exposures', {
      experiment_code: 'capture-submit-label',
      abandoned_cart_id: cartId,
    });
    expect(response.statusCode).toBe(204);
    const [row] = await context.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.unitId, cartId));
    expect(row!.exposedAt).toBeInstanceOf(Date);
    const unknown = await injectJson(context.app, 'POST', '/api/experiments/exposures', {
      experiment_code: 'no-such-test',
      abandoned_cart_id: cartId,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('abandoned-cart reminders', () => {
  const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 60_000);
  const run = (asOf: Date) => context.app.jobs.runAllOnce(asOf, ['cart-reminders']);
  const mailTo = (email: string) =>
    context.database.db
      .select()
      .from(schema.mailMessages)
      .where(and(eq(schema.mailMessages.to, email), eq(schema.mailMessages.template, 'cart-reminder')));

  it('sends two reminders at most: after an hour and after a day, with the contents and links', async () => {
    const { id, email } = await capturedCart();
    // Not yet: the cart changed moments ago.
    await run(new Date(Date.now() + 30 * 60_000));
    expect(await mailTo(email)).toHaveLength(0);

    const [outcome] = await run(hoursLater(1));
    expect(outcome).toMatchObject({ name: 'cart-reminders', ok: true });
    const [first] = await mailTo(email);
    expect(first!.subject).toBe('Your Sprout & Spoon box is waiting for you');
    expect(first!.text).toContain('2 x ');
    expect(first!.text).toMatch(/Open my box: http:\/\/localhost:3000\/cart\/restore\?token=[\w-]{43}/);
    expect(first!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/email\/unsubscribe\?token=/,
    );
    expect(first!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same instant again (a second runner): nothing more.
    await run(hoursLater(1));
    expect(await mailTo(email)).toHaveLength(1);
    await run(hoursLater(25));
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual([
      'Your Sprout & Spoon box is waiting for you',
      'Still thinking it over? Your box is saved',
    ]);
    await run(hoursLater(100));
    expect(await mailTo(email)).toHaveLength(2);

    // The link gives the cart back to any browser.
    const token = /restore\?token=([\w-]{43})/.exec(first!.text)![1]!;
    const restored = await sendJson(context.app, 'POST', '/api/marketing/cart-reminders/restore', { token });
    expect(restored).toMatchObject({ status: 200, body: { data: { abandoned_cart_id: id } } });
    const forged = await sendJson(context.app, 'POST', '/api/marketing/cart-reminders/restore', {
      token: 'A'.repeat(43),
    });
    expect(forged).toMatchObject({ status: 404, body: { message: 'This link is not valid.' } });
  });

  it('sends none after checkout, to an unsubscribed email, or for an empty cart', async () => {
    const checkedOut = await capturedCart();
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ status: 'checked_out' })
      .where(eq(schema.abandonedCarts.id, checkedOut.id));
    const empty = await newCart();
    const emptyEmail = uniqueEmail('empty');
    await sendJson(context.app, 'PUT', `${CARTS}/${empty}`, { email: emptyEmail, zip_code: '10001' });

    const unsubscribing = await capturedCart();
    await run(hoursLater(1));
    expect(await mailTo(checkedOut.email)).toHaveLength(0);
    expect(await mailTo(emptyEmail)).toHaveLength(0);
    const [first] = await mailTo(unsubscribing.email);
    const token = /unsubscribe\?token=([\w-]{43})/.exec(first!.text)![1]!;
    const unsubscribed = await sendJson(context.app, 'POST', '/api/marketing/unsubscribe', { token });
    expect(unsubscribed).toMatchObject({ status: 200, body: { data: { email: unsubscribing.email } } });
    await run(hoursLater(25));
    expect(await mailTo(unsubscribing.email)).toHaveLength(1);

    // A restore link of a cart since checked out says so.
    const restoreToken = /restore\?token=([\w-]{43})/.exec(first!.text)![1]!;
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ status: 'checked_out' })
      .where(eq(schema.abandonedCarts.id, unsubscribing.id));
    const gone = await sendJson(context.app, 'POST', '/api/marketing/cart-reminders/restore', {
      token: restoreToken,
    });
    expect(gone.status).toBe(400);
  });
});
