import type { Database } from '@sprout/db';
import { promoCodeStatus } from '../../domain/promo-eligibility';
import type { LivePromo } from '../../domain/shopper';
import { findPromoCode } from './repository';
import { toTier } from './wire';

/** A code named in a listing URL prices the page only if it exists and is within its dates. */
export async function livePromo(
  db: Database,
  code: string | undefined,
  now = new Date(),
): Promise<LivePromo | null> {
  if (!code) return null;
  const found = await findPromoCode(db, code);
  if (!found || promoCodeStatus(found.promo, now) !== 'active') return null;
  return {
    code: found.promo.code,
    description: found.promo.description,
    tiers: found.tiers.map((tier) =>
      toTier({
        id: tier.id,
        type: tier.type,
        amount: tier.amount,
        weekly_ordinal_number: tier.weeklyOrdinalNumber,
        free_shipping: tier.freeShipping,
        free_tax: tier.freeTax,
      }),
    ),
  };
}
