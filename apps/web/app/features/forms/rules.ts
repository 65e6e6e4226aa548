import {
  emailAddress,
  INVALID_EMAIL_MESSAGE,
  MIN_PASSWORD_LENGTH,
  newPassword,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@sprout/contracts';
import type { FieldErrors } from '../../lib/api.client';

/**
 * The messages and checks every form of the store shares (spec section 5): the capture popup, the
 * sign-in forms and checkout say the same thing about the same mistake.
 */

export { INVALID_EMAIL_MESSAGE, MIN_PASSWORD_LENGTH, PASSWORD_LENGTH_MESSAGE, REQUIRED_MESSAGE };

/** The first message of a contracts rule, or null when the value passes it (empty = not given). */
function firstIssue(rule: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }) {
  return (value: string): string | null =>
    rule.safeParse(value === '' ? undefined : value).error?.issues[0]?.message ?? null;
}

/** Required, then shaped like an address (the contracts' rule, on the trimmed value). */
export const validateEmail = (value: string) => firstIssue(emailAddress)(value.trim());

/** A password being chosen: the contracts' rule. */
export const validateNewPassword = firstIssue(newPassword);

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
