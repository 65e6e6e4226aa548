import { SESSION_COOKIE } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../src/modules/auth/service';
import { startTestApp, type TestContext } from './helpers';
import { subscribedCustomer } from './renewal-helpers';

/**
 * The boxes a new customer has right after checkout, as the admin's kitchen plan and the account
 * site see them (QA walk of 2026-11-23): a first box is paid (`charged`) and must be cooked and shown.
 */
let context: TestContext;
let adminCookie: string;

beforeAll(async () => {
  context = await startTestApp();
  const [admin] = await context.database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, demoAccounts.admin.email));
  adminCookie = `${SESSION_COOKIE}=${(await openSessionFor(context.database.db, admin!.id)).sessionToken}`;
});
afterAll(() => context?.close());

type KitchenWeek = {
  week: string;
  charged: number;
  locked: number;
  failed: number;
  scheduled: number;
  total: number;
  products: { sku: string; charged: number; total: number }[];
};

async function kitchenPlan(): Promise<KitchenWeek[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.kitchen.plan;
}

/** The Monday of a date's ISO week, as the kitchen plan names its weeks. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

describe("the admin's kitchen plan", () => {
  it('counts the paid first boxes of new customers, as paid, in their delivery week', async () => {
    const before = await kitchenPlan();
    const first = await subscribedCustomer(context);
    const second = await subscribedCustomer(context);
    expect(second.firstDeliveryDate).toBe(first.firstDeliveryDate);
    const week = mondayOf(first.firstDeliveryDate);
    const after = await kitchenPlan();
    const was = before.find((row) => row.week === week);
    const now = after.find((row) => row.week === week)!;
    // Two boxes of the 12-meal plan: 24 more items to cook, and they are paid.
    expect(now.total - (was?.total ?? 0)).toBe(2 * first.plan.threshold);
    expect(now.charged - (was?.charged ?? 0)).toBe(2 * first.plan.threshold);
    expect(now.total).toBe(now.charged + now.locked + now.failed + now.scheduled);
    const sku = first.skus[0]!;
    const product = now.products.find((row) => row.sku === sku)!;
    expect(product.charged).toBeGreaterThanOrEqual(4);
  });
});
