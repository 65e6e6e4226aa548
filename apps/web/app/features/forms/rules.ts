import type { FieldErrors } from '../../lib/api';

/**
 * The messages and checks every form of the store shares (spec section 5): the capture popup, the
 * sign-in forms and checkout say the same thing about the same mistake.
 */

export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_LENGTH_MESSAGE = 'Use at least 8 characters';
export const MIN_PASSWORD_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required, then shaped like an address. */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return REQUIRED_MESSAGE;
  return EMAIL.test(email) ? null : INVALID_EMAIL_MESSAGE;
}

/** A password being chosen: required, at least MIN_PASSWORD_LENGTH characters. */
export function validateNewPassword(value: string): string | null {
  if (value === '') return REQUIRED_MESSAGE;
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_LENGTH_MESSAGE : null;
}

/** One text field's state in a form that validates on blur and change. */
export type FieldState = { value: string; touched: boolean; focused: boolean };

/** The first server message for any of a field's server keys (a zip shows zipCodeId's errors). */
export function firstServerError(errors: FieldErrors, keys: readonly string[]): string | null {
  for (const key of keys) {
    const message = errors[key]?.[0];
    if (message) return message;
  }
  return null;
}

/** Editing a field clears the server's errors on it (spec section 5). */
export function withoutServerErrors(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

/** The form's fields with one field's state changed. */
export function patchField<F extends string, S extends FieldState>(
  fields: Record<F, S>,
  name: F,
  patch: Partial<S>,
): Record<F, S> {
  return { ...fields, [name]: { ...fields[name], ...patch } };
}
