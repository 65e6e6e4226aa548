/**
 * Names, codes and messages the storefront's browser code needs, kept apart from the zod schemas
 * so that reading one does not bring zod into the browser bundle (issue 11, the /menus budget).
 */

/** The abandoned cart id also travels in this first-party cookie so server rendering knows the cart. */
export const ABANDONED_CART_COOKIE = 'abandoned_cart_id';

export const EMAIL_IN_USE_MESSAGE = 'This email is already in use.';

/** 400 code meaning "this cart can no longer be changed here": the storefront goes to the menus page. */
export const CART_LOCKED_CODE = 10002;

export const GENERIC_SERVER_ERROR = 'Sorry, something went wrong. An error has occurred on the server';

export const VALIDATION_FALLBACK_MESSAGE = 'Validation error occurred';

export const LOGIN_FAILED_MESSAGE = 'The email and password combination is incorrect.';

/** Set on the parent domain by the admin site while an admin acts as a customer. */
export const IMPERSONATION_COOKIE = 'impersonating';

export const PROMO_ALREADY_APPLIED_MESSAGE = 'This promo code is already applied.';
