import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { giftCardPromotions } from '../schema/index';

/** The demo gift card promotion: a $20 bonus card for the buyer of a card of $100 or more. */
export const demoGiftCardPromotion = {
  description: 'Buy a gift card of $100 or more and get a $20 bonus card for yourself',
  minAmountCents: 100_00,
  bonusCents: 20_00,
  startsAt: new Date('2026-01-01T05:00:00Z'),
  endsAt: new Date('2028-12-31T05:00:00Z'),
};

/** Seeds the demo gift card promotion into an empty table (false when there already is one). */
export async function seedGiftCardPromotions(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72310458)`);
    const existing = await tx.select({ id: giftCardPromotions.id }).from(giftCardPromotions).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(giftCardPromotions).values(demoGiftCardPromotion);
    return true;
  });
}
