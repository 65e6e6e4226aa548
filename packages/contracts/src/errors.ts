import { z } from 'zod';
import { RATE_LIMITED_STATUS } from './constants';

/**
 * The closed list of failure kinds. The API maps each to exactly one HTTP status (apps/api
 * errors plugin) and the storefront reacts to the status and code, never to message text.
 */
export const ERROR_KINDS = {
  validation: 422,
  bad_request: 400,
  cart_locked: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: RATE_LIMITED_STATUS,
  internal: 500,
  /** The database cannot be reached or cannot answer in time: the same request may succeed soon (Retry-After). */
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
/** 400: code 10002 when the cart can no longer be changed here; no code for other bad requests. */
export const codedErrorBody = z.object({ message: z.string(), code: z.number().int().optional() });
export const messageErrorBody = z.object({ message: z.string() });

export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/**
 * What a change to an abandoned cart can answer besides success: 400/10002 once it is checked out,
 * 403 for a cart owned by an account, 404 for an unknown cart, 422 for bad input.
 */
export const cartChangeErrorBodies = {
  400: codedErrorBody,
  403: messageErrorBody,
  404: messageErrorBody,
  422: validationErrorBody,
};
