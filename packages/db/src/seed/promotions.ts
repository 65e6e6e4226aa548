import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  appSettingGroups as appSettingGroupsTable,
  partnerships as partnershipsTable,
  promoCodes as promoCodesTable,
  promoCodeTiers,
  referralCodes,
  users,
} from '../schema/index';
import { appSettingGroups, demoCustomer, partnerships, promoCodes } from './catalogue/promotions';

const PROMOTIONS_SEED_LOCK_KEY = 72_310_457;

/** Seeds the demo promotions, the demo referrer and app settings once (false when already there). */
export async function seedDemoPromotions(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PROMOTIONS_SEED_LOCK_KEY))})`);
    const existing = await tx.select({ id: appSettingGroupsTable.id }).from(appSettingGroupsTable).limit(1);
    // Groups added since a database was first seeded (retention offers) arrive on the next start.
    await tx
      .insert(appSettingGroupsTable)
      .values(appSettingGroups)
      .onConflictDoNothing({ target: appSettingGroupsTable.group });
    if (existing.length > 0) return false;

    const codes = await tx
      .insert(promoCodesTable)
      .values(
        promoCodes.map((code) => ({
          code: code.code,
          description: code.description,
          descriptionCheckout: code.descriptionCheckout,
          cartAmountMinimumCents: code.cartAmountMinimumCents ?? null,
          cartAmountMaximumCents: code.cartAmountMaximumCents ?? null,
          aggregateDollarsOffCents: code.aggregateDollarsOffCents ?? 0,
          startsAt: code.startsAt ? new Date(code.startsAt) : null,
          endsAt: code.endsAt ? new Date(code.endsAt) : null,
          maxUses: code.maxUses ?? null,
          oncePerEmail: code.oncePerEmail ?? true,
          newCustomersOnly: code.newCustomersOnly ?? false,
        })),
      )
      .returning({ id: promoCodesTable.id, code: promoCodesTable.code });
    const idOf = new Map(codes.map((row) => [row.code, row.id]));
    await tx.insert(promoCodeTiers).values(
      promoCodes.flatMap((code) =>
        code.tiers.map((tier) => ({
          promoCodeId: idOf.get(code.code)!,
          type: tier.type,
          amount: tier.amount,
          weeklyOrdinalNumber: tier.weeklyOrdinalNumber,
          freeShipping: tier.freeShipping ?? false,
          freeTax: tier.freeTax ?? false,
        })),
      ),
    );
    await tx.insert(partnershipsTable).values(partnerships);

    const [customer] = await tx
      .insert(users)
      .values({
        email: demoCustomer.email,
        firstName: demoCustomer.firstName,
        lastName: demoCustomer.lastName,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (customer) {
      await tx.insert(referralCodes).values({
        userId: customer.id,
        code: demoCustomer.referralCode,
        redemptionLimit: demoCustomer.referralRedemptionLimit,
      });
    }
    return true;
  });
}
