import { PROMO_ALREADY_APPLIED_MESSAGE } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiFailure, failureFromResponse, NO_RESPONSE_MESSAGE } from '../../lib/api';
import {
  isFullyCovered,
  isPromoAlreadyApplied,
  PROMO_INVALID_MESSAGE,
  promoErrorMessage,
  referralErrorMessage,
} from './rules';

const failure = (status: number, body: unknown): ApiFailure => failureFromResponse(status, body).error;

describe('promo failure message', () => {
  it("is the server's first promo_code error", () => {
    const error = failure(422, {
      message: 'This promo code has expired.',
      errors: { promo_code: ['This promo code has expired.', 'second'] },
    });
    expect(promoErrorMessage(error)).toBe('This promo code has expired.');
  });

  it("is 'Promo Code is invalid.' without a promo_code error", () => {
    expect(PROMO_INVALID_MESSAGE).toBe('Promo Code is invalid.');
    expect(
      promoErrorMessage(failure(422, { message: 'Bad', errors: { code: ['Please enter a promo code'] } })),
    ).toBe(PROMO_INVALID_MESSAGE);
    expect(promoErrorMessage(failure(422, { message: 'Bad', errors: { promo_code: [] } }))).toBe(
      PROMO_INVALID_MESSAGE,
    );
    expect(promoErrorMessage(failure(404, { message: 'Abandoned cart not found.' }))).toBe(
      PROMO_INVALID_MESSAGE,
    );
    expect(promoErrorMessage(failure(409, {}))).toBe(PROMO_INVALID_MESSAGE);
  });

  it('keeps the catalogue message when the server never judged the code', () => {
    const noResponse: ApiFailure = {
      kind: 'no-response',
      status: null,
      message: NO_RESPONSE_MESSAGE,
      fieldErrors: {},
      code: null,
    };
    expect(promoErrorMessage(noResponse)).toBe(NO_RESPONSE_MESSAGE);
    expect(promoErrorMessage(failure(500, {}))).toBe(
      'Sorry, something went wrong. An error has occurred on the server',
    );
  });

  it('recognises the one error ignored silently', () => {
    const already = failure(422, {
      message: PROMO_ALREADY_APPLIED_MESSAGE,
      errors: { promo_code: [PROMO_ALREADY_APPLIED_MESSAGE] },
    });
    expect(isPromoAlreadyApplied(already)).toBe(true);
    expect(isPromoAlreadyApplied(failure(422, { message: 'x', errors: { promo_code: ['x'] } }))).toBe(false);
    expect(isPromoAlreadyApplied(failure(400, { message: PROMO_ALREADY_APPLIED_MESSAGE }))).toBe(false);
  });

  it("a referral failure shows the server's first referral_code error", () => {
    expect(
      referralErrorMessage(
        failure(422, { message: 'Invalid', errors: { referral_code: ['This referral code is not valid.'] } }),
      ),
    ).toBe('This referral code is not valid.');
  });
});

describe('fully covered by promotions', () => {
  it('when the total is 0 and the items cost more than 0', () => {
    expect(isFullyCovered({ total_cost: 0, cart_items: 42.5 })).toBe(true);
    expect(isFullyCovered({ total_cost: 0.01, cart_items: 42.5 })).toBe(false);
    expect(isFullyCovered({ total_cost: 0, cart_items: 0 })).toBe(false);
    expect(isFullyCovered({ total_cost: 12, cart_items: 12 })).toBe(false);
  });
});
