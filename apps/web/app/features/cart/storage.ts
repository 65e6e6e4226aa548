import { ABANDONED_CART_COOKIE } from '@sprout/contracts';

/** localStorage key of the abandoned cart id (spec section 4: the id is kept in local storage). */
export const ABANDONED_CART_STORAGE_KEY = 'abandonedCartId';
/** Set when the capture form is opened (spec section 2). */
export const SIGNUP_USED_KEY = 'signupUsed';
/** A friend's referral code waiting for the visitor's email, kept across reloads. */
export const PENDING_REFERRAL_KEY = 'pendingReferralCode';
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCartId(value: string | null | undefined): value is string {
  return typeof value === 'string' && CART_ID.test(value);
}

/** The abandoned cart id from a Cookie header (server rendering) or document.cookie. */
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

/** The mirror cookie: first party, whole site, Lax, 30 days; an empty value with Max-Age=0 deletes it. */
export function cartCookie(id: string | null, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', `Max-Age=${id ? COOKIE_MAX_AGE_SECONDS : 0}`];
  if (secure) attributes.push('Secure');
  return `${ABANDONED_CART_COOKIE}=${id ? encodeURIComponent(id) : ''}; ${attributes.join('; ')}`;
}

export type CartIdStorage = {
  get(): string | null;
  set(id: string): void;
  clear(): void;
  markSignupUsed(): void;
  getPendingReferral(): string | null;
  setPendingReferral(code: string | null): void;
};

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): the cart then lives for the page.
    return fallback;
  }
}

/** localStorage holds the id; the cookie mirrors it so server rendering and route guards know the cart. */
export function browserCartStorage(): CartIdStorage {
  const secure = () => window.location.protocol === 'https:';
  return {
    get() {
      const stored = safely(() => window.localStorage.getItem(ABANDONED_CART_STORAGE_KEY), null);
      if (isCartId(stored)) return stored;
      return readCartIdFromCookie(safely(() => document.cookie, ''));
    },
    set(id) {
      safely(() => window.localStorage.setItem(ABANDONED_CART_STORAGE_KEY, id), undefined);
      safely(() => {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
        document.cookie = cartCookie(id, secure());
      }, undefined);
    },
    clear() {
      safely(() => window.localStorage.removeItem(ABANDONED_CART_STORAGE_KEY), undefined);
      safely(() => {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
        document.cookie = cartCookie(null, secure());
      }, undefined);
    },
    markSignupUsed() {
      safely(() => window.localStorage.setItem(SIGNUP_USED_KEY, 'true'), undefined);
    },
    getPendingReferral() {
      return safely(() => window.localStorage.getItem(PENDING_REFERRAL_KEY), null);
    },
    setPendingReferral(code) {
      safely(() => {
        if (code) window.localStorage.setItem(PENDING_REFERRAL_KEY, code);
        else window.localStorage.removeItem(PENDING_REFERRAL_KEY);
      }, undefined);
    },
  };
}

/** An in-memory storage for tests. */
export function memoryCartStorage(
  initial: string | null = null,
): CartIdStorage & { signupUsed: boolean; pendingReferral: string | null } {
  let id = initial;
  const storage = {
    signupUsed: false,
    pendingReferral: null as string | null,
    get: () => id,
    set(next: string) {
      id = next;
    },
    clear() {
      id = null;
    },
    markSignupUsed() {
      storage.signupUsed = true;
    },
    getPendingReferral: () => storage.pendingReferral,
    setPendingReferral(code: string | null) {
      storage.pendingReferral = code;
    },
  };
  return storage;
}
