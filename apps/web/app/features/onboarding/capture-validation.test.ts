import { describe, expect, it } from 'vitest';
import {
  type CaptureFormEvent,
  captureFormReducer,
  INVALID_EMAIL_MESSAGE,
  initialCaptureForm,
  isSubmitDisabled,
  REQUIRED_MESSAGE,
  validateEmail,
  validateZipCode,
  visibleError,
} from './capture-validation';

const run = (events: CaptureFormEvent[], start = initialCaptureForm('', '')) =>
  events.reduce(captureFormReducer, start);

describe('capture rules (spec section 5)', () => {
  it("email: required, then a valid address; zip: required; the spec's exact messages", () => {
    expect(REQUIRED_MESSAGE).toBe('This field is required');
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address');
    expect(validateEmail('')).toBe(REQUIRED_MESSAGE);
    expect(validateEmail('   ')).toBe(REQUIRED_MESSAGE);
    expect(validateEmail('pat')).toBe(INVALID_EMAIL_MESSAGE);
    expect(validateEmail('pat@example')).toBe(INVALID_EMAIL_MESSAGE);
    expect(validateEmail(' pat@example.com ')).toBeNull();
    expect(validateZipCode('')).toBe(REQUIRED_MESSAGE);
    expect(validateZipCode('10001')).toBeNull();
  });
});

describe('when errors show', () => {
  it('nothing before the field was left; errors after blur, hidden again while focused', () => {
    let state = run([
      { type: 'focus', field: 'email' },
      { type: 'change', field: 'email', value: 'pat' },
    ]);
    expect(visibleError(state, 'email')).toBeNull();
    state = run([{ type: 'blur', field: 'email' }], state);
    expect(visibleError(state, 'email')).toBe(INVALID_EMAIL_MESSAGE);
    state = run([{ type: 'focus', field: 'email' }], state);
    expect(visibleError(state, 'email')).toBeNull();
    // Validated on change once blurred: the message follows the value as soon as focus leaves.
    state = run(
      [
        { type: 'change', field: 'email', value: '' },
        { type: 'blur', field: 'email' },
      ],
      state,
    );
    expect(visibleError(state, 'email')).toBe(REQUIRED_MESSAGE);
    state = run([{ type: 'change', field: 'email', value: 'pat@example.com' }], state);
    expect(visibleError(state, 'email')).toBeNull();
  });

  it('a submit validates every field', () => {
    const state = run([{ type: 'submit' }]);
    expect(visibleError(state, 'email')).toBe(REQUIRED_MESSAGE);
    expect(visibleError(state, 'zipCode')).toBe(REQUIRED_MESSAGE);
  });

  it('a server error shows on its field (zipCodeId on the zip field) and clears when that field is edited', () => {
    let state = run([
      { type: 'change', field: 'email', value: 'pat@example.com' },
      { type: 'change', field: 'zipCode', value: '00000' },
      { type: 'submit' },
      {
        type: 'submitted',
        serverErrors: { zipCodeId: ['We could not find this zip code.'] },
        formError: null,
      },
    ]);
    expect(visibleError(state, 'zipCode')).toBe('We could not find this zip code.');
    expect(isSubmitDisabled(state)).toBe(true);
    // Editing the email leaves the zip code's error alone.
    state = run([{ type: 'change', field: 'email', value: 'pat@example.org' }], state);
    expect(visibleError(state, 'zipCode')).toBe('We could not find this zip code.');
    state = run([{ type: 'change', field: 'zipCode', value: '10001' }], state);
    expect(visibleError(state, 'zipCode')).toBeNull();
    expect(isSubmitDisabled(state)).toBe(false);
  });
});

describe('the submit button', () => {
  it('is disabled while invalid, while email or zipCodeId has a server error, or while submitting', () => {
    expect(isSubmitDisabled(initialCaptureForm('', ''))).toBe(true);
    expect(isSubmitDisabled(initialCaptureForm('pat@example.com', ''))).toBe(true);
    expect(isSubmitDisabled(initialCaptureForm('pat', '10001'))).toBe(true);
    const valid = initialCaptureForm('pat@example.com', '10001');
    expect(isSubmitDisabled(valid)).toBe(false);
    expect(isSubmitDisabled(run([{ type: 'submit' }], valid))).toBe(true);
    expect(isSubmitDisabled(initialCaptureForm('pat@example.com', '10001', { email: ['Taken'] }))).toBe(true);
    expect(isSubmitDisabled(initialCaptureForm('pat@example.com', '10001', { zipCodeId: ['Unknown'] }))).toBe(
      true,
    );
  });

  it('prefills only fields the visitor has not touched', () => {
    let state = run([{ type: 'prefill', field: 'email', value: 'saved@example.com' }]);
    expect(state.fields.email.value).toBe('saved@example.com');
    state = run(
      [
        { type: 'change', field: 'zipCode', value: '6' },
        { type: 'prefill', field: 'zipCode', value: '10001' },
      ],
      state,
    );
    expect(state.fields.zipCode.value).toBe('6');
  });
});
