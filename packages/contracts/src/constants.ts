/**
 * Names, codes and messages the storefront's browser code needs, kept apart from the zod schemas
 * so that reading one does not bring zod into the browser bundle (the /menus budget, decision 032).
 */

/** The abandoned cart id also travels in this first-party cookie so server rendering knows the cart. */
export const ABANDONED_CART_COOKIE = 'abandoned_cart_id';

export const EMAIL_IN_USE_MESSAGE = 'This email is already in use.';

/**
 * Answers that tell whether an email has an account, per client address per hour, unless
 * RATE_LIMIT_EMAIL_CHECKS_PER_HOUR says otherwise: sized for an office or a mobile carrier's
 * shared address (decision 016), not for one family.
 */
export const EMAIL_CHECKS_PER_HOUR_DEFAULT = 100;
/** What a visitor is told when their address used the hour's email checks: why, and what to do. */
export const EMAIL_CHECKS_LIMITED_MESSAGE =
  'We cannot check a new email from your connection right now: many different emails were entered from it in the last hour (a workplace or mobile network can share one). Please try again in an hour, or log in if you already have an account.';

/** 400 code meaning "this cart can no longer be changed here": the storefront goes to the menus page. */
export const CART_LOCKED_CODE = 10002;

export const GENERIC_SERVER_ERROR = 'Sorry, something went wrong. An error has occurred on the server';

/**
 * A 503 (ERROR_KINDS.unavailable): the store cannot reach its database right now, or is shutting
 * down. The request may be sent again after Retry-After seconds (every write that matters is
 * idempotent: a checkout's key, a cart's quantities).
 */
export const UNAVAILABLE_MESSAGE = 'The store is busy right now. Please try again in a few seconds.';
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A page's form posted from another site (or with no Origin at all): refused before any action ran
 * (decision 014). Shown as a page, or by the route's error boundary for a fetcher's post.
 */
export const FOREIGN_ORIGIN_FORM_TITLE = 'Nothing was changed';
export const FOREIGN_ORIGIN_FORM_MESSAGE =
  'This form was sent from another website, so we did not act on it. If you meant to make this change, open the store and try again there.';

export const VALIDATION_FALLBACK_MESSAGE = 'Validation error occurred';

/** What the shopper reads when a request got nothing back (network down), or could not be built. */
export const NO_RESPONSE_MESSAGE = 'No response received from server';
export const REQUEST_SETUP_MESSAGE = 'Error setting up the request';

/** ERROR_KINDS.rate_limited's status, here for browser code (errors.ts brings zod). */
export const RATE_LIMITED_STATUS = 429;
/** A Retry-After header's delay in seconds (its HTTP-date form is not sent by this store). */
export function retryAfterSeconds(header: string | null | undefined): number | null {
  const seconds = Number.parseInt(header ?? '', 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * A 429 (ERROR_KINDS.rate_limited) whose answer names no message of its own: what happened and,
 * from its Retry-After, when to try again.
 */
export const rateLimitedMessage = (retryAfterSeconds: number | null) =>
  `Too many requests from your connection. Please try again in ${
    retryAfterSeconds && retryAfterSeconds > 1 ? `${retryAfterSeconds} seconds` : 'a moment'
  }.`;
/** The title of a page refused by a limit (a form sent before the JavaScript loaded, a loader). */
export const RATE_LIMITED_TITLE = 'Too Many Requests';

export const LOGIN_FAILED_MESSAGE = 'The email and password combination is incorrect.';

/** Set on the parent domain by the admin site while an admin acts as a customer. */
export const IMPERSONATION_COOKIE = 'impersonating';

export const PROMO_ALREADY_APPLIED_MESSAGE = 'This promo code is already applied.';
/** The promo code field's limit, and what a failed code shows unless the server names the reason. */
export const PROMO_CODE_MAX_LENGTH = 64;
export const PROMO_REQUIRED_MESSAGE = 'Please enter a promo code';
export const PROMO_INVALID_MESSAGE = 'Promo Code is invalid.';

/** Where a social sign-in that did not work sends the browser: the login, with one of these. */
export const SOCIAL_SIGN_IN_MESSAGES = {
  failed: 'Sign-in with this provider did not work. Please try again, or log in with your email.',
  expired: 'This sign-in has expired. Please try again.',
  unverified: 'Your account with this provider did not share a verified email address.',
  unavailable: 'Sign-in with this provider is not available. Please log in with your email.',
} as const;

// The words and shapes of the fields people type into. The zod rules in fields.ts are built from
// these, and the browser's instant checks read them without loading zod.
export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_LENGTH_MESSAGE = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
/** The HTML standard's "valid email address", with a dot in the domain (a store mails real inboxes). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const MAX_EMAIL_LENGTH = 254;

/** The longest pause of a subscription, in weeks (decision 023); the account's pause form offers up to it. */
export const MAX_PAUSE_WEEKS = 8;

/**
 * Where a promo code stands by its on/off switch and its window: off (switched off by an admin),
 * scheduled (before its start), expired (after its end), active (usable, other limits permitting).
 * The API works it out with the rule checkout uses; the admin list shows these words.
 */
export const PROMO_CODE_STATUSES = ['scheduled', 'active', 'expired', 'off'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];
export const PROMO_CODE_STATUS_LABELS: Record<PromoCodeStatus, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  off: 'Off',
};

/** Referral codes that matched nothing, per client address per hour (decision 037). */
export const REFERRAL_CODE_MISSES_PER_HOUR = 10;
export const REFERRAL_CODE_MISSES_MESSAGE =
  'Too many referral codes that do not exist were tried from your connection. Please check the code with your friend, or try again in an hour.';

/**
 * What a referred friend is shown of the customer who referred them (privacy): the first name and
 * the initial of the last name ("Jamie R."), never the full name, on the wire, the storefront and
 * in mail alike. The wire keeps its documented shape: `last_name` carries the initial.
 */
export function referrerAsShown(name: { firstName: string | null; lastName: string | null }): {
  first_name: string | null;
  last_name: string | null;
} {
  const first = name.firstName?.trim() || null;
  // The first character as a person reads it (a surrogate pair stays whole).
  const initial = Array.from(name.lastName?.trim() ?? '')[0];
  return { first_name: first, last_name: initial ? `${initial.toUpperCase()}.` : null };
}

/** "Jamie R." (or "Jamie", or null) from the referrer as the API answers it. */
export function referrerName(referrer: { first_name: string | null; last_name: string | null } | null) {
  const words = [referrer?.first_name?.trim(), referrer?.last_name?.trim()].filter(Boolean);
  return referrer?.first_name?.trim() ? words.join(' ') : null;
}
