import { describe, expect, it } from 'vitest';
import { refusalMessage, refusalToast } from './refusal';

const boxFull = { sku: ['Only 1 more fit in your 12-item box. Upgrade your plan to add more.'] };

describe('what a refused cart change says', () => {
  it('its message, else its first field error', () => {
    expect(refusalMessage({ message: 'This box is full.' })).toBe('This box is full.');
    expect(refusalMessage({ errors: boxFull })).toBe(boxFull.sku[0]);
    expect(refusalMessage({})).toBeUndefined();
  });

  it('a change refused with field errors only (another tab filled the box) is a toast (spec section 8)', () => {
    expect(refusalToast({ ok: false, errors: boxFull }, { fieldErrorsInForm: false })).toBe(boxFull.sku[0]);
  });

  it('a form with its own fields shows their errors beside them, not as a toast; its message still is', () => {
    const promo = {
      ok: false,
      errors: { promo_code: ['This code has ended.'] },
      message: 'This code has ended.',
    };
    expect(refusalToast(promo, { fieldErrorsInForm: true })).toBeUndefined();
    expect(refusalToast({ ok: false, message: 'Too many tries.' }, { fieldErrorsInForm: true })).toBe(
      'Too many tries.',
    );
    expect(refusalToast({ ok: true, message: 'Saved.' }, { fieldErrorsInForm: false })).toBeUndefined();
  });
});
