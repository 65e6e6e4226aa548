import { ABANDONED_CART_COOKIE } from '@sprout/contracts';

/** Set when the capture form is opened (spec section 2). */
export const SIGNUP_USED_KEY = 'signupUsed';
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCartId(value: string | null | undefined): value is string {
  return typeof value === 'string' && CART_ID.test(value);
}

/** The abandoned cart id from a Cookie header (decision 017: the cookie is where the id lives). */
export function readCartIdFromCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== ABANDONED_CART_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return isCartId(value) ? value : null;
  }
  return null;
}

/** The cart cookie: first party, whole site, Lax, 30 days; an empty value with Max-Age=0 deletes it. */
export function cartCookie(id: string | null, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', `Max-Age=${id ? COOKIE_MAX_AGE_SECONDS : 0}`];
  if (secure) attributes.push('Secure');
  return `${ABANDONED_CART_COOKIE}=${id ? encodeURIComponent(id) : ''}; ${attributes.join('; ')}`;
}

function safely(run: () => void) {
  try {
    run();
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): nothing to remember then.
  }
}

/** After an order or a sign-in: the browser forgets the cart (the cookie is the cart's only home). */
export function forgetCart(): void {
  safely(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
    document.cookie = cartCookie(null, window.location.protocol === 'https:');
  });
}

/** Spec section 2: set once the capture form was shown. */
export function markSignupUsed(): void {
  safely(() => window.localStorage.setItem(SIGNUP_USED_KEY, 'true'));
}
