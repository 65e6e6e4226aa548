/**
 * The words for what a referred friend gets, from the referral settings (parsed by the contracts'
 * `referralSettings`), and the codes new referrers are given. Pure, so the wording is tested
 * without a database.
 */
import type { RefereeDiscountSetting } from '@sprout/contracts';

function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** "$25 off your first box"; null when the setting names no usable discount. */
export function friendOfferInWords(
  discount: Pick<RefereeDiscountSetting, 'type' | 'amount'> | null,
): string | null {
  const amount = discount?.amount ?? 0;
  if (!discount || !Number.isFinite(amount) || amount <= 0) return null;
  switch (discount.type) {
    case 'dollars_off':
      return `${dollars(amount)} off your first box`;
    case 'percent_off':
      return `${Math.min(100, amount)}% off your first box`;
    case 'products_off':
      return amount === 1 ? '1 free meal in your first box' : `${amount} free meals in your first box`;
    default:
      return null;
  }
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A code a friend can type: up to six letters of the first name, then four characters without the
 * easily confused ones (0/O, 1/I). `random` picks indexes, so tests can fix it.
 */
export function referralCodeFor(firstName: string | null, random: (max: number) => number): string {
  const letters = (firstName ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 6);
  let suffix = '';
  for (let index = 0; index < 4; index += 1) suffix += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return `${letters || 'FRIEND'}${suffix}`;
}
