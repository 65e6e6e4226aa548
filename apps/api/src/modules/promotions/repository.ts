import type { Database } from '@sprout/db';
import { schema } from '@sprout/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

const {
  appSettingGroups,
  creditLedger,
  partnerships,
  promoCodeRedemptions,
  promoCodes,
  promoCodeTiers,
  referralCodes,
  users,
} = schema;

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type TierRow = typeof promoCodeTiers.$inferSelect;

/** A code and its tiers, matched without regard to case (two statements). */
export async function findPromoCode(db: Database, code: string) {
  const [promo] = await db.select().from(promoCodes).where(sql`lower(${promoCodes.code}) = lower(${code})`);
  if (!promo) return undefined;
  const tiers = await db
    .select()
    .from(promoCodeTiers)
    .where(eq(promoCodeTiers.promoCodeId, promo.id))
    .orderBy(asc(promoCodeTiers.weeklyOrdinalNumber));
  return { promo, tiers };
}

export async function findPartnership(db: Database, code: string) {
  const [row] = await db
    .select()
    .from(partnerships)
    .where(and(sql`lower(${partnerships.code}) = lower(${code})`, eq(partnerships.isActive, true)));
  return row;
}

/** Locks the code's row: usage checks and the counter update run one checkout at a time. */
export async function lockPromoCode(db: Database, id: number) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

export async function hasRedemptionByEmail(
  db: Database,
  promoCodeId: number,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodeRedemptions.id })
    .from(promoCodeRedemptions)
    .where(
      and(
        eq(promoCodeRedemptions.promoCodeId, promoCodeId),
        sql`lower(${promoCodeRedemptions.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function recordRedemption(
  db: Database,
  redemption: { promoCodeId: number; email: string; cartId: string },
) {
  await db.insert(promoCodeRedemptions).values({
    promoCodeId: redemption.promoCodeId,
    email: redemption.email,
    abandonedCartId: redemption.cartId,
  });
  await db
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
    .where(eq(promoCodes.id, redemption.promoCodeId));
}

export async function findReferralCode(db: Database, code: string) {
  const [row] = await db
    .select({
      id: referralCodes.id,
      code: referralCodes.code,
      redemptionLimit: referralCodes.redemptionLimit,
      redemptionsCount: referralCodes.redemptionsCount,
      owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(sql`lower(${referralCodes.code}) = lower(${code})`);
  return row;
}

export async function listAppSettingGroups(db: Database) {
  return db.select().from(appSettingGroups).orderBy(asc(appSettingGroups.group));
}

/** The referral code's row under lock, so concurrent first orders count redemptions one at a time. */
export async function lockReferralCode(db: Database, id: number) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.id, id)).for('update');
  return row;
}

export async function countReferralRedemption(db: Database, id: number) {
  await db
    .update(referralCodes)
    .set({ redemptionsCount: sql`${referralCodes.redemptionsCount} + 1` })
    .where(eq(referralCodes.id, id));
}

export async function insertCredit(db: Database, credit: typeof creditLedger.$inferInsert) {
  await db.insert(creditLedger).values(credit);
}

/**
 * Whether an account uses this email (in any case): a new-customers-only code asks it under the
 * code's lock. A read join on the accounts module's table (READ_JOINS), so checkout's registration
 * of a use needs nothing handed in.
 */
export async function isEmailOfAccount(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

export async function findReferralCodeOfUser(db: Database, userId: number) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  return row;
}

/** False when the code is taken (by this account or another: the unique indexes decide). */
export async function insertReferralCode(db: Database, userId: number, code: string): Promise<boolean> {
  const rows = await db
    .insert(referralCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ id: referralCodes.id });
  return rows.length > 0;
}

/** The referral credits an account earned (positive, tied to the friend's order), newest first. */
export async function listReferralCredits(db: Database, userId: number) {
  return db
    .select({
      amountCents: creditLedger.amountCents,
      availableAt: creditLedger.availableAt,
      orderId: creditLedger.orderId,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        sql`${creditLedger.orderId} is not null`,
        sql`${creditLedger.amountCents} > 0`,
      ),
    )
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id));
}

/** The spendable balance at `now`: every entry (credits and spends) already available. */
export async function availableCreditCents(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${creditLedger.amountCents}), 0)`.mapWith(Number) })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        sql`(${creditLedger.availableAt} is null or ${creditLedger.availableAt} <= ${now.toISOString()})`,
      ),
    );
  return Math.max(0, row?.cents ?? 0);
}

export async function findAppSettingGroup(db: Database, group: string) {
  const [row] = await db.select().from(appSettingGroups).where(eq(appSettingGroups.group, group));
  return row?.values ?? null;
}

// ─── Admin: promo codes and credits (decision 027) ───────────────────────────────────────────

export async function listPromoCodesWithTiers(db: Database) {
  const [codes, tiers, redemptions] = await Promise.all([
    db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id)),
    db.select().from(promoCodeTiers).orderBy(asc(promoCodeTiers.weeklyOrdinalNumber)),
    db
      .select({ promoCodeId: promoCodeRedemptions.promoCodeId, count: sql<number>`count(*)::int` })
      .from(promoCodeRedemptions)
      .groupBy(promoCodeRedemptions.promoCodeId),
  ]);
  const redeemed = new Map(redemptions.map((row) => [row.promoCodeId, row.count]));
  return codes.map((code) => ({
    code,
    tiers: tiers.filter((tier) => tier.promoCodeId === code.id),
    redemptions: redeemed.get(code.id) ?? 0,
  }));
}

export async function findPromoCodeById(db: Database, id: number) {
  const [code] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!code) return undefined;
  const tiers = await db
    .select()
    .from(promoCodeTiers)
    .where(eq(promoCodeTiers.promoCodeId, id))
    .orderBy(asc(promoCodeTiers.weeklyOrdinalNumber));
  return { code, tiers };
}

/** Inserts the code unless one with the same letters (any case) exists; undefined then. */
export async function insertPromoCode(tx: Database, code: typeof promoCodes.$inferInsert) {
  const [row] = await tx.insert(promoCodes).values(code).onConflictDoNothing().returning();
  return row;
}

export async function updatePromoCode(
  tx: Database,
  id: number,
  changes: Partial<Omit<typeof promoCodes.$inferInsert, 'id' | 'usesCount' | 'createdAt'>>,
) {
  if (Object.keys(changes).length === 0) return true;
  const rows = await tx
    .update(promoCodes)
    .set(changes)
    .where(eq(promoCodes.id, id))
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

export async function replaceTiers(
  tx: Database,
  promoCodeId: number,
  tiers: Omit<TierRow, 'id' | 'promoCodeId'>[],
) {
  await tx.delete(promoCodeTiers).where(eq(promoCodeTiers.promoCodeId, promoCodeId));
  if (tiers.length) await tx.insert(promoCodeTiers).values(tiers.map((tier) => ({ ...tier, promoCodeId })));
}

/** Every credit line of a customer, newest first. */
export async function listCredits(db: Database, userId: number) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id));
}

export async function listPartnerships(db: Database) {
  return db.select().from(partnerships).orderBy(asc(partnerships.code));
}

export async function findPartnershipById(db: Database, id: number) {
  const [row] = await db.select().from(partnerships).where(eq(partnerships.id, id));
  return row;
}

export async function insertPartnership(tx: Database, row: typeof partnerships.$inferInsert) {
  const [inserted] = await tx.insert(partnerships).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePartnership(
  tx: Database,
  id: number,
  changes: Partial<Omit<typeof partnerships.$inferInsert, 'id'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await tx.update(partnerships).set(changes).where(eq(partnerships.id, id));
}

export async function updateAppSettingGroup(tx: Database, group: string, values: Record<string, unknown>) {
  const rows = await tx
    .update(appSettingGroups)
    .set({ values })
    .where(eq(appSettingGroups.group, group))
    .returning({ id: appSettingGroups.id });
  if (rows.length === 0) await tx.insert(appSettingGroups).values({ group, values });
}
