import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { childAllergens, childDislikes, children, tags, users } from '../schema/index';

/** The month `monthsAgo` months before `now` (UTC), as the birth year and month a profile keeps. */
export function monthsBefore(now: Date, monthsAgo: number): { birthYear: number; birthMonth: number } {
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - monthsAgo;
  return { birthYear: Math.floor(total / 12), birthMonth: (total % 12) + 1 };
}

/**
 * The demo customer's two children (docs/decisions/055): Mia, about 3, allergic to dairy (several
 * seeded dishes are not dairy-free, so menus have something to flag), and Leo, about 18 months,
 * who won't eat peas (an ingredient of the seeded pot pie). Once only: a family that already has
 * children is left as it is. Demo data only; live mode seeds none (decision 036).
 */
export async function seedDemoFamily(tx: Database, email: string, now = new Date()): Promise<boolean> {
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!customer) return false;
  const [existing] = await tx
    .select({ id: children.id })
    .from(children)
    .where(eq(children.userId, customer.id));
  if (existing) return false;
  const [dairyFree] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.slug, 'dairy-free'), eq(tags.group, 'allergen')));
  const [mia, leo] = await tx
    .insert(children)
    .values([
      { userId: customer.id, name: 'Mia', ...monthsBefore(now, 38) },
      { userId: customer.id, name: 'Leo', ...monthsBefore(now, 18) },
    ])
    .returning({ id: children.id });
  if (dairyFree) await tx.insert(childAllergens).values({ childId: mia!.id, tagId: dairyFree.id });
  await tx.insert(childDislikes).values({ childId: leo!.id, productId: null, ingredient: 'peas' });
  return true;
}
