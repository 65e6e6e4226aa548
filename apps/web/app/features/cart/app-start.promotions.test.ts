import { PROMO_ALREADY_APPLIED_MESSAGE } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { failureFromResponse, NO_RESPONSE_MESSAGE } from '../../lib/api.client';
import { AUTO_APPLY_PROMO_COOKIE, memoryCookieJar, OVERWRITE_PROMO_COOKIE } from '../promotions/cookies';
import { storePromoCookies } from './app-start';
import { CART_ID, fakeCartApi, startApp } from './testing';

const promoCalls = (calls: string[]) => calls.filter((call) => call.startsWith('applyPromoCode'));

describe('promo code step (spec section 4)', () => {
  it('?pc= sets the cookie and applies the code to the existing cart, then the follow-up clears both', async () => {
    const api = fakeCartApi({ existing: {} });
    const cookies = memoryCookieJar();
    const written: [string, string][] = [];
    const set = cookies.set;
    cookies.set = (name, value) => {
      written.push([name, value]);
      set(name, value);
    };
    const { done, store, navigations, flashes, context } = startApp(api, '/menus?pc=WELCOME50&zip=10001', {
      cookies,
    });
    await done;
    expect(written).toEqual([[AUTO_APPLY_PROMO_COOKIE, 'WELCOME50']]);
    expect(promoCalls(api.calls)).toEqual(['applyPromoCode WELCOME50']);
    expect(store.getState().cart.promoCode?.code).toBe('WELCOME50');
    expect(store.getState().cart.promoCodeBanner?.description).toBe('Welcome! 50% off');
    expect(context.promoCode).toEqual({ code: 'WELCOME50', overwrite: false, outcome: 'applied' });
    expect(cookies.values.size).toBe(0);
    expect(flashes).toEqual([]);
    // pc leaves the URL; other parameters stay.
    expect(navigations).toContainEqual({ to: '/menus?zip=10001', replace: true });
  });

  it('runs after the email step and before the plans, with the follow-up as its own step', async () => {
    const api = fakeCartApi({ existing: {} });
    const { done } = startApp(api, '/?email=pat@example.com&pc=FIVEFREE');
    await done;
    expect(api.calls.slice(0, 4)).toEqual([
      `getCart ${CART_ID}`,
      'updateCart {"email":"pat@example.com"}',
      'applyPromoCode FIVEFREE',
      'getPlans',
    ]);
  });

  it('applies a code left in the cookie by an earlier visit', async () => {
    const api = fakeCartApi({ existing: {} });
    const cookies = memoryCookieJar({ [AUTO_APPLY_PROMO_COOKIE]: 'FIVEFREE' });
    const { done, store, navigations } = startApp(api, '/menus', { cookies });
    await done;
    expect(store.getState().cart.promoCode?.code).toBe('FIVEFREE');
    expect(cookies.values.size).toBe(0);
    expect(navigations).toEqual([]);
  });

  it('does nothing without an abandoned cart, and keeps the cookies for a later visit', async () => {
    const api = fakeCartApi();
    // The cart cannot be created (a 500): there is no abandoned cart.
    api.failNext('createCart', failureFromResponse(500, {}));
    const cookies = memoryCookieJar();
    const { done, store, context } = startApp(api, '/?pc=WELCOME50&pc_overwrite=1', {
      storedId: null,
      cookies,
    });
    await done;
    expect(store.getState().onboarding.abandonedCartId).toBeNull();
    expect(promoCalls(api.calls)).toEqual([]);
    expect(context.promoCode?.outcome).toBe('no-cart');
    expect(cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBe('WELCOME50');
    expect(cookies.get(OVERWRITE_PROMO_COOKIE)).toBe('true');
  });

  it('keeps a different code already on the cart unless the overwrite value says so', async () => {
    const keep = fakeCartApi({ existing: { promoCode: 'WELCOME50' } });
    const kept = startApp(keep, '/?pc=FIVEFREE');
    await kept.done;
    expect(promoCalls(keep.calls)).toEqual([]);
    expect(kept.store.getState().cart.promoCode?.code).toBe('WELCOME50');
    expect(kept.context.promoCode?.outcome).toBe('kept-existing');
    // Settled: the link's code gave way to the customer's own, so the cookies go.
    expect(kept.cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBeNull();

    for (const value of ['1', 'true', '']) {
      const replace = fakeCartApi({ existing: { promoCode: 'WELCOME50' } });
      const replaced = startApp(replace, `/?pc=FIVEFREE&pc_overwrite=${value}`);
      await replaced.done;
      expect(promoCalls(replace.calls), value).toEqual(['applyPromoCode FIVEFREE']);
      expect(replaced.store.getState().cart.promoCode?.code).toBe('FIVEFREE');
      expect(replaced.context.promoCode).toEqual({ code: 'FIVEFREE', overwrite: true, outcome: 'applied' });
    }

    const no = fakeCartApi({ existing: { promoCode: 'WELCOME50' } });
    const notReplaced = startApp(no, '/?pc=FIVEFREE&pc_overwrite=0');
    await notReplaced.done;
    expect(promoCalls(no.calls)).toEqual([]);
  });

  it("ignores 'This promo code is already applied.' silently", async () => {
    const api = fakeCartApi({ existing: { promoCode: 'WELCOME50' } });
    const { done, flashes, context, cookies } = startApp(api, '/?pc=welcome50');
    await done;
    expect(promoCalls(api.calls)).toEqual(['applyPromoCode welcome50']);
    expect(context.promoCode?.outcome).toBe('already-applied');
    expect(flashes).toEqual([]);
    expect(cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBeNull();
    // The same answer through a forced failure, to be sure it is the message that is ignored.
    const forced = fakeCartApi({ existing: {} });
    forced.failNext(
      'applyPromoCode',
      failureFromResponse(422, {
        message: PROMO_ALREADY_APPLIED_MESSAGE,
        errors: { promo_code: [PROMO_ALREADY_APPLIED_MESSAGE] },
      }),
    );
    const again = startApp(forced, '/?pc=WELCOME50');
    await again.done;
    expect(again.flashes).toEqual([]);
  });

  it('shows any other failure as a flash error, and clears the cookies of a refused code', async () => {
    const expired = fakeCartApi({ existing: {} });
    const started = startApp(expired, '/?pc=EXPIRED10');
    await started.done;
    expect(started.flashes).toEqual([{ type: 'error', message: 'This promo code has expired.' }]);
    expect(started.cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBeNull();

    const unknown = fakeCartApi({ existing: {} });
    const other = startApp(unknown, '/?pc=NOPE');
    await other.done;
    expect(other.flashes).toEqual([{ type: 'error', message: "We don't know this promo code." }]);

    const plain = fakeCartApi({ existing: {} });
    plain.failNext(
      'applyPromoCode',
      failureFromResponse(422, { message: 'Validation error occurred', errors: {} }),
    );
    const fallback = startApp(plain, '/?pc=WELCOME50');
    await fallback.done;
    expect(fallback.flashes).toEqual([{ type: 'error', message: 'Promo Code is invalid.' }]);
  });

  it('keeps the cookies when the server could not be reached', async () => {
    const api = fakeCartApi({ existing: {} });
    api.failNext('applyPromoCode', {
      kind: 'error',
      error: { kind: 'no-response', status: null, message: NO_RESPONSE_MESSAGE, fieldErrors: {}, code: null },
    });
    const { done, flashes, cookies } = startApp(api, '/?pc=WELCOME50');
    await done;
    expect(flashes).toEqual([{ type: 'error', message: NO_RESPONSE_MESSAGE }]);
    expect(cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBe('WELCOME50');
  });

  it('a new link drops an older overwrite value; pc_overwrite alone sets it', () => {
    const cookies = memoryCookieJar({ [OVERWRITE_PROMO_COOKIE]: 'true' });
    storePromoCookies('?pc=SAVE20', cookies);
    expect(cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBe('SAVE20');
    expect(cookies.get(OVERWRITE_PROMO_COOKIE)).toBeNull();
    storePromoCookies('?pc_overwrite=yes', cookies);
    expect(cookies.get(OVERWRITE_PROMO_COOKIE)).toBe('true');
    storePromoCookies('?pc=%20&pc_overwrite=no', cookies);
    expect(cookies.get(AUTO_APPLY_PROMO_COOKIE)).toBe('SAVE20');
    expect(cookies.get(OVERWRITE_PROMO_COOKIE)).toBe('false');
  });
});

describe('referral step (spec section 4)', () => {
  it('applies ?referral_id= with the cart email and removes it from the URL', async () => {
    const api = fakeCartApi({ existing: { email: 'pat@example.com', zipCode: '10001' } });
    const { done, store, navigations, flashes } = startApp(api, '/menus?referral_id=DEMOREF');
    await done;
    expect(api.calls).toContain('applyReferralCode DEMOREF pat@example.com');
    expect(store.getState().cart.referrer).toEqual({ firstName: 'Jamie', lastName: 'Rivera' });
    expect(store.getState().cart.referralCodeStatus).toBe('applied');
    expect(navigations).toContainEqual({ to: '/menus', replace: true });
    expect(flashes).toEqual([]);
    // App settings follow the referral step.
    expect(api.calls.indexOf('getAppSettings')).toBeGreaterThan(
      api.calls.indexOf('applyReferralCode DEMOREF pat@example.com'),
    );
    expect(store.getState().appSettings[0]?.group).toBe('referral_system_discounts');
  });

  it('waits for the email, then applies right after the capture popup submits', async () => {
    const api = fakeCartApi({ existing: { planId: 1 } });
    const { done, store, storage, controller } = startApp(api, '/?referral_id=DEMOREF');
    await done;
    expect(api.calls.some((call) => call.startsWith('applyReferralCode'))).toBe(false);
    expect(store.getState().onboarding.pendingReferralCode).toBe('DEMOREF');
    expect(storage.pendingReferral).toBe('DEMOREF');

    const result = await controller.submitCapture({ email: 'sam@example.com', zipCode: '10001' });
    expect(result).toEqual({ ok: true });
    expect(api.calls).toContain('applyReferralCode DEMOREF sam@example.com');
    expect(store.getState().cart.referrer?.firstName).toBe('Jamie');
    expect(store.getState().onboarding.pendingReferralCode).toBeNull();
    expect(storage.pendingReferral).toBeNull();
  });

  it('applies a referral still pending from an earlier visit once the cart has an email', async () => {
    const api = fakeCartApi({ existing: { email: 'pat@example.com', zipCode: '10001' } });
    const { done, storage } = startApp(api, '/menus', { pendingReferral: 'DEMOREF' });
    await done;
    expect(api.calls).toContain('applyReferralCode DEMOREF pat@example.com');
    expect(storage.pendingReferral).toBeNull();
  });

  it('is not applied without an abandoned cart', async () => {
    const api = fakeCartApi();
    api.failNext('createCart', failureFromResponse(500, {}));
    const { done, store } = startApp(api, '/?referral_id=DEMOREF', { storedId: null });
    await done;
    expect(api.calls.some((call) => call.startsWith('applyReferralCode'))).toBe(false);
    expect(store.getState().onboarding.pendingReferralCode).toBe('DEMOREF');
  });

  it('a failure is a flash error and re-reads the cart, refreshing the redemption-limit flag', async () => {
    const api = fakeCartApi({ existing: { email: 'pat@example.com', zipCode: '10001' } });
    const { done, store, flashes, storage } = startApp(api, '/?referral_id=LIMITED');
    await done;
    expect(flashes).toEqual([
      { type: 'error', message: 'This friend has already shared all of their referral rewards.' },
    ]);
    const afterFailure = api.calls.slice(api.calls.indexOf('applyReferralCode LIMITED pat@example.com') + 1);
    expect(afterFailure[0]).toBe(`getCart ${CART_ID}`);
    expect(store.getState().onboarding.onReferralRedemptionLimit).toBe(true);
    expect(storage.pendingReferral).toBeNull();
  });

  it('loads no app settings on failure, and carries on', async () => {
    const api = fakeCartApi({ existing: {} });
    api.failNext('getAppSettings', failureFromResponse(500, {}));
    const { done, store, errors } = startApp(api, '/');
    await done;
    expect(store.getState().appSettings).toEqual([]);
    expect(errors).toEqual([]);
    expect(api.calls).toContain('getBestsellers');
  });
});
