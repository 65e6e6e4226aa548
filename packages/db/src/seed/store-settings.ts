import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  appSettingGroups as appSettingGroupsTable,
  giftCardPromotions,
  partnerships as partnershipsTable,
  promoCodes as promoCodesTable,
  referralCodes,
  users,
} from '../schema/index';
import { demoAccounts } from './accounts';
import { seedBlogCategories } from './blog/index';
import { demoCustomer, partnerships, promoCodes } from './catalogue/promotions';
import { demoGiftCardPromotion } from './gift-cards';

/**
 * What a live store needs to work and cannot make in the admin, set so that it gives nothing away
 * (docs/decisions/036). The admin changes the referral offer later; until it does, a friend's code
 * takes nothing off and earns nothing. A cancellation is offered only what costs nothing (a smaller
 * box, a pause), never money. No support contacts (the demo's are invented) and no gift card bonus.
 */
export const liveStoreSettings = [
  {
    group: 'referral_system_discounts',
    values: {
      referee_discount: { type: 'dollars_off', amount: 0, weekly_ordinal_number: 1 },
      referrer_credit: { amount: 0 },
    },
  },
  {
    group: 'retention_offers',
    values: { too_much_food: { kind: 'smaller_plan' }, moving: { kind: 'pause', weeks: 4 } },
  },
];

/**
 * The live store's settings, each group only where none exists (an owner's change is never
 * overwritten), and the blog's categories, which the admin writes posts into. True when it wrote
 * something.
 */
export async function seedStoreSettings(db: Database): Promise<boolean> {
  const groups = await db
    .insert(appSettingGroupsTable)
    .values(liveStoreSettings)
    .onConflictDoNothing({ target: appSettingGroupsTable.group })
    .returning({ group: appSettingGroupsTable.group });
  const categories = await seedBlogCategories(db);
  return groups.length > 0 || categories;
}

/**
 * What an earlier demo start left in this database that gives something away or opens a door on a
 * live store: the demo's codes and partnership still active, its referral code, the gift card bonus
 * rule, and accounts whose passwords are published. Read only: a live start changes none of it.
 */
export async function demoLeftovers(db: Database): Promise<string[]> {
  const [codes, partners, referral, bonus, accounts] = await Promise.all([
    db
      .select({ code: promoCodesTable.code })
      .from(promoCodesTable)
      .where(
        and(
          eq(promoCodesTable.isActive, true),
          inArray(
            sql`lower(${promoCodesTable.code})`,
            promoCodes.map((code) => code.code.toLowerCase()),
          ),
        ),
      ),
    db
      .select({ code: partnershipsTable.code })
      .from(partnershipsTable)
      .where(
        and(
          eq(partnershipsTable.isActive, true),
          inArray(
            partnershipsTable.code,
            partnerships.map((partnership) => partnership.code),
          ),
        ),
      ),
    db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.code, demoCustomer.referralCode)),
    db
      .select({ id: giftCardPromotions.id })
      .from(giftCardPromotions)
      .where(eq(giftCardPromotions.description, demoGiftCardPromotion.description)),
    db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          inArray(users.email, [demoAccounts.customer.email, demoAccounts.admin.email]),
          isNotNull(users.passwordHash),
        ),
      ),
  ]);
  const found: string[] = [];
  if (codes.length > 0) found.push(`promo codes ${codes.map((row) => row.code).join(', ')}`);
  if (partners.length > 0) found.push(`partnership ${partners.map((row) => row.code).join(', ')}`);
  if (referral.length > 0) found.push(`referral code ${demoCustomer.referralCode}`);
  if (bonus.length > 0) found.push(`the gift card bonus rule (${demoGiftCardPromotion.description})`);
  if (accounts.length > 0) {
    found.push(`accounts with published passwords ${accounts.map((row) => row.email).join(', ')}`);
  }
  return found;
}

/** Whether the store can take an order at all: plans to choose and a zip code it delivers to. */
export async function hasCatalogue(db: Database): Promise<boolean> {
  const result = await db.execute(sql`
    select exists(select 1 from plans) and exists(select 1 from zip_codes where is_delivered) as ready`);
  const [row] = (result as unknown as { rows: { ready: boolean }[] }).rows;
  return row?.ready === true;
}
