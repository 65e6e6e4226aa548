import type { Database } from '@sprout/db';
import { priceCart } from '../modules/carts/service';
import { codesOnCart, resolveCodes, totalBalance } from '../modules/gift-cards/service';

/**
 * What typed gift card codes would pay on a cart, before paying (docs/decisions/049):
 *
 *   resolve-codes (gift cards) → price-cart (carts, with their balances available) → share-out (gift cards)
 *
 * Nothing is written, so no step needs a compensation; an unknown code counts against the caller's
 * address (resolveCodes' limit) whatever follows.
 */
export async function checkCodesForCart(
  db: Database,
  cartId: string,
  codes: string[],
  clientIp: string | undefined,
  now = new Date(),
) {
  const cards = await resolveCodes(db, codes, { clientIp, now, field: 'gift_card_codes' });
  const priced = await priceCart(db, cartId, { giftCardsAvailableCents: totalBalance(cards) });
  return codesOnCart(cards, priced.costs);
}
