import type { AbandonedCart } from '@sprout/contracts';
import type { ApiFailure } from '../../lib/api.client';
import type { CartStore } from '../cart/state';
import { normalizeCode } from './cookies';
import type { PromotionsApi } from './promo-api';
import { isDefinitiveFailure, isPromoAlreadyApplied, promoErrorMessage, referralErrorMessage } from './rules';

export type PromoOutcome =
  | { kind: 'applied' }
  /** 'This promo code is already applied.': ignored silently (spec section 4). */
  | { kind: 'already-applied' }
  /** The server answered about the code (unknown, expired, below the minimum…). */
  | { kind: 'rejected'; message: string }
  /** No answer or a server error: the code was never judged, so it is worth another try later. */
  | { kind: 'failed'; message: string }
  /** A 403 (the cart was reset) or a 400/10002 (sent to the menus), already dealt with. */
  | { kind: 'handled' }
  | { kind: 'aborted' };

export type ReferralOutcome =
  | { kind: 'none' }
  /** Kept until the visitor gives an email (the capture popup), then applied. */
  | { kind: 'pending'; code: string }
  | { kind: 'applied'; referrerName: string | null }
  | { kind: 'rejected'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'handled' };

type CartIdResult = { ok: true; id: string } | { ok: false; error: ApiFailure };

export type PromotionsDeps = {
  api: PromotionsApi;
  store: CartStore;
  storage: { getPendingReferral(): string | null; setPendingReferral(code: string | null): void };
  /** Stores a cart answer (state and the stored id). */
  loaded(data: AbandonedCart): void;
  /** The current cart, created on demand. */
  ensureCartId(): Promise<CartIdResult>;
  /** 400/10002 → menus, 403 → a new cart; true when dealt with. */
  handleCartFailure(error: ApiFailure): Promise<boolean>;
  /** Re-reads the cart into the state. */
  reloadCart(id: string): Promise<boolean>;
  /** Page loaders re-run: listings and plans are priced with the cart's code. */
  revalidate(): void;
};

/** Promo codes, referral codes and app settings: the promotions half of the store actions. */
export function createPromotionsActions(deps: PromotionsDeps) {
  const { api, store } = deps;

  /** Applies a promo (or partnership) code to the cart, creating the cart when there is none yet. */
  async function applyPromoCode(rawCode: string, retried = false): Promise<PromoOutcome> {
    const code = rawCode.trim();
    const cart = await deps.ensureCartId();
    if (!cart.ok) return { kind: 'failed', message: cart.error.message };
    const result = await api.applyPromoCode(cart.id, code);
    if (result.kind === 'aborted') return { kind: 'aborted' };
    if (result.kind === 'ok') {
      deps.loaded(result.data.data);
      deps.revalidate();
      return { kind: 'applied' };
    }
    const { error } = result;
    if (isPromoAlreadyApplied(error)) return { kind: 'already-applied' };
    if (error.kind === 'forbidden' && !retried) {
      // A 403 resets the abandoned cart (spec section 8); the code just typed goes to the new one.
      await deps.handleCartFailure(error);
      return applyPromoCode(code, true);
    }
    if (await deps.handleCartFailure(error)) return { kind: 'handled' };
    const message = promoErrorMessage(error);
    return isDefinitiveFailure(error) ? { kind: 'rejected', message } : { kind: 'failed', message };
  }

  /** Removes the promo code (and a partnership code: the API clears both). */
  async function removePromoCode(): Promise<PromoOutcome> {
    const id = store.getState().onboarding.abandonedCartId;
    if (!id) return { kind: 'applied' };
    const result = await api.removePromoCode(id);
    if (result.kind === 'aborted') return { kind: 'aborted' };
    if (result.kind === 'ok') {
      deps.loaded(result.data.data);
      deps.revalidate();
      return { kind: 'applied' };
    }
    if (await deps.handleCartFailure(result.error)) return { kind: 'handled' };
    return { kind: 'failed', message: result.error.message };
  }

  function setPending(code: string | null) {
    deps.storage.setPendingReferral(code);
    store.dispatch({ type: 'referral/pending', code });
  }

  /**
   * A friend's referral code (?referral_id=, or the one still pending). Applied only with an
   * abandoned cart and the visitor's email as refereeEmail; until then it waits. A failure re-reads
   * the cart, whose on_referral_redemption_limit flag the server refreshed (spec section 5).
   */
  async function applyReferralCode(given: string | null): Promise<ReferralOutcome> {
    const state = store.getState();
    const code =
      normalizeCode(given) ??
      normalizeCode(state.onboarding.pendingReferralCode) ??
      normalizeCode(deps.storage.getPendingReferral());
    if (!code) return { kind: 'none' };
    const { abandonedCartId, email } = state.onboarding;
    if (!abandonedCartId || !email) {
      setPending(code);
      return { kind: 'pending', code };
    }
    const current = state.cart.referralCode;
    if (state.cart.referralCodeStatus === 'applied' && current?.toLowerCase() === code.toLowerCase()) {
      setPending(null);
      return { kind: 'applied', referrerName: state.cart.referrer?.firstName ?? null };
    }
    const result = await api.applyReferralCode(abandonedCartId, { referral_code: code, refereeEmail: email });
    if (result.kind === 'aborted') return { kind: 'none' };
    if (result.kind === 'ok') {
      setPending(null);
      deps.loaded(result.data.data.cart);
      deps.revalidate();
      return { kind: 'applied', referrerName: result.data.data.referrer.first_name };
    }
    const { error } = result;
    if (await deps.handleCartFailure(error)) return { kind: 'handled' };
    const message = referralErrorMessage(error);
    if (!isDefinitiveFailure(error)) {
      setPending(code);
      return { kind: 'failed', message };
    }
    setPending(null);
    await deps.reloadCart(abandonedCartId);
    return { kind: 'rejected', message };
  }

  /** App setting groups into the state; on failure nothing (spec section 7). */
  async function loadAppSettings(): Promise<void> {
    const result = await api.getAppSettings();
    if (result.kind === 'ok' && Array.isArray(result.data.data)) {
      store.dispatch({ type: 'appSettings/loaded', groups: result.data.data });
    }
  }

  return { applyPromoCode, removePromoCode, applyReferralCode, loadAppSettings };
}

export type PromotionsActions = ReturnType<typeof createPromotionsActions>;
