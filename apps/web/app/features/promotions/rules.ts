import { PROMO_ALREADY_APPLIED_MESSAGE, PROMO_INVALID_MESSAGE } from '@sprout/contracts';
import type { ApiFailure } from '../../lib/api';

export { PROMO_INVALID_MESSAGE } from '@sprout/contracts';
export const REFERRAL_INVALID_MESSAGE = 'This referral code could not be applied.';

/** Failures where the server never judged the code: the catalogue's message says what happened. */
const TRANSPORT_FAILURES: ReadonlySet<ApiFailure['kind']> = new Set(['no-response', 'setup', 'server']);

/**
 * The message of a failed promo code: the server's first promo_code error, else 'Promo Code is
 * invalid.'. A request that got no answer, or a 5xx, keeps the catalogue message:
 * telling a customer their code is invalid when the server never looked at it would be wrong.
 */
export function promoErrorMessage(error: ApiFailure): string {
  const first = error.fieldErrors.promo_code?.[0];
  if (first) return first;
  if (TRANSPORT_FAILURES.has(error.kind)) return error.message;
  return PROMO_INVALID_MESSAGE;
}

/** The one promo failure the storefront ignores silently: the code asked for is already on. */
export function isPromoAlreadyApplied(error: ApiFailure): boolean {
  return (
    error.kind === 'validation' &&
    (error.fieldErrors.promo_code ?? []).includes(PROMO_ALREADY_APPLIED_MESSAGE)
  );
}

/** A failed referral: the server's first referral_code error, else its message. */
export function referralErrorMessage(error: ApiFailure): string {
  const first = error.fieldErrors.referral_code?.[0];
  if (first) return first;
  if (TRANSPORT_FAILURES.has(error.kind) || error.message) return error.message;
  return REFERRAL_INVALID_MESSAGE;
}

/** Whether a failure is final (the server answered about the code) rather than worth a retry later. */
export function isDefinitiveFailure(error: ApiFailure): boolean {
  return !TRANSPORT_FAILURES.has(error.kind);
}

/** The cart is fully covered by promotions when the total is 0 and the items cost more. */
export function isFullyCovered(costs: { total_cost: number; cart_items: number }): boolean {
  return costs.total_cost === 0 && costs.cart_items > 0;
}
