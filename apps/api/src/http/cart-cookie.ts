import { ABANDONED_CART_COOKIE } from '@sprout/contracts';
import { parse as parseCookies } from 'cookie';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Both prefixes of the cart endpoints (customers, sales) name the same carts; the storefront uses both. */
export const CART_PREFIXES = ['/api/customers/abandoned-carts', '/api/sales/abandoned-carts'] as const;

/** The visitor's cart id from the cookie the storefront mirrors from local storage. */
export function cartIdFromCookie(header: string | undefined): string | undefined {
  const value = parseCookies(header ?? '')[ABANDONED_CART_COOKIE];
  return value && GUID.test(value) ? value : undefined;
}
