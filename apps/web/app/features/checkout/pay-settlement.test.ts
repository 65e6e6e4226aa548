import { CHECKOUT_SUCCESS_PATH, EMAIL_IN_USE_MESSAGE } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import type { PayOutcome } from './pay';
import { internalPath, NO_PROBLEMS, RETRY_PAY_MESSAGE, settlementOf } from './pay-settlement';

const invalid = (errors: Record<string, string[]>, message = 'Please check your details.'): PayOutcome => ({
  kind: 'invalid',
  errors,
  message,
});

describe('settlementOf: what the checkout page does with Pay’s outcome', () => {
  it('follows only this site’s paths after an order', () => {
    expect(internalPath('/onboarding/checkout/success?order=1')).toBe('/onboarding/checkout/success?order=1');
    expect(internalPath('//evil.example/')).toBe(CHECKOUT_SUCCESS_PATH);
    expect(internalPath('https://evil.example/')).toBe(CHECKOUT_SUCCESS_PATH);
    expect(internalPath(undefined)).toBe(CHECKOUT_SUCCESS_PATH);
  });

  it('sends an email that has an account to sign in, with the email and the reason, closing the cart panel', () => {
    const settlement = settlementOf({ kind: 'email-in-use', email: 'ana@example.com' });
    expect(settlement).toEqual({
      kind: 'leave',
      to: `/onboarding/login?${new URLSearchParams({ email: 'ana@example.com', error: EMAIL_IN_USE_MESSAGE })}`,
      closeCartPanel: true,
    });
  });

  it('sends a cart bought elsewhere back to the menus', () => {
    expect(settlementOf({ kind: 'cart-locked' })).toEqual({
      kind: 'leave',
      to: '/menus',
      closeCartPanel: false,
    });
  });

  it('shows field errors beside their fields and lets conform focus the first', () => {
    const settlement = settlementOf(
      invalid({ email: ['Enter a valid email.'], zip_code_id: ['We do not deliver here.'] }),
    );
    expect(settlement).toMatchObject({
      kind: 'show',
      focus: null,
      fieldErrors: { email: ['Enter a valid email.'], zip_code: ['We do not deliver here.'] },
      problems: NO_PROBLEMS,
      recheckZip: false,
    });
  });

  it('puts a closed date beside the dates, focuses it and looks the zip up again', () => {
    const settlement = settlementOf(invalid({ first_delivery_date: ['That date has closed.'] }));
    expect(settlement).toMatchObject({
      kind: 'show',
      focus: 'date',
      fieldErrors: null,
      recheckZip: true,
      problems: { ...NO_PROBLEMS, date: 'That date has closed.' },
    });
  });

  it('prefers the card’s problem for focus, then the date, then the promo code', () => {
    const both = settlementOf(
      invalid({
        payment_method_id: ['Card refused.'],
        first_delivery_date: ['Closed.'],
        promo_code: ['Expired.'],
      }),
    );
    expect(both).toMatchObject({ focus: 'payment' });
    expect(settlementOf(invalid({ promo_code: ['Expired.'] }))).toMatchObject({
      focus: 'promo',
      problems: { ...NO_PROBLEMS, promo: 'Expired.' },
    });
  });

  it('shows the message above Pay when no error has a place of its own', () => {
    expect(settlementOf(invalid({}, 'Something is off.'))).toMatchObject({
      focus: 'form',
      problems: { ...NO_PROBLEMS, form: ['Something is off.'] },
    });
    expect(settlementOf(invalid({ cart: ['Your box changed.'] }))).toMatchObject({
      focus: 'form',
      problems: { ...NO_PROBLEMS, form: ['Your box changed.'] },
    });
  });

  it('a refused gift card alone: beside the gift cards and above Pay', () => {
    expect(settlementOf(invalid({ gift_card_codes: ['This card is used up.'] }))).toMatchObject({
      focus: 'form',
      giftCardError: 'This card is used up.',
      problems: { ...NO_PROBLEMS, form: ['This card is used up.'] },
    });
  });

  it('a refused gift card with other errors: beside the gift cards, the others where they go', () => {
    expect(
      settlementOf(invalid({ gift_card_codes: ['Used up.'], email: ['Enter a valid email.'] })),
    ).toMatchObject({
      focus: null,
      giftCardError: 'Used up.',
      fieldErrors: { email: ['Enter a valid email.'] },
    });
  });

  it('keeps focus on the card field for an unreadable card, moves it to the message otherwise', () => {
    expect(
      settlementOf({ kind: 'payment-error', message: 'Check the number.', stage: 'card' }),
    ).toMatchObject({
      focus: 'payment',
      keepCardFieldFocus: true,
      problems: { ...NO_PROBLEMS, payment: 'Check the number.' },
    });
    expect(
      settlementOf({ kind: 'payment-error', message: 'Authentication failed.', stage: 'authentication' }),
    ).toMatchObject({ focus: 'payment', keepCardFieldFocus: false });
  });

  it('a price that moved or a conflict: the message above Pay and the cart read again', () => {
    expect(settlementOf({ kind: 'conflict', message: 'Your cart changed.' })).toMatchObject({
      focus: 'form',
      refresh: true,
      problems: { ...NO_PROBLEMS, form: ['Your cart changed.'] },
    });
  });

  it('a failure that may be retried says that Pay again charges once', () => {
    expect(settlementOf({ kind: 'failed', message: 'No answer.', retryable: true })).toMatchObject({
      problems: { ...NO_PROBLEMS, form: ['No answer.', RETRY_PAY_MESSAGE] },
      refresh: false,
    });
    expect(settlementOf({ kind: 'failed', message: 'Refused.', retryable: false })).toMatchObject({
      problems: { ...NO_PROBLEMS, form: ['Refused.'] },
    });
  });

  it('does nothing for an aborted Pay', () => {
    expect(settlementOf({ kind: 'aborted' })).toEqual({ kind: 'nothing' });
  });
});
