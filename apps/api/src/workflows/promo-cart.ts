import { type AbandonedCart, type PromoCode, referrerAsShown } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../errors/app-error';
import { type EmailCheckClient, isEmailOfAccountForVisitor } from '../modules/accounts/service';
import { changeCart, loadAbandonedCart, lockOpenCart } from '../modules/carts/service';
import * as promotions from '../modules/promotions/service';
import * as limits from '../platform/limits/service';

/**
 * Codes on a cart: the promotions module decides what a code may do, the carts module locks, saves
 * and prices the cart, the accounts module says whether a referee is a customer already. Each flow
 * runs in one transaction under the cart's lock (docs/decisions/048).
 */

/** Applies a promo code (or a partnership code) to the cart: lock, decide, save, answer the priced cart. */
export async function applyPromoCode(db: Database, cartId: string, code: string): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, cartId);
    const change = await promotions.promoChangeFor(tx, code, {
      email: cart.email,
      current: () => loadAbandonedCart(tx, cartId),
    });
    await changeCart(tx, cartId, change);
    return loadAbandonedCart(tx, cartId);
  });
}

export async function removePromoCode(db: Database, cartId: string): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    await lockOpenCart(tx, cartId);
    await changeCart(tx, cartId, { promoCodeId: null, partnershipId: null });
    return loadAbandonedCart(tx, cartId);
  });
}

type ReferralStatus = 'applied' | 'invalid' | 'own_code' | 'existing_customer' | 'limit_reached';

const REFERRAL_MESSAGES: Record<Exclude<ReferralStatus, 'applied'>, string> = {
  invalid: 'This referral code is not valid.',
  own_code: 'You cannot use your own referral code.',
  existing_customer: 'Referral codes are for new customers.',
  limit_reached: 'This friend has already shared all of their referral rewards.',
};

/** A friend's code: the referee gets the referral discount on the first box. */
export async function applyReferralCode(
  db: Database,
  cartId: string,
  input: { referral_code: string; refereeEmail: string },
  client: EmailCheckClient,
) {
  const email = input.refereeEmail.toLowerCase();
  // Every look-up holds a miss slot while it reads (parallel guesses cannot all pass the check);
  // a code that exists gives it back, so only misses count.
  const miss = await limits.reserve(db, promotions.REFERRAL_CODE_MISSES, limits.clientSubject(client.ip));
  const outcome = await db
    .transaction(async (tx) => {
      const cart = await lockOpenCart(tx, cartId);
      const referral = await promotions.findReferralCode(tx, input.referral_code);
      if (referral) await limits.release(tx, miss);
      let status: ReferralStatus = 'applied';
      if (!referral) status = 'invalid';
      else if (referral.owner.email.toLowerCase() === email) status = 'own_code';
      // A refusal commits too, so the per-address limit on email checks counts it.
      else if (await isEmailOfAccountForVisitor(tx, client, { email })) status = 'existing_customer';
      else if (referral.redemptionsCount >= referral.redemptionLimit) status = 'limit_reached';

      if (status !== 'applied' || !referral) {
        // The redemption-limit flag is part of the cart, so a failed attempt still refreshes it.
        await changeCart(tx, cartId, { onReferralRedemptionLimit: status === 'limit_reached' });
        return { status, referral: undefined };
      }
      // The referee email fills a cart that has none; it never replaces a captured email (that goes
      // through the cart update, with its own checks and Lead pixel).
      await changeCart(tx, cartId, {
        referralCodeId: referral.id,
        referralCodeStatus: 'applied',
        onReferralRedemptionLimit: false,
        ...(cart.email ? {} : { email }),
      });
      return { status, referral };
    })
    .catch(async (error) => {
      // No answer about the code (a cart that cannot change): nothing was learnt, nothing counts.
      await limits.release(db, miss).catch(() => undefined);
      throw error;
    });

  if (outcome.status !== 'applied' || !outcome.referral) {
    throw new AppError(
      'validation',
      REFERRAL_MESSAGES[outcome.status as Exclude<ReferralStatus, 'applied'>],
      {
        fieldErrors: {
          referral_code: [REFERRAL_MESSAGES[outcome.status as Exclude<ReferralStatus, 'applied'>]],
        },
      },
    );
  }
  const cart = await loadAbandonedCart(db, cartId);
  return {
    // A first name and an initial, never the referrer's full name (decision 037).
    referrer: referrerAsShown(outcome.referral.owner),
    referee: { first_name: cart.first_name, last_name: cart.last_name, email },
    cart,
    referral_code: outcome.referral.code,
    referral_code_status: 'applied' as const,
    on_referral_redemption_limit: false,
  };
}

/** The promo code on the visitor's cart (cookie), or null. */
export async function promoCodeOfCart(db: Database, cartId: string | undefined): Promise<PromoCode | null> {
  if (!cartId) return null;
  try {
    return (await loadAbandonedCart(db, cartId)).cart.promo_code ?? null;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  }
}
