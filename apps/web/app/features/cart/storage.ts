import { ABANDONED_CART_COOKIE } from '@sprout/contracts';

/** Set when the capture form is opened: it opens by itself only once. */
export const SIGNUP_USED_KEY = 'signupUsed';
/** Where the browser keeps the abandoned cart id (docs/decisions/044). */
export const CART_ID_KEY = 'abandonedCartId';
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCartId(value: string | null | undefined): value is string {
  return typeof value === 'string' && CART_ID.test(value);
}

/** The cart cookie's raw value: null without the cookie, '' when the store dropped the cart. */
function readCartCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== ABANDONED_CART_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return '';
    }
  }
  return null;
}

/**
 * The abandoned cart id from a Cookie header: the cookie mirrors the browser's local storage so the
 * server renders (and guards routes) knowing the cart (decision 044).
 */
export function readCartIdFromCookie(cookieHeader: string | null | undefined): string | null {
  const value = readCartCookie(cookieHeader);
  return isCartId(value) ? value : null;
}

/** The cart cookie's line: first party, whole site, Lax. */
function cartCookieLine(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secure) attributes.push('Secure');
  return `${ABANDONED_CART_COOKIE}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

/** The cart cookie: 30 days; an empty value with Max-Age=0 deletes it. */
export function cartCookie(id: string | null, secure: boolean): string {
  return cartCookieLine(id ?? '', id ? COOKIE_MAX_AGE_SECONDS : 0, secure);
}

/**
 * The store could not reload the cart (checked out, gone, not the visitor's): the cookie stays,
 * empty, so the browser knows to clear its stored id too rather than restore it (decision 044).
 */
export function droppedCartCookie(secure: boolean): string {
  return cartCookieLine('', COOKIE_MAX_AGE_SECONDS, secure);
}

function safely(run: () => void) {
  try {
    run();
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): nothing to remember then.
  }
}

function writeCartCookie(id: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = cartCookie(id, window.location.protocol === 'https:');
}

/** After an order, a sign-in or a dropped cart: the browser forgets the cart, stored id and cookie. */
export function forgetCart(): void {
  safely(() => window.localStorage.removeItem(CART_ID_KEY));
  safely(() => writeCartCookie(null));
}

/**
 * App start and every cart the root loader reads (docs/decisions/044): local storage
 * keeps the id, mirrored in the cookie. A cart read is stored; a cookie gone (expired, cleared)
 * while local storage has an id is restored from it, and the page should read the cart again
 * ('restored'); a signed-in customer, or a cart the store dropped (empty cookie), clears both.
 */
export function syncStoredCartId(cartId: string | null, signedIn: boolean): 'restored' | null {
  let outcome: 'restored' | null = null;
  safely(() => {
    const cookie = readCartCookie(document.cookie);
    if (signedIn || cookie === '') {
      if (window.localStorage.getItem(CART_ID_KEY) !== null || cookie !== null) forgetCart();
      return;
    }
    if (cartId) {
      window.localStorage.setItem(CART_ID_KEY, cartId);
      return;
    }
    const stored = window.localStorage.getItem(CART_ID_KEY);
    // A cookie without a cart read (the store did not answer): nothing is known, nothing changes.
    if (cookie !== null || !isCartId(stored)) return;
    writeCartCookie(stored);
    outcome = 'restored';
  });
  return outcome;
}

/** Set once the capture form was shown: it opens by itself only once. */
export function markSignupUsed(): void {
  safely(() => window.localStorage.setItem(SIGNUP_USED_KEY, 'true'));
}
