import type { Submission, SubmissionResult } from '@conform-to/react';
import { GENERIC_SERVER_ERROR, VALIDATION_FALLBACK_MESSAGE } from '@sprout/contracts';
import { type FailedCall, failureOf } from '../../lib/api-client.server';

/**
 * A refused API call as the form's reply (decision 018): a 422's errors beside the fields that
 * show them (`fieldKeys` names the server keys a field shows: the reset form's password shows
 * password_confirmation's), errors for anything else as the form's message, other failures as
 * their message (5xx as the generic one: a person cannot act on a stack trace). `hideFields` are
 * never sent back to the page (passwords).
 */
export function replyWithApiFailure(
  submission: Submission<unknown>,
  result: FailedCall,
  options: {
    fields: readonly string[];
    fieldKeys?: Record<string, readonly string[]>;
    /** The message for a 422 (the login's: never which of the two was wrong). */
    validationMessage?: string;
    hideFields?: string[];
  },
): SubmissionResult<string[]> {
  const hideFields = options.hideFields ?? [];
  const failure = failureOf(result);
  if (failure.status >= 500) return submission.reply({ formErrors: [GENERIC_SERVER_ERROR], hideFields });
  if (failure.status !== 422 || options.validationMessage) {
    const message = options.validationMessage && failure.status === 422 ? options.validationMessage : null;
    return submission.reply({
      formErrors: [message ?? failure.message ?? GENERIC_SERVER_ERROR],
      hideFields,
    });
  }
  return replyWithFieldErrors(submission, failure.fieldErrors, { ...options, message: failure.message });
}

/**
 * Errors keyed by the API's field names as the form's reply: each beside the form field that shows
 * it (`fieldKeys`: the API keys a field shows, its own name otherwise), the first of any other
 * as the form's message, and `message` (else the generic validation words) when none is placed.
 */
export function replyWithFieldErrors(
  submission: Submission<unknown>,
  errors: Record<string, readonly string[]>,
  options: {
    fields: readonly string[];
    fieldKeys?: Record<string, readonly string[]>;
    message?: string | null;
    hideFields?: string[];
  },
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = options.fields.find((name) => (options.fieldKeys?.[name] ?? [name]).includes(key));
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
    else formErrors.push(...messages.slice(0, 1));
  }
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) {
    formErrors.push(options.message ?? VALIDATION_FALLBACK_MESSAGE);
  }
  return submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields ?? [] });
}

/** The API's Set-Cookie headers, to send on to the browser with the action's answer. */
export function withCookies(setCookies: readonly string[], init: Headers = new Headers()): Headers {
  for (const cookie of setCookies) init.append('set-cookie', cookie);
  return init;
}
