import { EMAIL_CHECKS_LIMITED_MESSAGE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './helpers';

/**
 * The answers that tell whether an email has an account ("already in use" on the cart, "for new
 * customers" on a referral) are limited per client address, so a script cannot sweep a list of
 * emails to find out who is a customer (decision 016).
 */
const EMAIL_CHECKS_PER_HOUR = 20;
const CARTS = '/api/customers/abandoned-carts';
const LIMITED = EMAIL_CHECKS_LIMITED_MESSAGE;

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp({ env: { RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: String(EMAIL_CHECKS_PER_HOUR) } });
  await context.database.db.insert(schema.users).values({ email: 'customer@example.com' });
});
afterAll(async () => context?.close());

const from = (remoteAddress: string, method: 'POST' | 'PUT', url: string, body: unknown) =>
  context.app.inject({
    method,
    url,
    remoteAddress,
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function newCart(remoteAddress: string): Promise<string> {
  return (await from(remoteAddress, 'POST', CARTS, {})).json().data.id;
}

describe('per-address limit on email checks', () => {
  it('answers "already in use" for a sweep of emails only until the limit, then 429 with what to do', async () => {
    const address = '203.0.113.10';
    const cart = await newCart(address);
    const statuses: number[] = [];
    for (let index = 0; index < EMAIL_CHECKS_PER_HOUR; index += 1) {
      // Mostly strangers, one customer: each answer reveals something, so each counts.
      const email = index === 5 ? 'customer@example.com' : `sweep-${index}@example.com`;
      statuses.push((await from(address, 'PUT', `${CARTS}/${cart}`, { email })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAIL_CHECKS_PER_HOUR - 1);
    expect(statuses[5]).toBe(422);

    const refused = await from(address, 'PUT', `${CARTS}/${cart}`, { email: 'customer@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LIMITED });
    // The refusal changed nothing on the cart.
    const after = await context.app.inject({ method: 'GET', url: `${CARTS}/${cart}` });
    expect(after.json().data.email).toBe(`sweep-${EMAIL_CHECKS_PER_HOUR - 1}@example.com`);

    // Another address (another family) is not affected.
    const other = await newCart('203.0.113.11');
    expect(
      (await from('203.0.113.11', 'PUT', `${CARTS}/${other}`, { email: 'customer@example.com' })).statusCode,
    ).toBe(422);
  });

  it('does not count saving the email the cart already has, nor updates without an email', async () => {
    const address = '203.0.113.20';
    const cart = await newCart(address);
    for (let index = 0; index < EMAIL_CHECKS_PER_HOUR + 5; index += 1) {
      const answer = await from(address, 'PUT', `${CARTS}/${cart}`, {
        email: 'family@example.com',
        first_name: `Try ${index}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect((await from(address, 'PUT', `${CARTS}/${cart}`, { city: 'Austin' })).statusCode).toBe(200);
    expect((await from(address, 'PUT', `${CARTS}/${cart}`, { email: 'second@example.com' })).statusCode).toBe(
      200,
    );
  });

  it('limits the referral answer "for new customers" from the same budget', async () => {
    const address = '203.0.113.30';
    const cart = await newCart(address);
    const refer = (email: string) =>
      from(address, 'POST', `${CARTS}/${cart}/referral-codes`, {
        referral_code: 'DEMOREF',
        refereeEmail: email,
      });

    const first = await refer('customer@example.com');
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.referral_code).toEqual(['Referral codes are for new customers.']);
    for (let index = 1; index < EMAIL_CHECKS_PER_HOUR; index += 1) {
      expect((await refer('customer@example.com')).statusCode).toBe(422);
    }
    const refused = await refer('customer@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LIMITED });
    // The cart's email check shares the address's budget.
    expect((await from(address, 'PUT', `${CARTS}/${cart}`, { email: 'new@example.com' })).statusCode).toBe(
      429,
    );
  });

  it('counts an IPv6 household by its /64: a client cannot spread its checks over its addresses', async () => {
    const carts = await Promise.all([newCart('2001:db8:1:2::10'), newCart('2001:db8:1:2::11')]);
    const statuses: number[] = [];
    for (let index = 0; index < EMAIL_CHECKS_PER_HOUR + 1; index += 1) {
      // Each request from another address of the same /64.
      const address = `2001:db8:1:2::${(index + 1).toString(16)}`;
      statuses.push(
        (await from(address, 'PUT', `${CARTS}/${carts[index % 2]}`, { email: `v6-${index}@example.com` }))
          .statusCode,
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAIL_CHECKS_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
    // The next /64 is another household.
    const neighbour = await newCart('2001:db8:1:3::1');
    expect(
      (await from('2001:db8:1:3::1', 'PUT', `${CARTS}/${neighbour}`, { email: 'n@example.com' })).statusCode,
    ).toBe(200);
  });

  it('counts parallel checks atomically: a burst gets no more answers than the limit', async () => {
    const address = '203.0.113.40';
    const carts = await Promise.all(Array.from({ length: 5 }, () => newCart(address)));
    const answers = await Promise.all(
      Array.from({ length: EMAIL_CHECKS_PER_HOUR + 10 }, (_, index) =>
        from(address, 'PUT', `${CARTS}/${carts[index % carts.length]}`, {
          email: `burst-${index}@example.com`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAIL_CHECKS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
