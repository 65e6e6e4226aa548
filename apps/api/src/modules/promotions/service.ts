import { randomInt } from 'node:crypto';
import {
  type AbandonedCart,
  centsToDollars,
  PROMO_ALREADY_APPLIED_MESSAGE,
  parseReferralSettings,
  REFERRAL_CODE_MISSES_MESSAGE,
  REFERRAL_CODE_MISSES_PER_HOUR,
  REFERRAL_SETTINGS_GROUP,
  type Referrals,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { promoIneligibility } from '../../domain/promo-eligibility';
import { AppError } from '../../errors/app-error';
import type * as limits from '../../platform/limits/service';
import { friendOfferInWords, referralCodeFor } from './referral-offer';
import * as repository from './repository';

const promoError = (message: string) => AppError.invalidField('promo_code', message);

/**
 * What a promo code (or a partnership code) changes on a cart the caller has locked: the code must
 * be usable by this cart now; limits are checked again, under a lock, when checkout registers the
 * use. `current` reads the cart as it is priced (the workflow's step, from the carts module).
 */
export async function promoChangeFor(
  tx: Database,
  code: string,
  cart: { email: string | null; current: () => Promise<AbandonedCart> },
): Promise<{ partnershipId: number } | { promoCodeId: number }> {
  const partnership = await repository.findPartnership(tx, code);
  if (partnership) return { partnershipId: partnership.id };

  const found = await repository.findPromoCode(tx, code);
  if (!found) throw promoError("We don't know this promo code.");
  const current = await cart.current();
  if (current.cart.promo_code?.id === found.promo.id) throw promoError(PROMO_ALREADY_APPLIED_MESSAGE);

  const email = cart.email;
  const [usedByEmail, existingCustomer] = await Promise.all([
    email && found.promo.oncePerEmail ? repository.hasRedemptionByEmail(tx, found.promo.id, email) : false,
    email && found.promo.newCustomersOnly ? repository.isEmailOfAccount(tx, email) : false,
  ]);
  // An empty cart may take a code with a cart-amount window (a link with ?pc= arrives before any
  // item); the cart then shows what the code needs. A cart with items must already fit it.
  const rules =
    current.cart.item_count === 0
      ? { ...found.promo, cartAmountMinimumCents: null, cartAmountMaximumCents: null }
      : found.promo;
  const reason = promoIneligibility(rules, {
    now: new Date(),
    itemsCents: Math.round(current.cart.costs.cart_items * 100),
    usedByEmail,
    existingCustomer,
  });
  if (reason) throw promoError(reason);
  return { promoCodeId: found.promo.id };
}

/**
 * Registers one use of a code at checkout completion, inside the checkout's transaction. The code's
 * row is locked, so concurrent checkouts are counted one at a time and can never pass max_uses or
 * let one email use a once-per-email code twice.
 */
export async function registerPromoCodeUsage(
  tx: Database,
  usage: { promoCodeId: number; email: string; cartId: string; now?: Date },
): Promise<void> {
  const promo = await repository.lockPromoCode(tx, usage.promoCodeId);
  if (!promo) throw promoError("We don't know this promo code.");
  const [usedByEmail, existingCustomer] = await Promise.all([
    promo.oncePerEmail ? repository.hasRedemptionByEmail(tx, promo.id, usage.email) : false,
    promo.newCustomersOnly ? repository.isEmailOfAccount(tx, usage.email) : false,
  ]);
  const reason = promoIneligibility(
    { ...promo, cartAmountMinimumCents: null, cartAmountMaximumCents: null },
    { now: usage.now ?? new Date(), itemsCents: 0, usedByEmail, existingCustomer },
  );
  if (reason) throw promoError(reason);
  await repository.recordRedemption(tx, { promoCodeId: promo.id, email: usage.email, cartId: usage.cartId });
}

/**
 * Codes that match nothing, per client (decision 037): a code is a name and four characters, so
 * without a limit a script could try a name's million codes and learn who the customers are.
 */
export const REFERRAL_CODE_MISSES: limits.Limit = {
  kind: 'referral_code_miss',
  max: REFERRAL_CODE_MISSES_PER_HOUR,
  windowMinutes: 60,
  message: REFERRAL_CODE_MISSES_MESSAGE,
};

/** A friend's referral code with its owner and redemptions, or undefined. */
export function findReferralCode(tx: Database, code: string) {
  return repository.findReferralCode(tx, code);
}

export async function listAppSettings(db: Database) {
  const rows = await repository.listAppSettingGroups(db);
  return rows.map((row) => ({ group: row.group, values: row.values }));
}

/**
 * The first charge ends a referral's journey: the referrer's code counts one more friend, never past
 * its limit (under a row lock). False when the code no longer exists.
 */
export async function redeemReferralCode(tx: Database, referralCodeId: number): Promise<boolean> {
  const code = await repository.lockReferralCode(tx, referralCodeId);
  if (!code) return false;
  if (code.redemptionsCount >= code.redemptionLimit) {
    throw AppError.invalidField(
      'referral_code',
      'This friend has already shared all of their referral rewards.',
    );
  }
  await repository.countReferralRedemption(tx, code.id);
  return true;
}

/** A credit (or a debit) on an account's ledger, in the caller's transaction. */
export function addCredit(
  tx: Database,
  credit: Parameters<typeof repository.insertCredit>[1],
): Promise<void> {
  return repository.insertCredit(tx, credit);
}

/**
 * The account site's referral page: the customer's code (made on the first visit for a customer
 * who has none), the link that applies it (the storefront applies `?referral_id=` on any page), the
 * friend's offer in words, and the credits: earned once the friend's first box is delivered,
 * pending until then, available = the spendable balance of the ledger.
 */
export async function accountReferrals(
  db: Database,
  user: { id: number; firstName: string | null },
  siteUrl: string,
  /** The friends' first names by order: orders belong to checkout, asked by the caller (decision 048). */
  firstNamesOf: (db: Database, orderIds: number[]) => Promise<Map<number, string>>,
  now = new Date(),
): Promise<Referrals> {
  const code = await referralCodeOf(db, user);
  const [credits, available, settings] = await Promise.all([
    repository.listReferralCredits(db, user.id),
    repository.availableCreditCents(db, user.id, now),
    repository.findAppSettingGroup(db, REFERRAL_SETTINGS_GROUP),
  ]);
  const names = await firstNamesOf(
    db,
    credits.map((credit) => credit.orderId!),
  );
  const entries = credits.map((credit) => {
    const earned = credit.availableAt === null || credit.availableAt.getTime() <= now.getTime();
    return {
      first_name: names.get(credit.orderId!) ?? null,
      status: earned ? ('earned' as const) : ('pending' as const),
      amount: centsToDollars(credit.amountCents),
      date: credit.createdAt.toISOString(),
    };
  });
  const sum = (status: 'earned' | 'pending') =>
    credits
      .filter((_, index) => entries[index]!.status === status)
      .reduce((total, credit) => total + credit.amountCents, 0);
  const shareUrl = new URL('/', siteUrl);
  shareUrl.searchParams.set('referral_id', code);
  return {
    code,
    share_url: shareUrl.toString(),
    friend_offer: friendOfferInWords(parseReferralSettings(settings).referee_discount),
    credits: {
      earned: centsToDollars(sum('earned')),
      pending: centsToDollars(sum('pending')),
      available: centsToDollars(available),
    },
    referrals: entries,
  };
}

/** The customer's referral code, made (once, whatever the concurrency) when they have none. */
async function referralCodeOf(db: Database, user: { id: number; firstName: string | null }): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await repository.findReferralCodeOfUser(db, user.id);
    if (existing) return existing.code;
    await repository.insertReferralCode(
      db,
      user.id,
      referralCodeFor(user.firstName, (max) => randomInt(max)),
    );
  }
  throw new Error(`could not find a free referral code for user ${user.id}`);
}
