import { REFERRAL_CODE_MISSES_MESSAGE, REFERRAL_CODE_MISSES_PER_HOUR } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAbandonedCartId } from '../src/modules/carts/service';
import { registerPromoCodeUsage } from '../src/modules/promotions/service';
import { getJson, planIdsBySlug, sendJson, startTestApp, type TestContext } from './helpers';

const CARTS = '/api/customers/abandoned-carts';

let context: TestContext;
let skus: { sku: string }[];
let plans: Record<string, number>;

beforeAll(async () => {
  context = await startTestApp();
  const { db } = context.database;
  skus = await db
    .select({ sku: schema.products.sku })
    .from(schema.products)
    .where(eq(schema.products.isActive, true))
    .orderBy(schema.products.id);
  plans = await planIdsBySlug(context.database);
});
afterAll(() => context?.close());

/** A cart on a plan with `items` units spread over the first skus, captured with an email. */
async function fullCart(
  planSlug: string,
  items: number,
  email = `parent-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const id = (await sendJson(context.app, 'POST', CARTS)).body.data.id as string;
  await sendJson(context.app, 'PUT', `${CARTS}/${id}`, { email, zip_code: '10001' });
  await sendJson(context.app, 'POST', `${CARTS}/${id}/plans`, { plan_id: plans[planSlug] });
  for (let index = 0; index < items; index += 1) {
    await sendJson(context.app, 'PUT', `${CARTS}/${id}/items`, {
      sku: skus[index % 6]!.sku,
      quantity: Math.floor(index / 6) + 1,
    });
  }
  return id;
}

const apply = (id: string, code: string) =>
  sendJson(context.app, 'POST', `${CARTS}/${id}/promo-codes`, { code });
const cents = (dollars: number) => Math.round(dollars * 100);
const uniqueFriend = () => `friend-${Math.random().toString(36).slice(2)}@example.com`;

describe('applying promo codes', () => {
  it('WELCOME50 takes half off the first box and frees shipping', async () => {
    const id = await fullCart('plan-12', 12);
    const before = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
    const { status, body } = await apply(id, 'welcome50');
    expect(status).toBe(200);
    const { costs, promo_code: promo, discount_description: description } = body.data.cart;
    expect(cents(costs.promo_code_cost)).toBe(Math.round(cents(before.cart_items) / 2));
    expect(costs.shipping_cost).toBe(0);
    expect(costs.shipping_cost_before_discount).toBe(7.99);
    expect(promo).toMatchObject({
      code: 'WELCOME50',
      is_applicable: true,
      regulations: [{ type: 'percent_off', amount: 50, weekly_ordinal_number: 1, free_shipping: true }],
    });
    expect(description).toBe('50% off your first box');
    // Reading the cart again, as the storefront does on every page load, keeps the code.
    const reread = await getJson(context.app, `${CARTS}/${id}?include=promoCode`);
    expect(reread.body.data.cart.promo_code).toMatchObject({ code: 'WELCOME50', is_applicable: true });
    expect(cents(costs.total_cost)).toBe(
      cents(costs.cart_items) - cents(costs.promo_code_cost) + cents(costs.tax_cost),
    );
  });

  it('FIVEFREE frees the five cheapest items', async () => {
    const id = await fullCart('plan-12', 12);
    const { body } = await apply(id, 'FIVEFREE');
    const units = body.data.cart.items
      .flatMap((item: { quantity: number; price: { price: number } }) =>
        Array.from({ length: item.quantity }, () => cents(item.price.price)),
      )
      .sort((a: number, b: number) => a - b);
    expect(cents(body.data.cart.costs.promo_code_cost)).toBe(
      units.slice(0, 5).reduce((sum: number, value: number) => sum + value, 0),
    );
  });

  it('SAVE20 takes $20 off, needs a $40 cart, and keeps later tiers for later boxes', async () => {
    const small = await fullCart('plan-12', 2);
    const refused = await apply(small, 'SAVE20');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.promo_code).toEqual(['This promo code needs a cart of at least $40.']);

    const id = await fullCart('plan-12', 12);
    const { body } = await apply(id, 'SAVE20');
    expect(body.data.cart.costs.promo_code_cost).toBe(20);
    expect(
      body.data.cart.promo_code.regulations.map(
        (tier: { weekly_ordinal_number: number }) => tier.weekly_ordinal_number,
      ),
    ).toEqual([1, 2, 3]);
    expect(body.data.cart.promo_code.aggregate_dollars_off_amount).toBe(60);
  });

  it('an empty cart may take a code with a minimum, which applies once the cart qualifies', async () => {
    const id = (await sendJson(context.app, 'POST', CARTS)).body.data.id;
    const applied = await apply(id, 'SAVE20');
    expect(applied.status).toBe(200);
    expect(applied.body.data.cart.promo_code).toMatchObject({
      is_applicable: false,
      inapplicable_reason: 'This promo code needs a cart of at least $40.',
    });
    expect(applied.body.data.cart.costs.promo_code_cost).toBe(0);
  });

  it.each([
    ['EXPIRED10', 'This promo code has expired.'],
    ['NOPE', "We don't know this promo code."],
  ])('refuses %s with its reason on promo_code', async (code, message) => {
    const id = await fullCart('plan-12', 12);
    const { status, body } = await apply(id, code);
    expect(status).toBe(422);
    expect(body.errors.promo_code).toEqual([message]);
  });

  it('refuses a code that has not started, and one at its limit', async () => {
    const { db } = context.database;
    await db.insert(schema.promoCodes).values([
      {
        code: 'SOON',
        description: 'Soon',
        descriptionCheckout: 'Soon',
        startsAt: new Date(Date.now() + 86_400_000),
      },
      { code: 'GONE', description: 'Gone', descriptionCheckout: 'Gone', maxUses: 1, usesCount: 1 },
    ]);
    const id = await fullCart('plan-12', 12);
    expect((await apply(id, 'SOON')).body.errors.promo_code).toEqual(['This promo code is not active yet.']);
    expect((await apply(id, 'GONE')).body.errors.promo_code).toEqual([
      'This promo code has reached its limit.',
    ]);
  });

  it('WELCOME50 is for new customers only', async () => {
    await context.database.db.insert(schema.users).values({ email: 'returning@example.com' });
    const id = await fullCart('plan-12', 12);
    await sendJson(context.app, 'PUT', `${CARTS}/${id}`, {});
    await context.database.db
      .update(schema.abandonedCarts)
      .set({ email: 'returning@example.com' })
      .where(eq(schema.abandonedCarts.id, id));
    expect((await apply(id, 'WELCOME50')).body.errors.promo_code).toEqual([
      'This promo code is for new customers only.',
    ]);
  });

  it('refuses a once-per-email code already redeemed by this email', async () => {
    const email = 'twice@example.com';
    const [promo] = await context.database.db
      .select()
      .from(schema.promoCodes)
      .where(eq(schema.promoCodes.code, 'FIVEFREE'));
    await context.database.db
      .insert(schema.promoCodeRedemptions)
      .values({ promoCodeId: promo!.id, email, abandonedCartId: newAbandonedCartId() });
    const id = await fullCart('plan-12', 12, email);
    expect((await apply(id, 'FIVEFREE')).body.errors.promo_code).toEqual([
      'You have already used this promo code.',
    ]);
  });

  it('says when the code is already applied, and removing it restores the costs', async () => {
    const id = await fullCart('plan-12', 12);
    const before = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
    await apply(id, 'FIVEFREE');
    const again = await apply(id, 'fivefree');
    expect(again.status).toBe(422);
    expect(again.body.errors.promo_code).toEqual(['This promo code is already applied.']);
    const removed = await sendJson(context.app, 'DELETE', `${CARTS}/${id}/promo-codes`);
    expect(removed.body.data.cart.costs).toEqual(before);
    expect(removed.body.data.cart.promo_code).toBeNull();
  });

  it('a partnership code pays part of the order as an order-value discount', async () => {
    const id = await fullCart('plan-24', 24);
    const { body } = await apply(id, 'littlehelpers');
    expect(body.data.partnership).toEqual({
      code: 'LITTLEHELPERS',
      description: expect.any(String),
      max_order_value: 50,
    });
    expect(body.data.cart.costs.order_value_discount).toBe(50);
  });

  it('serves the cart code at /api/me/promo-code for the cookie cart', async () => {
    const id = await fullCart('plan-12', 12);
    await apply(id, 'FIVEFREE');
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/me/promo-code',
      headers: { cookie: `abandoned_cart_id=${id}` },
    });
    expect(response.json().data).toMatchObject({ code: 'FIVEFREE' });
    expect((await getJson(context.app, '/api/me/promo-code')).body.data).toBeNull();
  });
});

describe('referrals', () => {
  const refer = (id: string, referral_code: string, refereeEmail: string) =>
    sendJson(context.app, 'POST', `${CARTS}/${id}/referral-codes`, { referral_code, refereeEmail });

  it("applies DEMOREF: the friend sees the referrer's first name and initial and gets the referral discount", async () => {
    const id = await fullCart('plan-12', 12);
    const before = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
    const { status, body } = await refer(id, 'demoref', 'New.Friend@example.com');
    expect(status).toBe(200);
    // "Jamie R.", never the referrer's full name (decision 037): in the answer and in the cart read later.
    expect(JSON.stringify(body)).not.toContain('Rivera');
    expect(JSON.stringify((await getJson(context.app, `${CARTS}/${id}`)).body)).not.toContain('Rivera');
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data.referrer).toEqual({
      first_name: 'Jamie',
      last_name: 'R.',
    });
    expect(body.data).toMatchObject({
      referrer: { first_name: 'Jamie', last_name: 'R.' },
      referee: { email: 'new.friend@example.com' },
      referral_code: 'DEMOREF',
      referral_code_status: 'applied',
      on_referral_redemption_limit: false,
    });
    const costs = body.data.cart.cart.costs;
    expect(costs.referral_credits_amount_applied).toBe(25);
    expect(cents(costs.total_cost)).toBe(cents(before.total_cost) - 2500);
    expect(body.data.cart).toMatchObject({
      referral_code: 'DEMOREF',
      referral_code_status: 'applied',
      referrer: { first_name: 'Jamie' },
    });
  });

  it('prices a percent referral discount: that share of the box comes off, as the banner promises', async () => {
    const { db } = context.database;
    const group = eq(schema.appSettingGroups.group, 'referral_system_discounts');
    const [stored] = await db.select().from(schema.appSettingGroups).where(group);
    await db
      .update(schema.appSettingGroups)
      .set({ values: { ...stored!.values, referee_discount: { type: 'percent_off', amount: 20 } } })
      .where(group);
    try {
      const id = await fullCart('plan-12', 12);
      const before = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
      const { status, body } = await refer(id, 'DEMOREF', uniqueFriend());
      expect(status).toBe(200);
      const costs = body.data.cart.cart.costs;
      const fifth = Math.round(cents(before.cart_items) * 0.2);
      expect(fifth).toBeGreaterThan(0);
      expect(cents(costs.referral_credits_amount_applied)).toBe(fifth);
      expect(cents(costs.total_cost)).toBe(cents(before.total_cost) - fifth);
      // The cart read afterwards prices it the same way.
      const read = (await getJson(context.app, `${CARTS}/${id}`)).body.data.cart.costs;
      expect(cents(read.referral_credits_amount_applied)).toBe(fifth);
    } finally {
      await db.update(schema.appSettingGroups).set({ values: stored!.values }).where(group);
    }
  });

  it.each([
    ['NOSUCHCODE', 'friend@example.com', 'This referral code is not valid.'],
    ['DEMOREF', 'demo@example.com', 'You cannot use your own referral code.'],
  ])('refuses %s for %s', async (code, email, message) => {
    const id = await fullCart('plan-12', 1);
    const { status, body } = await refer(id, code, email);
    expect(status).toBe(422);
    expect(body.errors.referral_code).toEqual([message]);
  });

  it('refuses existing customers, and flags a referrer on the redemption limit', async () => {
    await context.database.db.insert(schema.users).values({ email: 'already@example.com' });
    const id = await fullCart('plan-12', 1);
    expect((await refer(id, 'DEMOREF', 'already@example.com')).body.errors.referral_code).toEqual([
      'Referral codes are for new customers.',
    ]);

    const [owner] = await context.database.db
      .insert(schema.users)
      .values({ email: 'popular@example.com', firstName: 'Pat' })
      .returning();
    await context.database.db
      .insert(schema.referralCodes)
      .values({ userId: owner!.id, code: 'FULLUP', redemptionLimit: 2, redemptionsCount: 2 });
    const limited = await refer(id, 'FULLUP', 'friend2@example.com');
    expect(limited.status).toBe(422);
    expect(limited.body.errors.referral_code).toEqual([
      'This friend has already shared all of their referral rewards.',
    ]);
    expect((await getJson(context.app, `${CARTS}/${id}`)).body.data.on_referral_redemption_limit).toBe(true);
  });
});

describe('guessing referral codes', () => {
  const referFrom = (remoteAddress: string, id: string, referral_code: string) =>
    context.app.inject({
      method: 'POST',
      url: `${CARTS}/${id}/referral-codes`,
      remoteAddress,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ referral_code, refereeEmail: `guess-${Math.random()}@example.com` }),
    });

  it(`refuses a client after ${REFERRAL_CODE_MISSES_PER_HOUR} codes that do not exist, until the hour is over`, async () => {
    const id = await fullCart('plan-12', 1);
    const statuses: number[] = [];
    for (let index = 0; index < REFERRAL_CODE_MISSES_PER_HOUR; index += 1)
      statuses.push((await referFrom('203.0.113.50', id, `JAMIE${1000 + index}`)).statusCode);
    expect(statuses).toEqual(Array(REFERRAL_CODE_MISSES_PER_HOUR).fill(422));
    const refused = await referFrom('203.0.113.50', id, 'JAMIEZZZZ');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: REFERRAL_CODE_MISSES_MESSAGE });
    // Even a right guess gets no answer now; another address (another family) is not affected.
    expect((await referFrom('203.0.113.50', id, 'DEMOREF')).statusCode).toBe(429);
    expect((await referFrom('203.0.113.51', id, 'DEMOREF')).statusCode).toBe(200);
  });

  it('counts only misses: a code that exists, applied again and again, never runs out', async () => {
    for (let index = 0; index < REFERRAL_CODE_MISSES_PER_HOUR + 5; index += 1) {
      const id = await fullCart('plan-12', 1);
      expect((await referFrom('203.0.113.60', id, 'DEMOREF')).statusCode).toBe(200);
    }
  });

  it('counts parallel guesses atomically: a burst gets no more answers than the limit', async () => {
    const id = await fullCart('plan-12', 1);
    const answers = await Promise.all(
      Array.from({ length: REFERRAL_CODE_MISSES_PER_HOUR + 10 }, (_, index) =>
        referFrom('203.0.113.70', id, `BURST${index}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(REFERRAL_CODE_MISSES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('app settings', () => {
  it('lists the setting groups, including referral_system_discounts', async () => {
    const { status, body } = await getJson(context.app, '/api/sales/app-settings');
    expect(status).toBe(200);
    expect(body.data).toEqual(
      expect.arrayContaining([
        {
          group: 'referral_system_discounts',
          values: expect.objectContaining({ referee_discount: expect.any(Object) }),
        },
      ]),
    );
  });
});

describe('registering a use at checkout, under concurrency', () => {
  async function limitedCode(code: string, maxUses: number) {
    const [promo] = await context.database.db
      .insert(schema.promoCodes)
      .values({ code, description: code, descriptionCheckout: code, maxUses, oncePerEmail: false })
      .returning();
    return promo!.id;
  }

  async function registerConcurrently(promoCodeId: number, attempts: number) {
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, index) =>
        context.database.db.transaction((tx) =>
          registerPromoCodeUsage(tx, {
            promoCodeId,
            email: `buyer${index}@example.com`,
            cartId: newAbandonedCartId(),
          }),
        ),
      ),
    );
    const [row] = await context.database.db
      .select({
        uses: schema.promoCodes.usesCount,
        redemptions:
          sql<number>`(select count(*) from promo_code_redemptions where promo_code_id = ${promoCodeId})`.mapWith(
            Number,
          ),
      })
      .from(schema.promoCodes)
      .where(eq(schema.promoCodes.id, promoCodeId));
    return { succeeded: results.filter((result) => result.status === 'fulfilled').length, ...row! };
  }

  it('a code limited to 1 use: 50 concurrent registrations, exactly 1 succeeds', async () => {
    const outcome = await registerConcurrently(await limitedCode('ONLYONCE', 1), 50);
    expect(outcome).toEqual({ succeeded: 1, uses: 1, redemptions: 1 });
  });

  it('a code limited to 10 uses: 100 concurrent registrations, exactly 10 succeed', async () => {
    const outcome = await registerConcurrently(await limitedCode('TENTIMES', 10), 100);
    expect(outcome).toEqual({ succeeded: 10, uses: 10, redemptions: 10 });
  });

  it('one email cannot register a once-per-email code twice, even at once', async () => {
    const [promo] = await context.database.db
      .insert(schema.promoCodes)
      .values({ code: 'ONCEEACH', description: 'x', descriptionCheckout: 'x', oncePerEmail: true })
      .returning();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        context.database.db.transaction((tx) =>
          registerPromoCodeUsage(tx, {
            promoCodeId: promo!.id,
            email: 'same@example.com',
            cartId: newAbandonedCartId(),
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('plans and products priced with promoCode', () => {
  it('plans show the first box with the code', async () => {
    const plain = (await getJson(context.app, '/api/sales/plans')).body.data;
    expect(
      plain.every(
        (plan: { promo_first_box_price_from: unknown }) => plan.promo_first_box_price_from === null,
      ),
    ).toBe(true);

    const welcome = (await getJson(context.app, '/api/sales/plans?promoCode=welcome50')).body.data;
    welcome.forEach(
      (plan: {
        box_price_from: number;
        promo_first_box_price_from: number;
        promo_free_shipping: boolean;
      }) => {
        expect(cents(plan.promo_first_box_price_from)).toBe(
          cents(plan.box_price_from) - Math.round(cents(plan.box_price_from) / 2),
        );
        expect(plan.promo_free_shipping).toBe(true);
      },
    );
    const fiveFree = (await getJson(context.app, '/api/sales/plans?promoCode=FIVEFREE')).body.data;
    fiveFree.forEach(
      (plan: { threshold: number; item_price_from: number; promo_first_box_price_from: number }) => {
        expect(cents(plan.promo_first_box_price_from)).toBe(
          cents(plan.item_price_from) * (plan.threshold - 5),
        );
      },
    );
  });

  it('products show a per-item promo price for a percent-off code only, and expired codes price nothing', async () => {
    const welcome = (await getJson(context.app, '/api/products?promoCode=WELCOME50&perPage=5')).body.data;
    for (const product of welcome) {
      expect(cents(product.price.promo_price)).toBe(
        cents(product.price.price) - Math.round(cents(product.price.price) / 2),
      );
    }
    const fiveFree = (await getJson(context.app, '/api/products?promoCode=FIVEFREE&perPage=5')).body.data;
    expect(fiveFree.every((product: { price: object }) => !('promo_price' in product.price))).toBe(true);
    const expired = (await getJson(context.app, '/api/sales/plans?promoCode=EXPIRED10')).body.data;
    expect(expired[0].promo_first_box_price_from).toBeNull();
  });
});
