import {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  MAX_EMAIL_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@sprout/contracts';
import type { FieldErrors } from '../../lib/api';

/**
 * The messages and checks every form of the store shares (spec section 5): the capture popup, the
 * sign-in forms and checkout say the same thing about the same mistake. The rules are the
 * contracts' constants, read without zod so the menus page's bundle stays small (issue 11).
 */

export { INVALID_EMAIL_MESSAGE, MIN_PASSWORD_LENGTH, PASSWORD_LENGTH_MESSAGE, REQUIRED_MESSAGE };

/** Required, then shaped like an address (the contracts' pattern, on the trimmed value). */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return REQUIRED_MESSAGE;
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email) ? null : INVALID_EMAIL_MESSAGE;
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
