import { schema } from '@sprout/db';
import { DEMO, demoAccounts } from '@sprout/db/seed';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

/** The account site's API: address, referrals, profile, receipts. */
let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());
beforeEach(async () => {
  await context.database.db.delete(schema.authEvents);
});

const customer = demoAccounts.customer;
const admin = { email: demoAccounts.admin.email, password: demoAccounts.admin.password };

function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [String(header)] : [];
  return Object.fromEntries(list.map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]));
}

async function mailsTo(email: string) {
  await context.app.mailer.worker.drain();
  return (await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).body.data as {
    subject: string;
    text: string;
    html: string;
  }[];
}

/** Password, then the emailed code: answers the session cookie header of a signed-in browser. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const login = await injectJson(context.app, 'POST', '/auth', account);
  expect(login.statusCode).toBe(200);
  const [latest] = await mailsTo(account.email);
  const verified = await injectJson(context.app, 'POST', '/auth/verification', {
    code: latest!.subject.match(/^(\d{6}) /)![1],
    verificationId: login.json().verificationId,
  });
  expect(verified.statusCode).toBe(200);
  return `sid=${cookiesOf(verified).sid}`;
}

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, cookie?: string) =>
  injectJson(context.app, method, url, body, cookie);

describe('every account route needs a session', () => {
  it('answers 401 to a visitor', async () => {
    const password = {
      current_password: 'x',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    };
    for (const [method, url, body] of [
      ['GET', '/api/me/profile', null],
      ['PUT', '/api/me/profile', { first_name: 'Eve' }],
      ['POST', '/api/me/profile/email', { email: 'eve@example.com', current_password: 'x' }],
      ['POST', '/api/me/profile/email/verification', { verification_id: 'x'.repeat(32), code: '123456' }],
      ['PUT', '/api/me/profile/password', password],
      ['GET', '/api/me/referrals', null],
      ['GET', '/api/me/orders/1', null],
    ] as const) {
      const response = method === 'GET' ? await get(url) : await send(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('address: deliverable zip codes only, city and state from the zip', () => {
  it('refuses a zip we do not deliver to, and keeps the address as it was', async () => {
    const cookie = await signIn(customer);
    const id = (await get('/api/me?include=address', cookie)).json().data.address.id;
    const before = (await get(`/api/me/addresses/${id}`, cookie)).json().data;

    const refused = await send(
      'PUT',
      `/api/me/addresses/${id}`,
      { zip_code: DEMO.undeliveredZipCode },
      cookie,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.zip_code).toEqual([
      "Sorry, we don't deliver to 99501 (Anchorage, AK) yet. Choose an address in a zip code we deliver to.",
    ]);
    expect((await get(`/api/me/addresses/${id}`, cookie)).json().data).toEqual(before);
  });

  it('takes the city and state of a new zip, and refuses a city that is not the zip code’s', async () => {
    const cookie = await signIn(customer);
    const id = (await get('/api/me?include=address', cookie)).json().data.address.id;
    const [illinois] = await context.database.db
      .select()
      .from(schema.states)
      .where(eq(schema.states.code, 'IL'));

    const moved = await send('PUT', `/api/me/addresses/${id}`, { zip_code: '60601' }, cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ zip_code: '60601', city: 'Chicago', state_id: illinois!.id });

    const wrongCity = await send(
      'PUT',
      `/api/me/addresses/${id}`,
      { zip_code: '10001', city: 'Chicago' },
      cookie,
    );
    expect(wrongCity.statusCode).toBe(422);
    expect(wrongCity.json().errors.city).toEqual([
      '10001 is in New York, NY. Change the city to New York or check the zip code.',
    ]);
    const cityAlone = await send('PUT', `/api/me/addresses/${id}`, { city: 'Boston' }, cookie);
    expect(cityAlone.statusCode).toBe(422);
    expect(cityAlone.json().errors.city[0]).toContain('60601 is in Chicago, IL');

    // The same city in other letters is the zip code's city, kept in the zip's spelling.
    const back = await send(
      'PUT',
      `/api/me/addresses/${id}`,
      { zip_code: '10001', city: 'new york' },
      cookie,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ zip_code: '10001', city: 'New York' });
  });
});

describe('referrals', () => {
  it("shows the customer's code, link, the friend's offer and the credits earned and pending", async () => {
    const db = context.database.db;
    const [demo] = await db.select().from(schema.users).where(eq(schema.users.email, customer.email));
    // Two friends checked out with the demo code: one's first box has arrived, one's has not.
    const friendOrder = async (firstName: string, email: string, key: string) => {
      const [friend] = await db
        .insert(schema.users)
        .values({ email, firstName, lastName: 'Friend' })
        .returning();
      const [order] = await db
        .insert(schema.orders)
        .values({
          userId: friend!.id,
          idempotencyKey: key,
          status: 'paid',
          email,
          deliveryDate: '2026-01-06',
          frequencyWeeks: 2,
          shipFirstName: firstName,
          shipLastName: 'Friend',
          shipAddressLine1: '1 Main St',
          shipCity: 'New York',
          shipStateCode: 'NY',
          shipZipCode: '10001',
          itemsCents: 0,
          promoDiscountCents: 0,
          orderValueDiscountCents: 0,
          shippingCents: 0,
          shippingBeforeDiscountCents: 0,
          taxCents: 0,
          taxBeforeDiscountCents: 0,
          referralCreditsCents: 2500,
          creditsAppliedCents: 0,
          giftCardsAppliedCents: 0,
          compedCents: 0,
          totalCents: 0,
        })
        .returning();
      return order!.id;
    };
    const delivered = await friendOrder('Robin', 'robin@example.com', 'test-referral-1');
    const upcoming = await friendOrder('Sam', 'sam@example.com', 'test-referral-2');
    await db.insert(schema.creditLedger).values([
      {
        userId: demo!.id,
        amountCents: 2500,
        reason: 'Referral',
        orderId: delivered,
        availableAt: new Date('2026-01-01'),
      },
      {
        userId: demo!.id,
        amountCents: 2500,
        reason: 'Referral',
        orderId: upcoming,
        availableAt: new Date('2999-01-01'),
      },
      // Spent on a box: the available balance goes down, the earned total does not.
      { userId: demo!.id, amountCents: -1000, reason: 'Spent on a box' },
    ]);

    const cookie = await signIn(customer);
    const response = await get('/api/me/referrals', cookie);
    expect(response.statusCode).toBe(200);
    const referrals = response.json().data;
    expect(referrals).toMatchObject({
      code: 'DEMOREF',
      share_url: 'http://localhost:3000/?referral_id=DEMOREF',
      friend_offer: '$25 off your first box',
      credits: { earned: 25, pending: 25, available: 15 },
    });
    expect(referrals.referrals).toHaveLength(2);
    expect(referrals.referrals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first_name: 'Robin', status: 'earned', amount: 25 }),
        expect.objectContaining({ first_name: 'Sam', status: 'pending', amount: 25 }),
      ]),
    );
    // First names only: no email or last name of a friend leaves the server.
    expect(response.body).not.toContain('robin@example.com');
    expect(response.body).not.toContain('Friend');
  });

  it('gives a customer without a code one, once, that the storefront link applies', async () => {
    const cookie = await signIn(admin);
    const first = (await get('/api/me/referrals', cookie)).json().data;
    expect(first.code).toMatch(/^AVERY[A-Z2-9]{4}$/);
    expect(first.share_url).toBe(`http://localhost:3000/?referral_id=${first.code}`);
    expect(first.credits).toEqual({ earned: 0, pending: 0, available: 0 });
    expect(first.referrals).toEqual([]);
    expect((await get('/api/me/referrals', cookie)).json().data.code).toBe(first.code);
  });
});

describe('profile', () => {
  it('reads and changes the name and the SMS choice, only the fields sent', async () => {
    const cookie = await signIn(customer);
    const read = await get('/api/me/profile', cookie);
    expect(read.json().data).toEqual({
      email: customer.email,
      first_name: 'Jamie',
      last_name: 'Rivera',
      receives_sms_updates: true,
      has_password: true,
      pending_email: null,
    });
    const changed = await send(
      'PUT',
      '/api/me/profile',
      { first_name: ' Jo ', receives_sms_updates: false },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      first_name: 'Jo',
      last_name: 'Rivera',
      receives_sms_updates: false,
    });
    const empty = await send('PUT', '/api/me/profile', { last_name: '' }, cookie);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.last_name).toEqual(['This field is required']);
    await send('PUT', '/api/me/profile', { first_name: 'Jamie', receives_sms_updates: true }, cookie);
  });

  it('changes the email only once the code sent to the new address comes back', async () => {
    const cookie = await signIn(customer);
    const wrongPassword = await send(
      'POST',
      '/api/me/profile/email',
      { email: 'jamie.new@example.com', current_password: 'not-it' },
      cookie,
    );
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.current_password).toEqual(['That is not your current password.']);
    const taken = await send(
      'POST',
      '/api/me/profile/email',
      { email: 'ADMIN@example.com', current_password: customer.password },
      cookie,
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email[0]).toMatch(/Another account uses this email/);

    const started = await send(
      'POST',
      '/api/me/profile/email',
      { email: 'jamie.new@example.com', current_password: customer.password },
      cookie,
    );
    expect(started.statusCode).toBe(202);
    const { verification_id } = started.json().data;
    expect(started.json().data).toMatchObject({
      pending_email: 'jamie.new@example.com',
      expires_in_minutes: 30,
    });
    // Nothing changed yet; the code went to the new address, in HTML and text.
    expect((await get('/api/me/profile', cookie)).json().data).toMatchObject({
      email: customer.email,
      pending_email: 'jamie.new@example.com',
    });
    const [mail] = await mailsTo('jamie.new@example.com');
    const code = mail!.subject.match(/^(\d{6}) /)![1]!;
    expect(mail!.html).toContain(`data-code>${code}<`);
    expect(mail!.text).toContain(code);

    const wrong = await send(
      'POST',
      '/api/me/profile/email/verification',
      { verification_id, code: code === '000000' ? '111111' : '000000' },
      cookie,
    );
    expect(wrong.json().errors.code).toEqual(['That code is not right. 4 tries left.']);
    const confirmed = await send(
      'POST',
      '/api/me/profile/email/verification',
      { verification_id, code },
      cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ email: 'jamie.new@example.com', pending_email: null });
    // The old address is told; the code works once.
    expect((await mailsTo(customer.email))[0]!.subject).toBe('Your Sprout & Spoon email was changed');
    const again = await send('POST', '/api/me/profile/email/verification', { verification_id, code }, cookie);
    expect(again.statusCode).toBe(422);

    // Back to the demo email for the other tests (a change to any case of it is still "another email").
    const back = await send(
      'POST',
      '/api/me/profile/email',
      { email: customer.email, current_password: customer.password },
      cookie,
    );
    const [backMail] = await mailsTo(customer.email);
    const backCode = backMail!.subject.match(/^(\d{6}) /)![1];
    const restored = await send(
      'POST',
      '/api/me/profile/email/verification',
      { verification_id: back.json().data.verification_id, code: backCode },
      cookie,
    );
    expect(restored.json().data.email).toBe(customer.email);
  });

  it('refuses an email another account took between the request and the code', async () => {
    const cookie = await signIn(customer);
    const started = await send(
      'POST',
      '/api/me/profile/email',
      { email: 'race@example.com', current_password: customer.password },
      cookie,
    );
    const [mail] = await mailsTo('race@example.com');
    await context.database.db.insert(schema.users).values({ email: 'Race@Example.com' });
    const refused = await send(
      'POST',
      '/api/me/profile/email/verification',
      { verification_id: started.json().data.verification_id, code: mail!.subject.match(/^(\d{6}) /)![1] },
      cookie,
    );
    expect(refused.statusCode).toBe(422);
    expect((await get('/api/me/profile', cookie)).json().data.email).toBe(customer.email);
  });

  it('limits the codes sent to new addresses like the sign-in codes', async () => {
    const cookie = await signIn(customer);
    const ask = (n: number) =>
      send(
        'POST',
        '/api/me/profile/email',
        { email: `limit${n}@example.com`, current_password: customer.password },
        cookie,
      );
    for (const n of [1, 2, 3]) expect((await ask(n)).statusCode).toBe(202);
    const refused = await ask(4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/wait 15 minutes/);
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const cookie = await signIn(customer);
    const other = await signIn(customer);
    const mismatch = await send(
      'PUT',
      '/api/me/profile/password',
      { current_password: customer.password, password: 'a-new-password', password_confirmation: 'different' },
      cookie,
    );
    expect(mismatch.json().errors.password_confirmation).toEqual(['The passwords do not match']);
    const wrong = await send(
      'PUT',
      '/api/me/profile/password',
      { current_password: 'wrong', password: 'a-new-password', password_confirmation: 'a-new-password' },
      cookie,
    );
    expect(wrong.json().errors.current_password).toEqual(['That is not your current password.']);

    const changed = await send(
      'PUT',
      '/api/me/profile/password',
      {
        current_password: customer.password,
        password: 'a-new-password',
        password_confirmation: 'a-new-password',
      },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/me/profile', cookie)).statusCode).toBe(200);
    expect((await get('/api/me/profile', other)).statusCode).toBe(401);
    const [stored] = await context.database.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${customer.email}`);
    expect(stored!.hash).toMatch(/^\$argon2id\$/);
    expect((await mailsTo(customer.email))[0]!.subject).toBe('Your Sprout & Spoon password was changed');

    // Back to the demo password for the other tests.
    await send(
      'PUT',
      '/api/me/profile/password',
      {
        current_password: 'a-new-password',
        password: customer.password,
        password_confirmation: customer.password,
      },
      cookie,
    );
  });

  it('stops wrong current passwords after five in 15 minutes', async () => {
    const cookie = await signIn(customer);
    const attempt = () =>
      send(
        'PUT',
        '/api/me/profile/password',
        { current_password: 'guess', password: 'a-new-password', password_confirmation: 'a-new-password' },
        cookie,
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(422);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe("the demo customer's history and schedule (seed)", () => {
  it('has charged boxes with orders and eight upcoming boxes on its schedule, seeded once', async () => {
    const db = context.database.db;
    const [subscription] = await db
      .select()
      .from(schema.subscriptions)
      .innerJoin(schema.users, eq(schema.users.id, schema.subscriptions.userId))
      .where(eq(schema.users.email, customer.email));
    const { subscriptions: sub } = subscription!;
    expect(sub).toMatchObject({
      frequencyWeeks: 2,
      deliveryWeekday: 2,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    const rows = await db
      .select()
      .from(schema.deliveries)
      .where(eq(schema.deliveries.subscriptionId, sub.id))
      .orderBy(schema.deliveries.deliveryDate);
    const charged = rows.filter((row) => row.status === 'charged');
    const scheduled = rows.filter((row) => row.status === 'scheduled');
    expect(charged.length).toBeGreaterThanOrEqual(3);
    expect(scheduled).toHaveLength(8);
    expect(charged.map((row) => row.weeklyOrdinal)).toEqual(charged.map((_, index) => index + 1));
    for (const [index, row] of rows.entries()) {
      expect(new Date(`${row.deliveryDate}T00:00:00Z`).getUTCDay()).toBe(2);
      if (index > 0) {
        const gap = Date.parse(row.deliveryDate) - Date.parse(rows[index - 1]!.deliveryDate);
        expect(gap).toBe(14 * 86_400_000);
      }
    }
    expect(scheduled.every((row) => row.cutoffAt.getTime() > Date.now())).toBe(true);
    expect(sub.nextDeliveryDate).toBe(scheduled[0]!.deliveryDate);
    const contents = await db
      .select({
        deliveryId: schema.deliveryItems.deliveryId,
        total: sql<number>`sum(quantity)`.mapWith(Number),
      })
      .from(schema.deliveryItems)
      .groupBy(schema.deliveryItems.deliveryId);
    for (const row of rows) expect(contents.find((box) => box.deliveryId === row.id)?.total).toBe(24);

    // Seeding again (every start does) adds nothing.
    const before = (await db.select().from(schema.orders)).length;
    const { seedDemoData } = await import('@sprout/db/seed');
    await seedDemoData(db);
    expect((await db.select().from(schema.orders)).length).toBe(before);
    expect(
      (await db.select().from(schema.deliveries).where(eq(schema.deliveries.subscriptionId, sub.id))).length,
    ).toBe(rows.length);
  });
});

describe('order receipts', () => {
  it('shows my order with its lines and every cost line; 403 for another customer’s, 404 for none', async () => {
    const cookie = await signIn(customer);
    const me = (await get('/api/me', cookie)).json().data;
    const list = (await get(`/api/sales/users/${me.id}/orders`, cookie)).json().data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const receipt = await get(`/api/me/orders/${list[0].id}`, cookie);
    expect(receipt.statusCode).toBe(200);
    const order = receipt.json().data;
    expect(order).toEqual(list[0]);
    expect(order.lines.reduce((sum: number, line: { quantity: number }) => sum + line.quantity, 0)).toBe(24);
    expect(order.payment).toEqual({ provider: 'test', brand: 'visa', last4: '4242' });
    const { costs } = order;
    expect(costs.total_cost).toBeCloseTo(costs.cart_items + costs.shipping_cost + costs.tax_cost, 2);
    expect(costs.tax_cost).toBeGreaterThan(0);

    const asAdmin = await signIn(admin);
    const foreign = await get(`/api/me/orders/${order.id}`, asAdmin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'You can only see your own orders.' });
    expect((await get('/api/me/orders/999999', cookie)).statusCode).toBe(404);
    expect((await get('/api/me/orders/abc', cookie)).statusCode).toBe(422);
  });
});

describe("the engine takes the demo customer's seeded boxes as its own", () => {
  it('locks, prices and charges the next seeded box at its cutoff, on the seeded card', async () => {
    const db = context.database.db;
    const [demo] = await db.select().from(schema.users).where(eq(schema.users.email, customer.email));
    const [subscription] = await db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, demo!.id));
    const boxes = () =>
      db
        .select()
        .from(schema.deliveries)
        .where(eq(schema.deliveries.subscriptionId, subscription!.id))
        .orderBy(schema.deliveries.deliveryDate);
    const next = (await boxes()).find((row) => row.status === 'scheduled')!;
    await context.app.jobs.runAllOnce(next.cutoffAt);
    const after = (await boxes()).find((row) => row.id === next.id)!;
    expect(after).toMatchObject({ status: 'charged', weeklyOrdinal: 5 });
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, after.orderId!));
    expect(order).toMatchObject({
      status: 'paid',
      cardLast4: '4242',
      idempotencyKey: `renewal-${subscription!.id}-${next.deliveryDate}`,
    });
    // The top-up keeps eight boxes ahead, on the same schedule.
    const ahead = (await boxes()).filter((row) => row.cutoffAt.getTime() > next.cutoffAt.getTime());
    expect(ahead).toHaveLength(8);
  });
});
