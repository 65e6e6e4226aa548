import { describe, expect, it } from 'vitest';
import { documentPostNotice, readNotice } from './cart-page.server';

describe('what a form posted without JavaScript says on the page it returns to', () => {
  it('a refusal says its message, else its first field error, as an error', () => {
    expect(documentPostNotice({ intent: 'set-item', ok: false, message: 'This box is full.' })).toEqual({
      type: 'error',
      message: 'This box is full.',
    });
    expect(
      documentPostNotice({
        intent: 'apply-promo',
        ok: false,
        errors: { promo_code: ['This code has ended.'] },
      }),
    ).toEqual({ type: 'error', message: 'This code has ended.' });
  });

  it('a saved change says its notice; the waitlist outranks it; a quiet success says nothing', () => {
    expect(documentPostNotice({ intent: 'select-plan', ok: true, notice: 'Your box was trimmed.' })).toEqual({
      type: 'success',
      message: 'Your box was trimmed.',
    });
    expect(
      documentPostNotice({ intent: 'update-details', ok: true, waitlist: "We don't deliver there yet." }),
    ).toEqual({ type: 'success', message: "We don't deliver there yet." });
    expect(documentPostNotice({ intent: 'set-item', ok: true })).toBeNull();
  });

  it('reads back only a notice it wrote, and bounds its length', () => {
    expect(readNotice(JSON.stringify({ type: 'error', message: 'No.' }))).toEqual({
      type: 'error',
      message: 'No.',
    });
    expect(readNotice('plain text from an older cookie')).toBeNull();
    expect(readNotice(JSON.stringify({ type: 'script', message: 'x' }))).toBeNull();
    expect(readNotice(null)).toBeNull();
    expect(readNotice(JSON.stringify({ type: 'success', message: 'a'.repeat(2000) }))?.message).toHaveLength(
      500,
    );
  });
});
