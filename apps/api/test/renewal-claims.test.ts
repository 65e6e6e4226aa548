import { schema } from '@sprout/db';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OffSessionChargeInput, PaymentProvider } from '../src/domain/payment-provider';
import { renewalsJob } from '../src/workflows/renewal-jobs';
import { lockBoxesPastCutoff, type RenewalRun } from '../src/workflows/renewals';
import { startTestApp, type TestContext } from './helpers';
import { subscribedCustomer } from './renewal-helpers';

/**
 * A box's charge under several processes at once: replicas on the real clock and a
 * `npm run jobs -- --as-of=<later>` run on a business clock, each with the renewals job as the
 * runner runs it. A charge is claimed for a lease judged by the database's real now(), whatever
 * the job clock says; only the claim's holder records the charge's outcome (docs/decisions/021).
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context?.close());

// Each test's runs see its own box only: the demo's subscriptions (the seed) and the boxes earlier
// tests left would otherwise be locked and charged by a run dated a day ahead.
beforeEach(async () => {
  await db()
    .update(schema.deliveries)
    .set({ status: 'canceled' })
    .where(inArray(schema.deliveries.status, ['scheduled', 'locked', 'failed']));
});

const db = () => context.database.db;
const DAY_MS = 86_400_000;
/** The card that pays at checkout and declines every renewal. */
const DECLINES_RENEWALS = '4000000000000341';

function deps(overrides: Partial<RenewalRun> & { chargeLeaseMs?: number } = {}): RenewalRun {
  return {
    db: db(),
    payments: context.app.payments,
    mailer: context.app.mailer,
    log: context.app.log,
    site: {
      name: 'Sprout & Spoon',
      url: 'http://localhost:3000',
      accountUrl: '/account',
      adminUrl: '/admin',
    },
    ...overrides,
  };
}

/** One pass of the renewals job (lock, then charge) as a process runs it, at `asOf` (null: real time). */
const renewalsPass = (renewalDeps: RenewalRun, asOf: Date | null) =>
  renewalsJob(renewalDeps, 60_000).run(asOf);

/**
 * The test provider as a process sees it: each off-session charge is recorded in `asked` (its
 * key) and made at once; its answer reaches the process only when `answer` resolves (a slow
 * provider; a promise that never resolves is a process that died with the charge made).
 */
function providerAnswering(asked: string[], answer?: Promise<void>, onAsked?: () => void): PaymentProvider {
  const payments = Object.create(context.app.payments) as PaymentProvider;
  payments.chargeOffSession = async (input: OffSessionChargeInput) => {
    asked.push(input.idempotencyKey);
    const intent = await context.app.payments.chargeOffSession(input);
    onAsked?.();
    await answer;
    return intent;
  };
  return payments;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function boxOf(id: number) {
  const [row] = await db().select().from(schema.deliveries).where(eq(schema.deliveries.id, id));
  return row!;
}

/** A customer whose second box reached its cutoff in real time and was locked by a replica: its charge is due now. */
async function boxDueNow(card: string) {
  const customer = await subscribedCustomer(context, { card });
  const [, second] = await db()
    .select()
    .from(schema.deliveries)
    .where(eq(schema.deliveries.subscriptionId, customer.subscriptionId))
    .orderBy(asc(schema.deliveries.deliveryDate));
  await db()
    .update(schema.deliveries)
    .set({ cutoffAt: sql`now() - interval '1 minute'` })
    .where(eq(schema.deliveries.id, second!.id));
  expect((await lockBoxesPastCutoff(deps(), null)).locked).toBe(1);
  const box = await boxOf(second!.id);
  expect(box).toMatchObject({ status: 'locked', chargeAttempts: 0 });
  return { customer, box, dueAt: box.nextChargeAt!.getTime() };
}

const keysOf = (asked: string[], subscriptionId: number) =>
  asked.filter((key) => key.startsWith(`renewal-${subscriptionId}-`));

async function intentsOf(subscriptionId: number) {
  return db()
    .select()
    .from(schema.testPaymentIntents)
    .where(like(schema.testPaymentIntents.idempotencyKey, `renewal-${subscriptionId}-%`))
    .orderBy(asc(schema.testPaymentIntents.createdAt));
}

async function mailsOf(email: string, template: string) {
  return db()
    .select()
    .from(schema.mailMessages)
    .where(and(eq(schema.mailMessages.to, email), eq(schema.mailMessages.template, template)));
}

describe('a renewal charge claimed by one process at a time, on the real clock', () => {
  it('a run dated a day ahead leaves alone the charge a replica is making: one charge, one decline, one mail', async () => {
    const { customer, box, dueAt } = await boxDueNow(DECLINES_RENEWALS);
    const asked: string[] = [];
    const answer = deferred();
    const inFlight = deferred();
    const replica = renewalsPass(
      deps({ payments: providerAnswering(asked, answer.promise, inFlight.resolve) }),
      null,
    );
    await inFlight.promise;

    // While the replica waits for the provider, `npm run jobs -- --as-of=<tomorrow>` runs.
    const tomorrow = await renewalsPass(
      deps({ payments: providerAnswering(asked) }),
      new Date(Date.now() + DAY_MS),
    );
    answer.resolve();
    const replicaPass = await replica;

    expect(keysOf(asked, customer.subscriptionId)).toEqual([
      `renewal-${customer.subscriptionId}-${box.deliveryDate}`,
    ]);
    expect(tomorrow.charges).toMatchObject({ charged: 0, declined: 0, canceled: 0 });
    expect(replicaPass.charges).toMatchObject({ declined: 1 });
    expect(await boxOf(box.id)).toMatchObject({
      status: 'failed',
      chargeAttempts: 1,
      nextChargeAt: new Date(dueAt + DAY_MS),
      chargeClaimedUntil: null,
    });
    expect(await intentsOf(customer.subscriptionId)).toHaveLength(1);
    expect(await mailsOf(customer.email, 'payment-failed')).toHaveLength(1);

    // The retries keep their days from the first try: a day later, then three days after it.
    expect((await renewalsPass(deps(), new Date(dueAt + DAY_MS))).charges).toMatchObject({ declined: 1 });
    expect(await boxOf(box.id)).toMatchObject({
      status: 'failed',
      chargeAttempts: 2,
      nextChargeAt: new Date(dueAt + 3 * DAY_MS),
    });
  });

  it('a process whose claim was taken over after its lease cannot record its late answer', async () => {
    const { customer, box, dueAt } = await boxDueNow(DECLINES_RENEWALS);
    const leaseMs = 1_000;
    const asked: string[] = [];
    const answer = deferred();
    const inFlight = deferred();
    const slow = renewalsPass(
      deps({ payments: providerAnswering(asked, answer.promise, inFlight.resolve), chargeLeaseMs: leaseMs }),
      null,
    );
    await inFlight.promise;
    // The slow process outlives its lease (the time itself is what is waited for).
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 500));

    // A run as of the first retry's day takes the charge over: the first try (the same key, so the
    // provider answers the decline it gave), then the retry it finds due.
    const later = await renewalsPass(deps({ payments: providerAnswering(asked) }), new Date(dueAt + DAY_MS));
    expect(later.charges).toMatchObject({ declined: 2 });
    const settled = {
      status: 'failed',
      chargeAttempts: 2,
      nextChargeAt: new Date(dueAt + 3 * DAY_MS),
      chargeClaimedUntil: null,
    };
    expect(await boxOf(box.id)).toMatchObject(settled);

    // The first process's answer comes at last: it records nothing.
    answer.resolve();
    expect((await slow).charges).toMatchObject({ charged: 0, declined: 0, canceled: 0, superseded: 1 });
    expect(await boxOf(box.id)).toMatchObject(settled);
    expect((await intentsOf(customer.subscriptionId)).map((intent) => intent.idempotencyKey)).toEqual([
      `renewal-${customer.subscriptionId}-${box.deliveryDate}`,
      `renewal-${customer.subscriptionId}-${box.deliveryDate}-retry-1`,
    ]);
    expect(await mailsOf(customer.email, 'payment-failed')).toHaveLength(2);
  });

  it('a charge left by a dead future-dated run is taken by real time once its lease has passed', async () => {
    const { customer, box } = await boxDueNow('4242424242424242');
    const leaseMs = 5_000;
    const asked: string[] = [];
    const charged = deferred();
    // The run dies after the provider made the charge, before it could record it.
    void renewalsPass(
      deps({
        payments: providerAnswering(asked, new Promise(() => {}), charged.resolve),
        chargeLeaseMs: leaseMs,
      }),
      new Date(Date.now() + DAY_MS),
    );
    await charged.promise;

    // While its lease lasts, the replicas leave the charge alone.
    expect((await renewalsPass(deps(), null)).charges).toMatchObject({ charged: 0 });
    expect(await boxOf(box.id)).toMatchObject({ status: 'locked', chargeAttempts: 0 });

    // Then a replica on the real clock asks again with the same key and records the charge made.
    await expect
      .poll(
        async () => {
          await renewalsPass(deps(), null);
          return (await boxOf(box.id)).status;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('charged');
    const intents = await intentsOf(customer.subscriptionId);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'succeeded' });
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, box.orderId!));
    expect(order).toMatchObject({ status: 'paid', paymentIntentId: intents[0]!.id });
    expect(await boxOf(box.id)).toMatchObject({
      chargeAttempts: 1,
      nextChargeAt: null,
      chargeClaimedUntil: null,
    });
  });
});
