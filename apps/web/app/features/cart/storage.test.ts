// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CART_ID_KEY, syncStoredCartId } from './storage';

/** Decision 044: local storage keeps the cart id, the cookie mirrors it. */
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The cart id the cookie holds (happy-dom keeps a Max-Age=0 cookie, empty: no id either way). */
function cartCookie(): string | null {
  const part = document.cookie.split('; ').find((item) => item.startsWith('abandoned_cart_id='));
  return part?.slice('abandoned_cart_id='.length) || null;
}

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets up what the server would have set
  document.cookie = 'abandoned_cart_id=; Path=/; Max-Age=0';
});

describe('the stored cart id', () => {
  it('stores the cart the page read', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server's cookie
    document.cookie = `abandoned_cart_id=${ID}; Path=/`;
    expect(syncStoredCartId(ID, false)).toBeNull();
    expect(localStorage.getItem(CART_ID_KEY)).toBe(ID);
  });

  it('restores a cookie that is gone from local storage, and asks for the cart to be read again', () => {
    localStorage.setItem(CART_ID_KEY, ID);
    expect(syncStoredCartId(null, false)).toBe('restored');
    expect(cartCookie()).toBe(ID);
  });

  it('clears the stored id when the store dropped the cart (an empty cookie)', () => {
    localStorage.setItem(CART_ID_KEY, ID);
    // biome-ignore lint/suspicious/noDocumentCookie: the server's answer for a cart it could not reload
    document.cookie = 'abandoned_cart_id=; Path=/';
    expect(syncStoredCartId(null, false)).toBeNull();
    expect(localStorage.getItem(CART_ID_KEY)).toBeNull();
    expect(cartCookie()).toBeNull();
  });

  it('a signed-in customer keeps neither a stored id nor a cookie', () => {
    localStorage.setItem(CART_ID_KEY, ID);
    // biome-ignore lint/suspicious/noDocumentCookie: a guest cart's cookie left in the browser
    document.cookie = `abandoned_cart_id=${OTHER}; Path=/`;
    expect(syncStoredCartId(null, true)).toBeNull();
    expect(localStorage.getItem(CART_ID_KEY)).toBeNull();
    expect(cartCookie()).toBeNull();
  });

  it('changes nothing when the cookie is there but no cart was read (the store did not answer)', () => {
    localStorage.setItem(CART_ID_KEY, ID);
    // biome-ignore lint/suspicious/noDocumentCookie: the server's cookie
    document.cookie = `abandoned_cart_id=${ID}; Path=/`;
    expect(syncStoredCartId(null, false)).toBeNull();
    expect(localStorage.getItem(CART_ID_KEY)).toBe(ID);
    expect(cartCookie()).toBe(ID);
  });
});
