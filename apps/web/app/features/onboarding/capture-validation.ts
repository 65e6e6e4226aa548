import type { FieldErrors } from '../../lib/api';
import {
  type FieldState as FormFieldState,
  firstServerError,
  patchField,
  REQUIRED_MESSAGE,
  validateEmail,
  withoutServerErrors,
} from '../forms/rules';

/** Spec section 5: the capture form's rules and messages. */
export { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE, validateEmail } from '../forms/rules';

export function validateZipCode(value: string): string | null {
  return value.trim() === '' ? REQUIRED_MESSAGE : null;
}

export type CaptureField = 'email' | 'zipCode';

export type FieldState = FormFieldState & {
  /** Changed by the visitor (prefills from state stop once this is set). */
  edited: boolean;
};

export type CaptureFormState = {
  fields: Record<CaptureField, FieldState>;
  /** Server field errors, keyed by the camel-cased server field (email, zipCodeId, zipCode…). */
  serverErrors: FieldErrors;
  /** A form-level message (no field errors: the server message or 'Validation error occurred'). */
  formError: string | null;
  submitting: boolean;
};

export type CaptureFormEvent =
  | { type: 'focus'; field: CaptureField }
  | { type: 'blur'; field: CaptureField }
  | { type: 'change'; field: CaptureField; value: string }
  | { type: 'prefill'; field: CaptureField; value: string }
  | { type: 'submit' }
  | { type: 'submitted'; serverErrors: FieldErrors; formError: string | null };

const field = (value: string): FieldState => ({ value, touched: false, focused: false, edited: false });

export function initialCaptureForm(
  email: string,
  zipCode: string,
  serverErrors: FieldErrors = {},
): CaptureFormState {
  return {
    fields: { email: field(email), zipCode: field(zipCode) },
    serverErrors,
    formError: null,
    submitting: false,
  };
}

/** The server keys whose errors belong to each field. */
export const SERVER_KEYS: Record<CaptureField, string[]> = {
  email: ['email'],
  zipCode: ['zipCodeId', 'zipCode', 'stateId'],
};

export function captureFormReducer(state: CaptureFormState, event: CaptureFormEvent): CaptureFormState {
  const update = (name: CaptureField, patch: Partial<FieldState>) => patchField(state.fields, name, patch);
  switch (event.type) {
    case 'focus':
      return { ...state, fields: update(event.field, { focused: true }) };
    case 'blur':
      // Validate on blur: from now on the field's errors show whenever it is not focused.
      return { ...state, fields: update(event.field, { focused: false, touched: true }) };
    case 'change':
      // Editing a field clears the server's error on it (spec section 5).
      return {
        ...state,
        fields: update(event.field, { value: event.value, edited: true }),
        serverErrors: withoutServerErrors(state.serverErrors, SERVER_KEYS[event.field]),
        formError: null,
      };
    case 'prefill':
      if (state.fields[event.field].edited || state.fields[event.field].value !== '') return state;
      return { ...state, fields: update(event.field, { value: event.value }) };
    case 'submit':
      return {
        ...state,
        submitting: true,
        formError: null,
        fields: {
          email: { ...state.fields.email, touched: true },
          zipCode: { ...state.fields.zipCode, touched: true },
        },
      };
    case 'submitted':
      return { ...state, submitting: false, serverErrors: event.serverErrors, formError: event.formError };
  }
}

export function clientError(state: CaptureFormState, name: CaptureField): string | null {
  const { value } = state.fields[name];
  return name === 'email' ? validateEmail(value) : validateZipCode(value);
}

function serverError(state: CaptureFormState, name: CaptureField): string | null {
  return firstServerError(state.serverErrors, SERVER_KEYS[name]);
}

/** The error shown under a field: only while it is not focused; a server error first, then the rules. */
export function visibleError(state: CaptureFormState, name: CaptureField): string | null {
  const current = state.fields[name];
  if (current.focused) return null;
  const fromServer = serverError(state, name);
  if (fromServer) return fromServer;
  return current.touched ? clientError(state, name) : null;
}

/** Disabled while invalid, while the server has an error on email or zipCodeId, or while submitting. */
export function isSubmitDisabled(state: CaptureFormState): boolean {
  if (state.submitting) return true;
  if (clientError(state, 'email') || clientError(state, 'zipCode')) return true;
  return serverError(state, 'email') !== null || serverError(state, 'zipCode') !== null;
}
