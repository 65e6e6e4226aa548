import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { asc, eq, sql } from 'drizzle-orm';

const { categories, plans } = schema;

export async function listPlans(db: Database) {
  return db
    .select({
      plan: plans,
      // The cheapest composable category drives the "from $X per item" line.
      cheapestBasePriceCents: sql<number>`(
        select min(${categories.basePriceCents}) from ${categories} where ${eq(categories.isComposable, true)})`.mapWith(
        Number,
      ),
    })
    .from(plans)
    .orderBy(asc(plans.sortingWeight), asc(plans.threshold));
}

export async function findPlan(db: Database, planId: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}
