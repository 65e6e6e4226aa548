import { describe, expect, it } from 'vitest';
import { refusalMessage, refusalToast } from './refusal';

const boxFull = { sku: ['Only 1 more fit in your 12-item box. Upgrade your plan to add more.'] };

describe('what a refused cart change says', () => {
  it('its message, else its first field error', () => {
    expect(refusalMessage({ message: 'This box is full.' })).toBe('This box is full.');
    expect(refusalMessage({ errors: boxFull })).toBe(boxFull.sku[0]);
    expect(refusalMessage({})).toBeUndefined();
  });

  it('a change refused with field errors only (another tab filled the box) is a toast', () => {
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
    // The capture form's refusal is conform's reply: its zip error is beside the field, not a toast.
    const capture = {
      ok: false,
      result: { status: 'error' as const, error: { zip_code: ['We could not find this zip code.'] } },
    };
    expect(refusalToast(capture, { fieldErrorsInForm: true })).toBeUndefined();
    expect(refusalToast({ ok: true, message: 'Saved.' }, { fieldErrorsInForm: false })).toBeUndefined();
  });
});
