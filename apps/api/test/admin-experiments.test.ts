import { randomUUID } from 'node:crypto';
import { EXPERIMENT_UPDATE_EMPTY_MESSAGE, SESSION_COOKIE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../src/modules/auth/service';
import { getJson, sendJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
let adminCookie: string;
let customerCookie: string;
let customerId: number;

const userIdOf = async (email: string) =>
  (await context.database.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]!.id;

beforeAll(async () => {
  context = await startTestApp();
  customerId = await userIdOf(demoAccounts.customer.email);
  adminCookie = `${SESSION_COOKIE}=${(await openSessionFor(context.database.db, await userIdOf(demoAccounts.admin.email))).sessionToken}`;
  customerCookie = `${SESSION_COOKIE}=${(await openSessionFor(context.database.db, customerId)).sessionToken}`;
});
afterAll(() => context?.close());

function admin(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  return context.app.inject({
    method,
    url,
    headers: {
      origin: 'http://localhost:3000',
      cookie: adminCookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const definition = {
  code: 'hero-headline',
  name: 'Home page headline',
  variants: [
    { code: 'control', weight: 1 },
    { code: 'fresh-every-week', weight: 0 },
  ],
  starts_at: null,
  ends_at: null,
};

describe('experiments in the admin site', () => {
  it('an admin defines an experiment; visitors and customers get it; the numbers and the audit follow', async () => {
    // The storefront reads the experiments from the catalogue's cache: warm, it still shows a change.
    const newcomer = async () =>
      (await getJson(context.app, `/api/experiments?visitor_id=${randomUUID()}`)).body.data as {
        code: string;
      }[];
    expect((await newcomer()).map((entry) => entry.code)).not.toContainEqual(
      expect.stringMatching(/^hero-headline\./),
    );
    const created = await admin('POST', '/api/admin/experiments', definition);
    expect(created.statusCode).toBe(201);
    const experiment = created.json().data;
    expect(experiment).toMatchObject({ code: 'hero-headline', is_running: true });

    // A visitor's cart, then the demo customer (who has orders): both land on the weighted variant.
    const cartId = (await sendJson(context.app, 'POST', '/api/customers/abandoned-carts')).body.data.id;
    const forCart = await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`);
    expect(forCart.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'hero-headline.control' })]),
    );
    const forCustomer = await context.app.inject({
      method: 'GET',
      url: `/api/experiments?user_id=${customerId}`,
      headers: { cookie: customerCookie },
    });
    expect(forCustomer.statusCode).toBe(200);

    const listed = (await admin('GET', '/api/admin/experiments')).json().data as {
      code: string;
      variants: { code: string; assigned: number; converted: number }[];
    }[];
    const mine = listed.find((candidate) => candidate.code === 'hero-headline')!;
    // The customer has placed orders (a conversion); the cart has not bought yet.
    expect(mine.variants).toEqual([
      expect.objectContaining({ code: 'control', weight: 1, assigned: 2, converted: 1 }),
      expect.objectContaining({ code: 'fresh-every-week', weight: 0, assigned: 0, converted: 0 }),
    ]);

    // New weights apply to new visitors only; the change is audited with before and after.
    const changed = await admin('PATCH', `/api/admin/experiments/${experiment.id}`, {
      variants: [
        { code: 'control', weight: 0 },
        { code: 'fresh-every-week', weight: 1 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect((await newcomer()).map((entry) => entry.code)).toContain('hero-headline.fresh-every-week');
    const again = await getJson(context.app, `/api/experiments?abandoned_cart_id=${cartId}`);
    expect(again.body.data).toEqual(forCart.body.data);
    const audit = (await admin('GET', '/api/admin/audit?entity=experiment')).json().data as {
      action: string;
      before: { variants: { weight: number }[] } | null;
      after: { variants: { weight: number }[] };
    }[];
    expect(audit.map((entry) => entry.action).sort()).toEqual(['experiment.create', 'experiment.update']);
    const update = audit.find((entry) => entry.action === 'experiment.update')!;
    expect(update.before?.variants[0]?.weight).toBe(1);
    expect(update.after.variants[0]?.weight).toBe(0);
  });

  it('refuses a taken code, a single variant, twice the same variant, all weights 0 and an end before the start', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...definition, code: 'capture-submit-label' }, 'code', 'exists already'],
      [{ ...definition, code: 'solo', variants: [{ code: 'a', weight: 1 }] }, 'variants', 'at least two'],
      [
        {
          ...definition,
          code: 'twins',
          variants: [
            { code: 'a', weight: 1 },
            { code: 'a', weight: 1 },
          ],
        },
        'variants',
        'its own code',
      ],
      [
        {
          ...definition,
          code: 'nothing',
          variants: [
            { code: 'a', weight: 0 },
            { code: 'b', weight: 0 },
          ],
        },
        'variants',
        'above 0',
      ],
      [
        {
          ...definition,
          code: 'backwards',
          starts_at: '2026-12-02T00:00:00Z',
          ends_at: '2026-12-01T00:00:00Z',
        },
        'ends_at',
        'after the start',
      ],
    ];
    for (const [body, field, message] of cases) {
      const refused = await admin('POST', '/api/admin/experiments', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().errors[field]?.join(' ')).toContain(message);
    }
    const missing = await admin('PATCH', '/api/admin/experiments/999999', { name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
  });

  it('an empty change is a 422 that says what to send, not a 500', async () => {
    const experiment = (
      await admin('POST', '/api/admin/experiments', { ...definition, code: 'empty-patch' })
    ).json().data;
    for (const body of [{}, { name: undefined }]) {
      const refused = await admin('PATCH', `/api/admin/experiments/${experiment.id}`, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(EXPERIMENT_UPDATE_EMPTY_MESSAGE);
    }
    // Nothing was written, nor audited.
    const audit = await admin('GET', '/api/admin/audit?entity=experiment');
    expect(
      audit.json().data.filter((entry: { entity_id: string }) => entry.entity_id === String(experiment.id)),
    ).toHaveLength(1);
  });
});
