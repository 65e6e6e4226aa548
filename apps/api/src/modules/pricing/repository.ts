import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { eq } from 'drizzle-orm';

const { abandonedCarts, plans, priceVarianceGroups } = schema;

export type CartPricingRow = {
  cartId: string;
  filters: { indicators: string[]; tags: string[] };
  planId: number | null;
  planDiscountBasisPoints: number | null;
  varianceBasisPoints: number | null;
};

/** The cart's plan and price-variance group in one statement. */
export async function findCartPricing(db: Database, cartId: string): Promise<CartPricingRow | undefined> {
  const [row] = await db
    .select({
      cartId: abandonedCarts.id,
      filters: abandonedCarts.filters,
      planId: abandonedCarts.planId,
      planDiscountBasisPoints: plans.itemDiscountBasisPoints,
      varianceBasisPoints: priceVarianceGroups.adjustmentBasisPoints,
    })
    .from(abandonedCarts)
    .leftJoin(plans, eq(plans.id, abandonedCarts.planId))
    .leftJoin(priceVarianceGroups, eq(priceVarianceGroups.id, abandonedCarts.priceVarianceGroupId))
    .where(eq(abandonedCarts.id, cartId));
  return row;
}

export async function findPlanDiscount(db: Database, planId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ discount: plans.itemDiscountBasisPoints })
    .from(plans)
    .where(eq(plans.id, planId));
  return row?.discount;
}
