import type { FieldErrors } from '../../lib/api';
import {
  type FieldState,
  firstServerError,
  patchField,
  REQUIRED_MESSAGE,
  validateEmail,
  validateNewPassword,
  withoutServerErrors,
} from '../forms/rules';

/**
 * Spec section 5, shared by the sign-in forms: fields validate on blur and change (not while being
 * typed into), errors show only when the field is not focused, a server error on a field clears when
 * that field is edited, and submit is disabled while invalid, while a server field error stands or
 * while submitting.
 */
export {
  INVALID_EMAIL_MESSAGE,
  MIN_PASSWORD_LENGTH,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from '../forms/rules';
export const CODE_MESSAGE = 'Enter the 6-digit code from the email';

export type Validator = (value: string) => string | null;

export const validators = {
  email: validateEmail,
  required(value: string): string | null {
    return value === '' ? REQUIRED_MESSAGE : null;
  },
  code(value: string): string | null {
    const code = value.trim();
    if (code === '') return REQUIRED_MESSAGE;
    return /^\d{6}$/.test(code) ? null : CODE_MESSAGE;
  },
  newPassword: validateNewPassword,
} satisfies Record<string, Validator>;

export type { FieldState } from '../forms/rules';

export type FormState<F extends string> = {
  fields: Record<F, FieldState>;
  /** Server field errors keyed by the server's field names. */
  serverErrors: FieldErrors;
  /** A message for the whole form (wrong credentials, rate limit, no response…). */
  formError: string | null;
  /** A success message (forgot password). */
  notice: string | null;
  submitting: boolean;
  /** The field focus was sent to after a failed submit: its error stays shown until it is left or edited. */
  announced: F | null;
};

export type FormEvent<F extends string> =
  | { type: 'focus'; field: F }
  | { type: 'blur'; field: F }
  | { type: 'change'; field: F; value: string }
  | { type: 'submit' }
  | { type: 'failed'; serverErrors: FieldErrors; formError: string | null }
  | { type: 'succeeded'; notice?: string | null };

export type FormConfig<F extends string> = {
  validators: Record<F, Validator>;
  /** Server keys whose errors belong to each field (defaults to the field's own name). */
  serverKeys?: Partial<Record<F, string[]>>;
};

export function initialFormState<F extends string>(
  values: Record<F, string>,
  formError: string | null = null,
): FormState<F> {
  const fields = {} as Record<F, FieldState>;
  for (const name of Object.keys(values) as F[]) {
    // A prefilled value is validated at once (it came from somewhere, not from typing).
    fields[name] = { value: values[name], touched: values[name] !== '', focused: false };
  }
  return { fields, serverErrors: {}, formError, notice: null, submitting: false, announced: null };
}

function keysOf<F extends string>(config: FormConfig<F>, field: F): string[] {
  return config.serverKeys?.[field] ?? [field];
}

export function formReducer<F extends string>(config: FormConfig<F>) {
  return (state: FormState<F>, event: FormEvent<F>): FormState<F> => {
    const update = (name: F, patch: Partial<FieldState>) => patchField(state.fields, name, patch);
    switch (event.type) {
      case 'focus':
        return { ...state, fields: update(event.field, { focused: true }) };
      case 'blur':
        return {
          ...state,
          fields: update(event.field, { focused: false, touched: true }),
          announced: state.announced === event.field ? null : state.announced,
        };
      case 'change': {
        return {
          ...state,
          fields: update(event.field, { value: event.value }),
          serverErrors: withoutServerErrors(state.serverErrors, keysOf(config, event.field)),
          formError: null,
          notice: null,
          announced: null,
        };
      }
      case 'submit': {
        const fields = { ...state.fields };
        for (const name of Object.keys(fields) as F[]) fields[name] = { ...fields[name], touched: true };
        return { ...state, fields, submitting: true, formError: null, notice: null, announced: null };
      }
      case 'failed': {
        const fields = Object.keys(state.fields) as F[];
        const announced =
          fields.find((field) => keysOf(config, field).some((key) => event.serverErrors[key]?.[0])) ?? null;
        return {
          ...state,
          submitting: false,
          serverErrors: event.serverErrors,
          formError: event.formError,
          announced,
        };
      }
      case 'succeeded':
        return {
          ...state,
          submitting: false,
          serverErrors: {},
          formError: null,
          notice: event.notice ?? null,
          announced: null,
        };
    }
  };
}

export function clientError<F extends string>(config: FormConfig<F>, state: FormState<F>, field: F) {
  return config.validators[field](state.fields[field].value);
}

export function serverError<F extends string>(
  config: FormConfig<F>,
  state: FormState<F>,
  field: F,
): string | null {
  return firstServerError(state.serverErrors, keysOf(config, field));
}

/** The error under a field: none while focused; the server's first, then the rules once touched. */
export function visibleError<F extends string>(
  config: FormConfig<F>,
  state: FormState<F>,
  field: F,
): string | null {
  const current = state.fields[field];
  if (current.focused && state.announced !== field) return null;
  return serverError(config, state, field) ?? (current.touched ? clientError(config, state, field) : null);
}

export function isSubmitDisabled<F extends string>(config: FormConfig<F>, state: FormState<F>): boolean {
  if (state.submitting) return true;
  return (Object.keys(state.fields) as F[]).some(
    (field) => clientError(config, state, field) !== null || serverError(config, state, field) !== null,
  );
}

/** Server errors for keys no field shows (a bad or expired reset token…), as one form message. */
export function unplacedServerError<F extends string>(
  config: FormConfig<F>,
  errors: FieldErrors,
): string | null {
  const placed = new Set((Object.keys(config.validators) as F[]).flatMap((field) => keysOf(config, field)));
  for (const [key, messages] of Object.entries(errors)) {
    if (!placed.has(key) && messages[0]) return messages[0];
  }
  return null;
}
