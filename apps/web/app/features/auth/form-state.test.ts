import { describe, expect, it } from 'vitest';
import {
  CODE_MESSAGE,
  type FormConfig,
  formReducer,
  INVALID_EMAIL_MESSAGE,
  initialFormState,
  isSubmitDisabled,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
  unplacedServerError,
  validators,
  visibleError,
} from './form-state';

type Field = 'email' | 'password';
const config: FormConfig<Field> = { validators: { email: validators.email, password: validators.required } };
const reduce = formReducer(config);

describe('validators (spec section 5)', () => {
  it('email: required, then a valid address', () => {
    expect(validators.email('')).toBe(REQUIRED_MESSAGE);
    expect(validators.email('  ')).toBe(REQUIRED_MESSAGE);
    expect(validators.email('pat@')).toBe(INVALID_EMAIL_MESSAGE);
    expect(validators.email(' pat@example.com ')).toBeNull();
  });
  it('code: six digits', () => {
    expect(validators.code('')).toBe(REQUIRED_MESSAGE);
    expect(validators.code('12345')).toBe(CODE_MESSAGE);
    expect(validators.code('12345a')).toBe(CODE_MESSAGE);
    expect(validators.code('123456')).toBeNull();
  });
  it('new password: at least 8 characters', () => {
    expect(validators.newPassword('')).toBe(REQUIRED_MESSAGE);
    expect(validators.newPassword('short')).toBe(PASSWORD_LENGTH_MESSAGE);
    expect(validators.newPassword('long enough')).toBeNull();
  });
});

describe('the sign-in form state', () => {
  it('shows no error before the field is left, and none while it is focused', () => {
    let state = initialFormState<Field>({ email: '', password: '' });
    expect(visibleError(config, state, 'email')).toBeNull();
    state = reduce(state, { type: 'focus', field: 'email' });
    state = reduce(state, { type: 'change', field: 'email', value: 'pat' });
    expect(visibleError(config, state, 'email')).toBeNull();
    state = reduce(state, { type: 'blur', field: 'email' });
    expect(visibleError(config, state, 'email')).toBe(INVALID_EMAIL_MESSAGE);
    state = reduce(state, { type: 'focus', field: 'email' });
    expect(visibleError(config, state, 'email')).toBeNull();
  });

  it('validates a prefilled value at once (the login link from the capture popup)', () => {
    const state = initialFormState<Field>(
      { email: 'not-an-email', password: '' },
      'This email is already in use.',
    );
    expect(visibleError(config, state, 'email')).toBe(INVALID_EMAIL_MESSAGE);
    expect(state.formError).toBe('This email is already in use.');
  });

  it('disables submit while invalid or submitting', () => {
    let state = initialFormState<Field>({ email: 'pat@example.com', password: '' });
    expect(isSubmitDisabled(config, state)).toBe(true);
    state = reduce(state, { type: 'change', field: 'password', value: 'secret' });
    expect(isSubmitDisabled(config, state)).toBe(false);
    state = reduce(state, { type: 'submit' });
    expect(isSubmitDisabled(config, state)).toBe(true);
    state = reduce(state, { type: 'failed', serverErrors: {}, formError: 'Nope' });
    expect(isSubmitDisabled(config, state)).toBe(false);
    expect(state.formError).toBe('Nope');
  });

  it('shows a server field error, keeps submit disabled, and clears it when the field is edited', () => {
    let state = initialFormState<Field>({ email: 'pat@example.com', password: 'secret' });
    state = reduce(state, { type: 'submit' });
    state = reduce(state, { type: 'failed', serverErrors: { email: ['Taken'] }, formError: null });
    expect(state.announced).toBe('email');
    // Focus is sent to the field: its error stays shown (and described) until it is left or edited.
    state = reduce(state, { type: 'focus', field: 'email' });
    expect(visibleError(config, state, 'email')).toBe('Taken');
    expect(isSubmitDisabled(config, state)).toBe(true);
    state = reduce(state, { type: 'change', field: 'email', value: 'pat@example.org' });
    expect(visibleError(config, state, 'email')).toBeNull();
    expect(isSubmitDisabled(config, state)).toBe(false);
  });

  it('maps several server keys to one field and leaves the rest to the form', () => {
    const reset: FormConfig<'password'> = {
      validators: { password: validators.newPassword },
      serverKeys: { password: ['password', 'password_confirmation'] },
    };
    let state = initialFormState<'password'>({ password: 'long enough' });
    state = formReducer(reset)(state, {
      type: 'failed',
      serverErrors: { password_confirmation: ['The passwords do not match'] },
      formError: null,
    });
    expect(visibleError(reset, state, 'password')).toBe('The passwords do not match');
    expect(unplacedServerError(reset, { token: ['This link has expired.'], password: ['x'] })).toBe(
      'This link has expired.',
    );
  });
});
