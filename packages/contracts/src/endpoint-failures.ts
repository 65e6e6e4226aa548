import { codedErrorBody, messageErrorBody, validationErrorBody } from './errors';

/**
 * The failures an endpoint may answer, by the kind of endpoint: each set written once, so the
 * declarations of one kind cannot drift apart (the statuses come from the API's one error type,
 * docs/decisions/016). A declaration spreads one beside its success: `{ 200: x, ...cartFailures }`.
 */

/** A public read: nothing by that name (404), or a parameter it cannot read (422). */
export const readFailures = { 404: messageErrorBody, 422: validationErrorBody } as const;

/** A cart's read or change: checked out already (400 with its code), not the visitor's, gone, bad input. */
export const cartFailures = {
  400: codedErrorBody,
  403: messageErrorBody,
  404: messageErrorBody,
  422: validationErrorBody,
} as const;

/** Behind a sign-in: not signed in, not allowed, not found, bad input. */
export const signedInFailures = {
  401: messageErrorBody,
  403: messageErrorBody,
  404: messageErrorBody,
  422: validationErrorBody,
} as const;

/** A change to a subscription: as signed in, and a state that does not allow it (409). */
export const subscriptionChangeFailures = { ...signedInFailures, 409: messageErrorBody } as const;

/** A gift card's read or change: as a subscription change, a refused card (400), and its counted limit (429). */
export const giftCardFailures = {
  400: messageErrorBody,
  ...subscriptionChangeFailures,
  429: messageErrorBody,
} as const;
