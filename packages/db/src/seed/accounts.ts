import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { hashPassword } from '../passwords';
import { addresses, plans, subscriptions, users, zipCodes } from '../schema/index';
import { demoCustomer } from './catalogue/promotions';
import { seedDemoFamily } from './demo-family';
import { seedDemoHistory } from './demo-history';

export const demoAccounts = {
  customer: { email: demoCustomer.email, password: 'mealtime-demo' },
  admin: { email: 'admin@example.com', password: 'mealtime-admin', firstName: 'Avery', lastName: 'Admin' },
} as const;

const DEMO_ACCOUNTS_LOCK_KEY = 72_310_457;

/** The demo customer's box comes on Tuesdays (zip 10001 is delivered Tuesdays and Thursdays). */
const DEMO_DELIVERY_WEEKDAY = 2;

/** The first date on the ISO weekday at least `minDays` after `from` (UTC calendar days). */
function nextWeekdayAfter(from: Date, isoWeekday: number, minDays: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + minDays));
  while ((day.getUTCDay() || 7) !== isoWeekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Gives the demo customer its password and creates the demo admin, once. Never for a real
 * deployment: known passwords (see SEED_DEMO_ACCOUNTS).
 */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const [customerHash, adminHash] = await Promise.all([
    hashPassword(demoAccounts.customer.password),
    hashPassword(demoAccounts.admin.password),
  ]);
  return db.transaction(async (tx) => {
    // Serialises concurrent starts (replicas on one PostgreSQL): the history's check-then-insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(DEMO_ACCOUNTS_LOCK_KEY))})`);
    const updated = await tx
      .update(users)
      .set({ passwordHash: customerHash })
      .where(sql`lower(${users.email}) = ${demoAccounts.customer.email} and ${users.passwordHash} is null`)
      .returning({ id: users.id });
    const [customer] = updated;
    if (customer) {
      const [zip] = await tx.select().from(zipCodes).where(sql`${zipCodes.code} = '10001'`);
      if (zip) {
        const [address] = await tx
          .insert(addresses)
          .values({
            userId: customer.id,
            firstName: 'Jamie',
            lastName: 'Rivera',
            addressLine1: '350 W 31st St',
            addressLine2: 'Apt 4B',
            city: zip.city,
            stateId: zip.stateId,
            zipCodeId: zip.id,
            phone: '(212) 555-0142',
            deliveryInstructions: 'Leave with the doorman.',
            isDefault: true,
          })
          .returning({ id: addresses.id });
        const [plan] = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(sql`${plans.tag} like '%popular%'`);
        if (address && plan) {
          await tx.insert(subscriptions).values({
            userId: customer.id,
            planId: plan.id,
            addressId: address.id,
            status: 'active',
            frequencyWeeks: 2,
            deliveryWeekday: DEMO_DELIVERY_WEEKDAY,
            nextDeliveryDate: nextWeekdayAfter(new Date(), DEMO_DELIVERY_WEEKDAY, 5),
          });
        }
      }
    }
    const inserted = await tx
      .insert(users)
      .values({
        email: demoAccounts.admin.email,
        firstName: demoAccounts.admin.firstName,
        lastName: demoAccounts.admin.lastName,
        passwordHash: adminHash,
        isAdmin: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Its own once-only guard (no boxes or orders yet), so a database seeded before it gets it too.
    const history = await seedDemoHistory(tx, demoAccounts.customer.email);
    // The demo family (decision 055): its own once-only guard, as the history's.
    const family = await seedDemoFamily(tx, demoAccounts.customer.email);
    return updated.length + inserted.length > 0 || history || family;
  });
}
