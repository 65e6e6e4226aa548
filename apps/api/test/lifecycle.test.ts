import { formatCalendarDay } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DELIVERY_TIME_ZONE } from '../src/domain/delivery-dates';
import { deliveryCutoff } from '../src/modules/subscriptions/schedule';
import { runPauseJobs } from '../src/workflows/subscription-lifecycle';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

/**
 * Pause, cancel with an offer, and reactivate (decision 023), as the demo customer: every transition,
 * its state checks (409), double submits, the outcome pages' one visit, the boxes each changes,
 * every email, and the job that ends a pause.
 */
let context: TestContext;
let cookie: string;
beforeAll(async () => {
  context = await startTestApp();
  cookie = await signIn(demoAccounts.customer);
});
afterAll(() => context?.close());

const today = () => calendarDay(new Date(), DELIVERY_TIME_ZONE);

function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : [String(header)];
  const sid = list.map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
  return sid!;
}

async function mailsTo(email: string) {
  await context.app.mailer.worker.drain();
  return (await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).body.data as {
    subject: string;
    text: string;
  }[];
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const login = await injectJson(context.app, 'POST', '/auth', account);
  expect(login.statusCode).toBe(200);
  const [latest] = await mailsTo(account.email);
  const verified = await injectJson(context.app, 'POST', '/auth/verification', {
    code: latest!.subject.match(/^(\d{6}) /)![1],
    verificationId: login.json().verificationId,
  });
  expect(verified.statusCode).toBe(200);
  return sessionCookie(verified);
}

const send = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
  injectJson(context.app, method, url, body ?? {}, cookie);
const deliveries = async () =>
  (await context.app.inject({ method: 'GET', url: '/api/me/deliveries', headers: { cookie } })).json()
    .data as {
    date: string;
    status: string;
    costs: { promo_code_cost: number; cart_items: number };
  }[];
const subjects = async () => (await mailsTo(demoAccounts.customer.email)).map((mail) => mail.subject);
const routeAccess = async (path: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/route-access?path=${encodeURIComponent(path)}`,
      headers: { cookie },
    })
  ).json().data;

describe('the lifecycle needs a session', () => {
  it('answers 401 to a visitor on every transition', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/me/subscription/pause', { weeks: 2 }],
      ['DELETE', '/api/me/subscription/pause', {}],
      ['POST', '/api/me/subscription/cancellation', { reason: 'moving' }],
      ['POST', '/api/me/subscription/cancellation/offer', {}],
      ['POST', '/api/me/subscription/cancellation/confirm', {}],
      ['POST', '/api/me/subscription/reactivation', { plan_id: 1, first_delivery_date: '2030-01-01' }],
      ['POST', '/api/me/subscription/outcome-visits', { path: '/pausing-processing' }],
    ] as const) {
      const response = await injectJson(context.app, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('pause and resume', () => {
  it('refuses a pause out of range with a message a person can act on', async () => {
    const tooLong = await send('POST', '/api/me/subscription/pause', { weeks: 9 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.weeks[0]).toMatch(/1 to 8 weeks/);
    const past = await send('POST', '/api/me/subscription/pause', { until: today() });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.until[0]).toMatch(/after today/);
  });

  it('pauses for two weeks once under a double submit, skipping the boxes before the resume date', async () => {
    const before = await deliveries();
    const [first, second] = await Promise.all([
      send('POST', '/api/me/subscription/pause', { weeks: 2 }),
      send('POST', '/api/me/subscription/pause', { weeks: 2 }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const resumeOn = addDays(today(), 14);
    expect(first.json().data).toMatchObject({
      redirect: '/pausing-processing',
      subscription: { status: 'paused', resume_on: resumeOn },
    });
    const after = await deliveries();
    for (const box of after) {
      const was = before.find((b) => b.date === box.date)!.status;
      if (box.date < resumeOn && was === 'scheduled') expect(box.status, box.date).toBe('skipped');
      else expect(box.status, box.date).toBe(was);
    }
    expect((await subjects()).filter((s) => s.includes('paused until'))).toHaveLength(1);

    const again = await send('POST', '/api/me/subscription/pause', { weeks: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paused/);
  });

  it('shows the pausing page once: the grant is used by the first visit', async () => {
    expect(await routeAccess('/pausing-processing')).toMatchObject({ allowed: true });
    const visit = await send('POST', '/api/me/subscription/outcome-visits', { path: '/pausing-processing' });
    expect(visit.statusCode).toBe(200);
    expect(visit.json().data.subscription.resume_on).toBe(addDays(today(), 14));
    const second = await send('POST', '/api/me/subscription/outcome-visits', { path: '/pausing-processing' });
    expect(second.statusCode).toBe(403);
    expect(await routeAccess('/pausing-processing')).toMatchObject({ allowed: false, redirect: '/account' });
  });

  it('resumes now: the skipped boxes still open come back, and a repeat answers the same', async () => {
    const resumed = await send('DELETE', '/api/me/subscription/pause');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.subscription).toMatchObject({ status: 'active', resume_on: null });
    const boxes = await deliveries();
    expect(boxes.filter((box) => box.status === 'scheduled').length).toBeGreaterThan(0);
    expect((await send('DELETE', '/api/me/subscription/pause')).statusCode).toBe(200);
  });

  it('lets a box past its cutoff ship through a pause, and says so', async () => {
    const { db } = context.database;
    const [next] = (await deliveries()).filter((box) => box.status === 'scheduled');
    const [customer] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, demoAccounts.customer.email));
    const [subscription] = await db
      .select({ id: schema.subscriptions.id })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, customer!.id));
    await db
      .update(schema.deliveries)
      .set({ status: 'locked' })
      .where(
        and(
          eq(schema.deliveries.subscriptionId, subscription!.id),
          eq(schema.deliveries.deliveryDate, next!.date),
        ),
      );

    const paused = await send('POST', '/api/me/subscription/pause', { weeks: 8 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.locked_delivery_dates).toEqual([next!.date]);
    expect((await deliveries()).find((box) => box.date === next!.date)!.status).toBe('locked');
    const mail = (await mailsTo(demoAccounts.customer.email)).find((m) =>
      m.subject.includes('paused until'),
    )!;
    // Days in words, by the one shared formatter (decision 053).
    expect(mail.text).toContain(`${formatCalendarDay(next!.date)} was already being prepared`);
    expect((await send('DELETE', '/api/me/subscription/pause')).statusCode).toBe(200);
  });
});

describe('cancel with one offer', () => {
  it('asks for details when the reason is "other"', async () => {
    const response = await send('POST', '/api/me/subscription/cancellation', { reason: 'other' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.details).toBeDefined();
  });

  it('offers half off the next box for "too expensive", and accepting takes it off that box', async () => {
    const started = await send('POST', '/api/me/subscription/cancellation', { reason: 'too_expensive' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.offer).toMatchObject({ kind: 'percent_off_next_box', percent_off: 50 });
    const next = (await deliveries()).find((box) => box.status === 'scheduled')!;

    const [accepted, repeat] = await Promise.all([
      send('POST', '/api/me/subscription/cancellation/offer'),
      send('POST', '/api/me/subscription/cancellation/offer'),
    ]);
    expect(accepted.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      redirect: '/offer-accepted-processing',
      subscription: { status: 'active' },
    });
    const discounted = (await deliveries()).find((box) => box.date === next.date)!;
    expect(discounted.costs.promo_code_cost).toBeGreaterThanOrEqual(
      Math.round(next.costs.promo_code_cost + next.costs.cart_items * 0.5 - 1),
    );
    expect((await subjects()).filter((s) => s.includes("glad you're staying"))).toHaveLength(1);

    const stored = await context.database.db.select().from(schema.subscriptionCancellations);
    expect(stored.map((row) => [row.reason, row.outcome])).toEqual([['too_expensive', 'accepted']]);
  });

  it('cancels for real when the offer is declined: unlocked boxes end, the locked one ships', async () => {
    const started = await send('POST', '/api/me/subscription/cancellation', { reason: 'moving' });
    expect(started.json().data.offer).toMatchObject({ kind: 'pause', pause_weeks: 4 });
    const [confirmed, repeat] = await Promise.all([
      send('POST', '/api/me/subscription/cancellation/confirm'),
      send('POST', '/api/me/subscription/cancellation/confirm'),
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      redirect: '/cancellation-processing',
      subscription: { status: 'canceled' },
    });
    const boxes = await context.database.db.select().from(schema.deliveries);
    const upcoming = boxes.filter((box) => box.deliveryDate >= today());
    expect(upcoming.some((box) => box.status === 'locked')).toBe(true);
    expect(upcoming.filter((box) => box.status === 'scheduled' || box.status === 'skipped')).toEqual([]);
    expect((await subjects()).filter((s) => s.includes('subscription is canceled'))).toHaveLength(1);

    expect((await send('POST', '/api/me/subscription/pause', { weeks: 1 })).statusCode).toBe(409);
    expect((await send('POST', '/api/me/subscription/cancellation/offer')).statusCode).toBe(409);
    expect(await routeAccess('/reactivate')).toMatchObject({ allowed: true });
  });
});

describe('reactivate', () => {
  it('starts again on a date the zip is delivered, with the saved card, and makes the next boxes', async () => {
    const me = (
      await context.app.inject({ method: 'GET', url: '/api/me?include=address', headers: { cookie } })
    ).json().data;
    const dates = (
      await getJson(context.app, `/api/shipping/zip-codes/${me.address.zip_code}/delivery-dates`)
    ).body.data as { date: string }[];
    const planId = me.subscription?.plan.id ?? 1;

    const wrongDate = await send('POST', '/api/me/subscription/reactivation', {
      plan_id: planId,
      first_delivery_date: addDays(today(), 1),
    });
    expect(wrongDate.statusCode).toBe(422);

    // Not the box an earlier test locked by hand (a real locked box's date is never offered).
    const locked = (
      await context.database.db
        .select({ date: schema.deliveries.deliveryDate })
        .from(schema.deliveries)
        .where(eq(schema.deliveries.status, 'locked'))
    ).map((box) => box.date);
    const firstDate = dates.find((choice) => !locked.includes(choice.date))!.date;
    // With a new card from the provider's card form: saved first, then charged for the boxes.
    const card = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
      number: '5555555555554444',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    expect(card.statusCode).toBe(201);
    const body = {
      plan_id: planId,
      first_delivery_date: firstDate,
      payment_method_id: card.json().id as string,
    };
    const [first, second] = await Promise.all([
      send('POST', '/api/me/subscription/reactivation', body),
      send('POST', '/api/me/subscription/reactivation', body),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.subscription).toMatchObject({
      status: 'active',
      next_delivery_date: firstDate,
    });
    const boxes = await deliveries();
    // The next eight: the box an earlier test locked by hand, and scheduled ones after the first date.
    expect(
      boxes.filter((box) => box.status === 'scheduled' || box.status === 'locked').length,
    ).toBeGreaterThanOrEqual(8);
    expect(boxes.find((box) => box.date === firstDate)!.status).toBe('scheduled');
    expect((await subjects()).filter((s) => s.startsWith('Welcome back'))).toHaveLength(1);
    const saved = await context.app.inject({
      method: 'GET',
      url: '/api/me/payment-method',
      headers: { cookie },
    });
    expect(saved.json().data).toMatchObject({ provider: 'test', last4: '4444' });
    expect(await routeAccess('/reactivate')).toMatchObject({ allowed: false, redirect: '/account' });
    expect(
      (await send('POST', '/api/me/subscription/reactivation', { ...body, plan_id: planId + 1 })).statusCode,
    ).toBe(409);
  });
});

describe('the pause job', () => {
  it("emails a week before a pause ends, once, and resumes at the resume day's cutoff", async () => {
    const paused = await send('POST', '/api/me/subscription/pause', { weeks: 3 });
    const resumeOn = paused.json().data.subscription.resume_on as string;
    const deps = {
      ...context.app.deps,
      site: { name: 'Sprout & Spoon', url: 'http://localhost', accountUrl: '/account', adminUrl: '/admin' },
    };
    const weekBefore = new Date(`${addDays(resumeOn, -7)}T18:00:00Z`);
    expect(await runPauseJobs(deps, weekBefore)).toEqual({ resumed: 0, reminded: 1 });
    expect(await runPauseJobs(deps, weekBefore)).toEqual({ resumed: 0, reminded: 0 });
    expect((await subjects()).filter((s) => s.includes('start again on'))).toHaveLength(1);

    const atCutoff = deliveryCutoff(resumeOn);
    expect(await runPauseJobs(deps, new Date(atCutoff.getTime() - 60_000))).toEqual({
      resumed: 0,
      reminded: 0,
    });
    expect(await runPauseJobs(deps, atCutoff)).toEqual({ resumed: 1, reminded: 0 });
    const me = (await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().data;
    expect(me.subscription).toMatchObject({ status: 'active', resume_on: null });
  });
});
