import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { children, dishRatings, orderLines, orders, products, users } from '../schema/index';
import { stableHash } from './stable-hash';

/** The demo family's children by name (seeded by demo-family.ts): only they get ratings. */
export const DEMO_RATED_CHILDREN = ['Mia', 'Leo'] as const;

/** The month `monthsAgo` months before `now` (UTC), as a profile keeps a birth date. */
function monthsBefore(now: Date, monthsAgo: number) {
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - monthsAgo;
  return { birthYear: Math.floor(total / 12), birthMonth: (total % 12) + 1 };
}

/**
 * Mia (about 3) and Leo (about 18 months), when the demo customer has no child at all: the
 * profiles' seed (demo-family.ts, run first, in seedDemoAccounts) makes them with their allergen
 * and dislike; this only stands in where it did not run, and never adds to a family.
 */
async function ensureDemoChildren(db: Database, userId: number, now: Date) {
  const [any] = await db
    .select({ id: children.id })
    .from(children)
    .where(eq(children.userId, userId))
    .limit(1);
  if (any) return;
  await db.insert(children).values([
    { userId, name: 'Mia', ...monthsBefore(now, 38) },
    { userId, name: 'Leo', ...monthsBefore(now, 18) },
  ]);
}

/**
 * How the demo family took its past boxes (docs/decisions/055, Ratings): each named child rates
 * every dish of every delivered box but the last one (left for the ratings email and the account
 * to rate), loved / ok / refused by a stable hash of the child and the dish, and Leo refuses any
 * dish with peas. Once only: nothing happens when those children have any rating. Public figures are left to the next real
 * submit: the seed does not run the API's rule.
 */
export async function seedDemoRatings(db: Database, email: string, now = new Date()): Promise<number> {
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!customer) return 0;
  await ensureDemoChildren(db, customer.id, now);
  const family = await db
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(and(eq(children.userId, customer.id), inArray(children.name, [...DEMO_RATED_CHILDREN])));
  if (family.length === 0) return 0;
  const [rated] = await db
    .select({ childId: dishRatings.childId })
    .from(dishRatings)
    .where(
      inArray(
        dishRatings.childId,
        family.map((child) => child.id),
      ),
    )
    .limit(1);
  if (rated) return 0;

  const today = now.toISOString().slice(0, 10);
  const delivered = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, customer.id), eq(orders.status, 'paid'), lt(orders.deliveryDate, today)))
    .orderBy(asc(orders.deliveryDate));
  const toRate = delivered.slice(0, -1).map((order) => order.id);
  if (toRate.length === 0) return 0;
  const lines = await db
    .selectDistinct({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      sku: orderLines.sku,
      ingredients: products.ingredients,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(inArray(orderLines.orderId, toRate), eq(orderLines.isUpsell, false)));

  const choice = (name: string, line: (typeof lines)[number]) => {
    if (name === 'Leo' && /\bpeas?\b/i.test(line.ingredients)) return 'refused' as const;
    const roll = stableHash(`${name}:${line.sku}`) % 10;
    return roll < 5 ? ('loved' as const) : roll < 8 ? ('ok' as const) : ('refused' as const);
  };
  const rows = family.flatMap((child) =>
    lines.map((line) => ({
      childId: child.id,
      orderId: line.orderId,
      productId: line.productId,
      rating: choice(child.name, line),
    })),
  );
  if (rows.length > 0) await db.insert(dishRatings).values(rows).onConflictDoNothing();
  return rows.length;
}
