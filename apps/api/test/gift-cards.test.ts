import {
  GIFT_CARD_BALANCE_USED_MESSAGE,
  GIFT_CARD_EMPTY_MESSAGE,
  GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE,
  GIFT_CARD_UNKNOWN_MESSAGE,
  normalizeGiftCardCode,
} from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DELIVERY_TIME_ZONE, zonedInstant } from '../src/domain/delivery-dates';
import type { AuthorizeInput } from '../src/domain/payment-provider';
import { AppError } from '../src/errors/app-error';
import { hashGiftCardCode } from '../src/modules/gift-cards/codes';
import {
  type GiftCardDeps,
  purchaseGiftCard,
  settleStalePurchases,
  spendCard,
} from '../src/modules/gift-cards/service';
import { DECLINES_PER_CARD_PER_HOUR } from '../src/platform/limits/service';
import { type CheckoutDeps, completeCheckout } from '../src/workflows/checkout-completion';
import {
  activeSkus,
  getJson,
  injectJson,
  newKey,
  planIdsBySlug,
  sendJson,
  startTestApp,
  type TestContext,
  uniqueEmail,
} from './helpers';

const CARTS = '/api/customers/abandoned-carts';
const PURCHASE = '/api/sales/gift-cards/purchase';

let context: TestContext;
let skus: string[];
let plans: Record<string, number>;
let adminCookie: string;

beforeAll(async () => {
  context = await startTestApp();
  skus = await activeSkus(context.database);
  plans = await planIdsBySlug(context.database);
  adminCookie = await signIn(demoAccounts.admin);
});
afterAll(() => context?.close());
// Guessing and decline limits are per client: each test starts with the test client's hour forgotten.
beforeEach(async () => {
  await context.database.db.delete(schema.authEvents).where(like(schema.authEvents.subject, 'ip:%'));
  await context.database.db.delete(schema.authEvents).where(like(schema.authEvents.subject, 'card:%'));
});

const today = () => calendarDay(new Date(), DELIVERY_TIME_ZONE);

async function mailsTo(email: string) {
  await context.app.mailer.worker.drain();
  return (await getJson(context.app, `/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).body.data as {
    subject: string;
    text: string;
    html: string;
  }[];
}

function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : [String(header)];
  return list.map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='))!;
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const login = await injectJson(context.app, 'POST', '/auth', {
    email: account.email,
    password: account.password,
  });
  expect(login.statusCode).toBe(200);
  const [latest] = await mailsTo(account.email);
  const verified = await injectJson(context.app, 'POST', '/auth/verification', {
    code: latest!.subject.match(/^(\d{6}) /)![1],
    verificationId: login.json().verificationId,
  });
  expect(verified.statusCode).toBe(200);
  return sessionCookie(verified);
}

async function cardToken(number = '4242424242424242'): Promise<string> {
  const response = await injectJson(context.app, 'POST', '/test-provider/v1/payment-methods', {
    number,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function purchaseBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 50,
    recipient_name: 'Priya',
    recipient_email: uniqueEmail('friend'),
    sender_name: 'Sam',
    sender_email: uniqueEmail('buyer'),
    message: 'Happy birthday! <b>Enjoy</b>',
    delivery_date: today(),
    payment_method_id: await cardToken(),
    idempotency_key: newKey(),
    ...overrides,
  };
}

/** The code in a card email's text part. */
function codeIn(mail: { text: string }): string {
  const line = mail.text.split('\n').find((text) => text.startsWith('Gift card code:'));
  expect(line).toBeDefined();
  return line!.slice('Gift card code:'.length).trim();
}

async function cardOf(code: string) {
  const [card] = await context.database.db
    .select()
    .from(schema.giftCards)
    .where(eq(schema.giftCards.codeHash, hashGiftCardCode(normalizeGiftCardCode(code)!)));
  return card!;
}

async function ledgerSum(cardId: number) {
  const [row] = await context.database.db
    .select({ sum: sql<number>`coalesce(sum(${schema.giftCardEntries.amountCents}), 0)`.mapWith(Number) })
    .from(schema.giftCardEntries)
    .where(eq(schema.giftCardEntries.giftCardId, cardId));
  return row!.sum;
}

/** A card issued by hand through the admin hook: its code (the only answer that shows one). */
async function adminCard(amount: number): Promise<string> {
  const response = await injectJson(
    context.app,
    'POST',
    '/api/admin/gift-cards',
    { amount, note: 'test card' },
    adminCookie,
  );
  expect(response.statusCode).toBe(201);
  return response.json().data.code;
}

/** A cart ready to complete: a full 12-item box, contact, address and password. */
async function readyCart() {
  const id = (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
  const email = uniqueEmail('family');
  await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
  await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans['plan-12'] });
  for (const sku of skus.slice(0, 12)) {
    expect((await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, { sku, quantity: 1 })).status).toBe(
      200,
    );
  }
  const { status } = await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {
    first_name: 'Robin',
    last_name: 'Okafor',
    address_line_1: '350 W 31st St',
    city: 'New York',
    phone: '(212) 555-0199',
    password: 'lunchbox-secret',
  });
  expect(status).toBe(200);
  const total = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs.total_cost as number;
  return { id, email, totalCents: Math.round(total * 100) };
}

async function firstDeliveryDate(): Promise<string> {
  return (await getJson(context.app, '/api/shipping/zip-codes/10001/delivery-dates')).body.data[0].date;
}

async function checkCodes(cartId: string, codes: string[]) {
  return sendJson(context.app, 'POST', '/api/sales/gift-cards/check', {
    abandoned_cart_id: cartId,
    gift_card_codes: codes,
  });
}

async function checkout(cartId: string, codes: string[], expectedTotal: number, card?: string) {
  return injectJson(context.app, 'POST', '/api/sales/checkout', {
    abandoned_cart_id: cartId,
    idempotency_key: newKey(),
    first_delivery_date: await firstDeliveryDate(),
    frequency_weeks: 2,
    expected_total: expectedTotal,
    gift_card_codes: codes,
    ...(card ? { payment_method_id: await cardToken(card) } : {}),
  });
}

describe('buying a gift card', () => {
  it('lists suggested amounts and the live promotion', async () => {
    const suggestions = await getJson(context.app, '/api/sales/gift-card-suggestions');
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.data.map((row: { amount: number }) => row.amount)).toContain(50);
    const promotions = await getJson(context.app, '/api/sales/gift-cards/promotions');
    expect(promotions.body.data[0]).toMatchObject({ min_amount: 100, bonus_amount: 20 });
  });

  it('pays with 4242, issues the card, queues the receipt and the card email for today', async () => {
    const body = await purchaseBody();
    const { status, body: answer } = await sendJson(context.app, 'POST', PURCHASE, body);
    expect(status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'paid', amount: 50, bonus_amount: 0 });

    const receipt = await mailsTo(body.sender_email);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('You paid $50');
    const [cardMail, ...others] = await mailsTo(body.recipient_email);
    expect(others).toHaveLength(0);
    expect(cardMail!.html).toContain('Happy birthday! &lt;b&gt;Enjoy&lt;/b&gt;');
    const code = codeIn(cardMail!);
    expect(code).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/);

    const card = await cardOf(code);
    expect(card).toMatchObject({
      initialCents: 5000,
      balanceCents: 5000,
      pendingCode: null,
      source: 'purchase',
    });
    expect(card.codeSuffix).toBe(code.slice(-4));
    expect(await ledgerSum(card.id)).toBe(5000);
    // Nothing in the database holds the code in the clear any more.
    const clear = await context.database.db.execute(
      sql`select id from gift_cards where code_hash = ${normalizeGiftCardCode(code)} or pending_code = ${normalizeGiftCardCode(code)}`,
    );
    expect((clear as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    // The same press again: the same purchase, no second card, no second charge.
    const again = await sendJson(context.app, 'POST', PURCHASE, body);
    expect(again.body.data.status).toBe('paid');
    expect(await mailsTo(body.recipient_email)).toHaveLength(1);
    const state = await getJson(
      context.app,
      `/api/sales/gift-cards/purchase-intent/${answer.data.payment_intent.id}`,
    );
    expect(state.body.data).toMatchObject({ status: 'paid', recipient_email: body.recipient_email });
  });

  it('adds the promotion bonus card for the buyer on $100 or more', async () => {
    const body = await purchaseBody({ amount: 100 });
    const { body: answer } = await sendJson(context.app, 'POST', PURCHASE, body);
    expect(answer.data).toMatchObject({ status: 'paid', amount: 100, bonus_amount: 20 });
    const buyerMails = await mailsTo(body.sender_email);
    expect(buyerMails).toHaveLength(2);
    const bonusMail = buyerMails.find((mail) => mail.text.includes('Gift card code:'))!;
    expect((await cardOf(codeIn(bonusMail))).initialCents).toBe(2000);
  });

  it('issues nothing for a declined card', async () => {
    const body = await purchaseBody({ payment_method_id: await cardToken('4000000000000002') });
    const { status, body: answer } = await sendJson(context.app, 'POST', PURCHASE, body);
    expect(status).toBe(422);
    expect(answer.errors.payment_method_id[0]).toMatch(/declined/);
    expect(await mailsTo(body.recipient_email)).toHaveLength(0);
    expect(await mailsTo(body.sender_email)).toHaveLength(0);
    const [purchase] = await context.database.db
      .select()
      .from(schema.giftCardPurchases)
      .where(eq(schema.giftCardPurchases.idempotencyKey, body.idempotency_key));
    expect(purchase!.status).toBe('declined');
    const cards = await context.database.db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.purchaseId, purchase!.id));
    expect(cards).toHaveLength(0);
  });

  it('one declined card in 20 parallel purchases from 20 addresses reaches the provider 5 times', async () => {
    const counting = Object.create(context.app.payments) as typeof context.app.payments & { calls: number };
    counting.calls = 0;
    counting.authorize = async (input: AuthorizeInput) => {
      counting.calls += 1;
      return context.app.payments.authorize(input);
    };
    const deps: GiftCardDeps = {
      db: context.database.db,
      payments: counting,
      mailer: context.app.mailer,
      log: context.app.log,
      site: { url: 'http://localhost:3000', name: 'Sprout & Spoon', accountUrl: '/account' },
    };
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () =>
        purchaseBody({ payment_method_id: await cardToken('4000000000000002') }),
      ),
    );
    const outcomes = await Promise.allSettled(
      bodies.map((body, index) => purchaseGiftCard(deps, body as never, null, `192.0.2.${index + 1}`)),
    );
    const refusals = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as { kind?: string; message: string }) : null,
    );
    expect(counting.calls).toBe(DECLINES_PER_CARD_PER_HOUR);
    expect(refusals.filter((refusal) => refusal?.kind === 'validation')).toHaveLength(
      DECLINES_PER_CARD_PER_HOUR,
    );
    const limited = refusals.filter((refusal) => refusal?.kind === 'rate_limited');
    expect(limited).toHaveLength(20 - DECLINES_PER_CARD_PER_HOUR);
    for (const refusal of limited) expect(refusal!.message).toMatch(/^This card was declined too many times/);
    // A refused attempt leaves no purchase behind; over HTTP the refusal is a 429 with that message.
    const keys = bodies.map((body) => body.idempotency_key as string);
    const purchases = await context.database.db
      .select({ status: schema.giftCardPurchases.status })
      .from(schema.giftCardPurchases)
      .where(inArray(schema.giftCardPurchases.idempotencyKey, keys));
    expect(purchases.map((row) => row.status)).toEqual(Array(DECLINES_PER_CARD_PER_HOUR).fill('declined'));
    const again = await sendJson(
      context.app,
      'POST',
      PURCHASE,
      await purchaseBody({ payment_method_id: await cardToken('4000000000000002') }),
    );
    expect(again.status).toBe(429);
    expect(JSON.stringify(again.body)).toMatch(/This card was declined too many times/);
    // A good card still pays.
    expect((await sendJson(context.app, 'POST', PURCHASE, await purchaseBody())).status).toBe(200);
  });

  it('3-D Secure: nothing is issued until the bank approves, then asking for the state issues it once', async () => {
    const body = await purchaseBody({ payment_method_id: await cardToken('4000002500003155') });
    const { body: answer } = await sendJson(context.app, 'POST', PURCHASE, body);
    expect(answer.data).toMatchObject({ status: 'requires_action' });
    const intent = answer.data.payment_intent as { id: string; client_secret: string };
    expect(intent.client_secret).toBeTruthy();
    expect(await mailsTo(body.recipient_email)).toHaveLength(0);
    const url = `/api/sales/gift-cards/purchase-intent/${intent.id}`;
    expect((await getJson(context.app, url)).body.data.status).toBe('requires_action');

    const approved = await injectJson(
      context.app,
      'POST',
      `/test-provider/v1/payment-intents/${intent.id}/authenticate`,
      {
        client_secret: intent.client_secret,
        outcome: 'approve',
      },
    );
    expect(approved.statusCode).toBe(200);
    const [first, second] = await Promise.all([getJson(context.app, url), getJson(context.app, url)]);
    expect(first.body.data.status).toBe('paid');
    expect(second.body.data.status).toBe('paid');
    expect(await mailsTo(body.recipient_email)).toHaveLength(1);
    expect(await mailsTo(body.sender_email)).toHaveLength(1);
    expect((await getJson(context.app, '/api/sales/gift-cards/purchase-intent/pi_test_unknown')).status).toBe(
      404,
    );
  });

  it('refuses bad input with field messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 20 }, 'amount'],
      [{ amount: 501 }, 'amount'],
      [{ amount: 30.5 }, 'amount'],
      [{ delivery_date: addDays(today(), -1) }, 'delivery_date'],
      [{ delivery_date: addDays(today(), 400) }, 'delivery_date'],
      [{ message: 'x'.repeat(501) }, 'message'],
      [{ recipient_email: 'not-an-email' }, 'recipient_email'],
      [{ sender_email: undefined }, 'sender_email'],
    ];
    for (const [override, field] of cases) {
      const { status, body } = await sendJson(context.app, 'POST', PURCHASE, await purchaseBody(override));
      expect(status, field).toBe(422);
      expect(Object.keys(body.errors ?? {}), field).toContain(field);
    }
  });

  it('a scheduled card is emailed on its date by the jobs runner, once', async () => {
    const deliveryDate = addDays(today(), 10);
    const body = await purchaseBody({ delivery_date: deliveryDate });
    expect((await sendJson(context.app, 'POST', PURCHASE, body)).body.data.status).toBe('paid');
    const receipt = await mailsTo(body.sender_email);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('We will email it');
    expect(await mailsTo(body.recipient_email)).toHaveLength(0);

    await context.app.jobs.runAllOnce(zonedInstant(addDays(deliveryDate, -1), 23, DELIVERY_TIME_ZONE));
    expect(await mailsTo(body.recipient_email)).toHaveLength(0);

    await context.app.jobs.runAllOnce(zonedInstant(deliveryDate, 0, DELIVERY_TIME_ZONE));
    await context.app.jobs.runAllOnce(zonedInstant(deliveryDate, 9, DELIVERY_TIME_ZONE));
    const mails = await mailsTo(body.recipient_email);
    expect(mails).toHaveLength(1);
    expect((await cardOf(codeIn(mails[0]!))).balanceCents).toBe(5000);
  });
});

describe('purchases left unfinished (browser gone, crash between authorize and capture)', () => {
  const lostConnection = () => new Error('Connection terminated unexpectedly');
  /** The app's provider with one step replaced (the real step may run first: the answer is then lost). */
  function providerWith(overrides: Partial<GiftCardDeps['payments']>) {
    return Object.assign(Object.create(context.app.payments), overrides) as GiftCardDeps['payments'];
  }
  const depsWith = (payments: GiftCardDeps['payments']): GiftCardDeps => ({
    db: context.database.db,
    payments,
    mailer: context.app.mailer,
    log: context.app.log,
    site: { url: 'http://localhost:3000', name: 'Sprout & Spoon', accountUrl: '/account' },
  });
  const real = () => context.app.payments;
  async function purchaseByKey(key: string) {
    const [row] = await context.database.db
      .select()
      .from(schema.giftCardPurchases)
      .where(eq(schema.giftCardPurchases.idempotencyKey, key));
    return row!;
  }
  /** As if PURCHASE_PROCESSING_SECONDS of real time had passed for these purchases' holds. */
  async function holdsRunOut(keys: string[]) {
    await context.database.db
      .update(schema.giftCardPurchases)
      .set({ processingUntil: sql`now() - interval '1 second'` })
      .where(inArray(schema.giftCardPurchases.idempotencyKey, keys));
  }
  async function intentOf(key: string) {
    const [row] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.idempotencyKey, `gift-card-${key}`));
    return row;
  }
  async function cardsOf(purchaseId: number) {
    return context.database.db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.purchaseId, purchaseId));
  }
  const runJobsAt = async (asOf: Date) => {
    const outcomes = await context.app.jobs.runAllOnce(asOf);
    const mine = outcomes.find((outcome) => outcome.name === 'gift-card-stale-purchases');
    expect(mine).toMatchObject({ ok: true });
  };

  it('after an hour: a captured payment issues its card once, every other hold is released and the purchase fails', async () => {
    // 1. Authorized, then the process died before the capture.
    const beforeCapture = await purchaseBody();
    await expect(
      purchaseGiftCard(
        depsWith(providerWith({ capture: async () => Promise.reject(lostConnection()) })),
        beforeCapture,
        null,
        undefined,
      ),
    ).rejects.toThrow();
    // 2. Captured, then the process died before the card was issued.
    const afterCapture = await purchaseBody();
    await expect(
      purchaseGiftCard(
        depsWith(
          providerWith({
            capture: async (id: string) => {
              await real().capture(id);
              throw lostConnection();
            },
          }),
        ),
        afterCapture,
        null,
        undefined,
      ),
    ).rejects.toThrow();
    // 3. The provider made the hold but its answer was lost: no intent id was recorded.
    const lostAnswer = await purchaseBody();
    await expect(
      purchaseGiftCard(
        depsWith(
          providerWith({
            authorize: async (input) => {
              await real().authorize(input);
              throw lostConnection();
            },
          }),
        ),
        lostAnswer,
        null,
        undefined,
      ),
    ).rejects.toThrow();
    // 4. 3-D Secure asked for, and the buyer never came back.
    const abandoned = await purchaseBody({ payment_method_id: await cardToken('4000002500003155') });
    expect((await sendJson(context.app, 'POST', PURCHASE, abandoned)).body.data.status).toBe(
      'requires_action',
    );

    const keys = [beforeCapture, afterCapture, lostAnswer, abandoned].map(
      (body) => body.idempotency_key as string,
    );
    expect((await purchaseByKey(keys[2]!)).paymentIntentId).toBeNull();
    expect((await intentOf(keys[0]!))?.status).toBe('requires_capture');
    expect((await intentOf(keys[1]!))?.status).toBe('succeeded');

    // Within the hour the buyer may still come back: nothing is touched.
    await runJobsAt(new Date(Date.now() + 30 * 60_000));
    for (const key of keys)
      expect(['pending', 'requires_action']).toContain((await purchaseByKey(key)).status);

    // A run dated ahead takes no purchase a request or another run still holds: holds are real time.
    await runJobsAt(new Date(Date.now() + 120 * 60_000));
    for (const key of keys)
      expect(['pending', 'requires_action']).toContain((await purchaseByKey(key)).status);
    // The dead requests' holds run out (PURCHASE_PROCESSING_SECONDS of real time, made past here).
    await holdsRunOut(keys);

    // A connection lost in the middle of the job (at the release) leaves the purchases unfinished.
    expect(
      await settleStalePurchases(
        depsWith(providerWith({ cancel: async () => Promise.reject(lostConnection()) })),
        new Date(Date.now() + 61 * 60_000),
      ),
    ).toMatchObject({ failed: 0 });
    expect((await purchaseByKey(keys[0]!)).status).toBe('pending');
    expect((await intentOf(keys[0]!))?.status).toBe('requires_capture');
    // The failed run held what it claimed; its holds run out too.
    await holdsRunOut(keys);

    await runJobsAt(new Date(Date.now() + 61 * 60_000));
    const [first, second, third, fourth] = await Promise.all(keys.map(purchaseByKey));
    expect(first!.status).toBe('failed');
    expect((await intentOf(keys[0]!))?.status).toBe('canceled');
    expect(second!.status).toBe('paid');
    expect(await cardsOf(second!.id)).toHaveLength(1);
    expect(third!.status).toBe('failed');
    expect(third!.paymentIntentId).not.toBeNull();
    expect((await intentOf(keys[2]!))?.status).toBe('canceled');
    expect(fourth!.status).toBe('failed');
    expect((await intentOf(keys[3]!))?.status).toBe('canceled');
    for (const row of [first!, third!, fourth!]) expect(await cardsOf(row.id)).toHaveLength(0);
    // The buyer of the paid one gets the receipt and the recipient the card, once.
    expect(await mailsTo(afterCapture.recipient_email as string)).toHaveLength(1);

    // Idempotent: another run (another replica) changes nothing.
    await runJobsAt(new Date(Date.now() + 62 * 60_000));
    expect(await cardsOf(second!.id)).toHaveLength(1);
    expect((await Promise.all(keys.map(purchaseByKey))).map((row) => row.status)).toEqual([
      'failed',
      'paid',
      'failed',
      'failed',
    ]);
  });
});

describe('the ledger', () => {
  it('20 concurrent spends of one card never take more than its value', async () => {
    const card = await cardOf(await adminCard(25));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        spendCard(context.database.db, { cardId: card.id, amountCents: 300, description: 'race' }),
      ),
    );
    const succeeded = results.filter(Boolean).length;
    expect(succeeded).toBe(8);
    const after = await cardOf2(card.id);
    expect(after.balanceCents).toBe(2500 - succeeded * 300);
    expect(await ledgerSum(card.id)).toBe(after.balanceCents);
  });

  it('rate-limits guessing per client and refuses unknown codes', async () => {
    const cart = await readyCart();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { status, body } = await checkCodes(cart.id, ['ABCD-EFGH-JKMN-PQRS-TVWX-YZ23-4567']);
      expect(status).toBe(422);
      expect(body.errors.gift_card_codes[0]).toBe(GIFT_CARD_UNKNOWN_MESSAGE);
    }
    const limited = await checkCodes(cart.id, [await adminCard(25)]);
    expect(limited.status).toBe(429);
  });
});

async function cardOf2(id: number) {
  const [card] = await context.database.db.select().from(schema.giftCards).where(eq(schema.giftCards.id, id));
  return card!;
}

describe('redeeming at checkout', () => {
  it('a partial card pays part of the box and the card pays the rest', async () => {
    const cart = await readyCart();
    const code = await adminCard(25);
    const check = await checkCodes(cart.id, [code]);
    expect(check.status).toBe(200);
    expect(check.body.data.gift_cards_amount_applied).toBe(25);
    const expected = (cart.totalCents - 2500) / 100;
    expect(check.body.data.total_cost).toBe(expected);
    const response = await checkout(cart.id, [code], expected, '4242424242424242');
    expect(response.statusCode).toBe(201);
    const order = response.json().data.order;
    expect(order.costs.gift_cards_amount_applied).toBe(25);
    expect(order.costs.total_cost).toBe(expected);
    const card = await cardOf(code);
    expect(card.balanceCents).toBe(0);
    expect(await ledgerSum(card.id)).toBe(0);
  });

  it('two cards: each pays only what is left (the second keeps its remaining balance)', async () => {
    const cart = await readyCart();
    const first = await adminCard(25);
    const second = await adminCard(500);
    const check = await checkCodes(cart.id, [first, second]);
    expect(check.body.data.cards.map((card: { applied: number }) => card.applied)).toEqual([
      25,
      (cart.totalCents - 2500) / 100,
    ]);
    expect(check.body.data.total_cost).toBe(0);
    const response = await checkout(cart.id, [first, second], 0, '4242424242424242');
    expect(response.statusCode).toBe(201);
    expect((await cardOf(first)).balanceCents).toBe(0);
    const remaining = 50_000 - (cart.totalCents - 2500);
    expect((await cardOf(second)).balanceCents).toBe(remaining);
    // The new customer owns both cards: the rest pays their next boxes, and the account shows it.
    const mine = await context.app.inject({
      method: 'GET',
      url: '/api/me/gift-cards',
      headers: { cookie: sessionCookie(response) },
    });
    expect(mine.json().data.balance).toBe(remaining / 100);
    expect(mine.json().data.cards).toHaveLength(2);
  });

  it('a box paid entirely by one gift card charges no card and does not error, yet saves one', async () => {
    const cart = await readyCart();
    const code = await adminCard(Math.ceil(cart.totalCents / 100) + 10);
    // The next boxes are charged to a card once the gift card is spent (decision 036).
    expect((await checkout(cart.id, [code], 0)).statusCode).toBe(422);
    const response = await checkout(cart.id, [code], 0, '4242424242424242');
    expect(response.statusCode).toBe(201);
    const order = response.json().data.order;
    expect(order).toMatchObject({ status: 'paid', payment: null });
    expect(order.costs.total_cost).toBe(0);
    const card = await cardOf(code);
    expect(card.balanceCents).toBe(card.initialCents - cart.totalCents);
    expect(await ledgerSum(card.id)).toBe(card.balanceCents);
  });

  it('a failed checkout leaves balances untouched (declined card, or a failure after the debit)', async () => {
    const cart = await readyCart();
    const code = await adminCard(25);
    const expected = (cart.totalCents - 2500) / 100;
    const declined = await checkout(cart.id, [code], expected, '4000000000000002');
    expect(declined.statusCode).toBe(422);
    expect((await cardOf(code)).balanceCents).toBe(2500);

    const deps: CheckoutDeps = {
      db: context.database.db,
      payments: context.app.payments,
      mailer: context.app.mailer,
      site: { url: 'http://localhost:3000', name: 'Sprout & Spoon', accountUrl: '/account' },
      log: context.app.log,
      beforeStep: async (step) => {
        if (step === 'finish') throw new AppError('conflict', 'injected failure after the debit');
      },
    };
    await expect(
      completeCheckout(deps, {
        abandoned_cart_id: cart.id,
        idempotency_key: newKey(),
        first_delivery_date: await firstDeliveryDate(),
        frequency_weeks: 2,
        expected_total: expected,
        gift_card_codes: [code],
        payment_method_id: await cardToken(),
      }),
    ).rejects.toThrow('injected failure');
    const card = await cardOf(code);
    expect(card.balanceCents).toBe(2500);
    expect(await ledgerSum(card.id)).toBe(2500);
  });

  it('refuses a total that ignores the cards, before touching anything', async () => {
    const cart = await readyCart();
    const code = await adminCard(25);
    const response = await checkout(cart.id, [code], cart.totalCents / 100, '4242424242424242');
    expect(response.statusCode).toBe(409);
    expect((await cardOf(code)).balanceCents).toBe(2500);
  });
});

describe('the account and the admin hooks', () => {
  it('adds a code to the account once; another account cannot take it', async () => {
    const customer = await signIn(demoAccounts.customer);
    const code = await adminCard(40);
    const added = await injectJson(context.app, 'POST', '/api/me/gift-cards', { code }, customer);
    expect(added.statusCode).toBe(200);
    const card = added
      .json()
      .data.cards.find((row: { code_suffix: string }) => row.code_suffix === code.slice(-4));
    expect(card).toMatchObject({ balance: 40, initial_amount: 40 });
    expect(card.entries[0]).toMatchObject({ kind: 'issue', amount: 40 });
    const again = await injectJson(context.app, 'POST', '/api/me/gift-cards', { code }, customer);
    expect(again.statusCode).toBe(200);
    const other = await injectJson(context.app, 'POST', '/api/me/gift-cards', { code }, adminCookie);
    expect(other.statusCode).toBe(422);
    const anonymous = await injectJson(context.app, 'POST', '/api/me/gift-cards', { code });
    expect(anonymous.statusCode).toBe(401);
  });

  it('voids a card with a ledger entry, never a delete; customers cannot reach the admin hooks', async () => {
    const code = await adminCard(30);
    const card = await cardOf(code);
    const voided = await injectJson(
      context.app,
      'POST',
      `/api/admin/gift-cards/${card.id}/void`,
      { note: 'reported stolen' },
      adminCookie,
    );
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({ voided: true, balance: 0 });
    expect(voided.json().data.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'issue',
      'void',
    ]);
    expect(await ledgerSum(card.id)).toBe(0);
    const cart = await readyCart();
    expect((await checkCodes(cart.id, [code])).status).toBe(422);

    const customer = await signIn(demoAccounts.customer);
    const refused = await context.app.inject({
      method: 'GET',
      url: '/api/admin/gift-cards',
      headers: { cookie: customer },
    });
    expect(refused.statusCode).toBe(403);
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/admin/gift-cards',
      headers: { cookie: adminCookie },
    });
    expect(list.json().data.some((row: { id: number }) => row.id === card.id)).toBe(true);
  });
});

describe('renewals spend the account gift card balance before the saved card', () => {
  it('a box at its cutoff takes the balance first, and the card only pays the rest', async () => {
    const db = context.database.db;
    const [demo] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, demoAccounts.customer.email));
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
    const customer = await signIn(demoAccounts.customer);
    const code = await adminCard(25);
    expect((await injectJson(context.app, 'POST', '/api/me/gift-cards', { code }, customer)).statusCode).toBe(
      200,
    );
    const balanceBefore = (
      await context.app.inject({ method: 'GET', url: '/api/me/gift-cards', headers: { cookie: customer } })
    ).json().data.balance as number;
    expect(balanceBefore).toBeGreaterThanOrEqual(25);

    const next = (await boxes()).find((row) => row.status === 'scheduled')!;
    // The account's preview spends the same balance box by box in date order.
    type PreviewBox = {
      date: string;
      status: string;
      order: unknown;
      costs: { gift_cards_amount_applied: number; gift_cards_amount_available: number; total_cost: number };
    };
    const preview = (
      await context.app.inject({ method: 'GET', url: '/api/me/deliveries', headers: { cookie: customer } })
    ).json().data as PreviewBox[];
    const chargeable = preview.filter((box) => box.status === 'scheduled' && box.order === null);
    const toCents = (dollars: number) => Math.round(dollars * 100);
    let left = toCents(balanceBefore);
    for (const box of chargeable) {
      expect(toCents(box.costs.gift_cards_amount_available)).toBe(left);
      const applied = toCents(box.costs.gift_cards_amount_applied);
      expect(applied).toBeLessThanOrEqual(left);
      // A box is charged to the card only once the balance is gone.
      if (toCents(box.costs.total_cost) > 0) expect(applied).toBe(left);
      left -= applied;
    }
    expect(chargeable[0]!.date).toBe(next.deliveryDate);
    expect(toCents(chargeable[0]!.costs.gift_cards_amount_applied)).toBeGreaterThan(0);

    await context.app.jobs.runAllOnce(next.cutoffAt);
    const after = (await boxes()).find((row) => row.id === next.id)!;
    expect(after.status).toBe('charged');
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, after.orderId!));
    const applied = Math.min(
      Math.round(balanceBefore * 100),
      order!.totalCents + order!.giftCardsAppliedCents,
    );
    expect(order!.giftCardsAppliedCents).toBe(applied);
    // What the preview showed is what the renewal took, and what it charged.
    expect(order!.giftCardsAppliedCents).toBe(toCents(chargeable[0]!.costs.gift_cards_amount_applied));
    expect(order!.totalCents).toBe(toCents(chargeable[0]!.costs.total_cost));
    const mine = (
      await context.app.inject({ method: 'GET', url: '/api/me/gift-cards', headers: { cookie: customer } })
    ).json().data;
    expect(Math.round(mine.balance * 100)).toBe(Math.round(balanceBefore * 100) - applied);
    const renewalEntries = mine.cards.flatMap((card: { entries: { kind: string; amount: number }[] }) =>
      card.entries.filter((entry) => entry.kind === 'renewal'),
    );
    expect(
      Math.round(
        renewalEntries.reduce((sum: number, entry: { amount: number }) => sum + entry.amount, 0) * -100,
      ),
    ).toBe(applied);
    // The rest went to the saved card, if anything was left.
    if (order!.totalCents > 0) expect(order).toMatchObject({ status: 'paid', cardLast4: '4242' });
  });
});

describe('false refusals under concurrency', () => {
  /** The answers counted by status and message: `{ '200': 20 }`, or what refused and why. */
  const tally = (answers: { statusCode: number; json(): { message?: string } }[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const key =
        answer.statusCode < 300 ? String(answer.statusCode) : `${answer.statusCode} ${answer.json().message}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  /**
   * Sends every request while gift card look-ups wait, as under load: on PostgreSQL another
   * transaction holds the cards' table until each request is waiting on a lock or has answered (or
   * the pool has no connection left), so all of them are in flight at once. PGlite runs one
   * statement at a time and takes them as they come.
   */
  async function whileCardLookupsWait<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
    const raw = context.database.raw;
    if (raw.kind !== 'postgres') return Promise.all(requests.map((request) => request()));
    const holder = await raw.client.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table gift_cards in access exclusive mode');
      let answered = 0;
      const running = requests.map((request) =>
        request().finally(() => {
          answered += 1;
        }),
      );
      const connections = (raw.client.options.max ?? 10) - 1;
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        const waiting = rows[0].waiting as number;
        if (waiting + answered >= requests.length || waiting >= connections) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('commit');
      return await Promise.all(running);
    } finally {
      holder.release();
    }
  }

  const countedEvents = async (kind: 'gift_card_miss' | 'payment_declined') =>
    context.database.db
      .select({ subject: schema.authEvents.subject, inFlight: schema.authEvents.inFlight })
      .from(schema.authEvents)
      .where(eq(schema.authEvents.kind, kind));

  /** The test app's provider, counting the authorizations it is asked for, until `restore()`. */
  function countAuthorizations() {
    const payments = context.app.payments;
    const original = payments.authorize;
    const counter = {
      calls: 0,
      restore: () => {
        payments.authorize = original;
      },
    };
    payments.authorize = async (input: AuthorizeInput) => {
      counter.calls += 1;
      return original.call(payments, input);
    };
    return counter;
  }

  const giftCardDeps = (overrides: Partial<GiftCardDeps> = {}): GiftCardDeps => ({
    db: context.database.db,
    payments: context.app.payments,
    mailer: context.app.mailer,
    log: context.app.log,
    site: { url: 'http://localhost:3000', name: 'Sprout & Spoon', accountUrl: '/account' },
    ...overrides,
  });

  it('20 simultaneous checks of one valid code all answer, and none counts as a failed guess', async () => {
    const cart = await readyCart();
    const code = await adminCard(25);
    const answers = await whileCardLookupsWait(
      Array.from(
        { length: 20 },
        () => () =>
          injectJson(context.app, 'POST', '/api/sales/gift-cards/check', {
            abandoned_cart_id: cart.id,
            gift_card_codes: [code],
          }),
      ),
    );
    expect(tally(answers)).toEqual({ '200': 20 });
    expect(await countedEvents('gift_card_miss')).toEqual([]);
    // Guesses still count, each one once, and the limit still holds.
    const misses = await whileCardLookupsWait(
      Array.from({ length: 12 }, () => () => checkCodes(cart.id, ['ABCD-EFGH-JKMN-PQRS-TVWX-YZ23-4567'])),
    );
    expect(misses.map((miss) => miss.status).sort()).toEqual([...Array(10).fill(422), 429, 429]);
    expect(await countedEvents('gift_card_miss')).toHaveLength(10);
  });

  it('20 simultaneous checkouts with one gift card: one spends it, the others are told why, none is a false guess', async () => {
    const carts = await Promise.all(Array.from({ length: 20 }, () => readyCart()));
    const code = await adminCard(25);
    const date = await firstDeliveryDate();
    const bodies = await Promise.all(
      carts.map(async (cart) => ({
        abandoned_cart_id: cart.id,
        idempotency_key: newKey(),
        first_delivery_date: date,
        frequency_weeks: 2,
        expected_total: (cart.totalCents - 2500) / 100,
        gift_card_codes: [code],
        payment_method_id: await cardToken(),
      })),
    );
    const answers = await whileCardLookupsWait(
      bodies.map((body) => () => injectJson(context.app, 'POST', '/api/sales/checkout', body)),
    );
    const card = await cardOf(code);
    // One order spent the card. The others learn that its balance went to another order (they
    // looked it up before), or that it has none left (after): never a guess, a limit or a decline.
    const counts = tally(answers);
    expect(counts['201']).toBe(1);
    const told = [
      `409 ${GIFT_CARD_BALANCE_USED_MESSAGE}`,
      `422 ${GIFT_CARD_EMPTY_MESSAGE} (…${card.codeSuffix})`,
    ];
    expect(Object.keys(counts).filter((key) => key !== '201' && !told.includes(key))).toEqual([]);
    expect(card.balanceCents).toBe(0);
    expect(await ledgerSum(card.id)).toBe(0);
    expect(await countedEvents('gift_card_miss')).toEqual([]);
    // The winner's card was charged; every loser's hold was released (or never made).
    const intents = await context.database.db
      .select({ status: schema.testPaymentIntents.status })
      .from(schema.testPaymentIntents)
      .where(
        inArray(
          schema.testPaymentIntents.idempotencyKey,
          bodies.map((body) => `checkout-${body.idempotency_key}`),
        ),
      );
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    expect(intents.filter((intent) => !['succeeded', 'canceled'].includes(intent.status))).toEqual([]);
  });

  it('20 simultaneous purchases with one key: one purchase, one charge, one card, the same answer 20 times', async () => {
    const body = await purchaseBody();
    const provider = countAuthorizations();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => injectJson(context.app, 'POST', PURCHASE, body)),
    ).finally(provider.restore);
    expect(tally(answers)).toEqual({ '200': 20 });
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json().data).toMatchObject({ status: 'paid', amount: 50 });
    expect(provider.calls).toBe(1);
    const [purchase] = await context.database.db
      .select()
      .from(schema.giftCardPurchases)
      .where(eq(schema.giftCardPurchases.idempotencyKey, body.idempotency_key));
    expect(purchase!.status).toBe('paid');
    const [intent] = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.idempotencyKey, `gift-card-${body.idempotency_key}`));
    expect(intent).toMatchObject({ status: 'succeeded', capturedCents: 5000 });
    const cards = await context.database.db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.purchaseId, purchase!.id));
    expect(cards).toHaveLength(1);
    expect(await mailsTo(body.recipient_email)).toHaveLength(1);
    // Nothing was declined: nothing counts against the card, and no slot is left in flight.
    expect(await countedEvents('payment_declined')).toEqual([]);
  });

  it('20 simultaneous purchases with one key and a declined card: one question, one decline counted, 20 times the same answer', async () => {
    const body = await purchaseBody({ payment_method_id: await cardToken('4000000000000002') });
    const provider = countAuthorizations();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => injectJson(context.app, 'POST', PURCHASE, body)),
    ).finally(provider.restore);
    const counts = tally(answers);
    expect(Object.values(counts)).toEqual([20]);
    expect(Object.keys(counts)[0]).toMatch(/^422 /);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(provider.calls).toBe(1);
    const declines = await countedEvents('payment_declined');
    expect(declines.filter((event) => event.subject.startsWith('card:'))).toEqual([
      { subject: expect.stringMatching(/^card:/), inFlight: false },
    ]);
    expect(declines.filter((event) => event.subject.startsWith('ip:'))).toHaveLength(1);
  });

  it('a purchase whose key another request is paying waits for it; one whose request died is taken over', async () => {
    // The first request is still waiting for the provider's answer.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const slow = Object.create(context.app.payments) as typeof context.app.payments;
    slow.authorize = async (input: AuthorizeInput) => {
      asked();
      await answered;
      return context.app.payments.authorize(input);
    };
    const body = await purchaseBody();
    const first = purchaseGiftCard(giftCardDeps({ payments: slow }), body as never, null, '192.0.2.80');
    await asking;
    // A second press that cannot wait long is told so honestly: nothing was declined.
    const impatient = await purchaseGiftCard(
      giftCardDeps({ inFlightWaitMs: 50 }),
      body as never,
      null,
      '192.0.2.80',
    ).catch((error: AppError) => error);
    expect(impatient).toMatchObject({ kind: 'conflict', message: GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE });
    // A third waits and gets the first's outcome.
    const patient = purchaseGiftCard(giftCardDeps(), body as never, null, '192.0.2.80');
    answer();
    const [firstState, patientState] = await Promise.all([first, patient]);
    expect(firstState).toMatchObject({ status: 'paid' });
    expect(patientState).toEqual(firstState);

    // A request that died after the provider made the hold (its answer lost): a retry waits while
    // the dead request would still be asking, then takes the purchase over and finishes it.
    const lost = Object.create(context.app.payments) as typeof context.app.payments;
    lost.authorize = async (input: AuthorizeInput) => {
      await context.app.payments.authorize(input);
      throw new Error('Connection terminated unexpectedly');
    };
    const orphan = await purchaseBody();
    await expect(
      purchaseGiftCard(giftCardDeps({ payments: lost }), orphan as never, null, '192.0.2.81'),
    ).rejects.toThrow('Connection terminated');
    const retried = await purchaseGiftCard(
      giftCardDeps({ inFlightWaitMs: 50 }),
      orphan as never,
      null,
      '192.0.2.81',
    ).catch((error: AppError) => error);
    expect(retried).toMatchObject({ kind: 'conflict', message: GIFT_CARD_PURCHASE_IN_PROGRESS_MESSAGE });
    await context.database.db
      .update(schema.giftCardPurchases)
      .set({ processingUntil: sql`now() - interval '1 second'` })
      .where(eq(schema.giftCardPurchases.idempotencyKey, orphan.idempotency_key));
    expect(await purchaseGiftCard(giftCardDeps(), orphan as never, null, '192.0.2.81')).toMatchObject({
      status: 'paid',
    });
    const intents = await context.database.db
      .select()
      .from(schema.testPaymentIntents)
      .where(eq(schema.testPaymentIntents.idempotencyKey, `gift-card-${orphan.idempotency_key}`));
    expect(intents).toEqual([expect.objectContaining({ status: 'succeeded', capturedCents: 5000 })]);
  });
});
